// The org's upstream budget through the whole gateway, over the real emulator at 120 requests a
// minute: a greedy caller leaves an ordinary one what it asks for, junk credentials cost at most the
// unproven share and lock no one out, a poisoned rate-limit answer stops nothing for more than one
// window, and a caller's throttle status. The Date is frozen and moved by the test (driven steps):
// the emulator's window and the gateway's follow it, and no result waits on real time.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGateway } from '../../src/gateway/server.ts';
import { UpstreamBudget } from '../../src/upstream/budget/budget.ts';
import { MemoryBudgetStore } from '../../src/upstream/budget/memoryStore.ts';
import { WINDOW_MS } from '../../src/upstream/budget/window.ts';
import { callerSharesOf, SHARED_STATE_DEFAULTS } from '../../src/gateway/sharedState.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { advanceDate, freezeDate } from '../helpers/clock.ts';
import { countFromNow, startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { silentLogger } from '../helpers/logs.ts';
import { type RecordingProxy, startRecordingProxy } from '../helpers/proxy.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { gatewaySchema } from '../helpers/gateway.ts';

/** The default shares: CALLER_SHARE 1, UNPROVEN_SHARE 0.05, NEWCOMER_RESERVE 0.08. */
const SHARES = callerSharesOf(SHARED_STATE_DEFAULTS);
/** Two callers: two API tokens of the same admin (the whole Authorization value tells callers apart). */
const OTHER_TOKEN = 'other-test-token';
const GREEDY = `SSWS ${TOKEN}`;
const ORDINARY = `SSWS ${OTHER_TOKEN}`;
const schema = gatewaySchema();

let emu: TestEmulator;
let proxy: RecordingProxy;
const clients: UpstreamClient[] = [];
beforeAll(async () => {
  emu = await startTestEmulator({ fixture: builtInOrgWithTokens([{ token: OTHER_TOKEN, userId: CAROL }]) });
  proxy = await startRecordingProxy(emu.url);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await proxy.close();
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
  await emu.setFaults({ rateLimitPerMinute: 120 });
});

/**
 * A gateway in process with the default shares, made after the Date is frozen (its clocks are the
 * faked Date). A deadline of 1.4 s: the tests' steps come 0.5 s or more before a window's end, and a
 * call waits for a reset only with a second of its deadline left after it, so a refused call is
 * refused at once rather than waiting on real timers.
 */
function gateway(baseUrl = emu.url) {
  const upstream = new UpstreamClient({
    baseUrl,
    budget: new UpstreamBudget(new MemoryBudgetStore(0, 1, SHARES)),
    operation: { timeoutMs: 1_400 },
    retries: 0,
  });
  clients.push(upstream);
  const yoga = createGateway({ upstream, schema, logger: silentLogger() });
  return { upstream, gql };
  async function gql(query: string, auth: string) {
    return (await postGraphql('http://gateway/graphql', query, { auth, fetch: yoga.fetch })).body;
  }
}

const codesOf = (body: { errors?: any[] }) => [...new Set((body.errors ?? []).map((e) => e.extensions?.code))];
const aliases = (count: number, field: (i: number) => string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join(' ')} }`;
/**
 * The start of a clock minute ahead of every Date used so far in this file: the emulator's window
 * only moves forward, so each test starts minutes after where the previous one left the clock.
 */
let lastStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
const aMinuteAhead = () => {
  lastStart = Math.max(lastStart, Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS) + 10 * WINDOW_MS;
  return lastStart;
};

describe('two callers at 120 requests a minute', () => {
  it('a greedy caller leaves one asking every 2 s what it asks for: never refused twice in a row', async () => {
    const start = aMinuteAhead();
    freezeDate(start + 500);
    const { gql } = gateway();
    const quota = vi.spyOn(emu.faults, 'takeQuota');
    let asked = 0;
    let served = 0;
    let refusedSince: number | undefined;
    let longestRefusalMs = 0;
    // Two minutes in 1 s steps: the greedy caller sends 10 reads each second (far more than the
    // window allows), the ordinary one a read every other second.
    for (let step = 0; step < 120; step++) {
      await gql(
        aliases(10, (i) => `policy(id: "00pgreedy${step}x${i}") { id }`),
        GREEDY,
      );
      if (step % 2 === 0) {
        asked++;
        const body = await gql('{ userTypes { id } }', ORDINARY);
        if (body.data?.userTypes) {
          served++;
          if (refusedSince !== undefined) longestRefusalMs = Math.max(longestRefusalMs, Date.now() - refusedSince);
          refusedSince = undefined;
        } else {
          expect(codesOf(body)).toEqual(['RATE_LIMITED']);
          refusedSince ??= Date.now();
        }
      }
      advanceDate(1_000);
    }
    // Paced through each window, the greedy caller leaves the ordinary one every read it asks for
    // (within its equal part): never refused twice in a row, at most once in all.
    expect(served).toBeGreaterThanOrEqual(asked - 1);
    expect(longestRefusalMs).toBeLessThanOrEqual(2_000);
    const answers = quota.mock.results.map((r) => r.value as { allowed: boolean });
    // The gateway never sent a request the service refused, and the greedy caller got at least its half.
    expect(answers.filter((a) => !a.allowed)).toHaveLength(0);
    expect(answers.length).toBeLessThanOrEqual(2 * 120);
    expect(answers.length - served).toBeGreaterThanOrEqual(2 * 55);
  });
});

describe('junk credentials', () => {
  it('130 requests with junk tokens, distinct and identical, cost at most 6 calls and lock no one out', async () => {
    freezeDate(aMinuteAhead() + 30_000);
    const { gql } = gateway();
    expect((await gql('{ userTypes { id } }', GREEDY)).data?.userTypes).toEqual(expect.any(Array));
    const calls = countFromNow(emu);
    const junk = Array.from({ length: 130 }, (_, i) => (i % 2 ? `SSWS junk${i}` : 'SSWS junk'));
    const answers = await Promise.all(junk.map((auth) => gql('{ userTypes { id } }', auth)));
    expect(calls().total).toBeLessThanOrEqual(6);
    for (const body of answers) {
      expect(body.data?.userTypes ?? null).toBeNull();
      expect(['UNAUTHENTICATED', 'RATE_LIMITED']).toContain(codesOf(body)[0]);
    }
    // Repeating the known junk token costs nothing: its refusal is remembered.
    const before = calls().total;
    expect(codesOf(await gql('{ userTypes { id } }', 'SSWS junk'))).toEqual(['UNAUTHENTICATED']);
    expect(calls().total).toBe(before);
    // The valid caller is served throughout.
    const valid = await gql('{ userTypes { id } policies(type: PASSWORD) { nodes { id } } }', GREEDY);
    expect(valid.errors).toBeUndefined();
    expect(valid.data.policies.nodes.length).toBeGreaterThan(0);
  });
});

describe('a poisoned rate-limit answer', () => {
  it('a reset 24 h ahead stops the gateway for at most one window, then one call finds the service again', async () => {
    const start = aMinuteAhead() + 10_000;
    freezeDate(start);
    const { gql } = gateway(proxy.url);
    const dayAhead = String(Math.floor(start / 1000) + 24 * 3600);
    proxy.rewriteNextAnswer({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': dayAhead });
    expect((await gql('{ userTypes { id } }', GREEDY)).data?.userTypes).toEqual(expect.any(Array));
    const sent = proxy.received.length;
    const refused = await gql('{ userTypes { id } }', GREEDY);
    expect(codesOf(refused)).toEqual(['RATE_LIMITED']);
    expect(Date.parse(refused.errors?.[0].extensions.resetAt)).toBeLessThanOrEqual(start + WINDOW_MS);
    expect(proxy.received.length).toBe(sent);

    // A 429 that says the same, in the next window: believed for one window at most too.
    advanceDate(WINDOW_MS);
    await emu.setFaults({ errorRate: 1, status: 429 });
    proxy.rewriteNextAnswer({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': dayAhead, 'retry-after': '86400' });
    const limited = await gql('{ userTypes { id } }', GREEDY);
    expect(codesOf(limited)).toEqual(['RATE_LIMITED']);
    expect(Date.parse(limited.errors?.[0].extensions.resetAt)).toBeLessThanOrEqual(Date.now() + WINDOW_MS);
    await emu.setFaults({ errorRate: 0 });

    advanceDate(WINDOW_MS);
    const before = proxy.received.length;
    expect((await gql('{ userTypes { id } }', GREEDY)).data?.userTypes).toEqual(expect.any(Array));
    expect(proxy.received.length).toBe(before + 1);
  });
});

describe('throttle status', () => {
  it("is the caller's remaining share of the window and its reset, as this replica last knew it", async () => {
    const start = aMinuteAhead() + 20_000;
    freezeDate(start);
    const { upstream } = gateway();
    const api = upstream.forCaller(GREEDY);
    expect(api.throttleStatus()).toEqual({ limit: null, remaining: null, resetAt: null, callerLimit: null });
    await api.listUserTypes();
    await api.getUserType('default');
    const status = api.throttleStatus();
    // Alone, the caller may take all of the window but the newcomer reserve (9).
    expect(status).toMatchObject({ limit: 120, callerLimit: 111, resetAt: start - 20_000 + WINDOW_MS });
    // The first call was the unproven probe; the second counts in the caller's own share.
    expect(status?.remaining).toBe(110);
    // Another operation of the same caller sees the same standing; another caller its own.
    expect(upstream.forCaller(GREEDY).throttleStatus()).toEqual(status);
    expect(upstream.forCaller(ORDINARY).throttleStatus()?.remaining).toBeNull();
  });
});
