// The test controls of the emulator's admin API, over HTTP as a suite in any language uses them:
// a fixture that seeds policies with their rules, the request journal, targeted faults, and
// snapshots restored before each test.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from 'policy-service-emulator';
import type { Policy, PolicyRule } from 'policy-service-emulator/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restClient } from './api.ts';

const base = JSON.parse(readFileSync(fileURLToPath(new URL('../fixture.json', import.meta.url)), 'utf8'));
const fixture = {
  ...base,
  policies: [
    {
      type: 'PASSWORD',
      name: 'Partner passwords',
      rules: [
        { type: 'PASSWORD', name: 'Partners first' },
        { type: 'PASSWORD', name: 'Partners second' },
      ],
    },
  ],
};

let emulator: Emulator;
let clean: string;
const api = restClient(() => emulator);
const names = (items: { name: string }[]) => items.map((i) => i.name);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: 'controls-token', fixture });
  // Snapshot once, restore before each test: every test starts from the seeded org.
  clean = (await api('POST', '/__emulator/snapshots')).body.id;
});
afterAll(() => emulator?.stop());
beforeEach(async () => {
  expect((await api('POST', `/__emulator/snapshots/${clean}/restore`)).status).toBeLessThan(300);
  await api('DELETE', '/__emulator/journal');
  await api('DELETE', '/__emulator/faults');
});

async function seededPolicy(): Promise<Policy> {
  const policies = (await api('GET', '/api/v1/policies?type=PASSWORD')).body as Policy[];
  return policies.find((p) => p.name === 'Partner passwords')!;
}

describe('the fixture', () => {
  it('seeds policies with their rules in priority order, next to the system defaults', async () => {
    const policies = (await api('GET', '/api/v1/policies?type=PASSWORD')).body as Policy[];
    expect(policies.some((p) => p.system)).toBe(true);
    const seeded = await seededPolicy();
    const rules = (await api('GET', `/api/v1/policies/${seeded.id}/rules`)).body as PolicyRule[];
    expect(names(rules.filter((r) => !r.system))).toEqual(['Partners first', 'Partners second']);
  });

  it('refuses an unknown key, naming it and the keys it knows', async () => {
    const refused = startEmulator({ port: 0, fixture: { ...base, user: [] } });
    await expect(refused).rejects.toThrow(/user\b.*users/s);
  });
});

describe('the request journal', () => {
  it('records what the client sent, in order, without credentials', async () => {
    await api('GET', '/api/v1/meta/types/user');
    await api('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Journaled' });
    const { entries } = (await api('GET', '/__emulator/journal')).body;
    expect(entries.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual([
      'GET /api/v1/meta/types/user',
      'POST /api/v1/policies',
    ]);
    expect(entries[1]).toMatchObject({
      template: '/api/v1/policies',
      body: { type: 'PASSWORD', name: 'Journaled' },
      status: 200,
    });
    expect(JSON.stringify(entries)).not.toContain('controls-token');
  });
});

describe('targeted faults', () => {
  it('fails only the matching request, as many times as told', async () => {
    const rule = await api('POST', '/__emulator/faults/rules', {
      match: { method: 'GET', path: '/api/v1/meta/types/user' },
      status: 503,
      times: 1,
    });
    expect(rule.body.id).toBeDefined();
    expect((await api('GET', '/api/v1/policies?type=PASSWORD')).status).toBe(200);
    expect((await api('GET', '/api/v1/meta/types/user')).status).toBe(503);
    expect((await api('GET', '/api/v1/meta/types/user')).status).toBe(200);
    // Used up, the rule removed itself.
    expect((await api('GET', '/__emulator/faults/rules')).body.rules).toEqual([]);
    expect((await api('DELETE', `/__emulator/faults/rules/${rule.body.id}`)).status).toBe(404);
  });
});

describe('snapshots', () => {
  it('put the org back exactly: ids, priorities and timestamps', async () => {
    const before = (await api('GET', '/api/v1/policies?type=PASSWORD')).body as Policy[];
    const seeded = await seededPolicy();
    await api('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Added', priority: 1 });
    await api('DELETE', `/api/v1/policies/${seeded.id}`);
    expect((await api('POST', `/__emulator/snapshots/${clean}/restore`)).status).toBeLessThan(300);
    expect((await api('GET', '/api/v1/policies?type=PASSWORD')).body).toEqual(before);
  });
});
