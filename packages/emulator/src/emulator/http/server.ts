// node:http front of the emulator: routing, authentication, error bodies, injected faults and rate
// limiting (faults.ts), and the admin endpoints (admin.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AdminContext, RequestCounter, serveAdmin } from './admin.ts';
import { type FaultRules, faultAnswer } from './faultRules.ts';
import { queryOf, type RequestJournal } from './journal.ts';
import { type ConnectionLimits, serverTimeouts } from './connectionLimits.ts';
import {
  ApiError,
  forbidden,
  methodNotAllowed,
  notFound,
  rateLimited,
  serverError,
  unauthenticated,
} from './errors.ts';
import { type Faults, sendThenReset } from './faults.ts';
import type { Handler, HandlerContext, Reply } from './handler.ts';
import { readJsonBody, sendEmpty, sendJson } from './body.ts';
import * as policies from '../routes/policies.ts';
import { type Match, Router } from './router.ts';
import * as rules from '../routes/rules.ts';
import * as simulation from '../routes/simulate.ts';
import type { OrgStore } from '../org/store.ts';
import type { Authenticate } from '../auth/principal.ts';
import { OPERATIONS, type Operation, type OperationName } from '../../rest/contract/operations.ts';
import * as userTypes from '../routes/userTypes.ts';

/** The handler of each operation of the REST contract; the router is built from the contract's table. */
export const API_HANDLERS: Record<OperationName, Handler> = {
  ...policies.HANDLERS,
  ...rules.HANDLERS,
  ...userTypes.HANDLERS,
  ...simulation.HANDLERS,
};

/**
 * Routes in the contract's order. A trailing slash is dropped from the template (the router ignores
 * it when matching), so the spec's `POST /api/v1/meta/types/user/` is counted under the same path
 * as the list operation.
 */
export const api = (Object.entries(OPERATIONS) as [OperationName, Operation][]).reduce(
  (router, [name, op]) => router.add(op.method, op.path.replace(/(.)\/$/, '$1'), API_HANDLERS[name]),
  new Router<Handler>(),
);

export interface ServerOptions {
  token: string;
  /** Who the Authorization header stands for (the authorization server's; see auth/principal.ts). */
  authenticate: Authenticate;
  /** The authorization server's endpoints (/oauth2/*, /.well-known/*). */
  oauth: { handles(path: string): boolean; serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> };
  admin: boolean;
  faults: Faults;
  faultRules: FaultRules;
  journal: RequestJournal;
  limits: ConnectionLimits;
  /** Returns the store to serve (replaced on reset). */
  store(): OrgStore;
  /** Puts the org back to its start state; resolves once that is durable. */
  reset(): Promise<void>;
  snapshot: AdminContext['snapshot'];
  restore: AdminContext['restore'];
  /** Resolves once every change made so far is durable (at once without a state file). */
  durable(): Promise<void>;
  base(): string;
}

// Authentication schemes are case-insensitive and followed by one or more spaces (RFC 9110 11.4).
const TOKEN_HEADER = /^(SSWS|Bearer) +(.+)$/i;

