// node:http front of the emulator: routing, authentication and the caller's rights (auth/), error
// bodies, injected faults and rate limiting (faults.ts), and the admin endpoints (admin.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AdminContext, RequestCounter, serveAdmin } from './admin.ts';
import { type FaultRules, faultAnswer } from './faultRules.ts';
import { queryOf, type RequestJournal, traceparentOf } from './journal.ts';
import { type ConnectionLimits, serverTimeouts } from './connectionLimits.ts';
import {
  ApiError,
  forbidden,
  methodNotAllowed,
  notFound,
  rateLimited,
  serverError,
  unauthenticated,
} from '../common/errors.ts';
import { type Faults, sendThenReset } from './faults.ts';
import type { Handler, Reply } from '../routes/handler.ts';
import { readJsonBody, sendEmpty, sendJson, sendJsonText } from '../common/body.ts';
import * as policies from '../routes/policies.ts';
import { type Match, Router } from '../routes/router.ts';
import * as rules from '../routes/rules.ts';
import * as simulation from '../routes/simulate.ts';
import type { OrgStore } from '../org/store.ts';
import type { Authenticate } from '../access/principal.ts';
import { OPERATIONS, type Operation, type OperationName } from '../../rest/contract/operations.ts';
import * as userTypes from '../routes/userTypes.ts';
import * as users from '../routes/users.ts';
import * as groups from '../routes/groups.ts';
import * as zones from '../routes/zones.ts';
import * as apps from '../routes/apps.ts';
import { type Challenged, isBearer, notAuthenticated, notPermitted } from '../auth/replies.ts';
import { type MayCall, mayCallFor, refusalOf } from '../access/rights.ts';
import { OPERATION_SCOPES } from '../../rest/contract/scopes.ts';

/** The handler of each operation of the REST contract; the router is built from the contract's table. */
export const API_HANDLERS: Record<OperationName, Handler> = {
  ...policies.HANDLERS,
  ...rules.HANDLERS,
  ...userTypes.HANDLERS,
  ...simulation.HANDLERS,
  ...users.HANDLERS,
  ...groups.HANDLERS,
  ...zones.HANDLERS,
  ...apps.HANDLERS,
};

/**
 * Routes to the contract's operations (their handlers are API_HANDLERS), in the contract's order. A
 * trailing slash is dropped from the template (the router ignores it when matching), so the spec's
 * `POST /api/v1/meta/types/user/` is counted under the same path as the list operation.
 */
export const api = (Object.entries(OPERATIONS) as [OperationName, Operation][]).reduce(
  (router, [name, op]) => router.add(op.method, op.path.replace(/(.)\/$/, '$1'), name),
  new Router<OperationName>(),
);

