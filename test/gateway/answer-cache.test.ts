// The answer cache (on with the read cache, in process) over the real emulator and real HTTP: a
// repeated warm query is answered whole with no upstream call, its extensions made for the request;
// a write is seen by the next read; a caller of another rights class, a refused token, a
// `Cache-Control: no-cache`, other variables, an answer with errors and an expired read each get
// their own answer; with the read cache off nothing is kept. The store's budget and its drops.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AnswerStore } from '../../src/gateway/answerCache/store.ts';
import { answerKeyOf } from '../../src/gateway/answerCache/key.ts';
import type { CachedRead } from '../../src/upstream/cache/store.ts';
import { advanceDate, freezeDate } from '../helpers/clock.ts';
import { countFromNow, countRequests, createPolicy, TOKEN } from '../helpers/emulator.ts';
import { type GqlResult, startTestGateway, startTestUpstream, type TestStack, useStack } from '../helpers/gateway.ts';
import { personToken } from '../helpers/oauthTokens.ts';
import { dataOf as ok } from './schema-helpers.ts';

const POLICY = 'query One($id: ID!) { policy(id: $id) { id name status priority type } }';
const RIGHTS = 'query Rights($id: ID!) { policy(id: $id) { id viewerCanUpdate } }';

/** The upstream requests `run` made, as the emulator counted them. */
async function callsOf(s: TestStack, run: () => Promise<unknown>): Promise<number> {
  return (await countRequests(s.emulator, run)).total;
}

async function metric(s: TestStack, name: string): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
}

