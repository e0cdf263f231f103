// Profile enrollment policy (PROFILE_ENROLLMENT) validation over real HTTP: the single default
// rule, every member of `actions.profileEnrollment`, the read-only parts and the limits.
import { describe, expect, it } from 'vitest';
import { causesOf, createPolicy, expectValidationCause, type RestResponse, useEmulator } from '../helpers/emulator.ts';
import { seedPolicies } from '../helpers/seed.ts';

const emu = useEmulator();

const PE = 'actions.profileEnrollment';
const UI_SCHEMA_ID = /^uis[0-9A-Za-z]{17}$/;

/** A new policy and its default rule, with helpers to replace the rule's action. */
async function freshRule(name: string) {
  const policy = await createPolicy(emu(), { type: 'PROFILE_ENROLLMENT', name });
  const [rule] = (await emu().call('GET', `/api/v1/policies/${policy.id}/rules`)).body;
  const path = `/api/v1/policies/${policy.id}/rules/${rule.id}`;
  const action = rule.actions.profileEnrollment;
  return {
    policy,
    rule,
    path,
    /** The stored action with some members replaced (undefined removes one). */
    with: (changes: Record<string, unknown>) => {
      const next = { ...action, ...changes };
      for (const k of Object.keys(changes)) if (changes[k] === undefined) delete next[k];
      return next;
    },
    put: (profileEnrollment: unknown, extra: Record<string, unknown> = {}) =>
      emu().call('PUT', path, {
        type: 'PROFILE_ENROLLMENT',
        name: rule.name,
        actions: { profileEnrollment },
        ...extra,
      }),
  };
}

function expectAccepted(res: RestResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.actions.profileEnrollment;
}

const baseForm = [
  { name: 'email', label: 'Email', required: true },
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
];

describe('profile enrollment default rule', () => {
  it('a created policy gets one Catch-all Rule with the default form', async () => {
    const { rule } = await freshRule('Default form');
    expect(rule).toMatchObject({
      name: 'Catch-all Rule',
      system: true,
      type: 'PROFILE_ENROLLMENT',
      conditions: null,
      status: 'ACTIVE',
    });
    expect(rule.actions.profileEnrollment).toEqual({
      access: 'ALLOW',
      activationRequirements: { emailVerification: true },
      preRegistrationInlineHooks: null,
      allowedIdentifiers: ['login'],
      profileAttributes: baseForm,
      targetGroupIds: null,
      unknownUserAction: 'DENY',
      uiSchemaId: expect.stringMatching(UI_SCHEMA_ID),
      enrollAuthenticators: null,
    });
  });

  it('every policy gets its own uiSchemaId, the org default policy included', async () => {
    const a = (await freshRule('Own schema A')).rule.actions.profileEnrollment.uiSchemaId;
    const b = (await freshRule('Own schema B')).rule.actions.profileEnrollment.uiSchemaId;
    const [system] = (await emu().call('GET', '/api/v1/policies?type=PROFILE_ENROLLMENT')).body.filter(
      (p: any) => p.system,
    );
    const rules = (await emu().call('GET', `/api/v1/policies/${system.id}/rules`)).body;
    expect(rules).toHaveLength(1);
    const c = rules[0].actions.profileEnrollment.uiSchemaId;
    expect(c).toMatch(UI_SCHEMA_ID);
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('the default rule is the only rule: creating another fails and leaves one rule', async () => {
    const { policy, rule } = await freshRule('Single rule');
    const { uiSchemaId: _, ...action } = rule.actions.profileEnrollment;
    const res = await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
      type: 'PROFILE_ENROLLMENT',
      name: 'Second',
      actions: { profileEnrollment: action },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('E0000001');
    expect((await emu().call('GET', `/api/v1/policies/${policy.id}/rules`)).body).toHaveLength(1);
  });
});

describe('profile enrollment policy body', () => {
  it('rejects settings and policy-level conditions', async () => {
    const settings = await emu().call('POST', '/api/v1/policies', {
      type: 'PROFILE_ENROLLMENT',
      name: 'S',
      description: 'd',
      settings: { password: {} },
    });
    expectValidationCause(settings, 'settings');
    const conditions = await emu().call('POST', '/api/v1/policies', {
      type: 'PROFILE_ENROLLMENT',
      name: 'C',
      description: 'd',
      conditions: { people: { groups: { include: ['00g2sales'], exclude: [] } } },
    });
    expectValidationCause(conditions, 'conditions');
  });
});

describe('profile enrollment rule', () => {
  it('does not support conditions', async () => {
    const r = await freshRule('No conditions');
    expectValidationCause(
      await r.put(r.with({}), { conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } } }),
      'conditions',
    );
    expectValidationCause(
      await r.put(r.with({}), { conditions: { network: { connection: 'ANYWHERE' } } }),
      'conditions',
    );
    expectAccepted(await r.put(r.with({}), { conditions: null }));
    expectAccepted(await r.put(r.with({}), { conditions: {} }));
  });

  it('requires actions and rejects unknown members', async () => {
    const r = await freshRule('Members');
    expectValidationCause(
      await emu().call('PUT', r.path, { type: 'PROFILE_ENROLLMENT', name: r.rule.name }),
      'actions',
    );
    expectValidationCause(
      await emu().call('PUT', r.path, { type: 'PROFILE_ENROLLMENT', name: r.rule.name, actions: {} }),
      PE,
    );
    expectValidationCause(await r.put(r.with({ progressiveProfiling: true })), `${PE}.progressiveProfiling`);
  });
});