export function createEmulatorServer(options: ServerOptions): {
  server: Server;
  counter: RequestCounter;
  admin: AdminContext;
} {
  const counter = new RequestCounter();
  const { faults } = options;

  /**
   * Runs one API request to its reply; every failure becomes the spec's error reply. `read` gets the
   * parsed body once it is read (for the journal).
   */
  async function answer(
    req: IncomingMessage,
    url: URL,
    match: Match<Handler> | undefined,
    read: (body: { value: unknown; bytes: number }) => void,
  ): Promise<Reply> {
    const quota = faults.takeQuota();
    try {
      if (!quota.allowed) throw rateLimited(quota.reset);
      const injected = faults.injectedError();
      if (injected) throw injected;
      if (!hasToken(req)) throw unauthenticated();
      if (!match) throw notFound(url.pathname);
      if (!match.route) throw methodNotAllowed(match.allowed);
      const method = match.route.method;
      const sent = method === 'POST' || method === 'PUT' ? await readJsonBody(req) : undefined;
      if (sent) read(sent);
      const body = sent?.value;
      const ctx: HandlerContext = {
        store: options.store(),
        base: options.base(),
        params: match.params,
        query: url.searchParams,
        body,
      };
      const reply = match.route.handler(ctx);
      // No answer, read or write, goes out before every change it could reflect is on disk.
      await options.durable().catch(() => {
        throw serverError(500, ['the change could not be written to the state file; it is kept in memory']);
      });
      return { ...reply, headers: { ...quota.headers, ...reply.headers } };
    } catch (e) {
      const reply = errorReply(e);
      return { ...reply, headers: { ...quota.headers, ...reply.headers } };
    }
  }

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const time = new Date().toISOString();
    const method = req.method ?? 'GET';
    const match = api.match(method, url.pathname);
    const template = match?.route?.template;
    counter.count(template ? `${method} ${template}` : `${method} (unmatched)`);
    let body: { value: unknown; bytes: number } | undefined;
    const record = (status: number, errorCode: unknown) =>
      options.journal.record({
        time,
        method,
        path: url.pathname,
        template: template ?? null,
        query: queryOf(url.searchParams),
        body: body?.value ?? null,
        bodyBytes: body?.bytes ?? 0,
        status,
        errorCode: typeof errorCode === 'string' ? errorCode : null,
      });
    const rule = options.faultRules.take(method, url.pathname, template);
    await faults.delay();
    if (rule?.latencyMs) await faults.wait(rule.latencyMs);
    if (rule?.reset || rule?.status) {
      body = await readJsonBody(req).catch(() => undefined);
      if (rule.reset) {
        record(0, null);
        return void res.socket?.resetAndDestroy();
      }
      const injected = faultAnswer(rule);
      record(injected.status, (injected.body as { errorCode?: unknown } | undefined)?.errorCode);
      return sendJson(res, injected.status, injected.body, injected.headers);
    }
    const reply = await answer(req, url, match, (read) => {
      body = read;
    });
    record(reply.status, (reply.body as { errorCode?: unknown } | undefined)?.errorCode);
    const text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
    if (faults.picksReset()) return sendThenReset(res, reply.status, reply.headers ?? {}, text);
    if (text === undefined) sendEmpty(res, reply.status, reply.headers);
    else sendJson(res, reply.status, reply.body, reply.headers);
  }

  function hasToken(req: IncomingMessage): boolean {
    const auth = TOKEN_HEADER.exec(req.headers.authorization ?? '');
    return auth !== null && auth[2] === options.token;
  }

  // Admin endpoints can wipe the org: a browser page of another origin must not reach them (403,
  // checked first), and like the API they need the token (which a cross-site form cannot send).
  const admin: AdminContext = {
    counter,
    journal: options.journal,
    faults,
    faultRules: options.faultRules,
    resetOrg: options.reset,
    snapshot: options.snapshot,
    restore: options.restore,
    base: options.base,
  };
  async function guardAdmin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== new URL(options.base()).origin) {
      throw forbidden(['admin endpoints refuse requests from another origin']);
    }
    if (!hasToken(req)) throw unauthenticated();
    await serveAdmin(req, res, url, admin);
  }

  const server = createServer(serverTimeouts(options.limits), (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const done =
      url.pathname.startsWith('/__emulator/') && options.admin
        ? guardAdmin(req, res, url)
        : options.oauth.handles(url.pathname)
          ? options.oauth.serve(req, res, url)
          : serveApi(req, res, url);
    done.catch((e) => sendReply(res, errorReply(e)));
  });
  server.maxConnections = options.limits.maxConnections;
  return { server, counter, admin };
}

function errorReply(e: unknown): Reply {
  if (e instanceof ApiError) return { status: e.status, body: e.toBody(), headers: e.headers };
  // An emulator bug, never the client's input: no details leave the process.
  console.error(`emulator: internal error: ${(e as Error)?.message ?? e}`);
  return { status: 500, body: serverError().toBody() };
}

function sendReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return void res.end();
  sendJson(res, reply.status, reply.body, reply.headers);
}
