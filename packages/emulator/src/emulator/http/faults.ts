// Injected faults (latency, error answers, connection resets, a rate limit), set at start or through
// /__emulator/faults, so that clients can test how they behave when the service misbehaves.
import type { ServerResponse } from 'node:http';
import { type ApiError, rateLimited, serverError } from '../common/errors.ts';
import { FAULT_LIMITS, type FaultSettings, faultProblem, NO_FAULTS } from '../../config/faults.ts';
import { RateLimiter } from './rateLimit.ts';

// The settings and their bounds live with the emulator's settings (the EMULATOR_* variables use the same).
export { FAULT_LIMITS, type FaultSettings, faultProblem, NO_FAULTS };

/** Validates a request body of settings to change: an object of known members with valid values. */
export function parseFaultChange(body: unknown): { change: Partial<FaultSettings>; causes: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { change: {}, causes: ['body: must be a JSON object of fault settings'] };
  }
  const change: Partial<FaultSettings> = {};
  const causes: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (!Object.hasOwn(FAULT_LIMITS, name)) {
      causes.push(`${name}: unknown setting; known: ${Object.keys(FAULT_LIMITS).join(', ')}`);
      continue;
    }
    const key = name as keyof FaultSettings;
    const problem = faultProblem(key, value);
    if (problem) causes.push(`${name}: ${problem}`);
    else change[key] = value as number;
  }
  return { change, causes };
}

/** Where the randomness and the waiting come from; tests pass a seeded sequence and an instant wait. */
export interface FaultHooks {
  /** A number in [0, 1). */
  random(): number;
  delay(ms: number): Promise<void>;
}

const realHooks: FaultHooks = {
  random: Math.random,
  delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The live fault settings of one emulator and the decisions they make per request. */
export class Faults {
  private settings: FaultSettings;
  private readonly limiter: RateLimiter;
  private readonly hooks: FaultHooks;

  constructor(
    private readonly start: FaultSettings,
    hooks: Partial<FaultHooks> = {},
  ) {
    this.settings = { ...start };
    this.limiter = new RateLimiter(start.rateLimitPerMinute);
    this.hooks = { ...realHooks, ...hooks };
  }

  current(): FaultSettings {
    return { ...this.settings };
  }

  /** Changes the given settings, keeps the others. A new rate limit starts with a full quota. */
  update(change: Partial<FaultSettings>): FaultSettings {
    this.settings = { ...this.settings, ...change };
    if (change.rateLimitPerMinute !== undefined) this.limiter.setLimit(change.rateLimitPerMinute);
    return this.current();
  }

  /** No faults at all, and no rate limit. */
  clear(): FaultSettings {
    return this.update({ ...NO_FAULTS });
  }

  /** Back to the settings the emulator started with (an org reset does this). */
  restoreStart(): FaultSettings {
    return this.update({ ...this.start });
  }

  /** Waits the latency (plus jitter) of one answer. */
  async delay(): Promise<void> {
    const { latencyMs, jitterMs } = this.settings;
    const ms = latencyMs + (jitterMs > 0 ? Math.floor(this.hooks.random() * (jitterMs + 1)) : 0);
    if (ms > 0) await this.hooks.delay(ms);
  }

  /** Waits `ms` (a targeted fault's latency) the way the latency of the faults waits. */
  async wait(ms: number): Promise<void> {
    if (ms > 0) await this.hooks.delay(ms);
  }

  /** Takes one request from the rate-limit window. */
  takeQuota(nowMs?: number): ReturnType<RateLimiter['take']> {
    return this.limiter.take(nowMs);
  }

  /** The error to answer instead of serving the request, when the error rate picks this one. */
  injectedError(): ApiError | undefined {
    if (!this.picks(this.settings.errorRate)) return undefined;
    const { status } = this.settings;
    if (status === 429) {
      // An injected 429 asks the client to wait one second, so that retries can be tested quickly.
      const reset = Math.floor(Date.now() / 1000) + 1;
      const e = rateLimited(reset);
      Object.assign(e.headers, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) });
      return e;
    }
    return serverError(status, ['injected fault: errorRate of /__emulator/faults']);
  }

  /** Whether this answer's connection is to be destroyed in the middle of the answer. */
  picksReset(): boolean {
    return this.picks(this.settings.resetRate);
  }

  private picks(rate: number): boolean {
    return rate > 0 && this.hooks.random() < rate;
  }
}

/**
 * Sends the status line, the headers and half of the body, then resets the connection (TCP RST), so
 * that the client cannot tell whether the request took effect. A bodiless answer is not sent at all.
 */
export function sendThenReset(res: ServerResponse, status: number, headers: Record<string, string>, text = ''): void {
  if (!text) return void res.socket?.resetAndDestroy();
  const body = Buffer.from(text);
  res.writeHead(status, { ...headers, 'content-length': body.length });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.resetAndDestroy());
}