export interface ServerOptions {
  /** The API token the admin endpoints accept (`SSWS` or `Bearer`). */
  token: string;
  /** Resolves an API request's Authorization header to its principal. */
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

export function createEmulatorServer(options: ServerOptions): {
  server: Server;
  counter: RequestCounter;
  admin: AdminContext;
} {
  const counter = new RequestCounter();
  const admin = adminContext(options, counter);
  const server = createServer(serverTimeouts(options.limits), (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const done =
      url.pathname.startsWith('/__emulator/') && options.admin
        ? guardAdmin(options, admin, req, res, url)
        : options.oauth.handles(url.pathname)
          ? options.oauth.serve(req, res, url)
          : serveApi(options, counter, req, res, url);
    done.catch((e) => sendReply(res, errorReply(e)));
  });
  server.maxConnections = options.limits.maxConnections;
  return { server, counter, admin };
}

/** One API request: counted, delayed or answered by an injected fault, else answered, journaled and sent. */
async function serveApi(
  options: ServerOptions,
  counter: RequestCounter,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const match = api.match(method, url.pathname);
  const template = match?.route?.template;
  counter.count(template ? `${method} ${template}` : `${method} (unmatched)`);
  const entry = journalEntry(options.journal, method, url, template, traceparentOf(req.headers.traceparent));
  if (await answeredByFaultRule(options, req, res, url, template, entry)) return;
  const reply = await answer(options, req, url, match, entry);
  entry.record(reply.status, reply.body);
  const text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
  if (options.faults.picksReset()) return sendThenReset(res, reply.status, reply.headers ?? {}, text);
  if (text === undefined) sendEmpty(res, reply.status, reply.headers);
  else sendJsonText(res, reply.status, text, reply.headers);
}

interface JournalEntryDraft {
  /** The request body once it is read. */
  body?: { value: unknown; bytes: number };
  /** Journals the request with its answer's status and the error code of its body. */
  record(status: number, replyBody: unknown): void;
}

function journalEntry(
  journal: RequestJournal,
  method: string,
  url: URL,
  template: string | undefined,
  traceparent: string | null,
): JournalEntryDraft {
  const time = new Date().toISOString();
  const draft: JournalEntryDraft = {
    record: (status, replyBody) => {
      const errorCode = (replyBody as { errorCode?: unknown } | undefined)?.errorCode;
      journal.record({
        time,
        method,
        path: url.pathname,
        template: template ?? null,
        query: queryOf(url.searchParams),
        body: draft.body?.value ?? null,
        bodyBytes: draft.body?.bytes ?? 0,
        status,
        errorCode: typeof errorCode === 'string' ? errorCode : null,
        traceparent,
      });
    },
  };
  return draft;
}

/** The global delay, then a targeted fault rule's latency, reset or status; true when a rule answered. */
async function answeredByFaultRule(
  options: ServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  template: string | undefined,
  entry: JournalEntryDraft,
): Promise<boolean> {
  const { faults } = options;
  const rule = options.faultRules.take(req.method ?? 'GET', url.pathname, template);
  await faults.delay();
  if (rule?.latencyMs) await faults.wait(rule.latencyMs);
  if (!rule?.reset && !rule?.status) return false;
  entry.body = await readJsonBody(req).catch(() => undefined);
  if (rule.reset) {
    entry.record(0, null);
    res.socket?.resetAndDestroy();
    return true;
  }
  const injected = faultAnswer(rule);
  entry.record(injected.status, injected.body);
  sendJson(res, injected.status, injected.body, injected.headers);
  return true;
}

/**
 * Runs one API request to its reply; every failure becomes the spec's error reply. The caller is
 * authenticated and its rights checked before the body is read or anything changes. The journal's
 * `entry` gets the parsed body once it is read.
 */
async function answer(
  options: ServerOptions,
  req: IncomingMessage,
  url: URL,
  match: Match<OperationName> | undefined,
  entry: JournalEntryDraft,
): Promise<Reply> {
  const quota = options.faults.takeQuota();
  try {
    if (!quota.allowed) throw rateLimited(quota.reset);
    const injected = options.faults.injectedError();
    if (injected) throw injected;
    const may = await authorize(options, req, url, match?.route?.handler);
    if (!match) throw notFound(url.pathname);
    if (!match.route) throw methodNotAllowed(match.allowed);
    const { method, handler: operation } = match.route;
    const sent = method === 'POST' || method === 'PUT' ? await readJsonBody(req) : undefined;
    if (sent) entry.body = sent;
    const reply = API_HANDLERS[operation]({
      store: options.store(),
      base: options.base(),
      params: match.params,
      query: url.searchParams,
      body: sent?.value,
      may,
    });
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

/**
 * The caller's principal from its Authorization header (401 without a valid token) and, when the path
 * names an operation, its right to call it (403); returns what the caller may call, for the hints.
 */
async function authorize(
  options: ServerOptions,
  req: IncomingMessage,
  url: URL,
  operation: OperationName | undefined,
): Promise<MayCall> {
  const authorization = req.headers.authorization;
  const to: Challenged = {
    base: options.base(),
    resource: url.pathname,
    bearer: isBearer(authorization),
    scope: operation && OPERATION_SCOPES[operation].scope,
  };
  const authentication = await options.authenticate(authorization);
  if (!authentication.ok) throw notAuthenticated(to, authentication.error, authentication.description);
  const refusal = operation && refusalOf(authentication.principal, operation);
  if (refusal) throw notPermitted(to, refusal);
  return mayCallFor(authentication.principal);
}

function adminContext(options: ServerOptions, counter: RequestCounter): AdminContext {
  return {
    counter,
    journal: options.journal,
    faults: options.faults,
    faultRules: options.faultRules,
    resetOrg: options.reset,
    snapshot: options.snapshot,
    restore: options.restore,
    base: options.base,
  };
}

// Authentication schemes are case-insensitive and followed by one or more spaces (RFC 9110 11.4).
const TOKEN_HEADER = /^(SSWS|Bearer) +(.+)$/i;

/**
 * Admin endpoints can wipe the org: a browser page of another origin must not reach them (403,
 * checked first), and they need the emulator's API token, as `SSWS` or `Bearer` (which a cross-site
 * form cannot send).
 */
async function guardAdmin(
  options: ServerOptions,
  admin: AdminContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== new URL(options.base()).origin) {
    throw forbidden(['admin endpoints refuse requests from another origin']);
  }
  const auth = TOKEN_HEADER.exec(req.headers.authorization ?? '');
  if (auth?.[2] !== options.token) throw unauthenticated();
  await serveAdmin(req, res, url, admin);
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
