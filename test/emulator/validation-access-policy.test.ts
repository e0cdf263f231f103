// Authentication policy (ACCESS_POLICY) validation over real HTTP: the appSignOn action, its
// verification method and constraints, the filled-in defaults, the default rule and the limits.
import { describe, expect, it } from 'vitest';
import {
  causesOf,
  createPolicy,
  expectValidationCause,
  useEmulator,
  useRulesOfNewPolicy,
} from '../helpers/emulator.ts';
import { seedPolicies } from '../helpers/seed.ts';

const emu = useEmulator();
const appRules = useRulesOfNewPolicy(emu, 'ACCESS_POLICY');

const VM = 'actions.appSignOn.verificationMethod';
const C0 = `${VM}.constraints[0]`;

/** An appSignOn action with the given verification method members. */
function allow(verificationMethod: Record<string, unknown>) {
  return { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', ...verificationMethod } };
}

/** Creates a rule that must be accepted and returns its stored appSignOn action. */
async function accepted(appSignOn: unknown) {
  return (await appRules.accepted({ appSignOn })).actions.appSignOn;
}

const possessionDefaults = {
  hardwareProtection: 'OPTIONAL',
  deviceBound: 'OPTIONAL',
  phishingResistant: 'OPTIONAL',
  userPresence: 'REQUIRED',
  userVerification: 'OPTIONAL',
};

describe('authentication policy default rule', () => {
  const catchAll = {
    access: 'ALLOW',
    verificationMethod: { type: 'ASSURANCE', factorMode: '1FA', constraints: [] },
  };

  it('a created policy gets a Catch-all Rule at priority 99 allowing any one factor', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Fresh' });
    const rules = (await emu().call('GET', `/api/v1/policies/${p.id}/rules`)).body;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      name: 'Catch-all Rule',
      system: true,
      priority: 99,
      type: 'ACCESS_POLICY',
      conditions: null,
    });
    expect(rules[0].actions).toEqual({ appSignOn: catchAll });
  });

  it('the org default authentication policy has the same default rule', async () => {
    const [system] = (await emu().call('GET', '/api/v1/policies?type=ACCESS_POLICY')).body.filter((p: any) => p.system);
    const rules = (await emu().call('GET', `/api/v1/policies/${system.id}/rules`)).body;
    expect(rules.at(-1)).toMatchObject({ name: 'Catch-all Rule', system: true, priority: 99 });
    expect(rules.at(-1).actions).toEqual({ appSignOn: catchAll });
  });

  it('the default rule is editable on the identity engine and still validated', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Editable default' });
    const [rule] = (await emu().call('GET', `/api/v1/policies/${p.id}/rules`)).body;
    const path = `/api/v1/policies/${p.id}/rules/${rule.id}`;
    const edited = await emu().call(
      'PUT',
      path,
      appRules.body({ appSignOn: allow({ factorMode: '2FA' }) }, null, rule.name),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.actions.appSignOn.verificationMethod).toEqual({ type: 'ASSURANCE', factorMode: '2FA' });
    expectValidationCause(
      await emu().call('PUT', path, appRules.body({ appSignOn: allow({ factorMode: '3FA' }) }, null, rule.name)),
      `${VM}.factorMode`,
    );
  });
});

describe('authentication policy body', () => {
  it('rejects policy settings but accepts an empty object', async () => {
    const bad = await emu().call('POST', '/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: 'S',
      description: 'd',
      settings: { type: 'AUTHENTICATORS' },
    });
    expectValidationCause(bad, 'settings');
    await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Empty settings', settings: {} });
  });

  it('rejects policy-level conditions', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: 'Conditional',
      description: 'd',
      conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } },
    });
    expectValidationCause(res, 'conditions');
  });
});

