// The `conditions` object of policies and rules: every condition key's shape, the spec's rules,
// references to org objects, defaults, and the engine gate of identity-engine-only conditions.
import { describe, expect, it } from 'vitest';
import { createPolicy, expectValidationCause, useEmulator, useRulesOfNewPolicy } from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
const signOnRules = useRulesOfNewPolicy(emu, 'PLATFORM_SIGN_ON');
const DENY = { signon: { access: 'DENY' } };

describe('conditions object', () => {
  it('rejects an unknown condition key and a non-object', async () => {
    expectValidationCause(await signOnRules.create(DENY, { weather: { level: 'SUNNY' } }), 'conditions.weather');
    expectValidationCause(await signOnRules.create(DENY, ['people']), 'conditions');
  });

  it('accepts null conditions and reports every violated rule of one body at once', async () => {
    const ok = await signOnRules.create(DENY, null);
    expect(ok.status).toBe(200);
    expect(ok.body.conditions).toBeNull();
    const bad = await signOnRules.create(DENY, { riskScore: {}, device: { managed: true } });
    expectValidationCause(bad, 'conditions.riskScore.level');
    expectValidationCause(bad, 'conditions.device.registered');
  });
});

describe('people', () => {
  it('lets a policy include only groups', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'Conditions',
      conditions: { people: { users: { include: ['00u1alice'], exclude: [] } } },
    });
    expectValidationCause(res, 'conditions.people.users.include');
  });

  it('fills the missing side and condition on a policy that includes groups and excludes a user', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'Conditions',
      conditions: { people: { groups: { include: ['00g1engineering'] }, users: { exclude: ['00u4dave'] } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditions.people).toEqual({
      groups: { include: ['00g1engineering'], exclude: [] },
      users: { include: [], exclude: ['00u4dave'] },
    });
  });

  it('lets a rule include users', async () => {
    const res = await signOnRules.create(DENY, {
      people: { users: { include: ['00u1alice', '00u3carol'], exclude: [] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditions.people).toEqual({
      users: { include: ['00u1alice', '00u3carol'], exclude: [] },
      groups: { include: [], exclude: [] },
    });
  });

  it('rejects unknown groups and users, naming the element', async () => {
    const res = await signOnRules.create(DENY, {
      people: {
        groups: { include: ['00g1engineering', '00gnope'], exclude: [] },
        users: { include: [], exclude: ['00unope'] },
      },
    });
    expectValidationCause(res, 'conditions.people.groups.include[1]');
    expectValidationCause(res, 'conditions.people.users.exclude[0]');
  });

  it('rejects non-string ids and unknown members', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { people: { groups: { include: [42], exclude: [] } } }),
      'conditions.people.groups.include[0]',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { people: { roles: { include: [] } } }),
      'conditions.people.roles',
    );
  });

  it('a rejected replace leaves the rule unchanged', async () => {
    const created = await signOnRules.create(DENY, { people: { groups: { include: ['00g2sales'], exclude: [] } } });
    expect(created.status).toBe(200);
    const path = `${signOnRules.path()}/${created.body.id}`;
    const res = await emu().call('PUT', path, {
      ...created.body,
      conditions: { people: { groups: { include: ['00gmissing'], exclude: [] } } },
    });
    expectValidationCause(res, 'conditions.people.groups.include[0]');
    const after = await emu().call('GET', path);
    expect(after.body.conditions).toEqual(created.body.conditions);
    expect(after.body.lastUpdated).toBe(created.body.lastUpdated);
  });
});

describe('userType', () => {
  it('checks that user types exist and fills the missing array', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { userType: { include: ['otynope'], exclude: [] } }),
      'conditions.userType.include[0]',
    );
    const res = await signOnRules.create(DENY, { userType: { include: ['oty1contractor'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditions.userType).toEqual({ include: ['oty1contractor'], exclude: [] });
  });
});

describe('authContext', () => {
  it('defaults authType to ANY and checks the enum', async () => {
    const res = await signOnRules.create(DENY, { authContext: {} });
    expect(res.status).toBe(200);
    expect(res.body.conditions.authContext).toEqual({ authType: 'ANY' });
    expectValidationCause(
      await signOnRules.create(DENY, { authContext: { authType: 'RADIUS' } }),
      'conditions.authContext.authType',
    );
    expect((await signOnRules.create(DENY, { authContext: { authType: 'LDAP_INTERFACE' } })).status).toBe(200);
  });
});

