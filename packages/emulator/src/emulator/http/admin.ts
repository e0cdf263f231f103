// The admin endpoints under /__emulator/ for tests, benchmarks and frontends: the request counter and
// journal, the reset to the start org, snapshots, health, the injected faults (global and targeted),
// and the OpenAPI document of the emulated services.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openApiDocument } from '../../rest/contract/index.ts';
import { readJson, sendEmpty, sendJson } from '../common/body.ts';
import { notFound, validationFailed } from '../common/errors.ts';
import { type FaultRules, parseFaultRule } from './faultRules.ts';
import { type Faults, parseFaultChange } from './faults.ts';
import type { RequestJournal } from './journal.ts';
import { type Params, Router } from '../routes/router.ts';

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
  journal: RequestJournal;
  faults: Faults;
  faultRules: FaultRules;
  /** Puts the org back to its start state; resolves once that is durable. */
  resetOrg(): Promise<void>;
  /** Keeps a copy of the org; returns its id. */
  snapshot(): string;
  /** Puts the org back to snapshot `id` (false: no such snapshot); resolves once that is durable. */
  restore(id: string): Promise<boolean>;
  /** The emulator's own base URL. */
  base(): string;
}

/** `POST /__emulator/reset`: the start org, the start faults, no fault rules, an empty counter and journal. */
export async function resetEverything(ctx: AdminContext): Promise<void> {
  await ctx.resetOrg();
  ctx.counter.clear();
  ctx.journal.clear();
  ctx.faults.restoreStart();
  ctx.faultRules.clear();
}

type AdminHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: AdminContext,
  params: Params,
  url: URL,
) => Promise<void> | void;

/** `?since=`: the `seq` of a journal entry (0 or absent: from the start). */
function sinceOf(url: URL): number {
  const text = url.searchParams.get('since');
  if (text === null) return 0;
  if (!/^\d+$/.test(text)) throw validationFailed(['since: must be the seq of a journal entry (a whole number)']);
  return Number(text);
}

// A known path with another method is unknown too (404), so nothing acts by mistake.
const admin = new Router<AdminHandler>()
  .add('GET', '/__emulator/health', (_req, res) => sendJson(res, 200, { status: 'ok' }))
  .add('GET', '/__emulator/requests', (_req, res, { counter }) =>
    sendJson(res, 200, { total: counter.total, byRoute: counter.byRoute }),
  )
  .add('GET', '/__emulator/journal', (_req, res, { journal }, _params, url) =>
    sendJson(res, 200, { entries: journal.list(sinceOf(url)), cursor: journal.cursor() }),
  )
  .add('DELETE', '/__emulator/journal', (_req, res, { journal }) => {
    journal.clear();
    sendEmpty(res, 204);
  })
  .add('POST', '/__emulator/reset', async (_req, res, ctx) => {
    await resetEverything(ctx);
    sendEmpty(res, 204);
  })
  .add('POST', '/__emulator/snapshots', (_req, res, ctx) => sendJson(res, 200, { id: ctx.snapshot() }))
  .add('POST', '/__emulator/snapshots/{id}/restore', async (_req, res, ctx, { id }) => {
    if (!(await ctx.restore(id))) throw notFound(`${id} (Snapshot)`);
    sendEmpty(res, 204);
  })
  .add('GET', '/__emulator/faults', (_req, res, { faults }) => sendJson(res, 200, faults.current()))
  .add('POST', '/__emulator/faults', async (req, res, { faults }) => {
    const { change, causes } = parseFaultChange(await readJson(req));
    if (causes.length) throw validationFailed(causes);
    sendJson(res, 200, faults.update(change));
  })
  .add('DELETE', '/__emulator/faults', (_req, res, { faults }) => sendJson(res, 200, faults.clear()))
  .add('GET', '/__emulator/faults/rules', (_req, res, { faultRules }) =>
    sendJson(res, 200, { rules: faultRules.list() }),
  )
  .add('POST', '/__emulator/faults/rules', async (req, res, { faultRules }) => {
    const { rule, causes } = parseFaultRule(await readJson(req));
    if (!rule) throw validationFailed(causes);
    sendJson(res, 200, faultRules.add(rule));
  })
  .add('DELETE', '/__emulator/faults/rules/{id}', (_req, res, { faultRules }, { id }) => {
    if (!faultRules.remove(id)) throw notFound(`${id} (FaultRule)`);
    sendEmpty(res, 204);
  })
  .add('GET', '/__emulator/openapi.json', (_req, res, ctx) =>
    sendJson(res, 200, openApiDocument({ serverUrl: ctx.base() })),
  );

/** Every admin route as `METHOD template` (documented in docs/emulator.md). */
export const ADMIN_ROUTES = admin.list().map((r) => `${r.method} ${r.template}`);

export async function serveAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: AdminContext,
): Promise<void> {
  const match = admin.match(req.method ?? 'GET', url.pathname);
  if (!match?.route) throw notFound(url.pathname);
  await match.route.handler(req, res, ctx, match.params, url);
}
