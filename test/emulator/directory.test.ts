// The directory the conditions name, over real HTTP: users (create with `type: {id}`, read by id and
// login, list with q/search/filter, full replace, partial update, deactivate, the two-step delete),
// groups and their members, IP network zones and applications (the fixture's and the registered
// OAuth clients, with the `accessPolicy` link). Every answer is checked against the contract; the
// User Types document's user rules, live references from policies, scopes, snapshots, the journal and
// the state file are asserted on what the emulator serves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callOperation } from '../helpers/contract.ts';
import {
  causesOf,
  countFromNow,
  createPolicy,
  createRule,
  startTestEmulator,
  useEmulator,
} from '../helpers/emulator.ts';
import { assertion, JWT_BEARER, serviceKey } from '../helpers/oauth.ts';
import { requestToken } from '../../src/tools/clientCredentials.ts';
import { MAX_DIRECTORY } from '../../packages/emulator/src/rest/contract/directory.ts';

const emu = useEmulator();
const T = '/api/v1/meta/types/user';

const profile = (name: string) => ({
  firstName: name,
  lastName: 'Tester',
  email: `${name.toLowerCase()}@example.org`,
  login: `${name.toLowerCase()}@example.org`,
});

async function createUser(body: Record<string, unknown>, query?: string) {
  return (await callOperation(emu(), 'createUser', { body, query })).body;
}
async function createType(name: string) {
  const res = await emu().call('POST', `${T}/`, { name, displayName: name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
async function createGroup(name: string) {
  return (await callOperation(emu(), 'createGroup', { body: { profile: { name, description: `${name} group` } } }))
    .body;
}
const getUser = (userId: string, expectStatus?: number) =>
  callOperation(emu(), 'getUser', { params: { userId }, expectStatus });
const defaultTypeId = async () => (await emu().call('GET', `${T}/default`)).body.id as string;
const ids = (list: { id: string }[]) => list.map((x) => x.id);

/** Registers a service client (private_key_jwt) that may ask for `scope`. */
async function registerService(name: string, scope: string) {
  const key = await serviceKey();
  const res = await emu().call('POST', '/oauth2/v1/clients', {
    client_name: name,
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [key.jwk] },
    scope,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key, clientId: res.body.client_id as string };
}

describe('the fixture directory is what the API serves', () => {
  it('lists the fixture users with their profile, type and status', async () => {
    const users = (await callOperation(emu(), 'listUsers')).body;
    expect(ids(users)).toEqual(['00u1alice', '00u2bob', '00u3carol', '00u4dave']);
    const [alice, bob] = users;
    expect(alice).toMatchObject({
      status: 'ACTIVE',
      type: { id: await defaultTypeId() },
      profile: { login: 'alice@example.com', email: 'alice@example.com', firstName: 'Alice', lastName: 'Anders' },
    });
    expect(bob.type).toEqual({ id: 'oty1contractor' });
    expect(alice._links.self.href).toBe(`${emu().url}/api/v1/users/00u1alice`);
    expect(alice._links.type.href).toBe(`${emu().url}${T}/${alice.type.id}`);
  });

  it('serves the fixture groups, zones and apps', async () => {
    const groups = (await callOperation(emu(), 'listGroups')).body;
    expect(groups.map((g: any) => [g.id, g.profile.name, g.type])).toEqual([
      ['00g1engineering', 'Engineering', 'PLATFORM_GROUP'],
      ['00g2sales', 'Sales', 'PLATFORM_GROUP'],
      ['00g3admins', 'Admins', 'PLATFORM_GROUP'],
    ]);
    const members = (await callOperation(emu(), 'listGroupUsers', { params: { groupId: '00g1engineering' } })).body;
    expect(ids(members)).toEqual(['00u1alice', '00u3carol']);
    const zone = (await callOperation(emu(), 'getNetworkZone', { params: { zoneId: 'nzo1office' } })).body;
    expect(zone).toMatchObject({
      type: 'IP',
      name: 'Office',
      status: 'ACTIVE',
      gateways: [
        { type: 'CIDR', value: '10.0.0.0/8' },
        { type: 'RANGE', value: '192.168.1.1-192.168.1.20' },
      ],
    });
    const apps = (await callOperation(emu(), 'listApplications')).body;
    expect(ids(apps)).toEqual(['0oa1portal', '0oa2crm', '0oa3console']);
  });
});

describe('users', () => {
  it('creates a user as activate and credentials decide: PROVISIONED, ACTIVE with a password, STAGED', async () => {
    const provisioned = await createUser({ profile: profile('Pat') }, 'activate=true');
    expect(provisioned).toMatchObject({ status: 'PROVISIONED', type: { id: await defaultTypeId() } });
    expect(provisioned.id).toMatch(/^00u/);
    expect(provisioned.credentials).toEqual({ provider: { type: 'PLATFORM', name: 'PLATFORM' } });
    const active = await createUser({ profile: profile('Ann'), credentials: { password: { value: 'Secret-123' } } });
    expect(active.status).toBe('ACTIVE');
    expect(active.credentials.password).toEqual({});
    expect(JSON.stringify(active)).not.toContain('Secret-123');
    const staged = await createUser({ profile: profile('Sam') }, 'activate=false');
    expect(staged).toMatchObject({ status: 'STAGED', activated: null });
    expect((await getUser(staged.id)).body).toEqual(staged);
    // By login too, as the platform's get-user accepts either.
    expect((await getUser('SAM@example.org')).body.id).toBe(staged.id);
  });

  it('creates a user of a named type, with groups', async () => {
    const type = await createType('Partner');
    const user = await createUser({ profile: profile('Kim'), type: { id: type.id }, groupIds: ['00g2sales'] });
    expect(user.type).toEqual({ id: type.id });
    const members = (await callOperation(emu(), 'listGroupUsers', { params: { groupId: '00g2sales' } })).body;
    expect(ids(members)).toEqual(['00u2bob', user.id]);
  });

  it('refuses a bad body with 400 naming each member, and creates nothing', async () => {
    const before = (await emu().call('GET', '/api/v1/users')).body.length;
    const refused = async (body: unknown, query?: string) =>
      causesOf(await callOperation(emu(), 'createUser', { body, query, expectStatus: 400 }));
    expect(await refused({ profile: { firstName: 'A', lastName: 'B', email: 'a@example.org' } })).toEqual([
      'profile.login: is required',
    ]);
    // The type map's only permitted key is id.
    expect((await refused({ profile: profile('Lee'), type: { id: 'oty1contractor', name: 'x' } }))[0]).toMatch(/^type/);
    expect(await refused({ profile: profile('Lee'), type: { id: 'otynothere' } })).toEqual([
      'type.id: names no user type (otynothere); a deleted user type cannot be assigned',
    ]);
    expect(await refused({ profile: { ...profile('Lee'), login: 'alice@EXAMPLE.com' } })).toEqual([
      'profile.login: An object with this field already exists in the current organization',
    ]);
    expect(await refused({ profile: profile('Lee'), groupIds: ['00gnothere'] })).toEqual([
      'groupIds[0]: names no group (00gnothere)',
    ]);
    expect(await refused({ profile: profile('Lee') }, 'activate=maybe')).toEqual(['activate: must be true or false']);
    expect(await refused('not json')).toHaveLength(1);
    expect((await emu().call('GET', '/api/v1/users')).body).toHaveLength(before);
  });

  it('lists with q (a name, email or login prefix), search and filter; a bad expression is 400 E0000031', async () => {
    const type = await createType('Vendor');
    const vic = await createUser({ profile: profile('Vic'), type: { id: type.id } });
    const val = await createUser({ profile: profile('Val'), type: { id: type.id } }, 'activate=false');
    const list = async (query: string) => ids((await callOperation(emu(), 'listUsers', { query })).body);
    expect(await list('q=va')).toEqual([val.id]);
    expect(await list('q=Tester')).toEqual([vic.id, val.id]);
    expect(await list(`search=${encodeURIComponent(`type.id eq "${type.id}"`)}`)).toEqual([vic.id, val.id]);
    expect(
      await list(
        `search=${encodeURIComponent(`type.id eq "${type.id}" and (status eq "STAGED" or profile.firstName sw "x")`)}`,
      ),
    ).toEqual([val.id]);
    expect(await list(`filter=${encodeURIComponent('status eq "PROVISIONED"')}`)).toEqual([vic.id]);
    expect(await list(`search=${encodeURIComponent('not profile.login co "example.com"')}`)).toEqual([vic.id, val.id]);
    const filterOnly = ['profile.nickName pr', `type.id eq "${type.id}"`];
    for (const bad of ['type.id eq', 'status == "ACTIVE"', '(status eq "ACTIVE"', ...filterOnly]) {
      const parameter = filterOnly.includes(bad) ? 'filter' : 'search';
      const res = await callOperation(emu(), 'listUsers', {
        query: `${parameter}=${encodeURIComponent(bad)}`,
        expectStatus: 400,
      });
      expect(res.body.errorCode, bad).toBe('E0000031');
      expect(causesOf(res)[0], bad).toMatch(new RegExp(`^${parameter}: `));
    }
  });

  it('pages with limit and the next link', async () => {
    const first = await callOperation(emu(), 'listUsers', { query: 'limit=3' });
    expect(ids(first.body)).toEqual(['00u1alice', '00u2bob', '00u3carol']);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBe(`${emu().url}/api/v1/users?limit=3&after=00u3carol`);
    const second = await emu().call('GET', new URL(next!).pathname + new URL(next!).search);
    expect(ids(second.body)).toEqual(['00u4dave']);
    expect(second.headers.get('link')).not.toContain('rel="next"');
  });

  it('a full replace changes the profile and the type; a partial update merges the profile and cannot change the type', async () => {
    const type = await createType('Temp');
    const user = await createUser({ profile: profile('Max') });
    const replaced = await callOperation(emu(), 'replaceUser', {
      params: { userId: user.id },
      body: { ...user, profile: { ...profile('Max'), lastName: 'Moved' }, type: { id: type.id } },
    });
    expect(replaced.body).toMatchObject({ type: { id: type.id }, profile: { lastName: 'Moved' } });

    const refused = await callOperation(emu(), 'updateUser', {
      params: { userId: user.id },
      body: { profile: { firstName: 'Maxi' }, type: { id: await defaultTypeId() } },
      expectStatus: 400,
    });
    expect(causesOf(refused)).toEqual([
      "type: a partial update cannot change a user's type; replace the user (PUT) to change it",
    ]);
    expect((await getUser(user.id)).body).toMatchObject({ type: { id: type.id }, profile: { firstName: 'Max' } });

    const updated = await callOperation(emu(), 'updateUser', {
      params: { userId: user.id },
      body: { profile: { firstName: 'Maxi', nickName: 'M' } },
    });
    expect(updated.body.profile).toEqual({ ...profile('Max'), lastName: 'Moved', firstName: 'Maxi', nickName: 'M' });
    expect(updated.body.type).toEqual({ id: type.id });
  });

  it('deactivates, and deletes in two steps: a user not yet deactivated is deactivated, then deleted', async () => {
    const user = await createUser({ profile: profile('Dee') });
    await callOperation(emu(), 'deactivateUser', { params: { userId: user.id } });
    expect((await getUser(user.id)).body.status).toBe('DEPROVISIONED');
    const other = await createUser({ profile: profile('Eve') });
    await callOperation(emu(), 'deleteUser', { params: { userId: other.id } });
    expect((await getUser(other.id)).body.status).toBe('DEPROVISIONED');
    await callOperation(emu(), 'deleteUser', { params: { userId: other.id } });
    expect((await getUser(other.id, 404)).body.errorCode).toBe('E0000007');
  });

  it('answers 404 E0000007 for an unknown user on every user operation', async () => {
    const userId = '00unothere';
    for (const [name, body] of [
      ['getUser'],
      ['replaceUser', { profile: profile('Nobody') }],
      ['updateUser', { profile: {} }],
      ['deactivateUser'],
      ['deleteUser'],
    ] as const) {
      const res = await callOperation(emu(), name, { params: { userId }, body, expectStatus: 404 });
      expect(res.body.errorCode, name).toBe('E0000007');
    }
  });
});

describe("the User Types document's user rules", () => {
  it('refuses to delete a type that a non-deleted user has (403 E0000142 UNMET_REQUIREMENTS); a deleted type is refused on a new user', async () => {
    const type = await createType('Seasonal');
    const user = await createUser({ profile: profile('Ola'), type: { id: type.id } });
    const refused = await emu().call('DELETE', `${T}/${type.id}`);
    expect([refused.status, refused.body.errorCode, refused.body.reason]).toEqual([
      403,
      'E0000142',
      'UNMET_REQUIREMENTS',
    ]);
    // A deactivated user is not deleted: it still counts.
    await emu().call('POST', `/api/v1/users/${user.id}/lifecycle/deactivate`);
    expect((await emu().call('DELETE', `${T}/${type.id}`)).status).toBe(403);
    // A full replace moves the user to another type: the type is free.
    await callOperation(emu(), 'replaceUser', {
      params: { userId: user.id },
      body: { profile: profile('Ola'), type: { id: 'oty1contractor' } },
    });
    expect((await emu().call('DELETE', `${T}/${type.id}`)).status).toBe(204);
    const res = await callOperation(emu(), 'createUser', {
      body: { profile: profile('Pia'), type: { id: type.id } },
      expectStatus: 400,
    });
    expect(causesOf(res)).toEqual([`type.id: names no user type (${type.id}); a deleted user type cannot be assigned`]);
  });

  it('counts the fixture users too: the type bob has cannot be deleted until bob is deleted', async () => {
    expect((await emu().call('DELETE', `${T}/oty1contractor`)).body.reason).toBe('UNMET_REQUIREMENTS');
    await emu().call('DELETE', '/api/v1/users/00u2bob');
    expect((await emu().call('DELETE', `${T}/oty1contractor`)).status).toBe(403);
    await emu().call('DELETE', '/api/v1/users/00u2bob');
    expect((await emu().call('DELETE', `${T}/oty1contractor`)).status).toBe(204);
  });
});

describe('groups', () => {
  it('creates, reads, lists by name prefix, replaces and deletes a group', async () => {
    const group = await createGroup('Support');
    expect(group).toMatchObject({
      type: 'PLATFORM_GROUP',
      profile: { name: 'Support', description: 'Support group' },
      objectClass: ['platform:user_group'],
    });
    expect((await callOperation(emu(), 'getGroup', { params: { groupId: group.id } })).body).toEqual(group);
    const listed = (await callOperation(emu(), 'listGroups', { query: 'q=su' })).body;
    expect(ids(listed)).toEqual([group.id]);
    const replaced = await callOperation(emu(), 'replaceGroup', {
      params: { groupId: group.id },
      body: { profile: { name: 'Customer support' } },
    });
    expect(replaced.body.profile).toEqual({ name: 'Customer support', description: null });
    await callOperation(emu(), 'deleteGroup', { params: { groupId: group.id } });
    await callOperation(emu(), 'getGroup', { params: { groupId: group.id }, expectStatus: 404 });
  });

  it('refuses a bad body, a name another group has, and unknown ids', async () => {
    const bad = await callOperation(emu(), 'createGroup', { body: { profile: {} }, expectStatus: 400 });
    expect(causesOf(bad)).toEqual(['profile.name: is required']);
    const taken = await callOperation(emu(), 'createGroup', {
      body: { profile: { name: 'sales' } },
      expectStatus: 400,
    });
    expect(causesOf(taken)).toEqual([
      'profile.name: An object with this field already exists in the current organization',
    ]);
    for (const [name, params] of [
      ['getGroup', { groupId: '00gnothere' }],
      ['deleteGroup', { groupId: '00gnothere' }],
      ['listGroupUsers', { groupId: '00gnothere' }],
      ['assignUserToGroup', { groupId: '00g2sales', userId: '00unothere' }],
      ['unassignUserFromGroup', { groupId: '00gnothere', userId: '00u1alice' }],
    ] as const) {
      expect((await callOperation(emu(), name, { params, expectStatus: 404 })).body.errorCode, name).toBe('E0000007');
    }
  });

  it('adds and removes members', async () => {
    const group = await createGroup('Oncall');
    const params = { groupId: group.id, userId: '00u4dave' };
    await callOperation(emu(), 'assignUserToGroup', { params });
    await callOperation(emu(), 'assignUserToGroup', { params });
    const members = async () =>
      ids((await callOperation(emu(), 'listGroupUsers', { params: { groupId: group.id } })).body);
    expect(await members()).toEqual(['00u4dave']);
    await callOperation(emu(), 'unassignUserFromGroup', { params });
    expect(await members()).toEqual([]);
  });
});

describe('policies name the live directory', () => {
  it('a group made over the API can be named in a password policy at once', async () => {
    const group = await createGroup('Contractors');
    const type = await createType('Freelancer');
    const policy = await emu().call('POST', '/api/v1/policies', {
      type: 'PASSWORD',
      name: 'Contractor passwords',
      description: 'd',
      conditions: { people: { groups: { include: [group.id] } }, userType: { include: [type.id], exclude: [] } },
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    expect(policy.body.conditions.people.groups.include).toEqual([group.id]);
    // A group that does not exist is still refused.
    const unknown = await emu().call('POST', '/api/v1/policies', {
      type: 'PASSWORD',
      name: 'Nobody',
      description: 'd',
      conditions: { people: { groups: { include: ['00gnothere'] } } },
    });
    expect(unknown.status).toBe(400);
  });

  it('evaluates membership from the live directory: a new user added to a new group matches its sign-on policy', async () => {
    const group = await createGroup('Night shift');
    const user = await createUser({ profile: profile('Nia') });
    await callOperation(emu(), 'assignUserToGroup', { params: { groupId: group.id, userId: user.id } });
    const policy = await emu().call('POST', '/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'Night shift sign-on',
      description: 'd',
      conditions: { people: { groups: { include: [group.id] } } },
    });
    await emu().call('POST', `/api/v1/policies/${policy.body.id}/rules`, {
      type: 'SIGN_ON',
      name: 'Allow',
      actions: { signon: { access: 'ALLOW', primaryFactor: 'PASSWORD_IDP_ANY_FACTOR' } },
    });
    const simulate = (userId: string) =>
      emu().call('POST', '/api/v1/policies/simulate', {
        appInstance: '0oa1portal',
        policyTypes: ['PLATFORM_SIGN_ON'],
        policyContext: { user: { id: userId } },
      });
    const matched = (await simulate(user.id)).body.evaluation[0].result.policies[0];
    expect(matched.id).toBe(policy.body.id);
    expect((await simulate('00u4dave')).body.evaluation[0].result.policies[0].id).not.toBe(policy.body.id);
  });

  it('a deleted group leaves the conditions that name it, and the policy stays valid to write back', async () => {
    const group = await createGroup('Interns');
    const policy = (
      await emu().call('POST', '/api/v1/policies', {
        type: 'PASSWORD',
        name: 'Intern passwords',
        description: 'd',
        conditions: { people: { groups: { include: [group.id, '00g2sales'] } } },
      })
    ).body;
    const rule = await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
      type: 'PASSWORD',
      name: 'Interns rule',
      conditions: { people: { users: { exclude: [] } } },
      actions: { passwordChange: { access: 'ALLOW' } },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await callOperation(emu(), 'deleteGroup', { params: { groupId: group.id } });
    const after = (await emu().call('GET', `/api/v1/policies/${policy.id}`)).body;
    expect(after.conditions.people.groups.include).toEqual(['00g2sales']);
    const { _links, ...body } = after;
    expect((await emu().call('PUT', `/api/v1/policies/${policy.id}`, body)).status).toBe(200);
  });

  it('a deleted user leaves the rule conditions that name it', async () => {
    const user = await createUser({ profile: profile('Ray') });
    const policy = (await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'P', description: 'd' }))
      .body;
    const rule = (
      await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
        type: 'PASSWORD',
        name: 'R',
        conditions: { people: { users: { exclude: [user.id, '00u4dave'] } } },
        actions: { passwordChange: { access: 'ALLOW' } },
      })
    ).body;
    await emu().call('DELETE', `/api/v1/users/${user.id}`);
    await emu().call('DELETE', `/api/v1/users/${user.id}`);
    const after = (await emu().call('GET', `/api/v1/policies/${policy.id}/rules/${rule.id}`)).body;
    expect(after.conditions.people.users.exclude).toEqual(['00u4dave']);
  });
});