describe('access', () => {
  it('is required and can never be changed to DENY', async () => {
    const r = await freshRule('Access');
    expectValidationCause(await r.put(r.with({ access: undefined })), `${PE}.access`);
    expectValidationCause(await r.put(r.with({ access: 'SOMETIMES' })), `${PE}.access`);
    expectValidationCause(await r.put(r.with({ access: 'DENY' })), `${PE}.access`);
    expect(expectAccepted(await r.put(r.with({ access: 'ALLOW', unknownUserAction: 'REGISTER' }))).access).toBe(
      'ALLOW',
    );
    expectValidationCause(await r.put(r.with({ access: 'DENY' })), `${PE}.access`);
  });
});

describe('activation requirements', () => {
  it('the object is required; emailVerification is a boolean that defaults to false', async () => {
    const r = await freshRule('Activation');
    expectValidationCause(await r.put(r.with({ activationRequirements: undefined })), `${PE}.activationRequirements`);
    expectValidationCause(
      await r.put(r.with({ activationRequirements: { emailVerification: 'yes' } })),
      `${PE}.activationRequirements.emailVerification`,
    );
    expectValidationCause(
      await r.put(r.with({ activationRequirements: { phoneVerification: true } })),
      `${PE}.activationRequirements.phoneVerification`,
    );
    expect(expectAccepted(await r.put(r.with({ activationRequirements: {} }))).activationRequirements).toEqual({
      emailVerification: false,
    });
  });
});

describe('registration inline hooks', () => {
  it('at most one {inlineHookId}, or null', async () => {
    const r = await freshRule('Hooks');
    const two = [{ inlineHookId: 'cal1' }, { inlineHookId: 'cal2' }];
    expectValidationCause(await r.put(r.with({ preRegistrationInlineHooks: two })), `${PE}.preRegistrationInlineHooks`);
    expectValidationCause(
      await r.put(r.with({ preRegistrationInlineHooks: [{}] })),
      `${PE}.preRegistrationInlineHooks[0].inlineHookId`,
    );
    expectValidationCause(
      await r.put(r.with({ preRegistrationInlineHooks: [{ id: 'cal1' }] })),
      `${PE}.preRegistrationInlineHooks[0].id`,
    );
    expect(
      expectAccepted(await r.put(r.with({ preRegistrationInlineHooks: [{ inlineHookId: 'cal1' }] })))
        .preRegistrationInlineHooks,
    ).toEqual([{ inlineHookId: 'cal1' }]);
    expect(
      expectAccepted(await r.put(r.with({ preRegistrationInlineHooks: null }))).preRegistrationInlineHooks,
    ).toBeNull();
    expect(
      expectAccepted(await r.put(r.with({ preRegistrationInlineHooks: undefined }))).preRegistrationInlineHooks,
    ).toBeNull();
  });
});

