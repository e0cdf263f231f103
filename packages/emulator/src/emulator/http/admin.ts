// The admin endpoints under /__emulator/ for tests, benchmarks and frontends: the request counter,
// the reset to the start org, health, and the injected faults.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendEmpty, sendJson } from './body.ts';
import { notFound, validationFailed } from './errors.ts';
import { type Faults, parseFaultChange } from './faults.ts';

export class RequestCounter {
  total = 0;
  byRoute: Record<string, number> = {};
  count(key: string): void {
    this.total++;
    this.byRoute[key] = (this.byRoute[key] ?? 0) + 1;
  }
  clear(): void {
    this.total = 0;
    this.byRoute = {};
  }
}

export interface AdminContext {
  counter: RequestCounter;
  faults: Faults;
  /** Puts the org back to its start state; resolves once that is durable. */
  resetOrg(): Promise<void>;
}

type AdminHandler = (req: IncomingMessage, res: ServerResponse, ctx: AdminContext) => Promise<void> | void;

// Keyed by `METHOD path`; the right path with another method is unknown too, so nothing acts by mistake.
const ADMIN: Record<string, AdminHandler> = {
  'GET /__emulator/health': (_req, res) => sendJson(res, 200, { status: 'ok' }),
  'GET /__emulator/requests': (_req, res, { counter }) =>
    sendJson(res, 200, { total: counter.total, byRoute: counter.byRoute }),
  'POST /__emulator/reset': async (_req, res, ctx) => {
    await ctx.resetOrg();
    ctx.counter.clear();
    ctx.faults.restoreStart();
    sendEmpty(res, 204);
  },
  'GET /__emulator/faults': (_req, res, { faults }) => sendJson(res, 200, faults.current()),
  'POST /__emulator/faults': async (req, res, { faults }) => {
    const { change, causes } = parseFaultChange(await readJson(req));
    if (causes.length) throw validationFailed(causes);
    sendJson(res, 200, faults.update(change));
  },
  'DELETE /__emulator/faults': (_req, res, { faults }) => sendJson(res, 200, faults.clear()),
};

export async function serveAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: AdminContext,
): Promise<void> {
  const handler = ADMIN[`${req.method} ${url.pathname}`];
  if (!handler) throw notFound(url.pathname);
  await handler(req, res, ctx);
}