describe('bounds', () => {
  it(`refuses a zone past the org's maximum of ${MAX_DIRECTORY.zones} with 400, and makes none`, async () => {
    const zones = emu().store().data.zones;
    const first = zones.nzo1office;
    for (let i = Object.keys(zones).length; i < MAX_DIRECTORY.zones; i++)
      zones[`nzofill${i}`] = { ...first, id: `nzofill${i}`, name: `Fill ${i}` };
    const res = await callOperation(emu(), 'createNetworkZone', {
      body: { type: 'IP', name: 'One too many' },
      expectStatus: 400,
    });
    expect(causesOf(res)).toEqual([`(zone): the org already has the maximum of ${MAX_DIRECTORY.zones} network zones`]);
    expect(Object.keys(zones)).toHaveLength(MAX_DIRECTORY.zones);
  });
});

describe('network zones', () => {
  const zoneBody = (name: string) => ({
    type: 'IP',
    name,
    gateways: [
      { type: 'CIDR', value: '203.0.113.0/24' },
      { type: 'RANGE', value: '198.51.100.1-198.51.100.9' },
    ],
  });

  it('creates, reads, lists, replaces and deletes an IP zone', async () => {
    const zone = (await callOperation(emu(), 'createNetworkZone', { body: zoneBody('Branch') })).body;
    expect(zone).toMatchObject({ type: 'IP', status: 'ACTIVE', usage: 'POLICY', system: false, proxies: null });
    expect(zone.id).toMatch(/^nzo/);
    expect(ids((await callOperation(emu(), 'listNetworkZones')).body)).toEqual(['nzo1office', 'nzo2vpn', zone.id]);
    const replaced = await callOperation(emu(), 'replaceNetworkZone', {
      params: { zoneId: zone.id },
      body: { ...zone, gateways: [{ type: 'CIDR', value: '2001:db8:1::/48' }] },
    });
    expect(replaced.body.gateways).toEqual([{ type: 'CIDR', value: '2001:db8:1::/48' }]);
    await callOperation(emu(), 'deleteNetworkZone', { params: { zoneId: zone.id } });
    await callOperation(emu(), 'getNetworkZone', { params: { zoneId: zone.id }, expectStatus: 404 });
  });

  it('refuses bad gateways and a zone type other than IP', async () => {
    const res = await callOperation(emu(), 'createNetworkZone', {
      body: {
        ...zoneBody('Bad'),
        gateways: [
          { type: 'CIDR', value: '10.0.0.0/33' },
          { type: 'RANGE', value: '10.0.0.9-10.0.0.1' },
        ],
      },
      expectStatus: 400,
    });
    expect(causesOf(res)).toEqual([
      'gateways[0].value: is not a valid CIDR (10.0.0.0/33): the prefix length must be an integer from 0 to 32',
      'gateways[1].value: is not a valid RANGE (10.0.0.9-10.0.0.1): the first address must not come after the second',
    ]);
    const dynamic = await callOperation(emu(), 'createNetworkZone', {
      body: { type: 'DYNAMIC', name: 'Geo' },
      expectStatus: 400,
    });
    expect(causesOf(dynamic)[0]).toMatch(/^type/);
  });

  it('a new zone is matched by address at once, and cannot be deleted while it is the only zone of a rule', async () => {
    const zone = (await callOperation(emu(), 'createNetworkZone', { body: zoneBody('Lab') })).body;
    const policy = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON' });
    const rule = await createRule(emu(), policy.id, {
      type: 'SIGN_ON',
      conditions: { network: { connection: 'ZONE', include: [zone.id] } },
      actions: { signon: { access: 'DENY' } },
    });
    const simulated = await emu().call('POST', '/api/v1/policies/simulate?expand=RULE', {
      appInstance: '0oa1portal',
      policyTypes: ['PLATFORM_SIGN_ON'],
      policyContext: { user: { id: '00u4dave' }, ip: '198.51.100.5' },
    });
    expect(simulated.body.evaluation[0].result.policies[0].rules[0].id).toBe(rule.id);
    const refused = await callOperation(emu(), 'deleteNetworkZone', { params: { zoneId: zone.id }, expectStatus: 403 });
    expect([refused.body.errorCode, refused.body.reason]).toEqual(['E0000142', 'UNMET_REQUIREMENTS']);
    expect(causesOf(refused)).toEqual([`the zone is the only zone of rule ${rule.id}; give them another zone first`]);
  });

  it('a zone deleted beside another zone of a rule leaves that rule', async () => {
    const zone = (await callOperation(emu(), 'createNetworkZone', { body: zoneBody('Annex') })).body;
    const policy = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON' });
    const rule = await createRule(emu(), policy.id, {
      type: 'SIGN_ON',
      conditions: { network: { connection: 'ZONE', exclude: [zone.id, 'nzo2vpn'] } },
      actions: { signon: { access: 'DENY' } },
    });
    await callOperation(emu(), 'deleteNetworkZone', { params: { zoneId: zone.id } });
    const after = (await emu().call('GET', `/api/v1/policies/${policy.id}/rules/${rule.id}`)).body;
    expect(after.conditions.network.exclude).toEqual(['nzo2vpn']);
  });
});

