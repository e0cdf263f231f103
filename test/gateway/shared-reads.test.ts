// Concurrent identical reads share one upstream call, over the real emulator: only between callers
// the service answered for that kind of resource (policies, user types) in the last minute; a caller
// not proven makes its own call; each joiner gets its own objects and the same coded error; a read
// after a write never joins a read sent before it; and joiners count as shared reads, not requests.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamObserver } from '../../src/upstream/observer.ts';
import { SharedReads } from '../../src/upstream/call/sharedReads.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { UpstreamError } from '../../src/upstream/errors.ts';
import { countFromNow, TOKEN, useEmulator } from '../helpers/emulator.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';

/** Two callers with the same rights: two API tokens of the same admin. */
const OTHER_TOKEN = 'other-test-token';
const A = `SSWS ${TOKEN}`;
const B = `SSWS ${OTHER_TOKEN}`;

describe('concurrent identical reads', () => {
  const emu = useEmulator({ fixture: builtInOrgWithTokens([{ token: OTHER_TOKEN, userId: CAROL }]) });
  let upstream: UpstreamClient;
  const shared: string[] = [];
  const observer: UpstreamObserver = {
    onUpstreamRequest: () => undefined,
    onSharedRead: (read) => shared.push(`${read.method} ${read.template}`),
  };
  beforeEach(() => {
    shared.length = 0;
    upstream = new UpstreamClient({ baseUrl: emu().url, retries: 0 });
  });
  afterEach(() => upstream.close());

  const api = (auth: string) => upstream.forCaller(auth, { observer });

  it('by two proven callers make one upstream GET; each gets its own objects', async () => {
    await api(A).listUserTypes();
    await api(B).listUserTypes();
    const calls = countFromNow(emu());
    const [a, b] = await Promise.all([api(A).listUserTypes(), api(B).listUserTypes()]);
    expect(calls().total).toBe(1);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a[0]).not.toBe(b[0]);
    expect(shared).toEqual(['GET /api/v1/meta/types/user']);
  });

  it('share the same coded error: a policy that does not exist is one call and two NOT_FOUND', async () => {
    await api(A).listPolicies({ type: 'PASSWORD' });
    await api(B).listPolicies({ type: 'PASSWORD' });
    const calls = countFromNow(emu());
    const errors = await Promise.all([api(A).getPolicy('00pmissing'), api(B).getPolicy('00pmissing')].map(failure));
    expect(calls().total).toBe(1);
    for (const error of errors)
      expect(error).toMatchObject({ name: UpstreamError.name, status: 404, code: 'UPSTREAM_RESPONSE_ERROR' });
    expect(errors[0]).not.toBe(errors[1]);
  });

  it('an unproven caller makes its own call, and nobody joins it', async () => {
    await api(A).listUserTypes();
    const calls = countFromNow(emu());
    // B has never been answered: its read is its credential's probe.
    await Promise.all([api(B).listUserTypes(), api(A).listUserTypes()]);
    expect(calls().total).toBe(2);
    expect(shared).toEqual([]);
  });

  it('a caller proven for policies is not proven for user types', async () => {
    await api(A).listUserTypes();
    await api(B).listPolicies({ type: 'PASSWORD' });
    let calls = countFromNow(emu());
    await Promise.all([api(A).listUserTypes(), api(B).listUserTypes()]);
    expect(calls().total).toBe(2);
    // Now B's user types read was answered: the next pair shares.
    calls = countFromNow(emu());
    await Promise.all([api(A).listUserTypes(), api(B).listUserTypes()]);
    expect(calls().total).toBe(1);
  });

  it('a read after a write does not join a read sent before it', async () => {
    const reads = new SharedReads();
    const guard = { reason: undefined, onAbort: () => () => undefined, takeBytes: () => undefined };
    const answer = (body: string) => ({
      ok: true as const,
      status: 200,
      headers: {},
      body,
      durationMs: 1,
      retriedAfterAmbiguousFailure: false,
    });
    let answerFirst!: (result: ReturnType<typeof answer>) => void;
    const p1 = {
      url: '/api/v1/policies/p1',
      family: 'policies',
      rights: 'policies:read',
      arrivedAt: undefined,
      guard,
    } as const;
    const first = reads.read(p1, () => new Promise((r) => (answerFirst = r)));
    // While it is in flight, a write to a policy: the read after it makes its own call.
    reads.written('policies');
    const second = reads.read(p1, async () => answer('after'));
    answerFirst(answer('before'));
    expect([await first, await second]).toMatchObject([{ body: 'before' }, { body: 'after' }]);
    expect(reads.joined).toBe(0);
  });

  it('a flight that got no answer, or whose credential was refused, is not shared: the joiner calls itself', async () => {
    const reads = new SharedReads();
    const guard = { reason: undefined, onAbort: () => () => undefined, takeBytes: () => undefined };
    const own = {
      ok: true as const,
      status: 200,
      headers: {},
      body: '[]',
      durationMs: 1,
      retriedAfterAmbiguousFailure: false,
    };
    const failed = {
      ok: false as const,
      error: new Error('aborted'),
      durationMs: 1,
      retriedAfterAmbiguousFailure: false,
    };
    const refused = { ...own, status: 401, body: '{}' };
    for (const leader of [failed, refused]) {
      const types = {
        url: '/api/v1/meta/types/user',
        family: 'userTypes',
        rights: 'userTypes:read',
        arrivedAt: undefined,
        guard,
      } as const;
      const first = reads.read(types, async () => leader);
      const second = reads.read(types, async () => own);
      expect(await first).toBe(leader);
      expect(await second).toBe(own);
    }
    expect(reads.joined).toBe(0);
  });

  it('can be turned off (UPSTREAM_SHARED_READS=false): every read is its own call', async () => {
    const own = new UpstreamClient({ baseUrl: emu().url, retries: 0, sharedReads: false });
    try {
      await own.forCaller(A).listUserTypes();
      await own.forCaller(B).listUserTypes();
      const calls = countFromNow(emu());
      await Promise.all([own.forCaller(A).listUserTypes(), own.forCaller(B).listUserTypes()]);
      expect(calls().total).toBe(2);
    } finally {
      await own.close();
    }
  });
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}
