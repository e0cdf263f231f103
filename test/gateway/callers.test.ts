// One caller is one credential, over the real emulator: every spelling of one Authorization value
// the service reads as the same credential is one caller, in the fair share of the org's budget, in
// the proven and refused memory, in idempotency records and in policy plans; and junk tokens from
// one client address cannot take the unproven credentials' whole share, so a new valid credential
// from another address is served in the same window. The Date is frozen and moved by the test: the
// emulator's window and the gateway's follow it, and no result waits on real time.
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readGatewayConfig } from '../../src/config/gateway.ts';
import { clientAddressOf } from '../../src/gateway/clientAddress.ts';
import { createGateway } from '../../src/gateway/server.ts';
import { UpstreamBudget } from '../../src/upstream/budget/budget.ts';
import { MemoryBudgetStore } from '../../src/upstream/budget/memoryStore.ts';
import { WINDOW_MS } from '../../src/upstream/budget/window.ts';
import { callerSharesOf, SHARED_STATE_DEFAULTS } from '../../src/gateway/sharedState.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { credentialDigest, credentialOf } from '../../src/upstream/credential.ts';
import { advanceDate, freezeDate } from '../helpers/clock.ts';
import { countFromNow, startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { silentLogger } from '../helpers/logs.ts';
import { gatewaySchema, startTestGateway } from '../helpers/gateway.ts';

/** The default shares: CALLER_SHARE 1, UNPROVEN_SHARE 0.05, NEWCOMER_RESERVE 0.08. */
const SHARES = callerSharesOf(SHARED_STATE_DEFAULTS);
/** Eight spellings of one credential: the scheme in any case, any run of spaces. */
const SPELLINGS = ['SSWS', 'ssws', 'Ssws', 'SSWS ', 'sSwS  ', 'ssws   ', 'SsWs', 'SSWs    '].map(
  (s) => `${s} ${TOKEN}`,
);
/** Another API token of the same admin: another credential, so another caller. */
const OTHER_TOKEN = 'other-test-token';
const ORDINARY = `SSWS ${OTHER_TOKEN}`;
const schema = gatewaySchema();

let emu: TestEmulator;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  emu = await startTestEmulator({ fixture: builtInOrgWithTokens([{ token: OTHER_TOKEN, userId: CAROL }]) });
});
afterAll(async () => {
  for (const close of closers) await close();
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

/**
 * An upstream client with the default shares, made after the Date is frozen. A deadline of 1.4 s:
 * a call waits for a reset only with a second of its deadline left after it, and the tests' steps
 * come seconds before a window's end, so a refused call is refused at once.
 */
function upstreamClient(): UpstreamClient {
  const upstream = new UpstreamClient({
    baseUrl: emu.url,
    budget: new UpstreamBudget(new MemoryBudgetStore(0, 1, SHARES)),
    operation: { timeoutMs: 1_400 },
    retries: 0,
  });
  closers.push(() => upstream.close());
  return upstream;
}

/** A gateway in process (no client address: nothing is limited per address). */
function inProcessGateway() {
  const upstream = upstreamClient();
  const yoga = createGateway({ upstream, schema, logger: silentLogger() });
  const gql = async (query: string, auth: string, variables?: Record<string, unknown>) =>
    (await postGraphql('http://gateway/graphql', query, { auth, variables, fetch: yoga.fetch })).body;
  return { upstream, gql };
}

/** A gateway over HTTP on 127.0.0.1, and a client sending from `from` (any address of 127/8 on loopback). */
async function httpGateway(trustedProxies: string[] = []) {
  const gateway = await startTestGateway(upstreamClient(), { trustedProxies });
  closers.push(() => gateway.close(0));
  const agents = new Map<string, Agent>();
  return async (from: string, auth: string, headers: Record<string, string> = {}) => {
    let agent = agents.get(from);
    if (!agent) {
      agent = new Agent({ localAddress: from });
      agents.set(from, agent);
      closers.push(() => (agent as Agent).close());
    }
    const dispatcher = agent;
    // undici's own fetch: the global one may be another undici, which ignores this Agent.
    const send = (url: string, init: RequestInit) =>
      undiciFetch(url, { ...init, dispatcher } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
    return (await postGraphql(`${gateway.url}/graphql`, '{ userTypes { id } }', { auth, headers, fetch: send })).body;
  };
}

const codesOf = (body: { errors?: any[] }) => [...new Set((body.errors ?? []).map((e) => e.extensions?.code))];
const reads = (count: number, tag: string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: policy(id: "00p${tag}x${i}") { id }`).join(' ')} }`;

/** The start of a clock minute ahead of every Date used so far (the emulator's window only moves forward). */
let lastStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
const minutesAhead = () => {
  lastStart = Math.max(lastStart, Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS) + 10 * WINDOW_MS;
  return lastStart;
};

describe('the credential in one spelling', () => {
  it('the scheme in any case and any run of spaces are one credential; the scheme stays part of it', () => {
    for (const spelling of SPELLINGS) expect(credentialOf(spelling)).toBe(`SSWS ${TOKEN}`);
    expect(credentialOf('bearer   abc def')).toBe('Bearer abc def');
    expect(credentialDigest(`ssws  ${TOKEN}`)).toBe(credentialDigest(`SSWS ${TOKEN}`));
    expect(credentialDigest(`Bearer ${TOKEN}`)).not.toBe(credentialDigest(`SSWS ${TOKEN}`));
    // The token is compared exactly, as the service does: its own case and inner spaces count.
    expect(credentialDigest(`SSWS ${TOKEN.toUpperCase()}`)).not.toBe(credentialDigest(`SSWS ${TOKEN}`));
    // No usable header is left as it is.
    expect(credentialOf('Basic abc')).toBe('Basic abc');
  });

  it('the emulator reads every spelling as its token', async () => {
    for (const authorization of SPELLINGS) {
      const res = await fetch(`${emu.url}/api/v1/meta/types/user`, { headers: { authorization } });
      expect(res.status, authorization).toBe(200);
      await res.arrayBuffer();
    }
  });
});

describe('eight spellings of one credential at 120 requests a minute', () => {
  it('together take one caller’s part of each window; an ordinary caller asking every 2 s is served every time', async () => {
    const start = minutesAhead();
    freezeDate(start + 500);
    await emu.setFaults({ rateLimitPerMinute: 120 });
    const { gql } = inProcessGateway();
    const allowed = new Map<number, number>();
    const original = emu.faults.takeQuota.bind(emu.faults);
    vi.spyOn(emu.faults, 'takeQuota').mockImplementation((at) => {
      const decision = original(at);
      const window = Math.floor(Date.now() / WINDOW_MS);
      if (decision.allowed) allowed.set(window, (allowed.get(window) ?? 0) + 1);
      else allowed.set(-1, (allowed.get(-1) ?? 0) + 1);
      return decision;
    });
    const served = new Map<number, number>();
    // Two minutes in 2 s steps: each spelling sends 4 reads a step (far more than the window
    // allows), the ordinary caller one read.
    for (let step = 0; step < 60; step++) {
      await Promise.all(SPELLINGS.map((auth, i) => gql(reads(4, `g${step}s${i}`), auth)));
      const body = await gql('{ userTypes { id } }', ORDINARY);
      const window = Math.floor(Date.now() / WINDOW_MS);
      if (body.data?.userTypes) served.set(window, (served.get(window) ?? 0) + 1);
      else expect(codesOf(body)).toEqual(['RATE_LIMITED']);
      advanceDate(2_000);
    }
    // The service refused nothing.
    expect(allowed.get(-1)).toBeUndefined();
    const [first, second] = [start / WINDOW_MS, start / WINDOW_MS + 1];
    const greedy = (window: number) => (allowed.get(window) ?? 0) - (served.get(window) ?? 0);
    // The first window the eight spellings came first: together they took at most what one lone
    // caller may (111 of 120) and their probe, paced through the window; the ordinary caller, new,
    // was served every time from its first read on (the reserve, then its own part as it is released).
    expect(greedy(first)).toBeLessThanOrEqual(112);
    expect(served.get(first)).toBe(30);
    // From the next window both are active: the ordinary caller gets every read it asks for, the
    // eight spellings one caller's half of what is not the reserve (55) and what the ordinary caller
    // leaves of its half (all but a tenth of its part, kept for it: 6).
    expect(served.get(second)).toBe(30);
    expect(greedy(second)).toBeGreaterThanOrEqual(55);
    expect(greedy(second)).toBeLessThanOrEqual(120 - 9 - 30);
    // Sixty steps of nine operations: about 10 s on a loaded machine.
  }, 40_000);
});

describe('one credential in any spelling', () => {
  it('is refused, proven and throttled as one: no new probe, no call for a refused one re-spelled', async () => {
    freezeDate(minutesAhead() + 10_000);
    const { upstream, gql } = inProcessGateway();
    expect(codesOf(await gql('{ userTypes { id } }', 'SSWS junk-token'))).toEqual(['UNAUTHENTICATED']);
    const calls = countFromNow(emu);
    for (const auth of ['ssws junk-token', 'SSWS   junk-token', 'sSwS junk-token']) {
      expect(codesOf(await gql('{ userTypes { id } }', auth))).toEqual(['UNAUTHENTICATED']);
    }
    expect(calls().total).toBe(0);
    expect((await gql('{ userTypes { id } }', SPELLINGS[0] as string)).data?.userTypes).toEqual(expect.any(Array));
    expect((await gql('{ userTypes { id } }', SPELLINGS[4] as string)).data?.userTypes).toEqual(expect.any(Array));
    // Both reads counted in one caller's standing (the first as the unproven probe).
    const status = upstream.forCaller(SPELLINGS[5] as string).throttleStatus();
    expect(status).toEqual(upstream.forCaller(SPELLINGS[0] as string).throttleStatus());
    expect(status?.remaining).toBe((status?.callerLimit ?? 0) - 1);
  });

  it('finds its idempotency records and its policy plans in any spelling, not with the other scheme', async () => {
    freezeDate(minutesAhead() + 10_000);
    const { gql } = inProcessGateway();
    const create = `mutation($key: String) { createUserType(input: { name: "vendor", displayName: "Vendor" }, idempotencyKey: $key) { userType { id } userErrors { code } } }`;
    const calls = countFromNow(emu);
    const first = await gql(create, `SSWS ${TOKEN}`, { key: 'k-1' });
    const retry = await gql(create, `ssws   ${TOKEN}`, { key: 'k-1' });
    expect(first.data.createUserType.userType.id).toBeTruthy();
    expect(retry.data.createUserType.userType.id).toBe(first.data.createUserType.userType.id);
    expect(calls().byRoute['POST /api/v1/meta/types/user']).toBe(1);

    const plan = `mutation($document: JSON!) { planPolicies(document: $document) { plan { id } userErrors { code } } }`;
    const apply = `mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }`;
    const document = { version: 1, policies: { PASSWORD: [{ name: 'Mine' }] } };
    const planned = await gql(plan, `SSWS ${TOKEN}`, { document });
    const id = planned.data.planPolicies.plan.id;
    const other = await gql(apply, ORDINARY, { id });
    expect(other.data.applyPolicies.userErrors).toMatchObject([{ code: 'PLAN_NOT_FOUND' }]);
    const applied = await gql(apply, `Ssws  ${TOKEN}`, { id });
    expect(applied.data.applyPolicies).toMatchObject({ userErrors: [], applied: [{ key: 'PASSWORD/Mine' }] });
  });
});

describe('a new valid credential behind a junk flood, at 600 requests a minute', () => {
  /** 8 loops of distinct junk tokens from `from`, `each` requests a loop; the answers' codes counted. */
  async function junkFlood(send: Awaited<ReturnType<typeof httpGateway>>, from: string, each: number, headers = {}) {
    const codes: Record<string, number> = {};
    let n = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < each; i++) {
          const code = String(codesOf(await send(from, `SSWS junk-${n++}`, headers))[0]);
          codes[code] = (codes[code] ?? 0) + 1;
        }
      }),
    );
    return codes;
  }

  it('junk from one address takes its part of the unproven share; a new credential from another is served in the same window', async () => {
    const start = minutesAhead();
    freezeDate(start + 3_000);
    await emu.setFaults({ rateLimitPerMinute: 600 });
    const send = await httpGateway();
    const calls = countFromNow(emu);
    const codes = await junkFlood(send, '127.0.0.1', 10);
    // The unproven share is 30 calls (5% of 600); one address may take a quarter of it.
    expect(calls().total).toBe(7);
    expect(codes).toEqual({ UNAUTHENTICATED: 7, RATE_LIMITED: 73 });
    const refused = await send('127.0.0.1', 'SSWS junk-more');
    expect(refused.errors[0].message).toContain("This client address's share");

    // The Date has not moved: the same window. A credential never seen, from another address, is served.
    const served = await send('127.0.0.2', ORDINARY);
    expect(served.errors).toBeUndefined();
    expect(served.data.userTypes).toEqual(expect.any(Array));
    expect(calls().total).toBe(8);
    // The same new credential from the flooding address waits for the next window.
    expect(codesOf(await send('127.0.0.1', `SSWS ${TOKEN}`))).toEqual(['RATE_LIMITED']);
    advanceDate(WINDOW_MS);
    expect((await send('127.0.0.1', `SSWS ${TOKEN}`)).data?.userTypes).toEqual(expect.any(Array));
  });

  it('X-Forwarded-For is read only from a trusted proxy, from the right', async () => {
    const start = minutesAhead();
    freezeDate(start + 3_000);
    await emu.setFaults({ rateLimitPerMinute: 600 });
    // Not trusted: a client naming other addresses is still its connection's address.
    const direct = await httpGateway();
    const calls = countFromNow(emu);
    await junkFlood(direct, '127.0.0.1', 2, { 'x-forwarded-for': '10.0.0.1' });
    expect(calls().total).toBe(7);
    expect(codesOf(await direct('127.0.0.1', 'SSWS junk-x', { 'x-forwarded-for': '10.0.0.9' }))).toEqual([
      'RATE_LIMITED',
    ]);

    // Behind a trusted proxy at 127.0.0.3: the address it appended is the client's.
    advanceDate(WINDOW_MS);
    const proxied = await httpGateway(['127.0.0.3']);
    const before = calls().total;
    await junkFlood(proxied, '127.0.0.3', 2, { 'x-forwarded-for': '10.0.0.1' });
    expect(calls().total - before).toBe(7);
    // What the client wrote left of the proxy's entry is not read.
    const forged = await proxied('127.0.0.3', ORDINARY, { 'x-forwarded-for': '10.0.0.2, 10.0.0.1' });
    expect(codesOf(forged)).toEqual(['RATE_LIMITED']);
    const other = await proxied('127.0.0.3', ORDINARY, { 'x-forwarded-for': '10.0.0.1, 10.0.0.2' });
    expect(other.data?.userTypes).toEqual(expect.any(Array));
  });

  it('the client address: the connection, an IPv4-mapped address as IPv4, a header only through trusted proxies', () => {
    const direct = clientAddressOf();
    expect(direct('::ffff:192.0.2.7', '10.0.0.1')).toBe('192.0.2.7');
    expect(direct(undefined, '10.0.0.1')).toBeUndefined();
    const behind = clientAddressOf(['10.0.0.0/8', '2001:db8::1']);
    expect(behind('10.1.2.3', '198.51.100.4, 203.0.113.5, 10.9.9.9')).toBe('203.0.113.5');
    expect(behind('2001:db8::1', '203.0.113.5')).toBe('203.0.113.5');
    expect(behind('10.1.2.3', 'not-an-address, 10.2.2.2')).toBe('10.2.2.2');
    expect(behind('10.1.2.3', null)).toBe('10.1.2.3');
    expect(behind('192.0.2.7', '203.0.113.5')).toBe('192.0.2.7');
    // An IPv6 client stands for its /64, in any spelling: rotating through it gains nothing.
    expect(direct('2001:DB8:0:0:1::7', null)).toBe('2001:db8:0:0::/64');
    expect(direct('2001:db8::ffff:1', null)).toBe('2001:db8:0:0::/64');
    expect(direct('2001:0db8:0000:0001:abcd::', null)).toBe('2001:db8:0:1::/64');
    expect(direct('::1', null)).toBe('0:0:0:0::/64');
    expect(direct('fe80::1%eth0', null)).toBe('fe80:0:0:0::/64');
    expect(behind('2001:db8::1', '2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    // TRUSTED_PROXIES takes addresses and ranges; anything else stops the start, naming it.
    expect(readGatewayConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    expect(() => readGatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/33,proxy.local' })).toThrow(
      /TRUSTED_PROXIES: "10.0.0.0\/33" is not an IP address[\s\S]*TRUSTED_PROXIES: "proxy.local"/,
    );
  });
});
