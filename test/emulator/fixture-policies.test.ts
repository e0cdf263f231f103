// A fixture seeds policies with their rules (in priority order, ids optional, system defaults kept
// unless replaced), checked by the API's own validators; unknown members are refused at every level.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../packages/emulator/src/emulator/index.ts';
import { FixtureError, type FixtureInput } from '../../packages/emulator/src/emulator/org/fixture.ts';
import { TOKEN, useEmulator } from '../helpers/emulator.ts';

const FIXTURE: FixtureInput = {
  groups: [{ id: '00gstaff', name: 'Staff' }],
  apps: [{ id: '0oaportal', name: 'portal', accessPolicyId: '00pstrict' }],
  policies: [
    {
      type: 'PASSWORD',
      name: 'First password policy',
      description: 'seeded',
      conditions: { people: { groups: { include: ['00gstaff'] } } },
      rules: [
        { id: '0prfirst', type: 'PASSWORD', name: 'First rule' },
        { type: 'PASSWORD', name: 'Second rule', status: 'INACTIVE' },
      ],
    },
    { id: '00psecond', type: 'PASSWORD', name: 'Second password policy', description: 'seeded', status: 'INACTIVE' },
    {
      id: '00pstrict',
      type: 'ACCESS_POLICY',
      name: 'Strict',
      description: 'seeded',
      rules: [
        {
          type: 'ACCESS_POLICY',
          name: 'Deny all',
          actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
        },
      ],
    },
    { system: true, type: 'IDP_DISCOVERY', name: 'Renamed discovery', description: 'replaced by the fixture' },
  ],
};

describe('policies of the fixture', () => {
  const emu = useEmulator({ fixture: FIXTURE });

  it('are seeded in priority order above the system defaults, with their rules in order and the ids given', async () => {
    const list = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body;
    expect(list.map((p: any) => [p.name, p.priority, p.system, p.status])).toEqual([
      ['First password policy', 1, false, 'ACTIVE'],
      ['Second password policy', 2, false, 'INACTIVE'],
      ['Default Policy', 3, true, 'ACTIVE'],
    ]);
    expect(list[1].id).toBe('00psecond');
    expect(list[0].conditions.people.groups.include).toEqual(['00gstaff']);
    const rules = (await emu().call('GET', `/api/v1/policies/${list[0].id}/rules`)).body;
    expect(rules.map((r: any) => [r.id === '0prfirst', r.name, r.status, r.system])).toEqual([
      [true, 'First rule', 'ACTIVE', false],
      [false, 'Second rule', 'INACTIVE', false],
    ]);
  });

  it('replace a system default when marked system, keep the others, and map apps to seeded policies', async () => {
    const discovery = (await emu().call('GET', '/api/v1/policies?type=IDP_DISCOVERY')).body;
    expect(discovery.map((p: any) => [p.name, p.system])).toEqual([['Renamed discovery', true]]);
    const apps = (await emu().call('GET', '/api/v1/policies/00pstrict/app')).body;
    expect(apps.map((a: any) => a.id)).toEqual(['0oaportal']);
    const rules = (await emu().call('GET', '/api/v1/policies/00pstrict/rules')).body;
    expect(rules[0].actions.appSignOn.access).toBe('DENY');
  });

  it('come back exactly after a reset', async () => {
    const before = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body;
    await emu().call('DELETE', '/api/v1/policies/00psecond');
    await emu().reset();
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body).toEqual(before);
  });
});