describe('appSignOn action', () => {
  it('requires actions, appSignOn, access and verificationMethod', async () => {
    expectValidationCause(await emu().call('POST', appRules.path(), { type: 'ACCESS_POLICY', name: 'R' }), 'actions');
    const noAppSignOn = await emu().call('POST', appRules.path(), {
      type: 'ACCESS_POLICY',
      name: 'R',
      actions: {},
    });
    expectValidationCause(noAppSignOn, 'actions.appSignOn');
    expectValidationCause(
      await appRules.create({ appSignOn: { verificationMethod: { type: 'ASSURANCE' } } }),
      'actions.appSignOn.access',
    );
    expectValidationCause(
      await appRules.create({ appSignOn: { access: 'MAYBE', verificationMethod: { type: 'ASSURANCE' } } }),
      'actions.appSignOn.access',
    );
    expectValidationCause(await appRules.create({ appSignOn: { access: 'ALLOW' } }), VM);
  });

  it('rejects actions of other policy types and unknown members', async () => {
    const res = await emu().call('POST', appRules.path(), {
      type: 'ACCESS_POLICY',
      name: 'R',
      actions: { appSignOn: allow({}), signon: { access: 'ALLOW' } },
    });
    expectValidationCause(res, 'actions.signon');
    expectValidationCause(
      await appRules.create({ appSignOn: { ...allow({}), extra: true } }),
      'actions.appSignOn.extra',
    );
    expectValidationCause(await appRules.create({ appSignOn: allow({ assurance: 'HIGH' }) }), `${VM}.assurance`);
  });

  it('accepts DENY with a verification method', async () => {
    expect(await accepted({ access: 'DENY', verificationMethod: { type: 'ASSURANCE', factorMode: '1FA' } })).toEqual({
      access: 'DENY',
      verificationMethod: { type: 'ASSURANCE', factorMode: '1FA' },
    });
  });
});

describe('verification method', () => {
  it('type is required and must be ASSURANCE', async () => {
    expectValidationCause(
      await appRules.create({ appSignOn: { access: 'ALLOW', verificationMethod: { factorMode: '1FA' } } }),
      `${VM}.type`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: { access: 'ALLOW', verificationMethod: { type: 'AUTH_METHOD_CHAIN' } } }),
      `${VM}.type`,
    );
  });

  it('factorMode is 1FA or 2FA; an absent one is returned as 2FA', async () => {
    expectValidationCause(await appRules.create({ appSignOn: allow({ factorMode: '3FA' }) }), `${VM}.factorMode`);
    expect((await accepted(allow({}))).verificationMethod).toEqual({ type: 'ASSURANCE', factorMode: '2FA' });
  });

  it('reauthenticateIn and inactivityPeriod must be ISO 8601 durations', async () => {
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ reauthenticateIn: 'two hours' }) }),
      `${VM}.reauthenticateIn`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ reauthenticateIn: 'P' }) }),
      `${VM}.reauthenticateIn`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ reauthenticateIn: 'PT' }) }),
      `${VM}.reauthenticateIn`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ inactivityPeriod: 'PT1H30' }) }),
      `${VM}.inactivityPeriod`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ inactivityPeriod: 30 }) }),
      `${VM}.inactivityPeriod`,
    );
    const ok = await accepted(allow({ reauthenticateIn: 'PT2H', inactivityPeriod: 'P1DT12H30M' }));
    expect(ok.verificationMethod).toMatchObject({ reauthenticateIn: 'PT2H', inactivityPeriod: 'P1DT12H30M' });
  });
});

