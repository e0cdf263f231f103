// The contract suite's checks of the directory the conditions name (users, groups, network zones,
// applications): a success and an error answer of every operation, on objects of the run only
// (logins, group and zone names carry its prefix), removed again by `cleanUpDirectory`.
import type { OperationName } from 'policy-service-emulator/contract';

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** What the suite lends these checks: its calls, its checks and its assertions. */
export interface SuiteTools {
  prefix: string;
  call(op: OperationName, o?: { params?: Record<string, string>; query?: string; body?: unknown }): Promise<Answer>;
  check(name: string, run: () => Promise<void>, o?: { writes?: boolean }): Promise<void>;
  success(op: OperationName, res: Answer): any;
  failure(res: Answer, status: number, code: string): any;
  assert(condition: unknown, message: string): asserts condition;
  show(value: unknown): string;
}

export async function directoryChecks(t: SuiteTools): Promise<void> {
  const { call, check, success, failure, prefix } = t;
  const assert: SuiteTools['assert'] = t.assert;
  const w = { writes: true };
  const unknown = `${prefix}nope`;
  const made: Record<string, any> = {};
  const need = (key: string) => {
    assert(made[key] !== undefined, `needs ${key}, which an earlier check did not produce`);
    return made[key];
  };
  const login = (what: string) => `${prefix}.${what}@example.com`;

  // ---------------------------------------------------------------- reads and refusals
  for (const [list, get, param] of [
    ['listUsers', 'getUser', 'userId'],
    ['listGroups', 'getGroup', 'groupId'],
    ['listNetworkZones', 'getNetworkZone', 'zoneId'],
    ['listApplications', 'getApplication', 'appId'],
  ] as const) {
    await check(`${list}: a page of at most limit objects; limit=0 answers 400 E0000001`, async () => {
      const items = success(list, await call(list, { query: 'limit=2' }));
      assert(items.length <= 2, `expected at most 2, got ${items.length}`);
      failure(await call(list, { query: 'limit=0' }), 400, 'E0000001');
      if (items.length) made[list] = items[0];
    });
    await check(`${get}: an object reads as it lists; an unknown id answers 404 E0000007`, async () => {
      if (made[list]) {
        const read = success(get, await call(get, { params: { [param]: made[list].id } }));
        assert(read.id === made[list].id, `got ${t.show(read)}`);
      }
      failure(await call(get, { params: { [param]: unknown } }), 404, 'E0000007');
    });
  }
  await check('listUsers: a search that cannot be read answers 400 E0000031', async () => {
    failure(await call('listUsers', { query: `search=${encodeURIComponent('type.id eq')}` }), 400, 'E0000031');
  });
  await check('getApplication: an app links its authentication policy (accessPolicy)', async () => {
    const app = made.listApplications;
    if (!app) return;
    const href = app._links?.accessPolicy?.href;
    if (href === undefined) return; // a classic org has no authentication policies
    const policyId = String(href).split('/').pop()!;
    const policy = success('getPolicy', await call('getPolicy', { params: { policyId } }));
    assert(policy.type === 'ACCESS_POLICY', `the link names a ${policy.type} policy`);
  });

  // ---------------------------------------------------------------- writes (own, prefixed objects only)
  await check(
    'createGroup: a group of the platform; the same name again answers 400 E0000001',
    async () => {
      const body = { profile: { name: `${prefix} group`, description: 'contract suite' } };
      const group = success('createGroup', await call('createGroup', { body }));
      assert(group.profile.name === body.profile.name, `got ${t.show(group)}`);
      made.group = group;
      failure(await call('createGroup', { body }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'replaceGroup: the profile changes; an unknown group answers 404 E0000007',
    async () => {
      const group = need('group');
      const body = { profile: { name: `${prefix} group renamed`, description: 'replaced' } };
      const replaced = success('replaceGroup', await call('replaceGroup', { params: { groupId: group.id }, body }));
      assert(replaced.profile.name === body.profile.name, `got ${t.show(replaced)}`);
      failure(await call('replaceGroup', { params: { groupId: unknown }, body }), 404, 'E0000007');
    },
    w,
  );
  await check(
    'createUser: activate=false makes a STAGED user; a profile without login answers 400 E0000001',
    async () => {
      const profile = { firstName: 'Contract', lastName: 'Suite', email: login('a'), login: login('a') };
      const user = success('createUser', await call('createUser', { query: 'activate=false', body: { profile } }));
      assert(user.status === 'STAGED' && user.profile.login === profile.login, `got ${t.show(user)}`);
      made.user = user;
      const { login: _, ...noLogin } = profile;
      failure(await call('createUser', { body: { profile: { ...noLogin, email: login('b') } } }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'replaceUser and updateUser: the profile changes; a partial update cannot change the type (400 E0000001)',
    async () => {
      const user = need('user');
      const params = { userId: user.id };
      const profile = { ...user.profile, lastName: 'Replaced' };
      const replaced = success('replaceUser', await call('replaceUser', { params, body: { profile } }));
      assert(replaced.profile.lastName === 'Replaced', `got ${t.show(replaced)}`);
      failure(await call('replaceUser', { params: { userId: unknown }, body: { profile } }), 404, 'E0000007');
      const updated = success(
        'updateUser',
        await call('updateUser', { params, body: { profile: { lastName: 'Up' } } }),
      );
      assert(updated.profile.lastName === 'Up' && updated.profile.firstName === 'Contract', `got ${t.show(updated)}`);
      const types = success('listUserTypes', await call('listUserTypes')) as { id: string }[];
      const other = types.find((x) => x.id !== user.type.id);
      if (other) {
        const body = { profile: {}, type: { id: other.id } };
        failure(await call('updateUser', { params, body }), 400, 'E0000001');
      }
    },
    w,
  );
  await check(
    'assignUserToGroup, listGroupUsers, unassignUserFromGroup: the member comes and goes; unknown ids answer 404',
    async () => {
      const params = { groupId: need('group').id, userId: need('user').id };
      success('assignUserToGroup', await call('assignUserToGroup', { params }));
      const members = success('listGroupUsers', await call('listGroupUsers', { params }));
      assert(
        members.some((m: { id: string }) => m.id === params.userId),
        `the user is not a member: ${t.show(members)}`,
      );
      failure(await call('listGroupUsers', { params: { groupId: unknown } }), 404, 'E0000007');
      failure(await call('assignUserToGroup', { params: { ...params, userId: unknown } }), 404, 'E0000007');
      success('unassignUserFromGroup', await call('unassignUserFromGroup', { params }));
      failure(await call('unassignUserFromGroup', { params: { ...params, groupId: unknown } }), 404, 'E0000007');
    },
    w,
  );
  await check(
    'deactivateUser and deleteUser: deactivated, then deleted by a second delete (404 after)',
    async () => {
      const params = { userId: need('user').id };
      success('deactivateUser', await call('deactivateUser', { params }));
      failure(await call('deactivateUser', { params: { userId: unknown } }), 404, 'E0000007');
      assert(success('getUser', await call('getUser', { params })).status === 'DEPROVISIONED', 'not deactivated');
      success('deleteUser', await call('deleteUser', { params }));
      failure(await call('getUser', { params }), 404, 'E0000007');
      failure(await call('deleteUser', { params }), 404, 'E0000007');
    },
    w,
  );
  await check(
    'deleteGroup: 204, then the group answers 404',
    async () => {
      const params = { groupId: need('group').id };
      success('deleteGroup', await call('deleteGroup', { params }));
      failure(await call('getGroup', { params }), 404, 'E0000007');
      failure(await call('deleteGroup', { params }), 404, 'E0000007');
    },
    w,
  );
  await check(
    'createNetworkZone, replaceNetworkZone, deleteNetworkZone: an IP zone; a bad gateway answers 400 E0000001',
    async () => {
      const body = { type: 'IP', name: `${prefix} zone`, gateways: [{ type: 'CIDR', value: '203.0.113.0/24' }] };
      const zone = success('createNetworkZone', await call('createNetworkZone', { body }));
      const bad = { ...body, name: `${prefix} bad zone`, gateways: [{ type: 'CIDR', value: '203.0.113.0/40' }] };
      failure(await call('createNetworkZone', { body: bad }), 400, 'E0000001');
      const params = { zoneId: zone.id };
      const range = [{ type: 'RANGE', value: '203.0.113.1-203.0.113.9' }];
      const replaced = success(
        'replaceNetworkZone',
        await call('replaceNetworkZone', { params, body: { ...body, gateways: range } }),
      );
      assert(replaced.gateways?.[0]?.type === 'RANGE', `got ${t.show(replaced)}`);
      failure(await call('replaceNetworkZone', { params: { zoneId: unknown }, body }), 404, 'E0000007');
      success('deleteNetworkZone', await call('deleteNetworkZone', { params }));
      failure(await call('deleteNetworkZone', { params }), 404, 'E0000007');
    },
    w,
  );
}

/** Removes the run's users (deactivate, then delete), groups and zones; returns what could not go. */
export async function cleanUpDirectory(t: SuiteTools): Promise<string[]> {
  const left: string[] = [];
  const users = (await t.call('listUsers', { query: `q=${encodeURIComponent(t.prefix)}` })).body;
  for (const u of Array.isArray(users) ? users : []) {
    if (!String(u.profile?.login).startsWith(t.prefix)) continue;
    for (let i = 0; i < 2; i++) await t.call('deleteUser', { params: { userId: u.id } });
    const res = await t.call('getUser', { params: { userId: u.id } });
    if (res.status !== 404) left.push(`user ${u.id} (${res.status})`);
  }
  const groups = (await t.call('listGroups', { query: `q=${encodeURIComponent(t.prefix)}` })).body;
  for (const g of Array.isArray(groups) ? groups : []) {
    if (!String(g.profile?.name).startsWith(t.prefix)) continue;
    const res = await t.call('deleteGroup', { params: { groupId: g.id } });
    if (res.status !== 204) left.push(`group ${g.id} (${res.status})`);
  }
  const zones = (await t.call('listNetworkZones')).body;
  for (const z of Array.isArray(zones) ? zones : []) {
    if (!String(z.name).startsWith(t.prefix)) continue;
    const res = await t.call('deleteNetworkZone', { params: { zoneId: z.id } });
    if (res.status !== 204) left.push(`zone ${z.id} (${res.status})`);
  }
  return left;
}
