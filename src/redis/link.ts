// The one Redis connection of a gateway process, shared by the upstream budget, the idempotency
// store, the policy plans and the read cache's versions, and its health: while Redis is unreachable
// every caller gets its fallback at once (the budget's in-process share, the idempotency store's
// refusal …). A stalled Redis keeps the connection open but answers nothing: after one command times
// out the circuit opens, and every command gets its fallback at once, without waiting on Redis,
// while one probe (PING) at a time asks Redis in the background until it answers; then the circuit
// closes. One warning is logged when Redis goes away and one line when it is back.
import { Redis } from 'ioredis';

export interface RedisLinkLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisLinkOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  url: string;
  log?: RedisLinkLog;
  /** A command that takes longer counts as a Redis failure (the caller's fallback answers instead); keep it well under OPERATION_TIMEOUT_MS. */
  commandTimeoutMs?: number;
}

export const REDIS_DEFAULTS = {
  commandTimeoutMs: 1_000,
  connectTimeoutMs: 2_000,
  maxReconnectDelayMs: 1_000,
  /** How long an open circuit waits between one probe's failure and the next probe. */
  probeIntervalMs: 250,
};

/** The circuit around Redis, as /metrics shows it. */
export interface RedisCircuitCounters {
  /** True while commands go to their fallback without waiting on Redis (after a timeout, until a probe is answered). */
  readonly open: boolean;
  /** Times the circuit opened. */
  readonly opened: number;
  /** Commands answered by their fallback because the circuit was open (none of them waited on Redis). */
  readonly shortCircuited: number;
}

/** ioredis rejects a command that passed its `commandTimeout` with this message. */
const TIMEOUT_MESSAGE = 'Command timed out';

const consoleLog: RedisLinkLog = {
  warn: (m) => console.warn(m),
  info: (m) => console.log(m),
};

export class RedisLink {
  readonly redis: Redis;
  /** Where Redis is, for messages: host and port only, never the URL's credentials. */
  readonly where: string;
  private readonly log: RedisLinkLog;
  /** False from the first failure until Redis is ready again; the warning is logged on the way down. */
  private up = true;
  private everReady = false;
  private readonly circuitState = { open: false, opened: 0, shortCircuited: 0 };
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: RedisLinkOptions) {
    const url = new URL(options.url);
    this.where = `${url.hostname}:${url.port || 6379}`;
    this.log = options.log ?? consoleLog;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected, so a request never waits for Redis: it uses the fallback.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: options.commandTimeoutMs ?? REDIS_DEFAULTS.commandTimeoutMs,
      connectTimeout: REDIS_DEFAULTS.connectTimeoutMs,
      // Keep trying to reconnect for as long as the gateway runs.
      retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_DEFAULTS.maxReconnectDelayMs),
    });
    this.redis.on('ready', () => {
      this.everReady = true;
      // A new connection: whatever stalled the last one is gone.
      this.closeCircuit();
      this.back();
    });
    // ioredis emits an error on every failed reconnect: only the change of state is logged.
    this.redis.on('error', (error: Error) => this.down(error.message));
    this.redis.on('close', () => this.down('connection closed'));
  }

  /** True while commands can be sent. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** The circuit's state and counts (read by /metrics). */
  get circuit(): RedisCircuitCounters {
    return this.circuitState;
  }

  /** True while Redis can be asked: connected, and the circuit closed (no timeout since the last answer). */
  get available(): boolean {
    return this.ready && !this.circuitState.open;
  }

  /** Resolves once connected (at once when already), or rejects after `timeoutMs`. */
  whenReady(timeoutMs = REDIS_DEFAULTS.connectTimeoutMs): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        reject(new Error(`redis: ${this.where} not reachable within ${timeoutMs} ms`));
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.redis.once('ready', onReady);
    });
  }

  /**
   * Runs `command` on Redis; while Redis is unavailable (not connected, or the circuit open after a
   * timeout), or when the command fails, runs `fallback` instead, so the caller keeps being served.
   */
  async use<T>(command: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!this.ready) {
      this.down('not connected');
      return fallback();
    }
    if (this.circuitState.open) {
      this.circuitState.shortCircuited++;
      return fallback();
    }
    try {
      const result = await command(this.redis);
      this.back();
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message === TIMEOUT_MESSAGE) this.openCircuit();
      this.down(message);
      return fallback();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    this.up = true; // a deliberate close is no outage
    this.redis.removeAllListeners('close');
    this.redis.removeAllListeners('error');
    this.redis.on('error', () => undefined);
    this.redis.disconnect();
  }

  /** After a timeout: no command waits on Redis until a probe is answered. */
  private openCircuit(): void {
    if (this.circuitState.open) return;
    this.circuitState.open = true;
    this.circuitState.opened++;
    this.scheduleProbe();
  }

  private closeCircuit(): void {
    this.circuitState.open = false;
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
  }

  /** One PING at a time while the circuit is open (each waits the command timeout at most). */
  private scheduleProbe(): void {
    if (this.closed || this.probeTimer) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      if (this.closed || !this.circuitState.open) return;
      // Not connected: the 'ready' event closes the circuit; meanwhile keep probing.
      if (!this.ready) return this.scheduleProbe();
      this.redis.ping().then(
        () => {
          // A stalled Redis answers again on the same connection: no 'ready' event says so.
          this.closeCircuit();
          this.back();
        },
        () => this.scheduleProbe(),
      );
    }, REDIS_DEFAULTS.probeIntervalMs);
    this.probeTimer.unref();
  }

  private back(): void {
    if (!this.up) this.log.info(`redis: ${this.where} is back; shared budget and idempotency restored`);
    this.up = true;
  }

  private down(reason: string): void {
    if (!this.up) return;
    this.up = false;
    const when = this.everReady ? 'unavailable' : 'not reachable yet';
    this.log.warn(
      `redis: ${this.where} ${when} (${reason}); serving with this replica's share of the upstream budget, and refusing creates with an idempotency key (IDEMPOTENCY_UNAVAILABLE) and plans made elsewhere (PLAN_UNAVAILABLE), until it returns`,
    );
  }
}
