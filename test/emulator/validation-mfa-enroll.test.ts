// MFA_ENROLL: the authenticator enrollment policy on the identity engine (type, authenticators or
// factors) and the MFA enrollment policy on the classic engine (factors only); enroll rule actions.
import { describe, expect, it } from 'vitest';
import { defaultPolicyAndRule, expectValidationCause, type TestEmulator, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
let n = 0;

function createPolicy(settings: unknown, on: TestEmulator = emu()) {
  return on.call('POST', '/api/v1/policies', { type: 'MFA_ENROLL', name: `enrollment policy ${++n}`, settings });
}
function createRule(policyId: string, actions: unknown, on: TestEmulator = emu()) {
  return on.call('POST', `/api/v1/policies/${policyId}/rules`, {
    type: 'MFA_ENROLL',
    name: `enrollment rule ${++n}`,
    actions,
  });
}

describe('authenticator enrollment policy settings (identity engine)', () => {
  it('defaults type to FACTORS', async () => {
    const res = await createPolicy(undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings).toEqual({ type: 'FACTORS' });
  });

  it('fills enroll.self in factors and authenticators', async () => {
    const factors = await createPolicy({
      factors: { platform_otp: {}, fido_webauthn: { enroll: { self: 'REQUIRED' } } },
    });
    expect(factors.status, JSON.stringify(factors.body)).toBe(200);
    expect(factors.body.settings).toEqual({
      type: 'FACTORS',
      factors: { platform_otp: { enroll: { self: 'NOT_ALLOWED' } }, fido_webauthn: { enroll: { self: 'REQUIRED' } } },
    });
    const authenticators = await createPolicy({
      type: 'AUTHENTICATORS',
      authenticators: [
        { key: 'platform_password', enroll: { self: 'REQUIRED' } },
        { key: 'webauthn', enroll: {}, constraints: { aaguidGroups: ['keys'] } },
      ],
    });
    expect(authenticators.status, JSON.stringify(authenticators.body)).toBe(200);
    expect(authenticators.body.settings).toEqual({
      type: 'AUTHENTICATORS',
      authenticators: [
        { key: 'platform_password', enroll: { self: 'REQUIRED' } },
        { key: 'webauthn', enroll: { self: 'NOT_ALLOWED' }, constraints: { aaguidGroups: ['keys'] } },
      ],
    });
  });

  it('reads a missing type as AUTHENTICATORS when authenticators are sent', async () => {
    const res = await createPolicy({ authenticators: [{ key: 'platform_email', enroll: { self: 'OPTIONAL' } }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.type).toBe('AUTHENTICATORS');
  });

  it('keeps factors and authenticators apart', async () => {
    const both = await createPolicy({
      type: 'AUTHENTICATORS',
      authenticators: [{ key: 'platform_email', enroll: { self: 'OPTIONAL' } }],
      factors: { platform_sms: {} },
    });
    expectValidationCause(both, 'settings.factors');
    expectValidationCause(
      await createPolicy({
        type: 'FACTORS',
        authenticators: [{ key: 'platform_email', enroll: { self: 'OPTIONAL' } }],
      }),
      'settings.type',
    );
    expectValidationCause(
      await createPolicy({ type: 'AUTHENTICATORS', factors: { platform_sms: {} } }),
      'settings.factors',
    );
  });

  it('updating a policy to authenticators removes its factors', async () => {
    const created = await createPolicy({ factors: { platform_sms: { enroll: { self: 'OPTIONAL' } } } });
    const path = `/api/v1/policies/${created.body.id}`;
    const res = await emu().call('PUT', path, {
      type: 'MFA_ENROLL',
      name: created.body.name,
      settings: {
        ...created.body.settings,
        type: 'AUTHENTICATORS',
        authenticators: [{ key: 'phone_number', enroll: { self: 'REQUIRED' } }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings).toEqual({
      type: 'AUTHENTICATORS',
      authenticators: [{ key: 'phone_number', enroll: { self: 'REQUIRED' } }],
    });
    expect((await emu().call('GET', path)).body.settings.factors).toBeUndefined();
  });

  it('checks factor keys, enroll values and authenticator entries', async () => {
    expectValidationCause(await createPolicy({ factors: { carrier_pigeon: {} } }), 'settings.factors.carrier_pigeon');
    expectValidationCause(
      await createPolicy({ factors: { platform_sms: { enroll: { self: 'ALWAYS' } } } }),
      'settings.factors.platform_sms.enroll.self',
    );
    expectValidationCause(
      await createPolicy({ authenticators: [{ enroll: { self: 'REQUIRED' } }] }),
      'settings.authenticators[0].key',
    );
    expectValidationCause(
      await createPolicy({ authenticators: [{ key: 'webauthn', enroll: { self: 'SOMETIMES' } }] }),
      'settings.authenticators[0].enroll.self',
    );
    const dup = await createPolicy({
      authenticators: [
        { key: 'webauthn', enroll: { self: 'OPTIONAL' } },
        { key: 'webauthn', enroll: { self: 'REQUIRED' } },
      ],
    });
    expectValidationCause(dup, 'settings.authenticators[1].key');
    expectValidationCause(await createPolicy({ type: 'BOTH' }), 'settings.type');
  });

  it('a rejected replace leaves the policy unchanged', async () => {
    const created = await createPolicy({ factors: { platform_push: { enroll: { self: 'REQUIRED' } } } });
    const path = `/api/v1/policies/${created.body.id}`;
    const res = await emu().call('PUT', path, {
      type: 'MFA_ENROLL',
      name: 'changed',
      settings: { factors: { platform_push: { enroll: { self: 'MAYBE' } } } },
    });
    expectValidationCause(res, 'settings.factors.platform_push.enroll.self');
    expect((await emu().call('GET', path)).body).toEqual(created.body);
  });
});

describe('rule actions', () => {
  it('need enroll.self', async () => {
    const policy = await createPolicy(undefined);
    expectValidationCause(await createRule(policy.body.id, undefined), 'actions');
    expectValidationCause(await createRule(policy.body.id, { enroll: {} }), 'actions.enroll.self');
    expectValidationCause(await createRule(policy.body.id, { enroll: { self: 'ALWAYS' } }), 'actions.enroll.self');
    expectValidationCause(
      await createRule(policy.body.id, { enroll: { self: 'LOGIN' }, signon: {} }),
      'actions.signon',
    );
    const ok = await createRule(policy.body.id, { enroll: { self: 'LOGIN' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.actions).toEqual({ enroll: { self: 'LOGIN' } });
  });
});

describe('default rule', () => {
  it('enrolls at the next challenge and is read-only on the identity engine', async () => {
    const { policy, rule } = await defaultPolicyAndRule(emu(), 'MFA_ENROLL');
    expect(rule.name).toBe('Default Rule');
    expect(rule.actions).toEqual({ enroll: { self: 'CHALLENGE' } });
    const res = await emu().call('PUT', `/api/v1/policies/${policy.id}/rules/${rule.id}`, {
      ...rule,
      actions: { enroll: { self: 'NEVER' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.errorCode).toBe('E0000006');
    expect((await emu().call('GET', `/api/v1/policies/${policy.id}/rules/${rule.id}`)).body).toEqual(rule);
  });
});

describe('MFA enrollment policy (classic engine)', () => {
  it('takes factors only, with enroll.self defaulting to NOT_ALLOWED', async () => {
    const res = await createPolicy(
      { factors: { platform_question: {}, vendor_b_vip: { enroll: { self: 'OPTIONAL' } } } },
      classic(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings).toEqual({
      factors: {
        platform_question: { enroll: { self: 'NOT_ALLOWED' } },
        vendor_b_vip: { enroll: { self: 'OPTIONAL' } },
      },
    });
    const empty = await createPolicy(undefined, classic());
    expect(empty.body.settings).toEqual({ factors: {} });
  });

  it('rejects the identity-engine members', async () => {
    const res = await createPolicy(
      { type: 'AUTHENTICATORS', authenticators: [{ key: 'webauthn', enroll: { self: 'OPTIONAL' } }] },
      classic(),
    );
    expectValidationCause(res, 'settings.type');
    expectValidationCause(res, 'settings.authenticators');
  });

  it('rules take the same enroll action', async () => {
    const policy = await createPolicy(undefined, classic());
    expectValidationCause(
      await createRule(policy.body.id, { enroll: { self: 'SOMETIMES' } }, classic()),
      'actions.enroll.self',
    );
    const ok = await createRule(policy.body.id, { enroll: { self: 'NEVER' } }, classic());
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