describe('the answer cache, with the read cache on (60 s)', () => {
  const stack = useStack({ client: { cacheTtlSeconds: 60 } });
  const policy = (name = 'Answered') => createPolicy(stack().emulator, { name });

  it('answers a repeated warm query with no upstream call, the same data and its own extensions', async () => {
    const { id } = await policy();
    const first = await stack().gql(POLICY, { id });
    ok(await stack().gql(POLICY, { id }));
    const hitsBefore = await metric(stack(), 'gateway_answer_cache_hits_total');
    const operationsBefore = await metric(
      stack(),
      'graphql_envelop_request_duration_count\\{operationName="One",operationType="query"\\}',
    );
    let again: GqlResult | undefined;
    expect(
      await callsOf(stack(), async () => {
        again = await stack().gql(POLICY, { id }, { headers: { 'x-request-id': 'answered-1' } });
      }),
    ).toBe(0);
    expect(ok(again!)).toEqual(ok(first));
    expect(again!.extensions.cost).toEqual({
      ...first.extensions.cost,
      calls: 0,
      // No call since the first: the caller's standing is what it was then.
      throttleStatus: first.extensions.cost.throttleStatus,
      cache: { hits: 1, oldestAgeSeconds: 0 },
    });
    expect(await metric(stack(), 'gateway_answer_cache_hits_total')).toBe(hitsBefore + 1);
    // The hit is counted as an operation, like any other answer.
    expect(
      await metric(stack(), 'graphql_envelop_request_duration_count\\{operationName="One",operationType="query"\\}'),
    ).toBe(operationsBefore + 1);
    const response = await fetch(`${stack().url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}`, 'x-request-id': 'answered-2' },
      body: JSON.stringify({ query: POLICY, variables: { id } }),
    });
    expect(response.headers.get('x-request-id')).toBe('answered-2');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('shows a rename through a mutation at the next read', async () => {
    const { id } = await policy();
    await stack().gql(POLICY, { id });
    expect(await callsOf(stack(), () => stack().gql(POLICY, { id }))).toBe(0);
    const renamed = await stack().gql(
      'mutation($id: ID!) { updatePolicy(id: $id, input: { name: "Renamed" }) { userErrors { code } } }',
      { id },
    );
    expect(ok(renamed).updatePolicy.userErrors).toEqual([]);
    expect(ok(await stack().gql(POLICY, { id })).policy.name).toBe('Renamed');
  });

  it("never hands one rights class's answer to a caller of another", async () => {
    const { id } = await policy();
    const readOnly = `Bearer ${await personToken(stack().emulator, 'carol@example.com', 'okta.policies.read')}`;
    ok(await stack().gql(RIGHTS, { id }));
    expect(ok(await stack().gql(RIGHTS, { id })).policy.viewerCanUpdate).toBe(true);
    // Warm for the administrator: the read-only token still makes its own call and sees its own rights.
    let own: GqlResult | undefined;
    expect(
      await callsOf(stack(), async () => {
        own = await stack().gql(RIGHTS, { id }, { auth: readOnly });
      }),
    ).toBeGreaterThan(0);
    expect(ok(own!).policy.viewerCanUpdate).toBe(false);
    // Each class then has its own answer.
    expect(ok(await stack().gql(RIGHTS, { id }, { auth: readOnly })).policy.viewerCanUpdate).toBe(false);
    expect(await callsOf(stack(), () => stack().gql(RIGHTS, { id }, { auth: readOnly }))).toBe(0);
    expect(ok(await stack().gql(RIGHTS, { id })).policy.viewerCanUpdate).toBe(true);
  });

  it('refuses a junk token with UNAUTHENTICATED, never the kept answer', async () => {
    const { id } = await policy();
    await stack().gql(POLICY, { id });
    ok(await stack().gql(POLICY, { id }));
    for (let round = 0; round < 2; round++) {
      const junk = await stack().gql(POLICY, { id }, { auth: 'SSWS not-a-token' });
      expect(junk.data?.policy ?? null).toBeNull();
      expect(junk.errors?.map((e) => e.extensions.code)).toEqual(['UNAUTHENTICATED']);
      expect(junk.extensions.cost.cache.hits).toBe(0);
    }
  });

  it('makes a fresh call for Cache-Control: no-cache', async () => {
    const { id } = await policy();
    await stack().gql(POLICY, { id });
    await stack().gql(POLICY, { id });
    const fresh = await stack().gql(POLICY, { id }, { headers: { 'cache-control': 'no-cache' } });
    expect(fresh.extensions.cost).toMatchObject({ calls: 1, cache: { hits: 0 } });
  });

  it('keeps one answer per variables', async () => {
    const [a, b] = [await policy('First'), await policy('Second')];
    await stack().gql(POLICY, { id: a.id });
    ok(await stack().gql(POLICY, { id: a.id }));
    expect(ok(await stack().gql(POLICY, { id: b.id })).policy.name).toBe('Second');
    expect(ok(await stack().gql(POLICY, { id: a.id })).policy.name).toBe('First');
    expect(ok(await stack().gql(POLICY, { id: b.id })).policy.name).toBe('Second');
  });

  it('does not keep an answer with errors', async () => {
    const { id } = await policy();
    // The policy read is the read cache's; the list is refused before any call.
    const PARTIAL =
      'query($id: ID!) { policy(id: $id) { id name } policies(type: PASSWORD, first: -1) { nodes { id } } }';
    await stack().gql(POLICY, { id });
    const first = await stack().gql(PARTIAL, { id });
    expect(first.errors?.length).toBeGreaterThan(0);
    expect(first.data?.policy?.id).toBe(id);
    const hits = await metric(stack(), 'gateway_answer_cache_hits_total');
    const again = await stack().gql(PARTIAL, { id });
    expect(again.errors?.length).toBeGreaterThan(0);
    expect(await metric(stack(), 'gateway_answer_cache_hits_total')).toBe(hits);
  });

  it('serves no answer once a read it was made of has expired', async () => {
    freezeDate();
    const { id } = await policy();
    await stack().gql(POLICY, { id });
    expect(await callsOf(stack(), () => stack().gql(POLICY, { id }))).toBe(0);
    advanceDate(61_000);
    const late = await stack().gql(POLICY, { id });
    expect(late.extensions.cost).toMatchObject({ calls: 1, cache: { hits: 0 } });
  });
});