describe('the full example of docs/emulator.md', () => {
  it('starts an org with its policies, rules and app mapping', async () => {
    const doc = readFileSync(new URL('../../docs/emulator.md', import.meta.url), 'utf8');
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc)![1]) as FixtureInput;
    const e = await startEmulator({ port: 0, token: TOKEN, fixture: example });
    try {
      const get = async (path: string) =>
        (await fetch(e.url + path, { headers: { authorization: `SSWS ${TOKEN}` } })).json() as Promise<any>;
      const passwords = await get('/api/v1/policies?type=PASSWORD');
      expect(passwords.map((p: any) => p.name)).toEqual(['Staff passwords', 'Default Policy']);
      expect(passwords[0].settings.password.complexity.minLength).toBe(12);
      expect((await get(`/api/v1/policies/${passwords[0].id}/rules/0prstaff`)).name).toBe('Staff may reset');
      expect((await get('/api/v1/policies/00pstrict/app')).map((a: any) => a.id)).toEqual(['0oa1portal']);
    } finally {
      await e.close();
    }
  });
});

describe('a fixture given as a path', () => {
  it('is read from the file, policies included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixture-'));
    const path = join(dir, 'fixture.json');
    writeFileSync(path, JSON.stringify({ policies: [{ id: '00pfile', type: 'MFA_ENROLL', name: 'From a file' }] }));
    const e = await startEmulator({ port: 0, token: TOKEN, fixture: path });
    try {
      const res = await fetch(`${e.url}/api/v1/policies/00pfile`, { headers: { authorization: `SSWS ${TOKEN}` } });
      expect(((await res.json()) as { name: string }).name).toBe('From a file');
    } finally {
      await e.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a fixture the API would refuse', () => {
  const refusal = async (fixture: unknown) => {
    const error = await startEmulator({ port: 0, token: TOKEN, fixture: fixture as FixtureInput }).then(
      async (e) => {
        await e.close();
        return undefined;
      },
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(FixtureError);
    return (error as Error).message;
  };

  it('is refused with the API causes, naming the fixture member', async () => {
    const message = await refusal({
      policies: [
        { type: 'PASSWORD', name: 'ok', description: 'd' },
        { type: 'PASSWORD', name: '', description: 'd' },
        { type: 'NOT_A_TYPE', name: 'x' },
        {
          type: 'ACCESS_POLICY',
          name: 'rules',
          description: 'd',
          rules: [{ type: 'PASSWORD', name: 'wrong type' }],
        },
      ],
    });
    expect(message).toContain('policies[1].name: must not be empty');
    expect(message).toContain('policies[2].type: must be one of');
    expect(message).toContain('policies[3].rules[0].type: must be ACCESS_POLICY');
    expect(message).not.toContain('policies[0]');
  });

  it('is refused for duplicate ids and a default to replace that does not exist', async () => {
    const message = await refusal({
      policies: [
        { id: '00pdup', type: 'PASSWORD', name: 'a', description: 'd' },
        { id: '00pdup', type: 'PASSWORD', name: 'b', description: 'd' },
      ],
    });
    expect(message).toContain('policies[1].id: duplicates id 00pdup');
  });

  it('refuses unknown members at every closed level, naming the member and the known ones', async () => {
    const message = await refusal({
      user: [],
      users: [{ id: '00u', login: 'a', groupIds: [], nickname: 'x' }],
      zones: [{ id: 'nzo', name: 'z', gateways: [{ type: 'CIDR', value: '10.0.0.0/8', label: 'x' }] }],
      userTypes: [{ id: 'oty', name: 'T', displayName: 'T', color: 'blue' }],
      groups: [{ id: '00g', name: 'g', size: 2 }],
      policies: [{ type: 'PASSWORD', name: 'p', priority: 1, rules: [{ type: 'PASSWORD', name: 'r', weight: 1 }] }],
    });
    for (const expected of [
      'user: unknown member; known: userTypes, groups, users, zones, apps, policies',
      'users[0].nickname: unknown member; known: id, login, groupIds, typeId',
      'zones[0].gateways[0].label: unknown member; known: type, value',
      'userTypes[0].color: unknown member',
      'groups[0].size: unknown member',
      'policies[0].priority: unknown member; known: id, type, name, description, status, system, conditions, settings, rules',
      'policies[0].rules[0].weight: unknown member; known: id, type, name, status, system, conditions, actions',
    ])
      expect(message).toContain(expected);
  });
});
