// Joined answers (the read cache off, shared reads on) over the real emulator and real HTTP: plain
// queries that arrive while an identical one is answered take its answer, each with its own request
// id and extensions, only when they could have taken each of its reads themselves. The emulator's
// latency fault holds the leader's read in the air until the test lets it go, once /metrics tells
// that the newcomers all wait. A caller of another rights class, a junk token, a newcomer after the read landed,
// an answer with errors, a mutation and a gateway without shared reads: each gets its own answer;
// a newcomer whose client leaves is dropped. And the rule itself, on a clock the test moves.
import { afterEach, describe, expect, it } from 'vitest';
import { SharedReads, type TakenRead } from '../../src/upstream/call/sharedReads.ts';
import { countFromNow, createPolicy, type TestEmulator } from '../helpers/emulator.ts';
import { type GqlResult, type TestStack, useStack } from '../helpers/gateway.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { personToken } from '../helpers/oauthTokens.ts';
import { dataOf as ok } from './schema-helpers.ts';

const POLICY = 'query One($id: ID!) { policy(id: $id) { id name status priority type } }';
const RIGHTS = 'query Rights($id: ID!) { policy(id: $id) { id viewerCanUpdate } }';
const RULED = 'query Ruled($id: ID!) { policy(id: $id) { id rules { id } } }';
/**
 * A held read's latency: it ends when the test lets it go (`release`), or after this long where the
 * test has no state to wait for (a newcomer joining a flight in the air shows nowhere).
 */
const HELD_MS = 2_000;
/** The emulator's held answers, each let go by the test. */
const held: (() => void)[] = [];
const holdingEmulator = {
  faultHooks: {
    delay: (ms: number) =>
      new Promise<void>((resolve) => {
        held.push(resolve);
        setTimeout(resolve, ms).unref();
      }),
  },
};

/** Lets every held answer go. */
function release(): void {
  for (const go of held.splice(0)) go();
}
afterEach(release);

async function metric(s: TestStack, name: string): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** Polls `check` until it holds (the test waits for a state, never for a time). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The next GET of `path` waits HELD_MS at the emulator (then answers `status`, when given). */
async function holdNext(emu: TestEmulator, path: string, status?: number): Promise<void> {
  const res = await emu.call('POST', '/__emulator/faults/rules', {
    match: { method: 'GET', path },
    latencyMs: HELD_MS,
    times: 1,
    ...(status && { status }),
  });
  expect(res.status).toBe(200);
}

interface Sent {
  auth?: string;
  requestId: string;
}

/** One POST of `query`, with its answer and its request id header. */
async function post(s: TestStack, query: string, id: string, sent: Sent) {
  const answer = await postGraphql<GqlResult>(`${s.url}/graphql`, query, {
    variables: { id },
    auth: sent.auth ?? 'SSWS test-token',
    headers: { 'x-request-id': sent.requestId },
  });
  return { ...answer.body, requestId: answer.headers.get('x-request-id') };
}

/**
 * A leader of `query` whose GET of `held` is held at the emulator, and `newcomers` sent once it is
 * in the air; answered once all of them wait for it. The upstream calls counted and every answer.
 */
async function wave(
  s: TestStack,
  query: string,
  id: string,
  held: string,
  newcomers: Sent[],
  options: { status?: number; waiting?: number } = {},
) {
  const { status, waiting = newcomers.length } = options;
  await holdNext(s.emulator, held, status);
  const calls = countFromNow(s.emulator);
  const waitingBefore = await metric(s, 'gateway_joined_answers_waiting');
  const first = post(s, query, id, { requestId: 'leader' });
  await until(() => (calls().byRoute[`GET ${templateOf(held)}`] ?? 0) >= 1);
  const rest = newcomers.map((sent) => post(s, query, id, sent));
  await until(async () => (await metric(s, 'gateway_joined_answers_waiting')) === waitingBefore + waiting);
  // Nothing to wait for when none is to join: the held read ends by itself.
  if (waiting > 0) release();
  const answers = await Promise.all([first, ...rest]);
  return { answers, calls: calls() };
}

