// A read that landed is taken, instead of calling again, by a proven caller's operation that arrived
// before that read took off, over the real emulator: dashboards waiting in the memory admission's
// line take the reads of the one admitted before them, but not those sent before they arrived; a
// write between ends it; a caller not proven never takes one; and nothing is kept once no operation
// that could take it is under way. Upstream calls are counted at the emulator.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/server.ts';
import { SharedReads } from '../../src/upstream/call/sharedReads.ts';
import { RightsClasses } from '../../src/upstream/call/rightsClasses.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import type { UpstreamObserver } from '../../src/upstream/observer.ts';
import { dashboard, variableAttack } from '../helpers/consoleOperations.ts';
import { countFromNow, TOKEN, useEmulator } from '../helpers/emulator.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { silentLogger } from '../helpers/logs.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { type RecordingProxy, startRecordingProxy } from '../helpers/proxy.ts';
import { gatewaySchema } from '../helpers/gateway.ts';

/** Three API tokens of the same admin: three callers with the same rights. */
const [A, B, C] = [TOKEN, 'second-test-token', 'third-test-token'].map((token) => `SSWS ${token}`);
/** A fourth, never answered before the test reads with it: not proven. */
const UNPROVEN = 'SSWS fourth-test-token';
const fixture = builtInOrgWithTokens(
  ['second-test-token', 'third-test-token', 'fourth-test-token'].map((token) => ({ token, userId: CAROL })),
);

describe('a landed read, taken by the operations that arrived before it took off', () => {
  const emu = useEmulator({ fixture });
  let upstream: UpstreamClient;
  const shared: string[] = [];
  const observer: UpstreamObserver = {
    onUpstreamRequest: () => undefined,
    onSharedRead: (read) => shared.push(`${read.method} ${read.template}`),
  };
  beforeEach(async () => {
    shared.length = 0;
    upstream = new UpstreamClient({ baseUrl: emu().url, retries: 0 });
    for (const auth of [A, B]) await upstream.forCaller(auth).listPolicies({ type: 'PASSWORD' });
  });
  afterEach(() => upstream.close());

  /** An operation that arrived now. */
  const arrived = (auth: string) => upstream.forCaller(auth, { observer, arrivedAt: performance.now() });
  const passwordPolicies = (api: ReturnType<typeof arrived>) => api.listPolicies({ type: 'PASSWORD' });

  it('is taken by a proven caller whose operation arrived before it took off: no call, its own objects', async () => {
    const waiting = arrived(B);
    const leader = arrived(A);
    const led = await passwordPolicies(leader);
    const calls = countFromNow(emu());
    const taken = await passwordPolicies(waiting);
    expect(calls().total).toBe(0);
    expect(taken).toEqual(led);
    expect(taken.items[0]).not.toBe(led.items[0]);
    expect(shared).toEqual(['GET /api/v1/policies']);
  });

  it('is not taken by an operation that arrived after it took off: that one calls', async () => {
    const older = arrived(B);
    await passwordPolicies(arrived(A));
    const calls = countFromNow(emu());
    await passwordPolicies(arrived(B));
    expect(calls().total).toBe(1);
    // The older operation still takes it.
    await passwordPolicies(older);
    expect(calls().total).toBe(1);
  });

  it('is not taken once a write of its kind started or ended since: a read after a write is fresh', async () => {
    const waiting = arrived(B);
    const leader = arrived(A);
    await passwordPolicies(leader);
    const made = await leader.createPolicy({ type: 'PASSWORD', name: 'Made while waiting' });
    const calls = countFromNow(emu());
    const after = await passwordPolicies(waiting);
    expect(calls().total).toBe(1);
    expect(after.items.map((p) => p.id)).toContain(made.id);
  });

  it('is kept per kind: a write of user types leaves the policies read to take', async () => {
    const waiting = arrived(B);
    const leader = arrived(A);
    await passwordPolicies(leader);
    await expect(leader.deleteUserType('oty-missing')).rejects.toMatchObject({ status: 404 });
    const calls = countFromNow(emu());
    await passwordPolicies(waiting);
    expect(calls().total).toBe(0);
  });

  it('is never taken by a caller not proven: its read is its own call', async () => {
    const waiting = arrived(UNPROVEN);
    await passwordPolicies(arrived(A));
    const calls = countFromNow(emu());
    await passwordPolicies(waiting);
    expect(calls().total).toBe(1);
    expect(shared).toEqual([]);
  });

  it('is dropped once no operation that arrived before it took off is under way', async () => {
    const reads = upstream.sharedReads as SharedReads;
    const waiting = arrived(B);
    const leader = arrived(A);
    await passwordPolicies(leader);
    expect(reads.keptBytesNow).toBeGreaterThan(0);
    leader.finish();
    expect(reads.keptBytesNow).toBeGreaterThan(0);
    waiting.finish();
    expect(reads.keptBytesNow).toBe(0);
    // A read with no operation under way that arrived before it is not kept at all.
    await passwordPolicies(upstream.forCaller(A, { observer }));
    expect(reads.keptBytesNow).toBe(0);
  });
});