describe('applications', () => {
  it('links each app to its authentication policy, and the link follows an assignment', async () => {
    const app = (await callOperation(emu(), 'getApplication', { params: { appId: '0oa1portal' } })).body;
    expect(app).toMatchObject({ id: '0oa1portal', name: 'portal', label: 'Employee Portal', status: 'ACTIVE' });
    const defaultPolicy = (await emu().call('GET', new URL(app._links.accessPolicy.href).pathname)).body;
    expect([defaultPolicy.type, defaultPolicy.system]).toEqual(['ACCESS_POLICY', true]);
    const policy = (
      await emu().call('POST', '/api/v1/policies', { type: 'ACCESS_POLICY', name: 'Portal', description: 'd' })
    ).body;
    expect((await emu().call('PUT', `/api/v1/apps/0oa1portal/policies/${policy.id}`)).status).toBe(204);
    const after = (await callOperation(emu(), 'getApplication', { params: { appId: '0oa1portal' } })).body;
    expect(after._links.accessPolicy.href.endsWith(`/${policy.id}`)).toBe(true);
    expect(
      (await callOperation(emu(), 'getApplication', { params: { appId: '0oanothere' }, expectStatus: 404 })).body
        .errorCode,
    ).toBe('E0000007');
  });

  it('serves a registered OAuth client as an app whose id is its client_id, which a policy can name', async () => {
    const { clientId: appId } = await registerService('Billing service', 'okta.policies.read');
    const app = (await callOperation(emu(), 'getApplication', { params: { appId } })).body;
    expect(app).toMatchObject({
      id: appId,
      label: 'Billing service',
      name: 'oidc_client',
      signOnMode: 'OPENID_CONNECT',
    });
    expect(ids((await callOperation(emu(), 'listApplications', { query: 'q=billing' })).body)).toEqual([appId]);
    const policy = await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    const rule = await createRule(emu(), policy.id, {
      type: 'ACCESS_POLICY',
      conditions: { app: { include: [{ type: 'APP', id: appId }], exclude: [] } },
      actions: { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '1FA' } } },
    });
    expect(rule.conditions.app.include).toEqual([{ type: 'APP', id: appId }]);
  });
});

