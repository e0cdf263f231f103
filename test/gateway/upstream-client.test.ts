// The undici upstream client: every operation against a real emulator, and the wire details
// (headers, query strings, paths, error bodies, timeouts, connection reuse) against a scripted
// HTTP server that records exactly what it receives.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Policy, PolicyRule, SimulationResponse } from '../../src/rest/types.ts';
import { UpstreamRateLimitedError } from '../../src/upstream/budget/budget.ts';
import { UpstreamClient, type RestApi } from '../../src/upstream/client.ts';
import { UpstreamError, UpstreamUnavailableError } from '../../src/upstream/errors.ts';
import { nextCursorFromLink } from '../../src/upstream/pagination.ts';
import { freezeDate, midMinute } from '../helpers/clock.ts';
import { countFromNow } from '../helpers/emulator.ts';
import { startTestUpstream, useUpstream } from '../helpers/gateway.ts';
import { serviceClient } from '../helpers/oauthTokens.ts';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
}

async function upstreamError(promise: Promise<unknown>): Promise<UpstreamError> {
  const e = await failure(promise);
  expect(e).toBeInstanceOf(UpstreamError);
  return e as UpstreamError;
}

describe('UpstreamClient against the emulator', () => {
  const upstream = useUpstream();
  let api: RestApi;
  beforeEach(() => {
    api = upstream().api;
  });

  const passwordPolicy = (name: string, extra: Partial<Policy> = {}) =>
    api.createPolicy({ type: 'PASSWORD', name, ...extra });

  it('lists policies page by page through the Link header', async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) await passwordPolicy(name);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await api.listPolicies({ type: 'PASSWORD', limit: 2, after });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((p) => p.name));
      after = page.nextCursor ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Default Policy'].map((n) => expect.stringContaining(n)),
    );
    const all = await api.listPolicies({ type: 'PASSWORD' });
    expect(all.nextCursor).toBeNull();
    expect(all.items).toHaveLength(5);
  });

  it('passes status, q and sortBy to the list', async () => {
    await passwordPolicy('Zulu');
    await passwordPolicy('Yankee', { status: 'INACTIVE' });
    await passwordPolicy('Zeta');
    const inactive = await api.listPolicies({ type: 'PASSWORD', status: 'INACTIVE' });
    expect(inactive.items.map((p) => p.name)).toEqual(['Yankee']);
    const z = await api.listPolicies({ type: 'PASSWORD', q: 'Z', sortBy: 'name' });
    expect(z.items.map((p) => p.name)).toEqual(['Zeta', 'Zulu']);
  });

  it('creates, reads, replaces, deactivates, activates and deletes a policy', async () => {
    const created = await passwordPolicy('Contractors', { description: 'for contractors' });
    expect(created).toMatchObject({ type: 'PASSWORD', name: 'Contractors', status: 'ACTIVE', system: false });
    expect(await api.getPolicy(created.id)).toEqual(created);

    const replaced = await api.replacePolicy(created.id, { type: 'PASSWORD', name: 'Contractors 2' });
    expect(replaced).toMatchObject({ id: created.id, name: 'Contractors 2' });

    await expect(api.deactivatePolicy(created.id)).resolves.toBeUndefined();
    expect((await api.getPolicy(created.id)).status).toBe('INACTIVE');
    await expect(api.activatePolicy(created.id)).resolves.toBeUndefined();
    expect((await api.getPolicy(created.id)).status).toBe('ACTIVE');

    await expect(api.deletePolicy(created.id)).resolves.toBeUndefined();
    const gone = await upstreamError(api.getPolicy(created.id));
    expect(gone).toMatchObject({ status: 404, errorCode: 'E0000007' });
    expect(gone.errorId).toEqual(expect.any(String));
  });

  it('clones an authentication policy and lists the applications mapped to a policy', async () => {
    const [defaultAccess] = (await api.listPolicies({ type: 'ACCESS_POLICY' })).items;
    const apps = await api.listPolicyApplications(defaultAccess.id);
    expect(apps.map((a) => a.id)).toEqual(expect.arrayContaining(['0oa1portal', '0oa2crm']));
    const source = await api.createPolicy({ type: 'ACCESS_POLICY', name: 'Strict', description: 'strict' });
    const clone = await api.clonePolicy(source.id);
    expect(clone.id).not.toBe(source.id);
    expect(clone.type).toBe('ACCESS_POLICY');
  });

  it('manages the rules of a policy', async () => {
    const policy = await api.createPolicy({ type: 'PLATFORM_SIGN_ON', name: 'Sessions' });
    const body = { type: 'SIGN_ON' as const, name: 'Deny', actions: { signon: { access: 'DENY' as const } } };
    const rule = await api.createRule(policy.id, body);
    expect(rule).toMatchObject({ type: 'SIGN_ON', name: 'Deny', status: 'ACTIVE' });
    expect((await api.listRules(policy.id)).map((r: PolicyRule) => r.id)).toContain(rule.id);
    expect(await api.getRule(policy.id, rule.id)).toEqual(rule);

    const replaced = await api.replaceRule(policy.id, rule.id, { ...body, name: 'Deny all' });
    expect(replaced.name).toBe('Deny all');
    await api.deactivateRule(policy.id, rule.id);
    expect((await api.getRule(policy.id, rule.id)).status).toBe('INACTIVE');
    await api.activateRule(policy.id, rule.id);
    expect((await api.getRule(policy.id, rule.id)).status).toBe('ACTIVE');
    await api.deleteRule(policy.id, rule.id);
    expect(await upstreamError(api.getRule(policy.id, rule.id))).toMatchObject({ status: 404 });
  });

  it('manages user types, with the default alias and the E0000142 reason', async () => {
    const all = await api.listUserTypes();
    const defaultType = all.find((t) => t.default)!;
    expect(await api.getUserType('default')).toEqual(defaultType);

    const created = await api.createUserType({ name: 'Partner', displayName: 'Partner' });
    expect(created).toMatchObject({ name: 'Partner', default: false });
    expect(
      await api.replaceUserType(created.id, { name: 'Partner', displayName: 'Partners', description: 'd' }),
    ).toMatchObject({
      displayName: 'Partners',
      description: 'd',
    });
    expect(await api.updateUserType(created.id, { description: 'e' })).toMatchObject({
      displayName: 'Partners',
      description: 'e',
    });
    await api.deleteUserType(created.id);
    expect(await upstreamError(api.getUserType(created.id))).toMatchObject({ status: 404 });

    const prohibited = await upstreamError(api.deleteUserType(defaultType.id));
    expect(prohibited).toMatchObject({ status: 403, errorCode: 'E0000142', reason: 'PROHIBITED' });
  });

  it('runs the access simulation with repeated expand parameters', async () => {
    // A sign-on policy for Sales only: Alice (Engineering) is evaluated against it without a match.
    const sales = await api.createPolicy({
      type: 'PLATFORM_SIGN_ON',
      name: 'Sales',
      priority: 1,
      conditions: { people: { groups: { include: ['00g2sales'], exclude: [] } } },
    });
    await api.createRule(sales.id, { type: 'SIGN_ON', name: 'Deny', actions: { signon: { access: 'DENY' } } });
    const request = { appInstance: '0oa1portal', policyContext: { user: { id: '00u1alice' } } };
    const evaluatedIds = (r: SimulationResponse) => r.evaluation.flatMap((e) => e.evaluated.policies.map((p) => p.id));
    const conditions = (r: SimulationResponse) =>
      r.evaluation.flatMap((e) => e.evaluated.policies.flatMap((p) => p.conditions));
    const plain = await api.simulate(request, []);
    expect(evaluatedIds(plain)).toEqual([]);
    const evaluated = await api.simulate(request, ['EVALUATED']);
    expect(evaluatedIds(evaluated)).toEqual([sales.id]);
    expect(conditions(evaluated)).toEqual([]);
    const withRules = await api.simulate(request, ['EVALUATED', 'RULE']);
    expect(conditions(withRules)).toContainEqual({
      type: expect.stringMatching(/^people\.groups/),
      status: 'NOT_MATCH',
    });
  });

  it('parses a validation error with its causes', async () => {
    const e = await upstreamError(
      api.createPolicy({ type: 'PASSWORD', name: 'Weak', settings: { password: { complexity: { minLength: -1 } } } }),
    );
    expect(e).toMatchObject({ status: 400, errorCode: 'E0000001' });
    expect(e.causes).toEqual([expect.stringMatching(/^settings\.password\.complexity\.minLength: /)]);
  });

  it('keeps every id inside its path segment', async () => {
    const [defaultPolicy] = (await api.listPolicies({ type: 'PASSWORD' })).items;
    const calls = countFromNow(upstream().emulator);
    // `<id>/rules` would be the rules list if the slash were not encoded.
    expect(await upstreamError(api.getPolicy(`${defaultPolicy.id}/rules`))).toMatchObject({ status: 404 });
    expect(await upstreamError(api.getPolicy(`../policies?type=PASSWORD`))).toMatchObject({ status: 404 });
    expect(await upstreamError(api.getRule(defaultPolicy.id, `../../${defaultPolicy.id}`))).toMatchObject({
      status: 404,
    });
    const { total, byRoute } = calls();
    expect(total).toBe(3);
    expect(byRoute['GET /api/v1/policies/{policyId}/rules']).toBeUndefined();
    expect(byRoute['GET /api/v1/policies']).toBeUndefined();
  });

  it('answers ids that no encoding can hold (empty, ".", "..") as not found without a request', async () => {
    const calls = countFromNow(upstream().emulator);
    for (const id of ['', '.', '..']) {
      expect(await upstreamError(api.getPolicy(id))).toMatchObject({ status: 404, errorCode: 'E0000007' });
      expect(await upstreamError(api.deleteUserType(id))).toMatchObject({ status: 404 });
    }
    expect(calls().total).toBe(0);
  });

  it('forwards the caller header as is and never repeats it in an error', async () => {
    const secret = 'not-the-token-1234567890';
    const e = await upstreamError(upstream().client.forCaller(`SSWS ${secret}`).listUserTypes());
    expect(e).toMatchObject({ status: 401, errorCode: 'E0000011' });
    expect(`${e.message} ${e.stack} ${JSON.stringify(e)}`).not.toContain(secret);
    const accessToken = await (await serviceClient(upstream().emulator)).token('okta.userTypes.read');
    await expect(upstream().client.forCaller(`Bearer ${accessToken}`).listUserTypes()).resolves.toEqual(
      expect.any(Array),
    );
  });

  it('reports 429 as an UpstreamError with status 429', async () => {
    // One attempt: a retried 429 waits for the window's reset, which other tests cover.
    const limited = await startTestUpstream({ faults: { errorRate: 1, status: 429 } }, { retries: 0 });
    try {
      expect(await upstreamError(limited.api.listUserTypes())).toMatchObject({ status: 429, errorCode: 'E0000047' });
    } finally {
      await limited.close();
    }
  });

  it('learns the rate limit from the headers and refuses a call past it without sending it', async () => {
    freezeDate(midMinute()); // one rate-limit window for the whole test
    const limited = await startTestUpstream({ rateLimitPerMinute: 2 }, { retries: 0 });
    try {
      const a = limited.api;
      await a.listUserTypes();
      await a.listUserTypes();
      const calls = countFromNow(limited.emulator);
      const refused = await a.listUserTypes().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UpstreamRateLimitedError);
      expect((refused as UpstreamRateLimitedError).resetAt).toBe((Math.floor(Date.now() / 60_000) + 1) * 60_000);
      expect(calls().total).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  remotePort: number | undefined;
}

describe('UpstreamClient on the wire', () => {
  let server: Server;
  let base: string;
  let handle: (req: IncomingMessage, res: ServerResponse) => void;
  let recorded: Recorded[];
  const clients: UpstreamClient[] = [];
  const clientFor = (options: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) => {
    const c = new UpstreamClient({ baseUrl: base, ...options });
    clients.push(c);
    return c;
  };
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        recorded.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body,
          remotePort: req.socket.remotePort,
        });
        handle(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    recorded = [];
    handle = (_req, res) => json(res, 200, { id: 'x1', type: 'PASSWORD' });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  it('sends JSON headers, the caller header exactly as given, and a JSON body', async () => {
    const api = clientFor().forCaller('Bearer abc.DEF-123');
    await api.createUserType({ name: 'X', displayName: 'X' });
    await api.activatePolicy('p1');
    const [create, activate] = recorded;
    expect(create).toMatchObject({ method: 'POST', url: '/api/v1/meta/types/user/' });
    expect(create.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: 'Bearer abc.DEF-123',
    });
    expect(JSON.parse(create.body)).toEqual({ name: 'X', displayName: 'X' });
    expect(activate).toMatchObject({ method: 'POST', url: '/api/v1/policies/p1/lifecycle/activate', body: '' });
    expect(activate.headers['content-type']).toBeUndefined();
  });

  it('encodes ids and list arguments, repeats expand, and keeps a base path', async () => {
    handle = (req, res) =>
      req.url!.includes('/rules') || req.url!.includes('policies?')
        ? json(res, 200, [])
        : json(res, 200, { evaluation: [] });
    const api = clientFor({ baseUrl: `${base}/prefix/` }).forCaller('SSWS t');
    await api.listRules('a/b?c#d');
    await api.listPolicies({
      type: 'ACCESS_POLICY',
      status: 'ACTIVE',
      q: 'a&b=c',
      sortBy: 'name',
      limit: 5,
      after: 'x y',
    });
    await api.simulate({ appInstance: 'app' }, ['EVALUATED', 'RULE']);
    expect(recorded.map((r) => r.url)).toEqual([
      '/prefix/api/v1/policies/a%2Fb%3Fc%23d/rules',
      '/prefix/api/v1/policies?type=ACCESS_POLICY&status=ACTIVE&q=a%26b%3Dc&sortBy=name&limit=5&after=x+y',
      '/prefix/api/v1/policies/simulate?expand=EVALUATED&expand=RULE',
    ]);
  });

  it('takes the next cursor from the Link header', async () => {
    handle = (_req, res) =>
      json(res, 200, [], {
        link: `<${base}/api/v1/policies?type=MFA_ENROLL&limit=2>; rel="self", <${base}/api/v1/policies?type=MFA_ENROLL&limit=2&after=00p%2Bnext>; rel="next"`,
      });
    expect((await clientFor().forCaller('SSWS t').listPolicies({ type: 'MFA_ENROLL' })).nextCursor).toBe('00p+next');
  });

  it('accepts 200 with a body and 204 without one', async () => {
    handle = (req, res) => {
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      json(res, 200, { id: 'p1', type: 'PASSWORD' });
    };
    const api = clientFor().forCaller('SSWS t');
    await expect(api.deletePolicy('p1')).resolves.toBeUndefined();
    await expect(api.getPolicy('p1')).resolves.toEqual({ id: 'p1', type: 'PASSWORD' });
  });

  it('refuses a success body without what the operation promises, as an UpstreamError with the status', async () => {
    const refused = async (body: unknown, read: (api: RestApi) => Promise<unknown>) => {
      handle = (_req, res) => json(res, 200, body);
      return upstreamError(read(clientFor().forCaller('SSWS t')));
    };
    const policy = { id: 'p1', type: 'PASSWORD' };
    // A list must be an array of resources, each with the identity members its schema requires.
    expect(await refused({}, (api) => api.listPolicies({ type: 'PASSWORD' }))).toMatchObject({
      status: 200,
      code: 'UPSTREAM_RESPONSE_ERROR',
      errorSummary: 'Upstream answered 200 without the expected JSON array of objects with a string id and type',
    });
    expect(await refused([policy, { id: 'p2' }], (api) => api.listPolicies({ type: 'PASSWORD' }))).toMatchObject({
      status: 200,
    });
    expect(await refused([policy, null], (api) => api.listRules('p1'))).toMatchObject({ status: 200 });
    expect(await refused([{ name: 'app' }], (api) => api.listPolicyApplications('p1'))).toMatchObject({
      errorSummary: 'Upstream answered 200 without the expected JSON array of objects with a string id',
    });
    // A resource must be an object with a string id (and type, for policies and rules).
    expect(await refused({ id: 7, type: 'PASSWORD' }, (api) => api.getPolicy('p1'))).toMatchObject({
      errorSummary: 'Upstream answered 200 without the expected JSON object with a string id and type',
    });
    expect(await refused({ id: 'r1' }, (api) => api.getRule('p1', 'r1'))).toMatchObject({ status: 200 });
    expect(await refused([policy], (api) => api.getUserType('default'))).toMatchObject({
      errorSummary: 'Upstream answered 200 without the expected JSON object with a string id',
    });
    expect(await refused('MATCH', (api) => api.simulate({ appInstance: 'a1' }, []))).toMatchObject({
      errorSummary: 'Upstream answered 200 without the expected JSON object',
    });
    // What the checks rely on passes, members beyond it as the service sent them.
    handle = (_req, res) => json(res, 200, [{ ...policy, newMember: true }]);
    expect((await clientFor().forCaller('SSWS t').listPolicies({ type: 'PASSWORD' })).items).toEqual([
      { ...policy, newMember: true },
    ]);
  });

  it("sends a query in the contract's order, whatever the order of the arguments, through `call` too", async () => {
    handle = (req, res) =>
      json(res, 200, req.url?.startsWith('/api/v1/policies?') ? [] : { id: 'p1', type: 'PASSWORD' });
    const api = clientFor().forCaller('SSWS t');
    await api.listPolicies({ after: 'c1', limit: 5, sortBy: 'name', q: 'a', status: 'ACTIVE', type: 'PASSWORD' });
    await expect(api.call('getPolicy', { policyId: 'p1' }, undefined, { expand: 'rules' })).resolves.toEqual({
      id: 'p1',
      type: 'PASSWORD',
    });
    expect(recorded.map((r) => r.url)).toEqual([
      '/api/v1/policies?type=PASSWORD&status=ACTIVE&q=a&sortBy=name&limit=5&after=c1',
      '/api/v1/policies/p1?expand=rules',
    ]);
  });

  it('turns a body that is not JSON into an UpstreamError with the status', async () => {
    handle = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>Internal Server Error</html>');
    };
    const e = await upstreamError(clientFor().forCaller('SSWS t').getPolicy('p1'));
    expect(e).toMatchObject({
      status: 500,
      errorCode: undefined,
      errorSummary: 'Upstream answered 500 Internal Server Error',
      causes: [],
    });

    handle = (_req, res) => json(res, 418, { message: 'not the spec shape' });
    expect(await upstreamError(clientFor().forCaller('SSWS t').getPolicy('p1'))).toMatchObject({
      status: 418,
      errorSummary: "Upstream answered 418 I'm a Teapot",
    });

    handle = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{oops');
    expect(await upstreamError(clientFor().forCaller('SSWS t').getPolicy('p1'))).toMatchObject({ status: 200 });
  });

  it('reports 502, 503 and 504 as unavailable, and 429 as an UpstreamError', async () => {
    // Retried with the shortest backoff: what is reported after the retries is under test here.
    const quickRetries = { retryDelays: { baseMs: 1, maxMs: 1 } };
    for (const status of [502, 503, 504]) {
      handle = (_req, res) => json(res, status, { errorSummary: 'down' });
      const e = await failure(clientFor(quickRetries).forCaller('SSWS t').listUserTypes());
      expect(e).toBeInstanceOf(UpstreamUnavailableError);
      expect(e).toMatchObject({ status, code: `HTTP_${status}` });
    }
    handle = (_req, res) =>
      json(res, 429, {
        errorCode: 'E0000047',
        errorSummary: 'API call exceeded rate limit due to too many requests.',
        errorCauses: [],
      });
    expect(await upstreamError(clientFor(quickRetries).forCaller('SSWS t').listUserTypes())).toMatchObject({
      status: 429,
      errorCode: 'E0000047',
    });
  });

  it('times out waiting for headers and for the body', async () => {
    // The user types never get their headers; a policy gets its headers and never the rest.
    handle = (req, res) => {
      if (req.url?.startsWith('/api/v1/policies/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
      }
    };
    // One attempt each: that a timeout is retried is the transport-failure table's test; undici's
    // timers tick coarsely, so each timeout costs about a second: both wait at once.
    const oneAttempt = { retries: 0 };
    const [slowHeaders, slowBody] = await Promise.all([
      failure(
        clientFor({ headersTimeoutMs: 200, ...oneAttempt })
          .forCaller('SSWS t')
          .listUserTypes(),
      ),
      failure(
        clientFor({ bodyTimeoutMs: 200, ...oneAttempt })
          .forCaller('SSWS t')
          .getPolicy('p1'),
      ),
    ]);
    expect(slowHeaders).toBeInstanceOf(UpstreamUnavailableError);
    expect(slowHeaders).toMatchObject({ status: undefined, code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect((slowHeaders as Error).message).toContain('timed out waiting for the response headers');
    expect(slowBody).toBeInstanceOf(UpstreamUnavailableError);
    expect(slowBody).toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    expect((slowBody as Error).message).toContain('timed out reading the response body');
  });

  it('reports a closed port as unavailable, without the credentials in the error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const c = new UpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, connectTimeoutMs: 500 });
    clients.push(c);
    const e = await failure(c.forCaller('SSWS secret-token-value').getPolicy('p1'));
    expect(e).toBeInstanceOf(UpstreamUnavailableError);
    expect(e).toMatchObject({ code: 'ECONNREFUSED' });
    expect((e as Error).message).toBe('GET /api/v1/policies/p1: connection refused');
    expect(`${(e as Error).message} ${(e as Error).stack}`).not.toContain('secret-token-value');
  });

  it('reuses kept-alive connections and never opens more than `connections`', async () => {
    let open = 0;
    let maxOpen = 0;
    const onConnection = () => {
      maxOpen = Math.max(maxOpen, ++open);
    };
    server.on('connection', (socket) => {
      onConnection();
      socket.on('close', () => open--);
    });
    handle = (_req, res) => setTimeout(() => json(res, 200, []), 30);
    const api = clientFor({ connections: 2 }).forCaller('SSWS t');
    await Promise.all(Array.from({ length: 8 }, () => api.listUserTypes()));
    expect(maxOpen).toBeLessThanOrEqual(2);
    const ports = new Set(recorded.map((r) => r.remotePort));
    expect(ports.size).toBeLessThanOrEqual(2);
    await api.listUserTypes();
    expect(ports.has(recorded.at(-1)!.remotePort)).toBe(true);
  });

  describe('with `pipelining`', () => {
    /** Holds the answers until `count` requests have arrived (then answers at once), and tells each arrival how many were answered before it. */
    const holdUntil = (count: number) => {
      const held: (() => void)[] = [];
      const answeredAtArrival: string[] = [];
      let answered = 0;
      handle = (req, res) => {
        answeredAtArrival.push(`${req.method} ${answered}`);
        held.push(() => {
          answered++;
          json(res, 200, req.url!.endsWith('/rules') ? [] : { id: 'p1', type: 'PASSWORD' });
        });
        if (answered > 0 || held.length >= count) for (const answer of held.splice(0)) answer();
      };
      return answeredAtArrival;
    };
    /** A caller whose credential the service has accepted: its calls no longer wait for the first one's answer (the token probe). */
    const provenCaller = async (options: Partial<ConstructorParameters<typeof UpstreamClient>[0]>) => {
      const client = clientFor({ connections: 1, pipelining: 4, ...options });
      await client.forCaller('SSWS t').getPolicy('p0');
      recorded = [];
      return client.forCaller('SSWS t');
    };

    it('sends reads on one connection before the first is answered', async () => {
      const api = await provenCaller({});
      const answeredAtArrival = holdUntil(4);
      const rules = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((id) => api.listRules(id)));
      expect(rules).toEqual([[], [], [], []]);
      // All four arrived with none answered: without pipelining, one connection would hold them in turn.
      expect(answeredAtArrival).toEqual(['GET 0', 'GET 0', 'GET 0', 'GET 0']);
      expect(new Set(recorded.map((r) => r.remotePort)).size).toBe(1);
    });

    it('never sends a write behind another request: it waits until the connection has answered', async () => {
      const api = await provenCaller({});
      const answeredAtArrival = holdUntil(3);
      await Promise.all([api.listRules('p1'), api.listRules('p2'), api.listRules('p3'), api.deactivatePolicy('p1')]);
      expect(answeredAtArrival).toEqual(['GET 0', 'GET 0', 'GET 0', 'POST 3']);
    });

    it('retries the reads of a connection cut while they were in flight', async () => {
      const api = await provenCaller({ retryDelays: { baseMs: 1, maxMs: 2 } });
      let cut = false;
      handle = (req, res) => {
        if (!cut && recorded.length === 2) {
          cut = true;
          return void req.socket.destroy();
        }
        if (recorded.length <= 2) return; // the first reads wait for the cut
        json(res, 200, []);
      };
      const rules = await Promise.all(['p1', 'p2', 'p3'].map((id) => api.listRules(id)));
      expect(rules).toEqual([[], [], []]);
      expect(cut).toBe(true);
      // Each read is answered once, on a connection of its retry.
      expect(new Set(recorded.map((r) => r.remotePort)).size).toBeGreaterThan(1);
    });
  });
});

describe('nextCursorFromLink', () => {
  it.each([
    [undefined, null],
    ['<http://h/api/v1/policies?type=X&limit=2>; rel="self"', null],
    ['<http://h/api/v1/policies?type=X&after=abc>; rel="next"', 'abc'],
    ['<http://h/a?after=one>; rel="self", <http://h/a?after=two>; rel=next', 'two'],
    ['</api/v1/policies?type=X&after=rel%3D%22next%22%2C>; rel="prev next"', 'rel="next",'],
    ['<http://h/a?limit=2>; rel="next"', null],
  ])('%s -> %s', (header, cursor) => {
    expect(nextCursorFromLink(header)).toBe(cursor);
  });

  it('reads a header split over several lines', () => {
    expect(nextCursorFromLink(['<http://h/a?after=1>; rel="self"', '<http://h/a?after=2>; rel="next"'])).toBe('2');
  });
});