describe('network', () => {
  it('ZONE needs include or exclude with at least one zone', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { network: { connection: 'ZONE' } }),
      'conditions.network.include',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { network: { connection: 'ZONE', include: [], exclude: [] } }),
      'conditions.network.include',
    );
    const res = await signOnRules.create(DENY, { network: { connection: 'ZONE', exclude: ['nzo2vpn'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditions.network).toEqual({ connection: 'ZONE', exclude: ['nzo2vpn'] });
  });

  it('ANYWHERE carries no zones', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { network: { connection: 'ANYWHERE', include: ['nzo1office'] } }),
      'conditions.network.include',
    );
    const res = await signOnRules.create(DENY, { network: { connection: 'ANYWHERE' } });
    expect(res.status).toBe(200);
    expect(res.body.conditions.network).toEqual({ connection: 'ANYWHERE' });
  });

  it('reads a missing connection from the zones given', async () => {
    const zone = await signOnRules.create(DENY, { network: { include: ['nzo1office'] } });
    expect(zone.body.conditions.network).toEqual({ connection: 'ZONE', include: ['nzo1office'] });
    const anywhere = await signOnRules.create(DENY, { network: {} });
    expect(anywhere.body.conditions.network).toEqual({ connection: 'ANYWHERE' });
  });

  it('ALL_ZONES must be the single element and other zones must exist', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { network: { connection: 'ZONE', include: ['ALL_ZONES', 'nzo1office'] } }),
      'conditions.network.include',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { network: { connection: 'ZONE', include: ['nzo9nowhere'] } }),
      'conditions.network.include[0]',
    );
    const res = await signOnRules.create(DENY, {
      network: { connection: 'ZONE', include: ['ALL_ZONES'], exclude: ['nzo2vpn'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('checks the connection enum', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { network: { connection: 'SOMEWHERE' } }),
      'conditions.network.connection',
    );
  });
});

describe('authProvider', () => {
  it('defaults provider to PLATFORM', async () => {
    const res = await signOnRules.create(DENY, { authProvider: {} });
    expect(res.status).toBe(200);
    expect(res.body.conditions.authProvider).toEqual({ provider: 'PLATFORM' });
  });

  it('checks the enum and keeps directory integrations for DIRECTORY_SERVICE only', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { authProvider: { provider: 'LDAP' } }),
      'conditions.authProvider.provider',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { authProvider: { provider: 'PLATFORM', include: ['0oadir'] } }),
      'conditions.authProvider.include',
    );
    const res = await signOnRules.create(DENY, {
      authProvider: { provider: 'DIRECTORY_SERVICE', include: ['0oadir'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.conditions.authProvider).toEqual({ provider: 'DIRECTORY_SERVICE', include: ['0oadir'] });
  });
});

describe('userIdentifier', () => {
  const equals = (value: string) => ({ matchType: 'EQUALS', value });

  it('requires type and at least one pattern', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { userIdentifier: { patterns: [equals('a')] } }),
      'conditions.userIdentifier.type',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { userIdentifier: { type: 'IDENTIFIER' } }),
      'conditions.userIdentifier.patterns',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { userIdentifier: { type: 'IDENTIFIER', patterns: [] } }),
      'conditions.userIdentifier.patterns',
    );
  });

  it('allows several patterns with IDENTIFIER and plain match types', async () => {
    const res = await signOnRules.create(DENY, {
      userIdentifier: { type: 'IDENTIFIER', patterns: [equals('a@x.com'), { matchType: 'SUFFIX', value: '@y.com' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditions.userIdentifier.patterns).toHaveLength(2);
  });

  it('allows exactly one pattern with EXPRESSION or with type ATTRIBUTE', async () => {
    const expression = { matchType: 'EXPRESSION', value: '^.*@example\\.com$' };
    expectValidationCause(
      await signOnRules.create(DENY, { userIdentifier: { type: 'IDENTIFIER', patterns: [expression, equals('b')] } }),
      'conditions.userIdentifier.patterns',
    );
    expectValidationCause(
      await signOnRules.create(DENY, {
        userIdentifier: { type: 'ATTRIBUTE', attribute: 'department', patterns: [equals('a'), equals('b')] },
      }),
      'conditions.userIdentifier.patterns',
    );
    expect(
      (await signOnRules.create(DENY, { userIdentifier: { type: 'IDENTIFIER', patterns: [expression] } })).status,
    ).toBe(200);
    const attr = await signOnRules.create(DENY, {
      userIdentifier: { type: 'ATTRIBUTE', attribute: 'department', patterns: [equals('Sales')] },
    });
    expect(attr.status).toBe(200);
    expect(attr.body.conditions.userIdentifier).toEqual({
      type: 'ATTRIBUTE',
      attribute: 'department',
      patterns: [equals('Sales')],
    });
  });

  it('checks patterns', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, {
        userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'LIKE', value: 'a' }] },
      }),
      'conditions.userIdentifier.patterns[0].matchType',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'EQUALS' }] } }),
      'conditions.userIdentifier.patterns[0].value',
    );
    expectValidationCause(
      await signOnRules.create(DENY, {
        userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'EXPRESSION', value: '([a-z' }] },
      }),
      'conditions.userIdentifier.patterns[0].value',
    );
  });
});