function templateOf(path: string): string {
  return path.endsWith('/rules') ? '/api/v1/policies/{policyId}/rules' : '/api/v1/policies/{policyId}';
}

const newcomers = (n: number, auth?: string): Sent[] =>
  Array.from({ length: n }, (_, i) => ({ auth, requestId: `newcomer-${i}` }));

describe('joined answers, the read cache off', () => {
  const stack = useStack({ emulator: holdingEmulator });
  const policy = (name = 'Joined') => createPolicy(stack().emulator, { name });

  it('N identical queries of one token make one upstream call; each answer equal, its own id and extensions', async () => {
    const { id } = await policy();
    // The token's first answer teaches its rights class: a read of an unknown class is never shared.
    ok(await stack().gql(POLICY, { id }));
    const joinedBefore = await metric(stack(), 'gateway_joined_answers_total');
    const { answers, calls } = await wave(stack(), POLICY, id, `/api/v1/policies/${id}`, newcomers(5));
    expect(calls.total).toBe(1);
    const [leader, ...joined] = answers;
    expect(leader.extensions.cost.calls).toBe(1);
    for (const [i, answer] of joined.entries()) {
      expect(answer.data).toEqual(leader.data);
      expect(answer.errors).toBeUndefined();
      expect(answer.requestId).toBe(`newcomer-${i}`);
      expect(answer.extensions.cost).toEqual({ ...leader.extensions.cost, calls: 0 });
    }
    expect(ok(leader).policy.name).toBe('Joined');
    expect(await metric(stack(), 'gateway_joined_answers_total')).toBe(joinedBefore + 5);
    expect(await metric(stack(), 'gateway_joined_answers_waiting')).toBe(0);
  });

  it("has the extensions of an operation whose reads all joined another's flight", async () => {
    const { id } = await policy();
    ok(await stack().gql(POLICY, { id }));
    // A `Cache-Control: no-cache` query is not plain: it runs, and its read joins the leader's flight.
    const ran = { requestId: 'ran', headers: { 'cache-control': 'no-cache' } };
    await holdNext(stack().emulator, `/api/v1/policies/${id}`);
    const calls = countFromNow(stack().emulator);
    const leader = post(stack(), POLICY, id, { requestId: 'leader' });
    await until(() => calls().total >= 1);
    const running = postGraphql<GqlResult>(`${stack().url}/graphql`, POLICY, {
      variables: { id },
      auth: 'SSWS test-token',
      headers: { 'x-request-id': ran.requestId, ...ran.headers },
    });
    const joined = post(stack(), POLICY, id, { requestId: 'joined' });
    await until(async () => (await metric(stack(), 'gateway_joined_answers_waiting')) === 1);
    release();
    const [, own, taken] = await Promise.all([leader, running, joined]);
    expect(calls().total).toBe(1);
    expect(taken.extensions.cost).toEqual(own.body.extensions.cost);
    expect(taken.data).toEqual(own.body.data);
  });

  it('does not join across rights classes: a read-only token gets its own answer, for its rights', async () => {
    const { id } = await policy();
    const readOnly = `Bearer ${await personToken(stack().emulator, 'carol@example.com', 'okta.policies.read')}`;
    ok(await stack().gql(RIGHTS, { id }));
    ok(await stack().gql(RIGHTS, { id }, { auth: readOnly }));
    const refusedBefore = await metric(stack(), 'gateway_joined_answers_refused_total');
    const { answers, calls } = await wave(stack(), RIGHTS, id, `/api/v1/policies/${id}`, [
      { auth: readOnly, requestId: 'read-only' },
      { requestId: 'admin' },
    ]);
    const [leader, own, joined] = answers;
    expect(ok(leader).policy.viewerCanUpdate).toBe(true);
    expect(ok(joined).policy.viewerCanUpdate).toBe(true);
    expect(joined.extensions.cost.calls).toBe(0);
    expect(ok(own).policy.viewerCanUpdate).toBe(false);
    expect(own.extensions.cost.calls).toBe(1);
    expect(calls.total).toBe(2);
    expect(await metric(stack(), 'gateway_joined_answers_refused_total')).toBe(refusedBefore + 1);
  });

  it('answers a junk token UNAUTHENTICATED, never the data it waited for', async () => {
    const { id } = await policy();
    ok(await stack().gql(POLICY, { id }));
    const { answers } = await wave(stack(), POLICY, id, `/api/v1/policies/${id}`, [
      { auth: 'SSWS not-a-token', requestId: 'junk' },
    ]);
    const [leader, junk] = answers;
    expect(ok(leader).policy.id).toBe(id);
    expect(junk.data?.policy ?? null).toBeNull();
    expect(junk.errors?.map((e) => e.extensions.code)).toEqual(['UNAUTHENTICATED']);
    expect(junk.requestId).toBe('junk');
  });

  it('does not join a newcomer that arrived after one of its reads landed', async () => {
    const { id } = await policy();
    ok(await stack().gql(RULED, { id }));
    // The policy's read lands at once; its rules' read is held: the newcomer arrives between, and
    // does not wait (it could not have taken the policy's read).
    const joinedBefore = await metric(stack(), 'gateway_joined_answers_total');
    const held = `/api/v1/policies/${id}/rules`;
    const { answers, calls } = await wave(stack(), RULED, id, held, newcomers(1), { waiting: 0 });
    const [leader, late] = answers;
    expect(late.data).toEqual(leader.data);
    expect(late.requestId).toBe('newcomer-0');
    // Its own policy read; the rules read still in the air it joined, as any read does.
    expect(late.extensions.cost.calls).toBe(1);
    expect(await metric(stack(), 'gateway_joined_answers_total')).toBe(joinedBefore);
    expect(calls.byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 2, 'GET /api/v1/policies/{policyId}/rules': 1 });
  });

  it('lets the newcomers run their own when the answer has errors', async () => {
    const { id } = await policy();
    ok(await stack().gql(POLICY, { id }));
    const [joinedBefore, refusedBefore] = await Promise.all(
      ['gateway_joined_answers_total', 'gateway_joined_answers_refused_total'].map((name) => metric(stack(), name)),
    );
    // The held read fails (500, not retried); the newcomers' own reads are answered.
    const { answers } = await wave(stack(), POLICY, id, `/api/v1/policies/${id}`, newcomers(2), { status: 500 });
    const [leader, ...own] = answers;
    expect(leader.errors?.length).toBeGreaterThan(0);
    for (const [i, answer] of own.entries()) {
      expect(ok(answer).policy.id).toBe(id);
      expect(answer.requestId).toBe(`newcomer-${i}`);
    }
    expect(await metric(stack(), 'gateway_joined_answers_total')).toBe(joinedBefore);
    expect(await metric(stack(), 'gateway_joined_answers_refused_total')).toBe(refusedBefore + 2);
  });

  it('drops a newcomer whose client goes away while it waits', async () => {
    const { id } = await policy();
    ok(await stack().gql(POLICY, { id }));
    const [joinedBefore, refusedBefore] = await Promise.all(
      ['gateway_joined_answers_total', 'gateway_joined_answers_refused_total'].map((name) => metric(stack(), name)),
    );
    await holdNext(stack().emulator, `/api/v1/policies/${id}`);
    const calls = countFromNow(stack().emulator);
    const leader = post(stack(), POLICY, id, { requestId: 'leader' });
    await until(() => calls().total >= 1);
    const gone = new AbortController();
    const newcomer = postGraphql(`${stack().url}/graphql`, POLICY, {
      variables: { id },
      auth: 'SSWS test-token',
      signal: gone.signal,
    }).catch((error: Error) => error.name);
    await until(async () => (await metric(stack(), 'gateway_joined_answers_waiting')) === 1);
    gone.abort();
    expect(await newcomer).toBe('AbortError');
    await until(async () => (await metric(stack(), 'gateway_joined_answers_waiting')) === 0);
    expect(await metric(stack(), 'gateway_joined_answers_waiting_bytes')).toBe(0);
    release();
    expect(ok(await leader).policy.id).toBe(id);
    expect(calls().total).toBe(1);
    expect(await metric(stack(), 'gateway_joined_answers_total')).toBe(joinedBefore);
    expect(await metric(stack(), 'gateway_joined_answers_refused_total')).toBe(refusedBefore);
  });

  it('never joins a mutation: two identical ones each write', async () => {
    const { id } = await policy();
    const rename =
      'mutation Rename($id: ID!) { updatePolicy(id: $id, input: { name: "Twice" }) { userErrors { code } } }';
    ok(await stack().gql(POLICY, { id }));
    const joinedBefore = await metric(stack(), 'gateway_joined_answers_total');
    const calls = countFromNow(stack().emulator);
    const answers = await Promise.all([0, 1].map((i) => post(stack(), rename, id, { requestId: `rename-${i}` })));
    for (const answer of answers) expect(ok(answer).updatePolicy.userErrors).toEqual([]);
    expect(calls().byRoute['PUT /api/v1/policies/{policyId}']).toBe(2);
    expect(await metric(stack(), 'gateway_joined_answers_total')).toBe(joinedBefore);
  });
});