describe('scopes, roles and test controls', () => {
  async function serviceToken(registeredScope: string, scope: string): Promise<string> {
    const { key, clientId } = await registerService('Directory reader', registeredScope);
    const endpoint = `${emu().url}/oauth2/v1/token`;
    const iat = Math.floor(Date.now() / 1000);
    const answer = await requestToken(endpoint, {
      grant_type: 'client_credentials',
      scope,
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key, clientId, endpoint, { iat, exp: iat + 300 }),
    });
    return answer.access_token;
  }

  it('needs okta.groups.read to list groups and okta.groups.manage to make one; a refused call changes nothing', async () => {
    const policiesOnly = await serviceToken('okta.policies.read okta.groups.read', 'okta.policies.read');
    const refused = await emu().call('GET', '/api/v1/groups', undefined, { authorization: `Bearer ${policiesOnly}` });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'E0000006']);
    expect(refused.headers.get('www-authenticate')).toContain('scope="okta.groups.read"');
    const reader = await serviceToken('okta.groups.read okta.users.read', 'okta.groups.read okta.users.read');
    const bearer = { authorization: `Bearer ${reader}` };
    expect((await emu().call('GET', '/api/v1/groups', undefined, bearer)).status).toBe(200);
    expect((await emu().call('GET', '/api/v1/users/00u1alice', undefined, bearer)).status).toBe(200);
    const write = await emu().call('POST', '/api/v1/groups', { profile: { name: 'Nope' } }, bearer);
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toContain('scope="okta.groups.manage"');
    const zones = await emu().call('GET', '/api/v1/zones', undefined, bearer);
    expect(zones.headers.get('www-authenticate')).toContain('scope="okta.networkZones.read"');
    expect(ids((await emu().call('GET', '/api/v1/groups')).body)).toHaveLength(3);
  });

  it('keeps the directory in snapshots and resets, journals its requests and counts them per template', async () => {
    const since = countFromNow(emu());
    const snapshot = (await emu().call('POST', '/__emulator/snapshots')).body.id;
    const group = await createGroup('Temporary');
    const user = await createUser({ profile: profile('Tom'), groupIds: [group.id] });
    const taken = (await emu().call('POST', '/__emulator/snapshots')).body.id;
    expect((await emu().call('POST', `/__emulator/snapshots/${snapshot}/restore`)).status).toBe(204);
    expect((await emu().call('GET', `/api/v1/groups/${group.id}`)).status).toBe(404);
    expect((await emu().call('POST', `/__emulator/snapshots/${taken}/restore`)).status).toBe(204);
    expect((await emu().call('GET', `/api/v1/users/${user.id}`)).body.profile.login).toBe('tom@example.org');
    const { byRoute } = since();
    expect(byRoute['POST /api/v1/groups']).toBe(1);
    expect(byRoute['GET /api/v1/users/{userId}']).toBe(1);
    const journal = (await emu().call('GET', '/__emulator/journal')).body;
    const entries = (journal.entries ?? journal) as { template: string | null; status: number }[];
    expect(entries.some((e) => e.template === '/api/v1/groups/{groupId}' && e.status === 404)).toBe(true);
    await emu().reset();
    expect((await emu().call('GET', `/api/v1/users/${user.id}`)).status).toBe(404);
  });

  it('keeps the directory in the state file across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-directory-'));
    const statePath = join(dir, 'org.json');
    try {
      const first = await startTestEmulator({ statePath });
      const zone = (
        await first.call('POST', '/api/v1/zones', {
          type: 'IP',
          name: 'Kept',
          gateways: [{ type: 'CIDR', value: '10.9.0.0/16' }],
        })
      ).body;
      const user = (await first.call('POST', '/api/v1/users', { profile: profile('Una') })).body;
      await first.call('PUT', `/api/v1/groups/00g3admins/users/${user.id}`);
      await first.close();
      const second = await startTestEmulator({ statePath });
      try {
        expect((await second.call('GET', `/api/v1/zones/${zone.id}`)).body.name).toBe('Kept');
        const members = (await second.call('GET', '/api/v1/groups/00g3admins/users')).body;
        expect(ids(members)).toEqual(['00u3carol', user.id]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
