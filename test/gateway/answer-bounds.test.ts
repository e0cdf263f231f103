// The run-time bounds of an operation, whatever its estimate said, over the real emulator: the
// answer is counted as it is built and stopped at MAX_RESPONSE_BYTES with one error (a limit one
// byte under an answer refuses it, one a little over it serves it, for documents the estimate
// prices low: back-references, repeated ids, fragments); the memory an answer holds is held until
// its last byte is written, so a client that does not read keeps later heavy operations waiting;
// and a client that reads too slowly is cut off.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type RunningGateway } from '../../src/gateway/server.ts';
import { UpstreamClient, type UpstreamClientOptions } from '../../src/upstream/client.ts';
import { dashboard, withTypename } from '../helpers/consoleOperations.ts';
import { countFromNow, startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { gatewaySchema, startTestGateway } from '../helpers/gateway.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { silentLogger } from '../helpers/logs.ts';
import { seedPolicies } from '../helpers/seed.ts';

let emu: TestEmulator;
const clients: UpstreamClient[] = [];
let passwordIds: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
  // 6 password policies with 6 rules each: back-references multiply them.
  await seedPolicies(emu, 'PASSWORD', 6);
  const list = await emu.call('GET', '/api/v1/policies?type=PASSWORD');
  passwordIds = list.body.map((p: { id: string }) => p.id);
  for (const id of passwordIds.filter((_, i) => i < 5)) {
    for (let n = 1; n <= 5; n++) {
      const rule = await emu.call('POST', `/api/v1/policies/${id}/rules`, {
        type: 'PASSWORD',
        name: `Rule ${n} of ${id}`,
        actions: { passwordChange: { access: 'ALLOW' } },
      });
      expect(rule.status).toBe(200);
    }
  }
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

function upstreamClient(options: Omit<UpstreamClientOptions, 'baseUrl'> = {}): UpstreamClient {
  const upstream = new UpstreamClient({ baseUrl: emu.url, ...options });
  clients.push(upstream);
  return upstream;
}

/** A gateway in process whose answers may be at most `maxResponseBytes`; returns the raw answer text too. */
function gateway(maxResponseBytes: number, maxResolvedFields?: number) {
  const yoga = createGateway({
    schema: gatewaySchema(),
    upstream: upstreamClient(),
    maxResponseBytes,
    maxResolvedFields,
    logger: silentLogger(),
  });
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await yoga.fetch('http://gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
  };
}

/** One back-reference, as the estimate admits it: each rule's policy with all its rules again. */
const BACK_REFERENCES = '{ policies(type: PASSWORD, first: 20) { nodes { rules { policy { rules { name id } } } } } }';

const documents: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  'back-references': { query: BACK_REFERENCES },
  'back-references in a root fragment spread': {
    query:
      'query { ...F } fragment F on Query { policies(type: PASSWORD, first: 20) { nodes { rules { policy { rules { name id } } } } } }',
  },
  'repeated ids': {
    query: 'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Policy { name description priority status } } }',
    variables: { ids: [] },
  },
  "the dashboard, Apollo's version": { query: withTypename(dashboard('literal').query) },
};

describe('answers are counted as they are built', () => {
  beforeAll(() => {
    documents['repeated ids'].variables = { ids: Array.from({ length: 150 }, () => passwordIds[0]!) };
  });

  for (const [name, document] of Object.entries(documents)) {
    it(`refuses ${name} one byte under its answer, and serves it a little over`, async () => {
      const whole = await gateway(64 * 1024 * 1024)(document.query, document.variables);
      expect(whole.body.errors).toBeUndefined();
      const under = await gateway(whole.bytes - 1)(document.query, document.variables);
      expect(under.body.data).toBeNull();
      expect(under.body.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'RESPONSE_TOO_LARGE', limit: whole.bytes - 1 }),
        }),
      ]);
      expect(under.bytes).toBeLessThan(whole.bytes);
      // The count stays close to the bytes: an answer is not refused far below its limit.
      const over = await gateway(Math.ceil(whole.bytes * 1.15) + 2048)(document.query, document.variables);
      expect(over.body.errors).toBeUndefined();
      expect(over.body.data).toEqual(whole.body.data);
    });
  }

  it('stops a document whose answer passes the limit early, and the gateway answers the next operation', async () => {
    const limit = 8 * 1024;
    const gql = gateway(limit);
    const calls = countFromNow(emu);
    const answer = await gql(BACK_REFERENCES);
    expect(answer.bytes).toBeLessThanOrEqual(limit);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].extensions.code).toBe('RESPONSE_TOO_LARGE');
    expect(answer.body.errors[0].path.length).toBeGreaterThan(2);
    expect(calls().total).toBeGreaterThan(0);
    const next = await gql('{ policies(type: PASSWORD, first: 1) { nodes { id } } }');
    expect(next.body.data.policies.nodes).toHaveLength(1);
  });
});

describe('fields are counted as they resolve', () => {
  it('stops an operation past MAX_RESOLVED_FIELDS, whatever its bytes, and serves one within it', async () => {
    const { query, variables } = dashboard('literal');
    const fields = 300;
    const answer = await gateway(64 * 1024 * 1024, fields)(query, variables);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'RESPONSE_TOO_LARGE', measure: 'fields', limit: fields }),
      }),
    ]);
    const small = await gateway(
      64 * 1024 * 1024,
      fields,
    )('{ policies(type: PASSWORD, first: 5) { nodes { id name } } }');
    expect(small.body.errors).toBeUndefined();
  });
});

