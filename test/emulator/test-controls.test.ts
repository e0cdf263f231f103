// The test controls other suites use over HTTP and from JavaScript: the request journal, targeted
// fault rules, snapshots of the org, and the programmatic API of startEmulator.
import { describe, expect, it } from 'vitest';
import { readEmulatorConfig } from '../../src/config/emulator.ts';
import { ConfigError } from '../../src/config/env.ts';
import { DEFAULT_JOURNAL_CAP } from '../../packages/emulator/src/emulator/http/journal.ts';
import { startEmulator } from '../../packages/emulator/src/emulator/index.ts';
import { startEmulator as startPackagedEmulator } from '../../packages/emulator/src/index.ts';
import { startTestEmulator, TOKEN, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const TYPES = '/api/v1/meta/types/user';

async function journal(since?: number) {
  const res = await emu().call('GET', `/__emulator/journal${since === undefined ? '' : `?since=${since}`}`);
  expect(res.status).toBe(200);
  return res.body as { entries: any[]; cursor: number };
}

describe('GET /__emulator/journal', () => {
  it('records every API request in order: method, path, template, query, parsed body, status, error code', async () => {
    await emu().call('GET', '/api/v1/policies?type=PASSWORD&expand=a&expand=b');
    await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Journaled', description: 'd' });
    await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: '' });
    await emu().call('GET', '/api/v1/policies/00pnope');
    const { entries } = await journal();
    expect(entries.map((e) => [e.method, e.path, e.template, e.status, e.errorCode])).toEqual([
      ['GET', '/api/v1/policies', '/api/v1/policies', 200, null],
      ['POST', '/api/v1/policies', '/api/v1/policies', 200, null],
      ['POST', '/api/v1/policies', '/api/v1/policies', 400, 'E0000001'],
      ['GET', '/api/v1/policies/00pnope', '/api/v1/policies/{policyId}', 404, 'E0000007'],
    ]);
    expect(entries[0].query).toEqual({ type: 'PASSWORD', expand: ['a', 'b'] });
    expect(entries[0].body).toBeNull();
    expect(entries[1].body).toEqual({ type: 'PASSWORD', name: 'Journaled', description: 'd' });
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(Number.isNaN(Date.parse(entries[0].time))).toBe(false);
  });

  it('never records credentials, and records unknown paths and refused tokens too', async () => {
    await emu().call('GET', `${TYPES}?api_token=secret-value`, undefined, { authorization: 'SSWS wrong-secret' });
    await emu().call('GET', '/api/v1/nothing');
    const { entries } = await journal();
    expect(entries.map((e) => [e.status, e.errorCode, e.template])).toEqual([
      [401, 'E0000011', TYPES],
      [404, 'E0000007', null],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain('secret-value');
    expect(text).not.toContain('wrong-secret');
    expect(text).not.toContain(TOKEN);
  });

  it('records the traceparent each request sent, and null for none or one not of the W3C form', async () => {
    const sent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const later = `01-${'a'.repeat(32)}-${'b'.repeat(16)}-00-more`;
    for (const traceparent of [sent, later, 'not a traceparent', undefined]) {
      await emu().call('GET', TYPES, undefined, traceparent === undefined ? {} : { traceparent });
    }
    const failing = await emu().call('GET', '/api/v1/nothing', undefined, { traceparent: sent });
    expect(failing.status).toBe(404);
    const { entries } = await journal();
    expect(entries.map((e) => e.traceparent)).toEqual([sent, later, null, null, sent]);
  });

  it('gives the entries after a cursor with ?since=, is cleared by DELETE, and refuses a bad cursor', async () => {
    await emu().call('GET', TYPES);
    const { cursor } = await journal();
    await emu().call('GET', '/api/v1/policies?type=PASSWORD');
    expect((await journal(cursor)).entries.map((e) => e.path)).toEqual(['/api/v1/policies']);
    expect((await emu().call('DELETE', '/__emulator/journal')).status).toBe(204);
    expect((await journal()).entries).toEqual([]);
    await emu().call('GET', TYPES);
    // Sequence numbers go on after a clear, so an old cursor still means "after that point".
    expect((await journal(cursor)).entries.map((e) => e.seq)).toEqual([cursor + 2]);
    const bad = await emu().call('GET', '/__emulator/journal?since=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.errorCauses[0].errorSummary).toMatch(/^since: /);
  });

  it('keeps at most its cap, dropping the oldest', async () => {
    const small = await startTestEmulator({ journalCap: 3 });
    try {
      for (let i = 0; i < 5; i++) await small.call('GET', `${TYPES}?n=${i}`);
      expect(small.journal().map((e) => e.query.n)).toEqual(['2', '3', '4']);
      expect(small.journal(4).map((e) => e.seq)).toEqual([5]);
    } finally {
      await small.close();
    }
    expect(DEFAULT_JOURNAL_CAP).toBe(1000);
  });

  it('keeps a body over its body bound cut, with bodyTruncated and the size as sent; the service got it whole', async () => {
    const small = await startTestEmulator({ journalBodyBytes: 100 });
    try {
      const big = { type: 'PASSWORD', name: 'Big', description: 'é'.repeat(500) };
      const created = await small.call('POST', '/api/v1/policies', big);
      expect(created.status).toBe(200);
      await small.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Small' });
      const { entries } = (await small.call('GET', '/__emulator/journal')).body;
      const [cut, whole] = entries;
      expect(cut).toMatchObject({
        status: 200,
        bodyTruncated: true,
        bodyBytes: Buffer.byteLength(JSON.stringify(big)),
      });
      expect(typeof cut.body).toBe('string');
      expect(cut.body.startsWith('{"type":"PASSWORD","name":"Big","description":"éé')).toBe(true);
      // Cut at a whole character: at most the bound, never a broken one.
      expect(Buffer.byteLength(cut.body)).toBeLessThanOrEqual(100);
      expect(cut.body).not.toContain('\uFFFD');
      expect(whole).toMatchObject({ body: { type: 'PASSWORD', name: 'Small' }, bodyTruncated: false, bodyBytes: 34 });
      // The journal cuts what it keeps, not what the service stores.
      const stored = await small.call('GET', `/api/v1/policies/${created.body.id}`);
      expect(stored.body.description).toBe(big.description);
    } finally {
      await small.close();
    }
  });

  it('keeps at most EMULATOR_JOURNAL_BYTES, dropping the oldest: its answer stays that small', async () => {
    const small = await startTestEmulator({ journalBytes: 64 * 1024, journalBodyBytes: 16 * 1024 });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await small.call('POST', '/api/v1/policies', {
          type: 'PASSWORD',
          name: `P${i}`,
          description: 'd'.repeat(10_000),
        });
        expect(res.status).toBe(200);
      }
      const res = await fetch(`${small.url}/__emulator/journal`, { headers: { authorization: `SSWS ${TOKEN}` } });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(64 * 1024 + 100);
      const { entries, cursor } = JSON.parse(text) as { entries: { seq: number }[]; cursor: number };
      // The newest entries, in order, up to the cursor.
      expect(cursor).toBe(20);
      expect(entries.length).toBeGreaterThan(1);
      expect(entries.length).toBeLessThan(20);
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => 21 - entries.length + i));
    } finally {
      await small.close();
    }
  });

  it('the package’s startEmulator takes the journal bounds too, and refuses bad ones', async () => {
    const packaged = await startPackagedEmulator({ journalCap: 2, journalBodyBytes: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        await fetch(`${packaged.url}/api/v1/meta/types/user`, {
          method: 'POST',
          headers: { authorization: `SSWS ${packaged.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `t${i}`, displayName: `T${i}` }),
        });
      }
      const journaled = packaged.journal();
      expect(journaled.map((e) => e.seq)).toEqual([2, 3]);
      // A bound of 0 keeps no body, only the marker and its size.
      const sent = JSON.stringify({ name: 't1', displayName: 'T1' });
      expect(journaled[0]).toMatchObject({ body: '', bodyTruncated: true, bodyBytes: Buffer.byteLength(sent) });
    } finally {
      await packaged.stop();
    }
    await expect(startPackagedEmulator({ journalBytes: 1000 })).rejects.toThrow(
      'invalid journalBytes: must be a whole number from 65536 to 268435456',
    );
    await expect(startEmulator({ port: 0, token: TOKEN, journalBodyBytes: 2 ** 21 })).rejects.toThrow(
      /journalBodyBytes/,
    );
    expect(readEmulatorConfig({ EMULATOR_JOURNAL_BYTES: '65536', EMULATOR_JOURNAL_BODY_BYTES: '0' })).toMatchObject({
      journalBytes: 65536,
      journalBodyBytes: 0,
    });
    for (const [name, bad] of [
      ['EMULATOR_JOURNAL_BYTES', '65535'],
      ['EMULATOR_JOURNAL_BYTES', '268435457'],
      ['EMULATOR_JOURNAL_BODY_BYTES', '1048577'],
    ]) {
      expect(() => readEmulatorConfig({ [name]: bad })).toThrow(ConfigError);
    }
  });

  it('takes its cap from EMULATOR_JOURNAL_CAP, within 1..1000000', async () => {
    await expect(startEmulator({ port: 0, token: TOKEN, journalCap: 0 })).rejects.toThrow(/journalCap/);
    expect(readEmulatorConfig({}).journalCap).toBe(DEFAULT_JOURNAL_CAP);
    expect(readEmulatorConfig({ EMULATOR_JOURNAL_CAP: '5' }).journalCap).toBe(5);
    for (const bad of ['0', '1000001', 'many']) {
      expect(() => readEmulatorConfig({ EMULATOR_JOURNAL_CAP: bad })).toThrow(ConfigError);
    }
  });
});

describe('/__emulator/faults/rules', () => {
  const addRule = async (rule: unknown) => emu().call('POST', '/__emulator/faults/rules', rule);

  it('fails only the matching method and path, the given number of times, then serves again', async () => {
    const added = await addRule({ match: { method: 'GET', path: TYPES }, status: 503, times: 2 });
    expect(added.status).toBe(200);
    expect(added.body.id).toEqual(expect.any(String));
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD')).status).toBe(200);
    expect((await emu().call('POST', TYPES, { name: 'Other', displayName: 'Other' })).status).toBe(200);
    const first = await emu().call('GET', TYPES);
    expect(first.status).toBe(503);
    expect(first.body.errorCode).toBe('E0000009');
    expect((await emu().call('GET', TYPES)).status).toBe(503);
    expect((await emu().call('GET', TYPES)).status).toBe(200);
    expect((await emu().call('GET', '/__emulator/faults/rules')).body.rules).toEqual([]);
    const statuses = (await journal()).entries.map((e) => e.status);
    expect(statuses).toEqual([200, 200, 503, 503, 200]);
  });

  it('matches the spec template, answers any 4xx with the given body, and stays until removed', async () => {
    const body = { errorCode: 'E0000007', errorSummary: 'custom' };
    const { id } = (await addRule({ match: { path: '/api/v1/policies/{policyId}' }, status: 404, body })).body;
    const def = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body[0];
    for (let i = 0; i < 3; i++) {
      const res = await emu().call('GET', `/api/v1/policies/${def.id}`);
      expect([res.status, res.body]).toEqual([404, body]);
    }
    expect((await emu().call('GET', '/__emulator/faults/rules')).body.rules).toEqual([
      { id, match: { path: '/api/v1/policies/{policyId}' }, status: 404, body, hits: 3 },
    ]);
    expect((await emu().call('DELETE', `/__emulator/faults/rules/${id}`)).status).toBe(204);
    expect((await emu().call('DELETE', `/__emulator/faults/rules/${id}`)).status).toBe(404);
    expect((await emu().call('GET', `/api/v1/policies/${def.id}`)).status).toBe(200);
  });

  it('resets the connection of a matching request when told to', async () => {
    await addRule({ match: { method: 'post', path: TYPES }, reset: true, times: 1 });
    await expect(emu().call('POST', TYPES, { name: 'Lost', displayName: 'Lost' })).rejects.toThrow();
    expect((await emu().call('GET', TYPES)).body.map((t: { name: string }) => t.name)).not.toContain('Lost');
    expect((await journal()).entries[0]).toMatchObject({ method: 'POST', status: 0, body: { name: 'Lost' } });
  });

  it('refuses a bad rule naming each bad member, and unknown members with the known ones', async () => {
    const res = await addRule({ match: { verb: 'GET', path: 'api' }, status: 302, times: 0, colour: 'red' });
    expect(res.status).toBe(400);
    const causes = res.body.errorCauses.map((c: { errorSummary: string }) => c.errorSummary);
    expect(causes).toEqual(
      expect.arrayContaining([
        'colour: unknown member; known: match, status, times, body, latencyMs, reset',
        'match.verb: unknown member; known: method, path',
        'match.path: must start with / and hold no query (a path as sent, or the spec template)',
        'status: must be at least 400',
        'times: must be at least 1',
      ]),
    );
    expect((await addRule({ match: {} })).body.errorCauses[0].errorSummary).toMatch(/^status: is required/);
    expect((await emu().call('GET', '/__emulator/faults/rules')).body.rules).toEqual([]);
  });

  it('with latencyMs alone, waits and then serves the request', async () => {
    const delays: number[] = [];
    const slow = await startTestEmulator({ faultHooks: { delay: async (ms) => void delays.push(ms) } });
    try {
      slow.addFaultRule({ match: { path: '/api/v1/meta/types/user/{typeId}' }, latencyMs: 250 });
      expect((await slow.call('GET', TYPES)).status).toBe(200);
      expect(delays).toEqual([]);
      expect((await slow.call('GET', `${TYPES}/default`)).status).toBe(200);
      expect(delays).toEqual([250]);
    } finally {
      await slow.close();
    }
  });

  it('are removed by a reset, with the global faults back to their start', async () => {
    await addRule({ match: { path: TYPES }, status: 500 });
    await emu().reset();
    expect((await emu().call('GET', TYPES)).status).toBe(200);
  });
});

describe('/__emulator/snapshots', () => {
  it('restores the org exactly: ids, priorities, timestamps, deletions undone', async () => {
    const a = (await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'A', description: 'd' })).body;
    const listing = async () => (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body;
    const before = await listing();
    const types = (await emu().call('GET', TYPES)).body;
    const snap = await emu().call('POST', '/__emulator/snapshots');
    expect(snap.status).toBe(200);
    await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'B', description: 'd', priority: 1 });
    await emu().call('DELETE', `/api/v1/policies/${a.id}`);
    await emu().call('POST', TYPES, { name: 'Later', displayName: 'Later' });
    expect((await emu().call('POST', `/__emulator/snapshots/${snap.body.id}/restore`)).status).toBe(204);
    expect(await listing()).toEqual(before);
    expect((await emu().call('GET', TYPES)).body).toEqual(types);
    // A snapshot can be restored again after further changes.
    await emu().call('DELETE', `/api/v1/policies/${a.id}`);
    await emu().call('POST', `/__emulator/snapshots/${snap.body.id}/restore`);
    expect(await listing()).toEqual(before);
  });

  it('answers 404 for an unknown snapshot and changes nothing', async () => {
    const res = await emu().call('POST', '/__emulator/snapshots/snapnope/restore');
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('E0000007');
  });
});

describe('startEmulator programmatic controls', () => {
  it('resets, snapshots, restores, reads the journal, sets faults and fault rules, and stops', async () => {
    const e = await startEmulator({ port: 0, token: 't0ken', fixture: { groups: [{ id: 'g1', name: 'G' }] } });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(e.url + path, {
        method,
        headers: { authorization: `SSWS ${e.token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const snap = e.snapshot();
      await call('POST', TYPES, { name: 'Temp', displayName: 'Temp' });
      expect(e.journal().map((j) => [j.method, j.status])).toEqual([['POST', 200]]);
      await e.restore(snap);
      expect(((await (await call('GET', TYPES)).json()) as unknown[]).length).toBe(1);
      await expect(e.restore('snapnope')).rejects.toThrow(/snapnope/);
      const rule = e.addFaultRule({ match: { method: 'GET', path: TYPES }, status: 418, times: 1 });
      expect((await call('GET', TYPES)).status).toBe(418);
      expect(e.removeFaultRule(rule.id)).toBe(false);
      expect(() => e.addFaultRule({ match: {}, status: 200 })).toThrow(/status: must be at least 400/);
      expect((await e.setFaults({ errorRate: 1, status: 502 })).errorRate).toBe(1);
      expect((await call('GET', TYPES)).status).toBe(502);
      await expect(e.setFaults({ errorRate: 2 })).rejects.toThrow(/errorRate/);
      await e.reset();
      expect((await call('GET', TYPES)).status).toBe(200);
      expect(e.journal()).toHaveLength(1);
    } finally {
      await e.stop();
    }
  });
});
