// Rules the spec states outright, each enforced exactly (no more lenient, no stricter): the spec's
// words are quoted above each block. Over HTTP against a running emulator with the built-in fixture.
import { describe, expect, it } from 'vitest';
import { gatewayProblem, ipInGateways } from '../../packages/emulator/src/emulator/org/network.ts';
import type { ZoneGateway } from '../../packages/emulator/src/emulator/org/fixture.ts';
import { causesOf, defaultPolicyOf, expectValidationCause, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();

async function namesOf(type: string): Promise<string[]> {
  return (await emu().call('GET', `/api/v1/policies?type=${type}`)).body.map((p: { name: string }) => p.name);
}

// "Creating an authentication policy body needs `type`, `name`, `description`." and, for profile
// enrollment, "Creating a policy needs `type`, `name`, `description`."
describe('a description is needed to create authentication and profile enrollment policies', () => {
  it.each(['ACCESS_POLICY', 'PROFILE_ENROLLMENT'])('%s: absent or null is a 400 naming description', async (type) => {
    for (const body of [
      { type, name: 'No description' },
      { type, name: 'No description', description: null },
    ]) {
      const res = await emu().call('POST', '/api/v1/policies', body);
      expectValidationCause(res, 'description');
    }
    expect(await namesOf(type)).not.toContain('No description');
    const created = await emu().call('POST', '/api/v1/policies', { type, name: 'Described', description: 'why' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.description).toBe('why');
  });

  it('other types keep the Policy object default: description null', async () => {
    const res = await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Plain' });
    expect(res.status).toBe(200);
    expect(res.body.description).toBeNull();
  });

  it('a replace may leave the description out (the update body does not require it)', async () => {
    const created = await emu().call('POST', '/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: 'A',
      description: 'd',
    });
    const res = await emu().call('PUT', `/api/v1/policies/${created.body.id}`, { type: 'ACCESS_POLICY', name: 'A' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.description).toBeNull();
  });
});

// Policy Authenticator object: "`enroll` (required) with `self` enum NOT_ALLOWED, OPTIONAL, REQUIRED
// (required, default NOT_ALLOWED)".
describe('a policy authenticator needs enroll', () => {
  const create = (authenticator: unknown) =>
    emu().call('POST', '/api/v1/policies', {
      type: 'MFA_ENROLL',
      name: 'Authenticators',
      settings: { type: 'AUTHENTICATORS', authenticators: [authenticator] },
    });

  it('an authenticator without enroll is a 400 naming it', async () => {
    expectValidationCause(await create({ key: 'platform_email' }), 'settings.authenticators[0].enroll');
    expectValidationCause(await create({ key: 'platform_email', enroll: null }), 'settings.authenticators[0].enroll');
    expect(await namesOf('MFA_ENROLL')).not.toContain('Authenticators');
  });

  it('with enroll, a missing self takes its default NOT_ALLOWED', async () => {
    const res = await create({ key: 'platform_email', enroll: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.authenticators).toEqual([{ key: 'platform_email', enroll: { self: 'NOT_ALLOWED' } }]);
  });
});

// User Type object: "description | string | Nullable: no" (displayName and name likewise). As on
// every other operation, null for a member that cannot be null counts as not sent.
describe('user type members are not nullable: null counts as not sent', () => {
  const TYPES = '/api/v1/meta/types/user';

  it('on create, null for a required member is "is required" like an absent one, and creates nothing', async () => {
    const before = (await emu().call('GET', TYPES)).body.length;
    for (const body of [
      { name: null, displayName: 'Partner' },
      { name: 'Partner', displayName: null },
    ]) {
      const res = await emu().call('POST', `${TYPES}/`, body);
      const member = body.name === null ? 'name' : 'displayName';
      expect(causesOf(res)).toEqual([`${member}: is required`]);
      const absent = await emu().call('POST', `${TYPES}/`, { ...body, [member]: undefined });
      expect(causesOf(absent)).toEqual(causesOf(res));
    }
    expect((await emu().call('GET', TYPES)).body).toHaveLength(before);
  });

  it('on create, a null description is the default "", as when it is absent', async () => {
    const res = await emu().call('POST', `${TYPES}/`, { name: 'Partner', displayName: 'Partner', description: null });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('');
  });

  it('on replace null is "is required" and changes nothing; on a partial update it leaves the member as it is', async () => {
    const t = (await emu().call('POST', `${TYPES}/`, { name: 'Vendor', displayName: 'Vendor', description: 'v' })).body;
    expectValidationCause(
      await emu().call('PUT', `${TYPES}/${t.id}`, { name: 'Vendor', displayName: 'Vendor', description: null }),
      'description',
    );
    expect((await emu().call('GET', `${TYPES}/${t.id}`)).body).toMatchObject({
      description: 'v',
      lastUpdated: t.lastUpdated,
    });
    const patched = await emu().call('POST', `${TYPES}/${t.id}`, { displayName: null, description: 'new' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: 'Vendor', description: 'new' });
  });
});

// userIdentifier condition: "`attribute` (string, optional, only used when type is ATTRIBUTE)".
describe('userIdentifier attribute with type IDENTIFIER', () => {
  it('is accepted, kept on the way back, and ignored by evaluation', async () => {
    const policy = (
      await emu().call('POST', '/api/v1/policies', {
        type: 'PLATFORM_SIGN_ON',
        name: 'By identifier',
        priority: 1,
      })
    ).body;
    const userIdentifier = {
      type: 'IDENTIFIER',
      attribute: 'department',
      patterns: [{ matchType: 'SUFFIX', value: '@example.com' }],
    };
    const rule = await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
      type: 'SIGN_ON',
      name: 'Example users',
      conditions: { userIdentifier },
      actions: { signon: { access: 'DENY' } },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const read = await emu().call('GET', `/api/v1/policies/${policy.id}/rules/${rule.body.id}`);
    expect(read.body.conditions.userIdentifier).toEqual(userIdentifier);

    // The typed identifier is not part of a simulation context: the condition stays UNDEFINED,
    // exactly as without the attribute.
    const sim = await emu().call('POST', '/api/v1/policies/simulate?expand=RULE', {
      appInstance: '0oa1portal',
      policyTypes: ['PLATFORM_SIGN_ON'],
      policyContext: { user: { id: '00u1alice' } },
    });
    expect(sim.status).toBe(200);
    const [entry] = sim.body.evaluation;
    expect(entry.undefined.policies[0].rules[0].conditions).toEqual([
      { type: 'userIdentifier.patterns', status: 'UNDEFINED' },
    ]);
  });
});

// Entity risk and continuous access rules: the create rule body has "`conditions`, `actions`,
// `status`, `priority` optional"; "`actions.entityRisk.actions` (array, required, default empty)"
// and "`actions.continuousAccess.failureActions` (array, required, default empty)".
describe('entity risk and continuous access rules without actions get the empty default', () => {
  it.each([
    ['ENTITY_RISK', { entityRisk: { actions: [] } }],
    ['CONTINUOUS_ACCESS', { continuousAccess: { failureActions: [] } }],
  ])('%s', async (type, empty) => {
    const policy = await defaultPolicyOf(emu(), type);
    const path = `/api/v1/policies/${policy.id}/rules`;
    for (const body of [
      { type, name: 'Absent' },
      { type, name: 'Null', actions: null },
      { type, name: 'Empty', actions: {} },
    ]) {
      const res = await emu().call('POST', path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.actions).toEqual(empty);
    }
    const rule = (await emu().call('GET', path)).body[0];
    const replaced = await emu().call('PUT', `${path}/${rule.id}`, { type, name: 'Replaced' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.actions).toEqual(empty);
  });
});

// "Get a policy with rules (classic only) | GET /api/v1/policies/{policyId}?expand=rules"
// (the classic engine's embedding is tested in listing.test.ts).
describe('expand=rules on the identity engine', () => {
  it('is refused with a 400 naming expand; the policy and its rules stay readable', async () => {
    const policy = await defaultPolicyOf(emu(), 'PASSWORD');
    const res = await emu().call('GET', `/api/v1/policies/${policy.id}?expand=rules`);
    expectValidationCause(res, 'expand');
    expect(res.body.errorCauses[0].errorSummary).toContain('classic');
    expect((await emu().call('GET', `/api/v1/policies/${policy.id}`)).body._embedded).toBeUndefined();
    expect((await emu().call('GET', `/api/v1/policies/${policy.id}/rules`)).body).toHaveLength(1);
  });
});

// network: "`include` and `exclude` arrays of zone identifiers"; policyContext.ip: "network
// condition address". An address is in a zone when one of the zone's gateways holds it, whatever
// its notation: IPv4, IPv6, or IPv4-mapped IPv6.
describe('network zone matching', () => {
  const office: ZoneGateway[] = [
    { type: 'CIDR', value: '10.0.0.0/8' },
    { type: 'RANGE', value: '192.168.1.1-192.168.1.20' },
    { type: 'CIDR', value: '2001:db8::/32' },
    { type: 'RANGE', value: '2001:db9::10-2001:db9::20' },
  ];

  it.each([
    ['IPv4 in a CIDR block', '10.1.2.3', true],
    ['IPv4 outside', '11.0.0.1', false],
    ['IPv4 at the end of a range', '192.168.1.20', true],
    ['IPv4 just past a range', '192.168.1.21', false],
    ['IPv6 in a CIDR block', '2001:db8:ffff::1', true],
    ['IPv6 outside', '2001:dba::1', false],
    ['IPv6 in a range', '2001:db9::15', true],
    ['IPv6 past a range', '2001:db9::21', false],
    ['IPv4-mapped IPv6 in a CIDR block', '::ffff:10.1.2.3', true],
    ['IPv4-mapped IPv6 in hex', '::ffff:a01:203', true],
    ['IPv4-mapped IPv6 in a range', '::ffff:192.168.1.5', true],
    ['IPv4-mapped IPv6 outside', '::ffff:8.8.8.8', false],
    ['not an address', '10.1.2', false],
  ])('%s: %s', (_what, ip, inside) => {
    expect(ipInGateways(ip, office)).toBe(inside);
  });

  it('simulation puts an IPv4-mapped address in the office zone', async () => {
    const policy = (
      await emu().call('POST', '/api/v1/policies', {
        type: 'PLATFORM_SIGN_ON',
        name: 'Office',
        priority: 1,
        conditions: { network: { connection: 'ZONE', include: ['nzo1office'] } },
      })
    ).body;
    await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
      type: 'SIGN_ON',
      name: 'In the office',
      actions: { signon: { access: 'DENY' } },
    });
    const winner = async (ip: string) => {
      const res = await emu().call('POST', '/api/v1/policies/simulate', {
        appInstance: '0oa1portal',
        policyTypes: ['PLATFORM_SIGN_ON'],
        policyContext: { user: { id: '00u1alice' }, ip },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.evaluation[0].result.policies[0].name;
    };
    expect(await winner('10.1.2.3')).toBe('Office');
    expect(await winner('::ffff:10.1.2.3')).toBe('Office');
    expect(await winner('::ffff:192.168.1.5')).toBe('Office');
    expect(await winner('::ffff:8.8.8.8')).toBe('Default Policy');
  });

  it('fixture validation still says what is wrong with a gateway', () => {
    expect(gatewayProblem({ type: 'CIDR', value: '10.0.0.0/8' })).toBeUndefined();
    expect(gatewayProblem({ type: 'CIDR', value: '2001:db8::/129' })).toContain('0 to 128');
    expect(gatewayProblem({ type: 'CIDR', value: '10.0.0.0/33' })).toContain('0 to 32');
    expect(gatewayProblem({ type: 'CIDR', value: '10.0.0.0' })).toContain('prefix');
    expect(gatewayProblem({ type: 'CIDR', value: 'office/8' })).toContain('address');
    expect(gatewayProblem({ type: 'RANGE', value: '10.0.0.9-10.0.0.1' })).toContain('must not come after');
    expect(gatewayProblem({ type: 'RANGE', value: '10.0.0.1-2001:db8::1' })).toContain('same family');
    expect(gatewayProblem({ type: 'RANGE', value: '10.0.0.1-10.0.0.2-10.0.0.3' })).toContain('same family');
  });

  it('an invalid gateway adds nothing to the block list', () => {
    expect(ipInGateways('10.0.0.5', [{ type: 'RANGE', value: '10.0.0.9-10.0.0.1' }])).toBe(false);
    expect(ipInGateways('10.0.0.5', [{ type: 'CIDR', value: '10.0.0.0/40' }])).toBe(false);
  });
});