describe('a stop inside a list of non-null items', () => {
  it('leaves no promise without a handler: items that yielded the event loop before the stop settle with it', async () => {
    // 200 policies of 12 fields: the 2,048th field yields (a promise), the stop comes after it in the same list.
    const emu2 = await startTestEmulator();
    try {
      await seedPolicies(emu2, 'PASSWORD', 200);
      const upstream = new UpstreamClient({ baseUrl: emu2.url });
      clients.push(upstream);
      const yoga = createGateway({
        schema: gatewaySchema(),
        upstream,
        maxResolvedFields: 2_300,
        logger: silentLogger(),
      });
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown) => rejections.push(reason);
      process.on('unhandledRejection', onRejection);
      try {
        const res = await postGraphql(
          'http://gateway/graphql',
          '{ policies(type: PASSWORD, first: 200) { nodes { id name description status priority system created lastUpdated type viewerCanUpdate viewerCanDelete viewerCanActivate } } }',
          { auth: `SSWS ${TOKEN}`, fetch: yoga.fetch },
        );
        expect(res.body.errors).toEqual([
          expect.objectContaining({
            extensions: expect.objectContaining({ code: 'RESPONSE_TOO_LARGE', measure: 'fields' }),
          }),
        ]);
        // Whatever was left pending settles within a few turns of the event loop.
        for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('unhandledRejection', onRejection);
      }
      expect(rejections).toEqual([]);
    } finally {
      await emu2.close();
    }
  });
});

describe('memory and slow readers', () => {
  let gw: RunningGateway;
  const document = {
    query: 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Policy { description } } }',
    variables: {} as Record<string, unknown>,
  };
  const ANSWER_BYTES = 150 * 100_000;
  beforeAll(async () => {
    // An answer of about 15 MB: more than loopback's socket buffers take, so its reader decides when it is written.
    const policy = await emu.call('GET', `/api/v1/policies/${passwordIds[1]}`);
    const put = await emu.call('PUT', `/api/v1/policies/${passwordIds[1]}`, {
      ...policy.body,
      description: 'd'.repeat(100_000),
    });
    expect(put.status).toBe(200);
    document.variables = { ids: Array.from({ length: 150 }, () => passwordIds[1]) };
    // A memory budget of 1 MiB: one such answer fills it.
    // Whoever waits for the budget waits half of this deadline, less than the readers below take.
    gw = await startTestGateway(upstreamClient({ operation: { timeoutMs: 1_000 } }), {
      maxResponseBytes: 64 * 1024 * 1024,
      memoryBudgetBytes: 1024 * 1024,
      http: { writeTimeoutMs: 500, minWriteBytesPerSecond: 8 * 1024 * 1024 },
    });
  });
  afterAll(async () => {
    await gw.close(0);
  });

  const ask = () =>
    postGraphql(`${gw.url}/graphql`, document.query, { variables: document.variables, auth: `SSWS ${TOKEN}` });

  /**
   * Sends the document on a raw socket and reads `bytesPerTick` of the answer every 100 ms, or
   * nothing; resolves once the answer has started, with the socket and the bytes read when it closed
   * (a reader sees the server's reset once it has read what its own buffers held).
   */
  function reader(bytesPerTick: number): Promise<{ closed: Promise<number>; destroy(): void }> {
    const url = new URL(gw.url);
    const body = JSON.stringify(document);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      let read = 0;
      let ticker: NodeJS.Timeout | undefined;
      socket.once('error', reject);
      const closed = new Promise<number>((done) =>
        socket.once('close', () => {
          clearInterval(ticker);
          done(read);
        }),
      );
      socket.on('error', () => undefined);
      socket.write(
        `POST /graphql HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\nauthorization: SSWS ${TOKEN}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      socket.once('readable', () => {
        if (bytesPerTick > 0) {
          ticker = setInterval(() => {
            read += socket.read(bytesPerTick)?.length ?? 0;
            // What is buffered is read on: the server's reset comes after it.
            if (socket.readableLength === 0) socket.read(0);
          }, 100);
        }
        resolve({ closed, destroy: () => socket.destroy() });
      });
    });
  }

  it('holds an answer’s memory until it is written: while a client reads nothing, others find the budget full', async () => {
    const stalled = await reader(0);
    const second = await ask();
    expect(second.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'SERVER_BUSY' } })]);
    // The client goes away: the answer's memory goes back.
    stalled.destroy();
    await stalled.closed;
    const third = await ask();
    expect(third.body.errors).toBeUndefined();
    expect(third.body.data.nodes).toHaveLength(150);
  });

  it('cuts off a client that reads slower than HTTP_MIN_WRITE_RATE, and frees its answer', async () => {
    // 256 KB every 100 ms: about 2.6 MB/s, under the 8 MiB/s minimum of this gateway.
    const slow = await reader(256 * 1024);
    const read = await slow.closed;
    expect(read).toBeLessThan(ANSWER_BYTES);
    const next = await ask();
    expect(next.body.errors).toBeUndefined();
  });
});