describe('app', () => {
  it('accepts APP and APP_TYPE entries and fills the missing array', async () => {
    const res = await signOnRules.create(DENY, {
      app: {
        include: [
          { type: 'APP', id: '0oa1portal' },
          { type: 'APP_TYPE', name: 'bookmark' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.conditions.app).toEqual({
      include: [
        { type: 'APP', id: '0oa1portal' },
        { type: 'APP_TYPE', name: 'bookmark' },
      ],
      exclude: [],
    });
  });

  it('rejects unknown apps, incomplete entries and unknown entry types', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { app: { include: [], exclude: [{ type: 'APP', id: '0oa9missing' }] } }),
      'conditions.app.exclude[0].id',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { app: { include: [{ type: 'APP_TYPE' }], exclude: [] } }),
      'conditions.app.include[0].name',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { app: { include: [{ type: 'GROUP', id: 'x' }], exclude: [] } }),
      'conditions.app.include[0].type',
    );
  });
});

describe('platform', () => {
  it('requires include with typed entries', async () => {
    expectValidationCause(await signOnRules.create(DENY, { platform: {} }), 'conditions.platform.include');
    expectValidationCause(
      await signOnRules.create(DENY, { platform: { include: [{ type: 'MOBILE', os: { type: 'SYMBIAN' } }] } }),
      'conditions.platform.include[0].os.type',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { platform: { include: [{ type: 'TABLET', os: { type: 'IOS' } }] } }),
      'conditions.platform.include[0].type',
    );
    const res = await signOnRules.create(DENY, {
      platform: {
        include: [
          { type: 'MOBILE', os: { type: 'IOS' } },
          { type: 'DESKTOP', os: { type: 'WINDOWS' } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.conditions.platform.include).toHaveLength(2);
  });
});

describe('device', () => {
  it('managed needs registered: true', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { device: { managed: true } }),
      'conditions.device.registered',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { device: { managed: false, registered: false } }),
      'conditions.device.registered',
    );
    const res = await signOnRules.create(DENY, { device: { registered: true, managed: true } });
    expect(res.status).toBe(200);
    expect(res.body.conditions.device).toEqual({ registered: true, managed: true });
    expect((await signOnRules.create(DENY, { device: { registered: false } })).status).toBe(200);
  });
});

describe('risk levels and expressions', () => {
  it('riskScore and entityRisk need a valid level', async () => {
    expectValidationCause(await signOnRules.create(DENY, { riskScore: {} }), 'conditions.riskScore.level');
    expectValidationCause(
      await signOnRules.create(DENY, { entityRisk: { level: 'EXTREME' } }),
      'conditions.entityRisk.level',
    );
    const res = await signOnRules.create(DENY, { riskScore: { level: 'HIGH' }, entityRisk: { level: 'ANY' } });
    expect(res.status).toBe(200);
    expect(res.body.conditions).toMatchObject({ riskScore: { level: 'HIGH' }, entityRisk: { level: 'ANY' } });
  });

  it('elCondition needs a condition', async () => {
    expectValidationCause(await signOnRules.create(DENY, { elCondition: {} }), 'conditions.elCondition.condition');
    const res = await signOnRules.create(DENY, { elCondition: { condition: "user.profile.department == 'Sales'" } });
    expect(res.status).toBe(200);
  });
});

describe('riskDetectionTypes', () => {
  it('takes include or exclude, not both and not neither', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, {
        riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK'], exclude: ['SUSPICIOUS_APP_ACCESS'] },
      }),
      'conditions.riskDetectionTypes.exclude',
    );
    expectValidationCause(
      await signOnRules.create(DENY, { riskDetectionTypes: {} }),
      'conditions.riskDetectionTypes.include',
    );
    const res = await signOnRules.create(DENY, { riskDetectionTypes: { exclude: ['ADMIN_REPORTED_USER_RISK'] } });
    expect(res.status).toBe(200);
    expect(res.body.conditions.riskDetectionTypes).toEqual({ exclude: ['ADMIN_REPORTED_USER_RISK'] });
  });

  it('accepts only the detected risk event values', async () => {
    expectValidationCause(
      await signOnRules.create(DENY, { riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK', 'ALIENS'] } }),
      'conditions.riskDetectionTypes.include[1]',
    );
  });
});

describe('classic engine', () => {
  it('rejects identity-engine-only conditions', async () => {
    const policy = await createPolicy(classic(), { type: 'PLATFORM_SIGN_ON' });
    const res = await classic().call(
      'POST',
      `/api/v1/policies/${policy.id}/rules`,
      signOnRules.body(DENY, { userType: { include: [], exclude: [] }, device: { registered: true } }),
    );
    expectValidationCause(res, 'conditions.userType');
    expectValidationCause(res, 'conditions.device');
    const ok = await classic().call(
      'POST',
      `/api/v1/policies/${policy.id}/rules`,
      signOnRules.body(DENY, {
        people: { groups: { include: ['00g2sales'], exclude: [] } },
        network: { connection: 'ANYWHERE' },
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