describe('landed reads within their byte bound', () => {
  const ok = (body: string) => ({
    ok: true as const,
    status: 200,
    headers: {},
    body,
    durationMs: 1,
    retriedAfterAmbiguousFailure: false,
  });
  const guard = { reason: undefined, onAbort: () => () => undefined, takeBytes: () => undefined };

  it('keep the latest landed first: an answer larger than the bound is not kept, the oldest go first', async () => {
    let clock = 0;
    const reads = new SharedReads(new RightsClasses(), () => clock, 10);
    reads.arrive(0, Number.POSITIVE_INFINITY);
    const lead = (url: string, body: string) => {
      clock++;
      return reads.read({ url, family: 'policies', rights: 'policies:read', arrivedAt: 0.5, guard }, async () =>
        ok(body),
      );
    };
    await lead('/one', '123456');
    await lead('/two', '1234');
    expect(reads.keptBytesNow).toBe(10);
    await lead('/three', '12');
    expect(reads.keptBytesNow).toBe(6);
    await lead('/large', '12345678901');
    expect(reads.keptBytesNow).toBe(6);
    // '/one' went first: a read of it calls again; '/two' is still taken.
    let calls = 0;
    const count = async () => {
      calls++;
      return ok('x');
    };
    await reads.read({ url: '/two', family: 'policies', rights: 'policies:read', arrivedAt: 0.5, guard }, count);
    expect(calls).toBe(0);
    await reads.read({ url: '/one', family: 'policies', rights: 'policies:read', arrivedAt: 0.5, guard }, count);
    expect(calls).toBe(1);
  });
});

describe('dashboards waiting in the memory admission line', () => {
  const emu = useEmulator({ fixture });
  let proxy: RecordingProxy;
  let upstream: UpstreamClient;
  let gateway: ReturnType<typeof createGateway>;
  beforeAll(async () => {
    proxy = await startRecordingProxy(emu().url);
  });
  afterAll(() => proxy.close());
  beforeEach(() => {
    upstream = new UpstreamClient({ baseUrl: proxy.url, retries: 0 });
    // The smallest budget: each dashboard runs alone, the others wait in line, first come first served.
    gateway = createGateway({
      schema: gatewaySchema(),
      upstream,
      logger: silentLogger(),
      memoryBudgetBytes: 1024 * 1024,
    });
  });
  afterEach(() => upstream.close());

  const post = (auth: string, { query, variables }: { query: string; variables: Record<string, unknown> }) =>
    postGraphql('http://gateway/graphql', query, { variables, auth, fetch: gateway.fetch }).then((r) => r.body);
  const open = (auth: string) => post(auth, dashboard('variable'));
  /** Another heavy operation: pages of password policies filtered by name, none of the dashboard's reads. */
  const pages = (auth: string) => post(auth, variableAttack(20));
  const waited = async () => {
    const res = await gateway.fetch('http://gateway/metrics');
    return Number(/^gateway_memory_admission_waits_total (\d+)/m.exec(await res.text())?.[1]);
  };
  /** Resolves once `count` operations have waited in line (each has arrived). */
  const untilWaited = async (count: number) => {
    while ((await waited()) < count) await new Promise((resolve) => setImmediate(resolve));
  };

  it('take the reads of the dashboard admitted before them: two dashboards cost the calls of one, every answer whole', async () => {
    for (const auth of [A, B, C]) {
      await postGraphql('http://gateway/graphql', '{ policies(type: PASSWORD, first: 1) { nodes { id } } }', {
        auth,
        fetch: gateway.fetch,
      });
    }
    let calls = countFromNow(emu());
    const alone = await open(A);
    const oneDashboard = calls().total;
    expect(alone.errors).toBeUndefined();
    calls = countFromNow(emu());
    expect((await pages(A)).errors).toBeUndefined();
    const onePages = calls().total;

    calls = countFromNow(emu());
    // A heavy operation is admitted and its first call held upstream: it holds the budget.
    const held = proxy.holdNext();
    const first = pages(A);
    await held.arrived;
    // Two dashboards arrive and wait in line, in this order: their reads take off after both arrived.
    const second = open(B);
    await untilWaited(1);
    const third = open(C);
    await untilWaited(2);
    held.release();
    const [, ...dashboards] = await Promise.all([first, second, third]);

    // The second makes every call of a dashboard; the third, admitted after it, takes them all.
    expect(calls().total).toBe(onePages + oneDashboard);
    for (const answer of dashboards) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual(alone.data);
    }
  });
});