describe('allowed identifiers', () => {
  it('defaults to [login] and holds attribute names', async () => {
    const r = await freshRule('Identifiers');
    expectValidationCause(await r.put(r.with({ allowedIdentifiers: [42] })), `${PE}.allowedIdentifiers[0]`);
    expectValidationCause(await r.put(r.with({ allowedIdentifiers: 'login' })), `${PE}.allowedIdentifiers`);
    expect(expectAccepted(await r.put(r.with({ allowedIdentifiers: ['login', 'email'] }))).allowedIdentifiers).toEqual([
      'login',
      'email',
    ]);
    expect(expectAccepted(await r.put(r.with({ allowedIdentifiers: undefined }))).allowedIdentifiers).toEqual([
      'login',
    ]);
  });
});

describe('profile attributes', () => {
  const extra = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `attr${i}`, label: `Attribute ${i}` }));

  it('are required, at most 10, each with a name and a label', async () => {
    const r = await freshRule('Attributes');
    expectValidationCause(await r.put(r.with({ profileAttributes: undefined })), `${PE}.profileAttributes`);
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [...baseForm, ...extra(8)] })),
      `${PE}.profileAttributes`,
    );
    expectAccepted(await r.put(r.with({ profileAttributes: [...baseForm, ...extra(7)] })));
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [...baseForm, { label: 'No name' }] })),
      `${PE}.profileAttributes[3].name`,
    );
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [...baseForm, { name: 'nickName' }] })),
      `${PE}.profileAttributes[3].label`,
    );
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [...baseForm, { name: 'a', label: 'A', required: 'no' }] })),
      `${PE}.profileAttributes[3].required`,
    );
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [...baseForm, { name: 'a', label: 'A', hidden: true }] })),
      `${PE}.profileAttributes[3].hidden`,
    );
  });

  it('names are unique and `required` defaults to false', async () => {
    const r = await freshRule('Attribute names');
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [...baseForm, { name: 'email', label: 'Email again' }] })),
      `${PE}.profileAttributes[3].name`,
    );
    const out = expectAccepted(
      await r.put(r.with({ profileAttributes: [...baseForm, { name: 'tshirt', label: 'T-shirt size' }] })),
    );
    expect(out.profileAttributes[3]).toEqual({ name: 'tshirt', label: 'T-shirt size', required: false });
  });

  it('the base attributes firstName and lastName cannot be updated or deleted', async () => {
    const r = await freshRule('Base attributes');
    const [email, first, last] = baseForm;
    expectValidationCause(await r.put(r.with({ profileAttributes: [email, last] })), `${PE}.profileAttributes`);
    expectValidationCause(await r.put(r.with({ profileAttributes: [email, first] })), `${PE}.profileAttributes`);
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [email, first, { ...last, label: 'Surname' }] })),
      `${PE}.profileAttributes[2]`,
    );
    expectValidationCause(
      await r.put(r.with({ profileAttributes: [email, { ...first, required: false }, last] })),
      `${PE}.profileAttributes[1]`,
    );
    // Order and the other attributes are free.
    const out = expectAccepted(
      await r.put(r.with({ profileAttributes: [last, first, { ...email, label: 'E-mail' }] })),
    );
    expect(out.profileAttributes.map((a: { name: string }) => a.name)).toEqual(['lastName', 'firstName', 'email']);
  });
});