describe('constraints', () => {
  it('each object holds knowledge and/or possession, nothing else', async () => {
    expectValidationCause(await appRules.create({ appSignOn: allow({ constraints: [{}] }) }), C0);
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ inherence: {} }] }) }),
      `${C0}.inherence`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ possession: {}, biometric: {} }] }) }),
      `${C0}.biometric`,
    );
    expectValidationCause(await appRules.create({ appSignOn: allow({ constraints: ['possession'] }) }), C0);
  });

  it('1FA allows one authenticator-class constraint per object, 2FA two', async () => {
    const both = [{ knowledge: {}, possession: {} }];
    expectValidationCause(await appRules.create({ appSignOn: allow({ factorMode: '1FA', constraints: both }) }), C0);
    await accepted(allow({ factorMode: '1FA', constraints: [{ knowledge: {} }, { possession: {} }] }));
    const two = await accepted(allow({ factorMode: '2FA', constraints: both }));
    expect(Object.keys(two.verificationMethod.constraints[0]).sort()).toEqual(['knowledge', 'possession']);
    // Without factorMode the service reads 2FA, so two classes fit.
    await accepted(allow({ constraints: both }));
  });

  it('fills the possession defaults and `required` on what it returns', async () => {
    const out = await accepted(
      allow({ factorMode: '2FA', constraints: [{ knowledge: { types: ['PASSWORD'] }, possession: {} }] }),
    );
    expect(out.verificationMethod.constraints).toEqual([
      { knowledge: { types: ['PASSWORD'], required: true }, possession: { ...possessionDefaults, required: true } },
    ]);
    const sent = await accepted(
      allow({ constraints: [{ possession: { phishingResistant: 'REQUIRED', userPresence: 'OPTIONAL' } }] }),
    );
    expect(sent.verificationMethod.constraints[0].possession).toEqual({
      ...possessionDefaults,
      phishingResistant: 'REQUIRED',
      userPresence: 'OPTIONAL',
      required: true,
    });
  });

  it('the five characteristics are possession-only and REQUIRED or OPTIONAL', async () => {
    for (const key of Object.keys(possessionDefaults)) {
      expectValidationCause(
        await appRules.create({ appSignOn: allow({ constraints: [{ knowledge: { [key]: 'OPTIONAL' } }] }) }),
        `${C0}.knowledge.${key}`,
      );
    }
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ possession: { deviceBound: 'ALWAYS' } }] }) }),
      `${C0}.possession.deviceBound`,
    );
  });

  it('types and methods come from the spec tables and must fit the class', async () => {
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ possession: { types: ['FINGERPRINT'] } }] }) }),
      `${C0}.possession.types[0]`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ possession: { methods: ['PIGEON'] } }] }) }),
      `${C0}.possession.methods[0]`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ knowledge: { types: ['PASSWORD', 'PHONE'] } }] }) }),
      `${C0}.knowledge.types[1]`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ possession: { methods: ['PASSWORD'] } }] }) }),
      `${C0}.possession.methods[0]`,
    );
    const ok = await accepted(
      allow({
        constraints: [
          {
            possession: { types: ['SECURITY_KEY', 'APP'], methods: ['WEBAUTHN', 'PUSH'] },
            knowledge: { methods: ['CERT'] },
          },
        ],
      }),
    );
    expect(ok.verificationMethod.constraints[0].possession).toMatchObject({
      types: ['SECURITY_KEY', 'APP'],
      methods: ['WEBAUTHN', 'PUSH'],
    });
  });

  it('a constraint-level reauthenticateIn must be an ISO 8601 duration', async () => {
    expectValidationCause(
      await appRules.create({ appSignOn: allow({ constraints: [{ knowledge: { reauthenticateIn: '2h' } }] }) }),
      `${C0}.knowledge.reauthenticateIn`,
    );
    const ok = await accepted(allow({ constraints: [{ knowledge: { reauthenticateIn: 'PT0S' } }] }));
    expect(ok.verificationMethod.constraints[0].knowledge.reauthenticateIn).toBe('PT0S');
  });
});

describe('authentication methods', () => {
  const possession = (p: Record<string, unknown>) => allow({ constraints: [{ possession: p }] });
  const knowledge = (k: Record<string, unknown>) => allow({ constraints: [{ knowledge: k }] });

  it('key must be an authenticator of the table and method one of its methods', async () => {
    expectValidationCause(
      await appRules.create({ appSignOn: possession({ authenticationMethods: [{ key: 'carrier_pigeon' }] }) }),
      `${C0}.possession.authenticationMethods[0].key`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: possession({ authenticationMethods: [{ method: 'SMS' }] }) }),
      `${C0}.possession.authenticationMethods[0].key`,
    );
    expectValidationCause(
      await appRules.create({
        appSignOn: possession({ authenticationMethods: [{ key: 'phone_number', method: 'PUSH' }] }),
      }),
      `${C0}.possession.authenticationMethods[0].method`,
    );
    expectValidationCause(
      await appRules.create({
        appSignOn: possession({ excludedAuthenticationMethods: [{ key: 'platform_email', extra: 1 }] }),
      }),
      `${C0}.possession.excludedAuthenticationMethods[0].extra`,
    );
  });

  it("the authenticator's factor class must match the constraint's", async () => {
    expectValidationCause(
      await appRules.create({
        appSignOn: knowledge({ authenticationMethods: [{ key: 'phone_number', method: 'SMS' }] }),
      }),
      `${C0}.knowledge.authenticationMethods[0]`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: knowledge({ authenticationMethods: [{ key: 'platform_verify' }] }) }),
      `${C0}.knowledge.authenticationMethods[0]`,
    );
    expectValidationCause(
      await appRules.create({ appSignOn: possession({ authenticationMethods: [{ key: 'platform_password' }] }) }),
      `${C0}.possession.authenticationMethods[0]`,
    );
    // A smart card counts as knowledge (its PIN) as well as possession.
    const ok = await accepted(
      knowledge({ authenticationMethods: [{ key: 'smart_card_idp', method: 'CERT' }, { key: 'security_question' }] }),
    );
    expect(ok.verificationMethod.constraints[0].knowledge.authenticationMethods).toEqual([
      { key: 'smart_card_idp', method: 'CERT' },
      { key: 'security_question' },
    ]);
  });

  it('`required` defaults to true, is false with a deny list, and cannot be true with one', async () => {
    const allowList = await accepted(
      possession({ authenticationMethods: [{ key: 'platform_verify', method: 'PUSH' }] }),
    );
    expect(allowList.verificationMethod.constraints[0].possession.required).toBe(true);
    const denyList = await accepted(
      possession({ excludedAuthenticationMethods: [{ key: 'phone_number', method: 'SMS' }] }),
    );
    expect(denyList.verificationMethod.constraints[0].possession).toMatchObject({
      excludedAuthenticationMethods: [{ key: 'phone_number', method: 'SMS' }],
      required: false,
    });
    expectValidationCause(
      await appRules.create({
        appSignOn: possession({ excludedAuthenticationMethods: [{ key: 'phone_number' }], required: true }),
      }),
      `${C0}.possession.required`,
    );
    const optional = await accepted(knowledge({ required: false }));
    expect(optional.verificationMethod.constraints[0].knowledge.required).toBe(false);
    const emptyDenyList = await accepted(knowledge({ excludedAuthenticationMethods: [] }));
    expect(emptyDenyList.verificationMethod.constraints[0].knowledge.required).toBe(true);
  });
});

