// node:http front of the emulator: routing, rate limiting, authentication, error bodies, the
// request counter and the admin endpoints for tests and benchmarks.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ApiError, methodNotAllowed, notFound, rateLimited, unauthenticated } from './errors.ts';
import type { Handler, HandlerContext } from './handler.ts';
import { readJson, sendEmpty, sendJson } from './body.ts';
import * as policies from '../routes/policies.ts';
import { RateLimiter } from './rateLimit.ts';
import { Router } from './router.ts';
import * as rules from '../routes/rules.ts';
import { simulateAccess } from '../routes/simulate.ts';
import type { OrgStore } from '../org/store.ts';
import * as userTypes from '../routes/userTypes.ts';

const P = '/api/v1/policies/{policyId}';
const R = `${P}/rules/{ruleId}`;
const T = '/api/v1/meta/types/user';

export const api = new Router<Handler>()
  .add('GET', '/api/v1/policies', policies.listPolicies)
  .add('POST', '/api/v1/policies', policies.createPolicy)
  .add('POST', '/api/v1/policies/simulate', simulateAccess)
  .add('GET', P, policies.getPolicy)
  .add('PUT', P, policies.replacePolicy)
  .add('DELETE', P, policies.deletePolicy)
  .add('POST', `${P}/clone`, policies.clonePolicy)
  .add('POST', `${P}/lifecycle/activate`, policies.activatePolicy)
  .add('POST', `${P}/lifecycle/deactivate`, policies.deactivatePolicy)
  .add('GET', `${P}/app`, policies.listPolicyApps)
  .add('GET', `${P}/rules`, rules.listRules)
  .add('POST', `${P}/rules`, rules.createRule)
  .add('GET', R, rules.getRule)
  .add('PUT', R, rules.replaceRule)
  .add('DELETE', R, rules.deleteRule)
  .add('POST', `${R}/lifecycle/activate`, rules.activateRule)
  .add('POST', `${R}/lifecycle/deactivate`, rules.deactivateRule)
  .add('GET', T, userTypes.listUserTypes)
  .add('POST', T, userTypes.createUserType)
  .add('GET', `${T}/{typeId}`, userTypes.getUserType)
  .add('PUT', `${T}/{typeId}`, userTypes.replaceUserType)
  .add('POST', `${T}/{typeId}`, userTypes.updateUserType)
  .add('DELETE', `${T}/{typeId}`, userTypes.deleteUserType)
  .add('PUT', '/api/v1/apps/{appId}/policies/{policyId}', policies.assignAppPolicy);

export interface ServerOptions {
  token: string;
  rateLimitPerMinute: number;
  admin: boolean;
  /** Returns the store to serve (replaced on reset). */
  store(): OrgStore;
  reset(): void;
  base(): string;
}

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

// Authentication schemes are case-insensitive and followed by one or more spaces (RFC 9110 11.4).
const TOKEN_HEADER = /^(SSWS|Bearer) +(.+)$/i;

export function createEmulatorServer(options: ServerOptions): { server: Server; counter: RequestCounter } {
  const counter = new RequestCounter();
  const limiter = new RateLimiter(options.rateLimitPerMinute);

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const match = api.match(method, url.pathname);
    counter.count(match?.route ? `${method} ${match.route.template}` : `${method} (unmatched)`);
    const quota = limiter.take();
    const headers = quota.headers;
    try {
      if (!quota.allowed) throw rateLimited(quota.reset);
      const auth = TOKEN_HEADER.exec(req.headers.authorization ?? '');
      if (!auth || auth[2] !== options.token) throw unauthenticated();
      if (!match) throw notFound(url.pathname);
      if (!match.route) throw methodNotAllowed(match.allowed);
      const body = method === 'POST' || method === 'PUT' ? await readJson(req) : undefined;
      const ctx: HandlerContext = {
        store: options.store(),
        base: options.base(),
        params: match.params,
        query: url.searchParams,
        body,
      };
      const reply = match.route.handler(ctx);
      if (reply.body === undefined) sendEmpty(res, reply.status, { ...headers, ...reply.headers });
      else sendJson(res, reply.status, reply.body, { ...headers, ...reply.headers });
    } catch (e) {
      sendError(res, e, headers);
    }
  }

  function serveAdmin(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method === 'GET' && url.pathname === '/__emulator/requests') {
      return sendJson(res, 200, { total: counter.total, byRoute: counter.byRoute });
    }
    if (req.method === 'POST' && url.pathname === '/__emulator/reset') {
      options.reset();
      counter.clear();
      return sendEmpty(res, 204);
    }
    if (req.method === 'GET' && url.pathname === '/__emulator/health') return sendJson(res, 200, { status: 'ok' });
    sendError(res, notFound(url.pathname), {});
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const done =
      url.pathname.startsWith('/__emulator/') && options.admin
        ? Promise.resolve(serveAdmin(req, res, url))
        : serveApi(req, res, url);
    done.catch((e) => sendError(res, e, {}));
  });
  return { server, counter };
}

function sendError(res: ServerResponse, e: unknown, headers: Record<string, string>): void {
  if (res.headersSent) return void res.end();
  if (e instanceof ApiError) return sendJson(res, e.status, e.toBody(), { ...headers, ...e.headers });
  // An emulator bug, never the client's input: no details leave the process.
  console.error(`emulator: internal error: ${(e as Error)?.message ?? e}`);
  sendJson(res, 500, new ApiError(500, 'E0000009', 'Internal Server Error').toBody(), headers);
}