describe('joined answers, shared reads off', () => {
  const stack = useStack({ client: { sharedReads: false }, emulator: holdingEmulator });

  it('every request makes its own call', async () => {
    const { id } = await createPolicy(stack().emulator, { name: 'Own' });
    ok(await stack().gql(POLICY, { id }));
    await holdNext(stack().emulator, `/api/v1/policies/${id}`);
    const calls = countFromNow(stack().emulator);
    const first = post(stack(), POLICY, id, { requestId: 'first' });
    await until(() => calls().total >= 1);
    const second = post(stack(), POLICY, id, { requestId: 'second' });
    await until(() => calls().total >= 2);
    release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.extensions.cost.calls)).toEqual([1, 1]);
    expect(await (await fetch(`${stack().url}/metrics`)).text()).not.toContain('gateway_joined_answers_total');
  });
});

describe('the rule a joined answer follows (SharedReads.couldHaveTaken)', () => {
  const guard = { reason: undefined, onAbort: () => () => undefined, takeBytes: () => undefined };
  const answer = {
    ok: true as const,
    status: 200,
    headers: {},
    body: '{}',
    durationMs: 1,
    retriedAfterAmbiguousFailure: false,
  };

  /** One read taken off at 10 and landed at 20 on a clock the test moves, and what it told. */
  async function oneRead() {
    let now = 10;
    const reads = new SharedReads(undefined, () => now);
    let taken: TakenRead | undefined;
    const read = {
      url: '/api/v1/policies/p1',
      family: 'policies',
      rights: 'policies:read',
      arrivedAt: 5,
      guard,
    } as const;
    await reads.read({ ...read, onTaken: (t) => (taken = t) }, async () => {
      now = 20;
      return answer;
    });
    return { reads, taken: taken! };
  }

  it('takes a read in flight at its arrival or sent after, of its class, with no write since', async () => {
    const { reads, taken } = await oneRead();
    expect(taken).toMatchObject({ rights: 'policies:read', startedAt: 10, landedAt: 20 });
    expect(reads.couldHaveTaken(taken, 'policies:read', 5)).toBe(true);
    expect(reads.couldHaveTaken(taken, 'policies:read', 15)).toBe(true);
    // Landed before it arrived; another class; no class.
    expect(reads.couldHaveTaken(taken, 'policies:read', 20)).toBe(false);
    expect(reads.couldHaveTaken(taken, 'policies:manage', 15)).toBe(false);
    expect(reads.couldHaveTaken(taken, undefined, 15)).toBe(false);
    // A write to policies since it took off ends it; one to user types does not.
    reads.written('userTypes');
    expect(reads.couldHaveTaken(taken, 'policies:read', 15)).toBe(true);
    reads.written('policies');
    expect(reads.couldHaveTaken(taken, 'policies:read', 15)).toBe(false);
  });

  it('with only later flights to join (replicas without the read cache), only a read sent after it arrived', async () => {
    const { reads, taken } = await oneRead();
    const later = { ...taken, onlyLaterFlights: true };
    expect(reads.couldHaveTaken(later, 'policies:read', 5)).toBe(true);
    expect(reads.couldHaveTaken(later, 'policies:read', 15)).toBe(false);
  });
});