describe('round trip', () => {
  it('a rule read back is accepted unchanged (the filled defaults validate)', async () => {
    const created = await emu().call(
      'POST',
      appRules.path(),
      appRules.body(
        {
          appSignOn: allow({
            factorMode: '2FA',
            reauthenticateIn: 'PT4H',
            constraints: [
              {
                knowledge: { types: ['PASSWORD'] },
                possession: { authenticationMethods: [{ key: 'webauthn' }], userVerification: 'REQUIRED' },
              },
              { possession: { excludedAuthenticationMethods: [{ key: 'phone_number', method: 'VOICE' }] } },
            ],
          }),
        },
        null,
        'Round trip',
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const path = `${appRules.path()}/${created.body.id}`;
    const again = await emu().call('PUT', path, {
      type: 'ACCESS_POLICY',
      name: created.body.name,
      conditions: null,
      actions: created.body.actions,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.actions).toEqual(created.body.actions);
  });
});

describe('rejected writes and limits', () => {
  it('a rejected replace leaves the stored rule unchanged', async () => {
    const created = await emu().call(
      'POST',
      appRules.path(),
      appRules.body({ appSignOn: allow({ factorMode: '1FA', constraints: [{ possession: {} }] }) }, null, 'Stable'),
    );
    expect(created.status).toBe(200);
    const path = `${appRules.path()}/${created.body.id}`;
    const bad = await emu().call(
      'PUT',
      path,
      appRules.body(
        { appSignOn: allow({ factorMode: '1FA', constraints: [{ knowledge: {}, possession: {} }] }) },
        null,
        'Renamed',
      ),
    );
    expectValidationCause(bad, C0);
    const after = await emu().call('GET', path);
    expect(after.body.name).toBe('Stable');
    expect(after.body.actions).toEqual(created.body.actions);
    expect(after.body.lastUpdated).toBe(created.body.lastUpdated);
  });

  it('rule priorities start at 0 and a policy holds at most 100 rules', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Full' });
    const rules = `/api/v1/policies/${p.id}/rules`;
    const top = await emu().call('POST', rules, {
      ...appRules.body({ appSignOn: allow({}) }, null, 'Top'),
      priority: 0,
    });
    expect(top.status).toBe(200);
    expect(top.body.priority).toBe(0);
    for (let i = 1; i < 99; i++) {
      const res = await emu().call('POST', rules, appRules.body({ appSignOn: allow({}) }, null, `R${i}`));
      expect(res.status).toBe(200);
    }
    const listed = (await emu().call('GET', rules)).body;
    expect(listed).toHaveLength(100);
    expect(listed.at(-1)).toMatchObject({ system: true, priority: 99 });
    const over = await emu().call('POST', rules, appRules.body({ appSignOn: allow({}) }, null, 'One too many'));
    expect(over.status).toBe(400);
    expect(over.body.errorCode).toBe('E0000001');
    expect((await emu().call('GET', rules)).body).toHaveLength(100);
  });

  it('an org holds at most 5000 authentication policies', async () => {
    await seedPolicies(emu(), 'ACCESS_POLICY', 4999);
    const create = (name: string) =>
      emu().call('POST', '/api/v1/policies', { type: 'ACCESS_POLICY', name, description: 'd' });
    const last = await create('The 5000th');
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.priority).toBe(4999);
    const over = await create('One too many');
    expect(over.status).toBe(400);
    expect(over.body.errorCode).toBe('E0000001');
    expect(causesOf(over)).toEqual(['type: the org already has the maximum of 5000 ACCESS_POLICY policies']);
    expect(emu().store().countPolicies('ACCESS_POLICY')).toBe(5000);
  });
});