describe('the answer cache with the read cache off', () => {
  const stack = useStack();

  it('keeps nothing: every repeat makes its call', async () => {
    const { id } = await createPolicy(stack().emulator, { name: 'Uncached' });
    for (let round = 0; round < 3; round++) expect(await callsOf(stack(), () => stack().gql(POLICY, { id }))).toBe(1);
    const text = await (await fetch(`${stack().url}/metrics`)).text();
    expect(text).not.toContain('gateway_answer_cache');
  });
});

describe('the answer cache in trusted documents mode', () => {
  it('serves a document named by id; a text the mode refuses is refused however warm', async () => {
    const upstream = await startTestUpstream({}, { cacheTtlSeconds: 60 });
    const USER_TYPES = 'query UserTypes { userTypes { id name } }';
    const id = `sha256:${createHash('sha256').update(USER_TYPES).digest('hex')}`;
    const gateway = await startTestGateway(upstream.client, { trustedDocuments: { manifest: { [id]: USER_TYPES } } });
    const post = async (body: unknown) =>
      (await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as GqlResult;
    try {
      const first = await post({ documentId: id });
      expect(first.errors).toBeUndefined();
      const calls = countFromNow(upstream.emulator);
      expect((await post({ documentId: id })).data).toEqual(first.data);
      expect(calls().total).toBe(0);
      const text = await post({ query: USER_TYPES });
      expect(text.errors?.map((e) => e.extensions.code)).toEqual(['PERSISTED_QUERY_ID_REQUIRED']);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describe('the answer store and keys', () => {
  const read = (url: string): CachedRead => ({
    url,
    family: 'policies',
    rights: 'policies:manage',
    status: 200,
    body: {},
    bodyBytes: 2,
    link: undefined,
    startedAt: 0,
    stamp: '0:0',
  });
  const answer = (key: string, reads: CachedRead[], data = 'x'.repeat(100)) => ({
    key,
    data,
    reads,
    estimate: null,
    name: 'anonymous',
  });

  it('holds its bytes under the cap, least recently used out first', () => {
    const store = new AnswerStore(1_500);
    const shared = read('/a');
    store.set(answer('one', [shared]));
    store.set(answer('two', [shared]));
    store.get('one');
    store.set(answer('three', [shared]));
    expect(store.bytes).toBeLessThanOrEqual(1_500);
    expect(store.get('two')).toBeUndefined();
    expect(store.get('one')).toBeDefined();
    store.set(answer('huge', [shared], 'x'.repeat(2_000)));
    expect(store.get('huge')).toBeUndefined();
  });

  it('drops every answer made of a read the read cache dropped', () => {
    const store = new AnswerStore(10_000);
    const [a, b] = [read('/a'), read('/b')];
    store.set(answer('of a', [a]));
    store.set(answer('of a and b', [a, b]));
    store.set(answer('of b', [b]));
    store.dropRead(a);
    expect(store.get('of a')).toBeUndefined();
    expect(store.get('of a and b')).toBeUndefined();
    expect(store.get('of b')).toBeDefined();
    expect(store.size).toBe(1);
  });

  it('keys by document, operation name and canonical variables; anything else has no key', () => {
    const key = (params: Record<string, unknown>) => answerKeyOf(params)?.key;
    expect(key({ query: '{ a }', variables: { x: 1, y: 2 } })).toBe(key({ query: '{ a }', variables: { y: 2, x: 1 } }));
    expect(key({ query: '{ a }', variables: { x: 1 } })).not.toBe(key({ query: '{ a }', variables: { x: 2 } }));
    expect(key({ query: '{ a }', operationName: 'A' })).not.toBe(key({ query: '{ a }' }));
    expect(answerKeyOf({ documentId: 'abc' })?.naming).toBe('id');
    expect(key({ documentId: 'abc', query: '{ a }' })).toBeUndefined();
    expect(key({ query: '{ a }', extensions: { other: 1 } })).toBeUndefined();
    expect(key({ query: 1 })).toBeUndefined();
  });
});
