// An operation's upstream traffic at run time, measured with the emulator's request counter: a
// junk token costs one call however many fields ask; after a 429 no call starts; the call budget
// stops further calls; the deadline and the client's disconnect abort in-flight calls and start no
// new ones; oversized bodies are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway, startGateway } from '../../src/gateway/server.ts';
import { silentLogger } from '../helpers/logs.ts';
import { recordCalls } from '../helpers/upstreamCalls.ts';
import { UpstreamClient, type UpstreamClientOptions } from '../../src/upstream/client.ts';
import { countFromNow, type RequestCounts, startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { scripted } from '../helpers/random.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { gatewaySchema } from '../helpers/gateway.ts';

let emu: TestEmulator;
const schema = gatewaySchema();
let random: () => number = Math.random;
/** Emulator answers waiting for their latency; each resolves when the test releases it. */
const held: (() => void)[] = [];
let onHeld: () => void = () => undefined;

beforeAll(async () => {
  emu = await startTestEmulator({
    faultHooks: {
      random: () => random(),
      // Latency is held until the test lets it go, so that a test knows a request is in flight.
      delay: () =>
        new Promise<void>((resolve) => {
          held.push(resolve);
          onHeld();
        }),
    },
  });
});
afterAll(async () => {
  await emu.close();
});

const clients: UpstreamClient[] = [];
let requests: () => RequestCounts;
beforeEach(async () => {
  random = Math.random;
  for (const release of held.splice(0)) release();
  await emu.reset();
  requests = countFromNow(emu);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** The next request the emulator holds. */
function nextHeldRequest(): Promise<void> {
  return new Promise((resolve) => {
    onHeld = () => {
      onHeld = () => undefined;
      resolve();
    };
  });
}

/** A gateway in process over its own upstream client to the file's emulator. */
function gateway(client: Omit<UpstreamClientOptions, 'baseUrl'> = {}) {
  const upstream = new UpstreamClient({ baseUrl: emu.url, ...client });
  clients.push(upstream);
  const recorded = recordCalls(upstream);
  const yoga = createGateway({ upstream, schema, logger: silentLogger() });
  return Object.assign(gql, { recorded });
  async function gql(query: string, opts: { auth?: string; signal?: AbortSignal } = {}) {
    const auth = opts.auth ?? `SSWS ${TOKEN}`;
    return (await postGraphql('http://gateway/graphql', query, { auth, signal: opts.signal, fetch: yoga.fetch })).body;
  }
}

const codesOf = (body: { errors?: any[] }) => [...new Set((body.errors ?? []).map((e) => e.extensions?.code))];
const aliases = (count: number, field: (i: number) => string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join(' ')} }`;

describe('a token the upstream rejects', () => {
  it('costs one call, however many fields ask, and no call while its refusal is remembered', async () => {
    const gql = gateway({ refusedCredentialMs: 0 });
    const body = await gql(
      aliases(40, (i) => `policy(id: "00p${i}") { id }`),
      { auth: 'SSWS junk' },
    );
    expect(Object.values(body.data)).toEqual(Array(40).fill(null));
    expect(body.errors).toHaveLength(40);
    expect(codesOf(body)).toEqual(['UNAUTHENTICATED']);
    expect(requests().total).toBe(1);

    const types = ['PASSWORD', 'ACCESS_POLICY', 'MFA_ENROLL', 'PLATFORM_SIGN_ON', 'IDP_DISCOVERY'];
    const dashboard = await gql(
      aliases(types.length, (i) => `policies(type: ${types[i]}) { nodes { id } }`),
      { auth: 'SSWS junk' },
    );
    expect(codesOf(dashboard)).toEqual(['UNAUTHENTICATED']);
    expect(requests().total).toBe(2);

    // With the refusal remembered (the default), the same credential gets the upstream's answer again, without a call.
    const remembering = gateway();
    const first = await remembering('{ userTypes { id } }', { auth: 'SSWS junk' });
    const again = await remembering(
      aliases(3, (i) => `policy(id: "00p${i}") { id }`),
      { auth: 'SSWS junk' },
    );
    expect(codesOf(first)).toEqual(['UNAUTHENTICATED']);
    expect(codesOf(again)).toEqual(['UNAUTHENTICATED']);
    expect(again.errors?.[0].extensions.upstream).toEqual(first.errors?.[0].extensions.upstream);
    expect(requests().total).toBe(3);
  });

  it('does not slow a working token: its fan-out follows the first answer', async () => {
    const gql = gateway();
    const body = await gql(aliases(20, (i) => `policy(id: "00p${i}") { id }`));
    expect(body.errors).toBeUndefined();
    expect(requests().total).toBe(20);
  });
});

describe('a rate limit', () => {
  it('starts no new call after a 429 whose reset is past the deadline, and says when it resets', async () => {
    const gql = gateway({ operation: { timeoutMs: 500, concurrency: 1 } });
    // The token is known to work, so the calls go one by one without a probe.
    expect((await gql('{ userTypes { id } }')).errors).toBeUndefined();
    await emu.setFaults({ errorRate: 1, status: 429 });
    const body = await gql(aliases(5, (i) => `userType(id: "oty${i}") { id }`));
    expect(body.errors).toHaveLength(5);
    expect(codesOf(body)).toEqual(['RATE_LIMITED']);
    for (const error of body.errors ?? []) expect(Date.parse(error.extensions.resetAt)).toBeGreaterThan(0);
    expect(requests().total).toBe(2);
  });

  it('waits for the reset when it comes before the deadline, then succeeds', async () => {
    const gql = gateway();
    random = scripted([0]);
    await emu.setFaults({ errorRate: 0.5, status: 429 });
    const body = await gql('{ userTypes { name } }');
    expect(body.errors).toBeUndefined();
    expect(body.data.userTypes.length).toBeGreaterThan(0);
    expect(requests().byRoute).toEqual({ 'GET /api/v1/meta/types/user': 2 });
  });
});

describe('the call budget', () => {
  it('refuses the wave that would cross MAX_UPSTREAM_CALLS before sending any of it, with one error; the rest resolves', async () => {
    for (let i = 0; i < 6; i++) {
      await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: `Budget ${i}` });
    }
    const gql = gateway({ operation: { maxCalls: 5 } });
    const answers = [];
    for (let run = 0; run < 3; run++) {
      const calls = countFromNow(emu);
      answers.push(await gql('{ policies(type: PASSWORD) { nodes { name rules { name } } } }'));
      // The list, then a wave of seven rules lists: 1 + 7 > 5, so none of the seven is sent.
      expect(calls().total).toBe(1);
    }
    const [body] = answers;
    const nodes: { name: string; rules: unknown[] | null }[] = body.data.policies.nodes;
    expect(nodes).toHaveLength(7);
    expect(nodes.every((n) => n.rules === null)).toBe(true);
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['policies', 'nodes', 0, 'rules'],
        extensions: expect.objectContaining({ code: 'UPSTREAM_BUDGET_EXCEEDED', needed: 8, limit: 5, fields: 7 }),
      }),
    ]);
    expect(body.errors?.[0].extensions.hint).toMatch(/first/);
    // The same answer every time.
    expect(answers[1].data).toEqual(body.data);
    expect(answers[2].errors).toEqual(body.errors);
  });
});

describe('the deadline and cancellation', () => {
  const twoWaves = '{ policies(type: PASSWORD) { nodes { name rules { name } } } }';

  it('at the deadline, aborts the first wave and never sends the second', async () => {
    const gql = gateway({ operation: { timeoutMs: 300 } });
    await emu.setFaults({ latencyMs: 1 });
    const body = await gql(twoWaves);
    expect(codesOf(body)).toEqual(['OPERATION_TIMEOUT']);
    expect(body.errors?.[0].extensions.timeoutMs).toBe(300);
    for (const release of held.splice(0)) release();
    await gql.recorded.quiet();
    expect(gql.recorded.methods()).toEqual(['listPolicies']);
    expect(requests().byRoute).toEqual({ 'GET /api/v1/policies': 1 });
  });

  it('when the client disconnects, aborts the first wave and never sends the second', async () => {
    const gql = gateway();
    await emu.setFaults({ latencyMs: 1 });
    const client = new AbortController();
    const arrived = nextHeldRequest();
    const answer = gql(twoWaves, { signal: client.signal }).catch((e: unknown) => e);
    await arrived;
    client.abort();
    await answer;
    for (const release of held.splice(0)) release();
    await gql.recorded.quiet();
    expect(gql.recorded.methods()).toEqual(['listPolicies']);
    expect(requests().byRoute).toEqual({ 'GET /api/v1/policies': 1 });
  });

  it('when the client’s connection closes (the HTTP server), aborts the first wave and never sends the second', async () => {
    const upstream = new UpstreamClient({ baseUrl: emu.url });
    clients.push(upstream);
    const recorded = recordCalls(upstream);
    const server = await startGateway({ upstream, schema, logger: silentLogger(), port: 0, host: '127.0.0.1' });
    try {
      await emu.setFaults({ latencyMs: 1 });
      const client = new AbortController();
      const arrived = nextHeldRequest();
      const answer = postGraphql(`${server.url}/graphql`, twoWaves, { auth: `SSWS ${TOKEN}`, signal: client.signal });
      const settled = answer.catch((e: unknown) => e);
      await arrived;
      client.abort();
      expect(await settled).toBeInstanceOf(Error);
      // The held list call ends only when the gateway, seeing the connection close, aborts it.
      await recorded.quiet();
      for (const release of held.splice(0)) release();
      await recorded.quiet();
      expect(recorded.methods()).toEqual(['listPolicies']);
      expect(requests().byRoute).toEqual({ 'GET /api/v1/policies': 1 });
    } finally {
      await server.close();
    }
  });
});

describe('upstream bodies', () => {
  it('refuses a body over UPSTREAM_MAX_BODY_BYTES without retrying', async () => {
    const gql = gateway({ maxBodyBytes: 1024 });
    const body = await gql('{ policies(type: PASSWORD) { nodes { id } } }');
    expect(codesOf(body)).toEqual(['UPSTREAM_ERROR']);
    expect(body.errors?.[0].extensions.upstream.errorSummary).toBe('Upstream answered 200 with a body over 1024 bytes');
    expect(requests().total).toBe(1);
  });
});