describe('target groups', () => {
  it('at most one existing group, or null', async () => {
    const r = await freshRule('Groups');
    expectValidationCause(
      await r.put(r.with({ targetGroupIds: ['00g1engineering', '00g2sales'] })),
      `${PE}.targetGroupIds`,
    );
    expectValidationCause(await r.put(r.with({ targetGroupIds: ['00gnosuchgroup'] })), `${PE}.targetGroupIds[0]`);
    expect(expectAccepted(await r.put(r.with({ targetGroupIds: ['00g2sales'] }))).targetGroupIds).toEqual([
      '00g2sales',
    ]);
    expect(expectAccepted(await r.put(r.with({ targetGroupIds: null }))).targetGroupIds).toBeNull();
  });
});

describe('unknown user action', () => {
  it('is required, DENY or REGISTER', async () => {
    const r = await freshRule('Unknown users');
    expectValidationCause(await r.put(r.with({ unknownUserAction: undefined })), `${PE}.unknownUserAction`);
    expectValidationCause(await r.put(r.with({ unknownUserAction: 'INVITE' })), `${PE}.unknownUserAction`);
    expect(expectAccepted(await r.put(r.with({ unknownUserAction: 'REGISTER' }))).unknownUserAction).toBe('REGISTER');
  });
});

describe('uiSchemaId', () => {
  it('must be sent unchanged on every update', async () => {
    const r = await freshRule('UI schema');
    const id = r.rule.actions.profileEnrollment.uiSchemaId;
    expectValidationCause(await r.put(r.with({ uiSchemaId: undefined })), `${PE}.uiSchemaId`);
    expectValidationCause(await r.put(r.with({ uiSchemaId: null })), `${PE}.uiSchemaId`);
    expectValidationCause(await r.put(r.with({ uiSchemaId: 'uis00000000000000000' })), `${PE}.uiSchemaId`);
    expect(expectAccepted(await r.put(r.with({ uiSchemaId: id }))).uiSchemaId).toBe(id);
  });
});

describe('enroll authenticators', () => {
  it("only 'password', or null", async () => {
    const r = await freshRule('Authenticators');
    expectValidationCause(await r.put(r.with({ enrollAuthenticators: ['webauthn'] })), `${PE}.enrollAuthenticators[0]`);
    expectValidationCause(
      await r.put(r.with({ enrollAuthenticators: ['password', 'password'] })),
      `${PE}.enrollAuthenticators`,
    );
    expect(expectAccepted(await r.put(r.with({ enrollAuthenticators: ['password'] }))).enrollAuthenticators).toEqual([
      'password',
    ]);
    expect(expectAccepted(await r.put(r.with({ enrollAuthenticators: null }))).enrollAuthenticators).toBeNull();
  });
});

describe('rejected writes and limits', () => {
  it('a rejected replace leaves the stored rule unchanged', async () => {
    const r = await freshRule('Unchanged');
    const good = expectAccepted(
      await r.put(r.with({ unknownUserAction: 'REGISTER', targetGroupIds: ['00g1engineering'] })),
    );
    const before = (await emu().call('GET', r.path)).body;
    const bad = await r.put({ ...good, targetGroupIds: ['00g3admins'], profileAttributes: [...baseForm, ...baseForm] });
    expectValidationCause(bad, `${PE}.profileAttributes[3].name`);
    const after = (await emu().call('GET', r.path)).body;
    expect(after).toEqual(before);
    expect(after.actions.profileEnrollment.targetGroupIds).toEqual(['00g1engineering']);
  });

  it('an org holds at most 500 profile enrollment policies', async () => {
    await seedPolicies(emu(), 'PROFILE_ENROLLMENT', 499);
    const last = await createPolicy(emu(), { type: 'PROFILE_ENROLLMENT', name: 'The 500th' });
    expect(last.priority).toBe(499);
    const over = await emu().call('POST', '/api/v1/policies', {
      type: 'PROFILE_ENROLLMENT',
      name: 'One too many',
      description: 'd',
    });
    expect(over.status).toBe(400);
    expect(over.body.errorCode).toBe('E0000001');
    expect(causesOf(over)).toEqual(['type: the org already has the maximum of 500 PROFILE_ENROLLMENT policies']);
    expect(emu().store().countPolicies('PROFILE_ENROLLMENT')).toBe(500);
  });
});
