// Password policy (PASSWORD): settings with every default of the spec table, recovery factors, and
// the rule actions (change, unlock, self-service reset with its requirement and step-up rules).
import { beforeEach, describe, expect, it } from 'vitest';
import { expectValidationCause, type TestEmulator, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
let policyId: string;
let n = 0;

const DEFAULT_SETTINGS = {
  password: {
    complexity: {
      minLength: 8,
      minLowerCase: 1,
      minUpperCase: 1,
      minNumber: 1,
      minSymbol: 1,
      excludeUsername: true,
      excludeAttributes: [],
      dictionary: { common: { exclude: false } },
    },
    age: { maxAgeDays: 0, expireWarnDays: 0, minAgeMinutes: 0, historyCount: 0 },
    lockout: { maxAttempts: 0, autoUnlockMinutes: 0, showLockoutFailures: false },
  },
  recovery: {
    factors: {
      recovery_question: { status: 'ACTIVE', properties: { complexity: { minLength: 4 } } },
      platform_email: { status: 'ACTIVE', properties: { recoveryToken: { tokenLifetimeMinutes: 10080 } } },
      platform_sms: { status: 'INACTIVE' },
      platform_call: { status: 'INACTIVE' },
    },
  },
  delegation: { options: { skipUnlock: false } },
};

function createPolicy(settings: unknown, on: TestEmulator = emu()) {
  return on.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: `password policy ${++n}`, settings });
}
function createRule(actions: unknown, on: TestEmulator = emu(), policy = policyId) {
  return on.call('POST', `/api/v1/policies/${policy}/rules`, {
    type: 'PASSWORD',
    name: `password rule ${++n}`,
    actions,
  });
}
const sspr = (selfServicePasswordReset: unknown) => createRule({ selfServicePasswordReset });
const allowWith = (requirement: unknown) => sspr({ access: 'ALLOW', requirement });

beforeEach(async () => {
  const res = await createPolicy(undefined);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  policyId = res.body.id;
});

describe('policy settings', () => {
  it('fills every default of the spec table', async () => {
    const res = await emu().call('GET', `/api/v1/policies/${policyId}`);
    expect(res.body.settings).toEqual(DEFAULT_SETTINGS);
    const system = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body.find(
      (p: { system: boolean }) => p.system,
    );
    expect(system.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps given values and fills the rest', async () => {
    const res = await createPolicy({
      password: {
        complexity: { minLength: 12, minSymbol: 0, excludeAttributes: ['firstName', 'lastName'] },
        lockout: { maxAttempts: 5 },
      },
      recovery: { factors: { platform_sms: { status: 'ACTIVE' }, recovery_question: { status: 'INACTIVE' } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.password.complexity).toEqual({
      ...DEFAULT_SETTINGS.password.complexity,
      minLength: 12,
      minSymbol: 0,
      excludeAttributes: ['firstName', 'lastName'],
    });
    expect(res.body.settings.password.lockout).toEqual({
      maxAttempts: 5,
      autoUnlockMinutes: 0,
      showLockoutFailures: false,
    });
    expect(res.body.settings.recovery.factors).toEqual({
      ...DEFAULT_SETTINGS.recovery.factors,
      platform_sms: { status: 'ACTIVE' },
      recovery_question: { status: 'INACTIVE', properties: { complexity: { minLength: 4 } } },
    });
  });

  it('rejects negative integers and yes/no members above 1', async () => {
    expectValidationCause(
      await createPolicy({ password: { complexity: { minLength: -1 } } }),
      'settings.password.complexity.minLength',
    );
    expectValidationCause(
      await createPolicy({ password: { complexity: { minUpperCase: 2 } } }),
      'settings.password.complexity.minUpperCase',
    );
    expectValidationCause(
      await createPolicy({ password: { age: { historyCount: -3 } } }),
      'settings.password.age.historyCount',
    );
    expectValidationCause(
      await createPolicy({ password: { lockout: { autoUnlockMinutes: 2.5 } } }),
      'settings.password.lockout.autoUnlockMinutes',
    );
    expectValidationCause(
      await createPolicy({ password: { lockout: { showLockoutFailures: 'no' } } }),
      'settings.password.lockout.showLockoutFailures',
    );
  });

  it('excludes only firstName and lastName', async () => {
    expectValidationCause(
      await createPolicy({ password: { complexity: { excludeAttributes: ['firstName', 'email'] } } }),
      'settings.password.complexity.excludeAttributes[1]',
    );
  });

  it('rejects unknown members at every level', async () => {
    expectValidationCause(await createPolicy({ passwords: {} }), 'settings.passwords');
    expectValidationCause(
      await createPolicy({ password: { complexity: { maxLength: 5 } } }),
      'settings.password.complexity.maxLength',
    );
    expectValidationCause(
      await createPolicy({ recovery: { factors: { platform_push: { status: 'ACTIVE' } } } }),
      'settings.recovery.factors.platform_push',
    );
    expectValidationCause(
      await createPolicy({ delegation: { options: { skipLock: true } } }),
      'settings.delegation.options.skipLock',
    );
  });

  it('checks recovery factor statuses', async () => {
    expectValidationCause(
      await createPolicy({ recovery: { factors: { platform_email: { status: 'INACTIVE' } } } }),
      'settings.recovery.factors.platform_email.status',
    );
    expectValidationCause(
      await createPolicy({
        recovery: { factors: { recovery_question: { properties: { complexity: { minLength: 6 } } } } },
      }),
      'settings.recovery.factors.recovery_question.status',
    );
    expectValidationCause(
      await createPolicy({ recovery: { factors: { platform_call: { status: 'ON' } } } }),
      'settings.recovery.factors.platform_call.status',
    );
    expectValidationCause(
      await createPolicy({
        recovery: {
          factors: { platform_email: { status: 'ACTIVE', properties: { recoveryToken: { tokenLifetimeMinutes: 0 } } } },
        },
      }),
      'settings.recovery.factors.platform_email.properties.recoveryToken.tokenLifetimeMinutes',
    );
  });

  it('a rejected replace leaves the policy unchanged', async () => {
    const before = await emu().call('GET', `/api/v1/policies/${policyId}`);
    const res = await emu().call('PUT', `/api/v1/policies/${policyId}`, {
      type: 'PASSWORD',
      name: before.body.name,
      settings: { password: { complexity: { minLength: 4, minNumber: 7 } } },
    });
    expectValidationCause(res, 'settings.password.complexity.minNumber');
    expect((await emu().call('GET', `/api/v1/policies/${policyId}`)).body).toEqual(before.body);
  });
});

describe('rule actions', () => {
  it('fills DENY for every action and the read-only reset type', async () => {
    const res = await createRule(undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions).toEqual({
      passwordChange: { access: 'DENY' },
      selfServiceUnlock: { access: 'DENY' },
      selfServicePasswordReset: { access: 'DENY', type: 'selfServicePasswordReset' },
    });
  });

  it('checks access values and unknown actions', async () => {
    expectValidationCause(
      await createRule({ passwordChange: { access: 'SOMETIMES' } }),
      'actions.passwordChange.access',
    );
    expectValidationCause(await createRule({ selfServiceUnlock: { access: 1 } }), 'actions.selfServiceUnlock.access');
    expectValidationCause(await createRule({ signon: { access: 'ALLOW' } }), 'actions.signon');
  });

  it('treats the reset type as read-only', async () => {
    expectValidationCause(
      await sspr({ access: 'ALLOW', type: 'passwordReset' }),
      'actions.selfServicePasswordReset.type',
    );
    const ok = await sspr({ access: 'ALLOW', type: 'selfServicePasswordReset' });
    expect(ok.status).toBe(200);
  });

  it('allows a requirement only with access ALLOW', async () => {
    expectValidationCause(
      await sspr({ access: 'DENY', requirement: { primary: { methods: ['EMAIL'] } } }),
      'actions.selfServicePasswordReset.requirement',
    );
    const res = await allowWith({ primary: { methods: ['EMAIL', 'SMS'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions.selfServicePasswordReset).toEqual({
      access: 'ALLOW',
      type: 'selfServicePasswordReset',
      requirement: { primary: { methods: ['EMAIL', 'SMS'] } },
    });
  });

  it('checks primary methods and the one OTP constraint', async () => {
    const p = 'actions.selfServicePasswordReset.requirement.primary';
    const otpConstraint = { method: 'OTP', allowedAuthenticators: [{ key: 'vendor_c_otp' }] };
    expectValidationCause(await allowWith({ primary: { methods: ['FAX'] } }), `${p}.methods[0]`);
    expectValidationCause(await allowWith({ primary: { methods: ['OTP'] } }), `${p}.methodConstraints`);
    expectValidationCause(
      await allowWith({
        primary: {
          methods: ['OTP'],
          methodConstraints: [{ method: 'OTP', allowedAuthenticators: [{ key: 'platform_verify' }] }],
        },
      }),
      `${p}.methodConstraints[0].allowedAuthenticators[0].key`,
    );
    expectValidationCause(
      await allowWith({
        primary: {
          methods: ['OTP'],
          methodConstraints: [{ method: 'SMS', allowedAuthenticators: [{ key: 'vendor_c_otp' }] }],
        },
      }),
      `${p}.methodConstraints[0].method`,
    );
    expectValidationCause(
      await allowWith({ primary: { methods: ['EMAIL'], methodConstraints: [otpConstraint] } }),
      `${p}.methodConstraints`,
    );
    const ok = await allowWith({ primary: { methods: ['OTP', 'EMAIL'], methodConstraints: [otpConstraint] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.actions.selfServicePasswordReset.requirement.primary).toEqual({
      methods: ['OTP', 'EMAIL'],
      methodConstraints: [otpConstraint],
    });
  });

  it('accepts exactly the valid step-up configurations', async () => {
    const s = 'actions.selfServicePasswordReset.requirement.stepUp';
    for (const stepUp of [
      { required: false },
      { required: true },
      { required: true, methods: ['security_question'] },
    ]) {
      const res = await allowWith({ primary: { methods: ['EMAIL'] }, stepUp });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.actions.selfServicePasswordReset.requirement.stepUp).toEqual(stepUp);
    }
    expectValidationCause(
      await allowWith({ stepUp: { required: false, methods: ['security_question'] } }),
      `${s}.methods`,
    );
    expectValidationCause(await allowWith({ stepUp: { methods: ['security_question'] } }), `${s}.methods`);
    expectValidationCause(
      await allowWith({ stepUp: { required: true, methods: ['platform_password'] } }),
      `${s}.methods[0]`,
    );
    const filled = await allowWith({ stepUp: {} });
    expect(filled.body.actions.selfServicePasswordReset.requirement.stepUp).toEqual({ required: false });
  });

  it('a rejected replace leaves the rule unchanged', async () => {
    const created = await createRule({ passwordChange: { access: 'ALLOW' } });
    const path = `/api/v1/policies/${policyId}/rules/${created.body.id}`;
    const res = await emu().call('PUT', path, {
      ...created.body,
      actions: { selfServicePasswordReset: { access: 'DENY', requirement: {} } },
    });
    expectValidationCause(res, 'actions.selfServicePasswordReset.requirement');
    expect((await emu().call('GET', path)).body).toEqual(created.body);
  });
});

describe('default rule', () => {
  it('lets users change and reset their password, not unlock', async () => {
    const system = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body.find(
      (p: { system: boolean }) => p.system,
    );
    const rules = (await emu().call('GET', `/api/v1/policies/${system.id}/rules`)).body;
    const rule = rules.find((r: { system: boolean }) => r.system);
    expect(rule.name).toBe('Default Rule');
    expect(rule.actions).toEqual({
      passwordChange: { access: 'ALLOW' },
      selfServiceUnlock: { access: 'DENY' },
      selfServicePasswordReset: { access: 'ALLOW', type: 'selfServicePasswordReset' },
    });
  });
});

describe('classic engine', () => {
  it('has neither the reset type nor a requirement', async () => {
    const policy = await createPolicy(undefined, classic());
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    expect(policy.body.settings).toEqual(DEFAULT_SETTINGS);
    const ok = await createRule({ selfServicePasswordReset: { access: 'ALLOW' } }, classic(), policy.body.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.actions.selfServicePasswordReset).toEqual({ access: 'ALLOW' });
    const bad = await createRule(
      { selfServicePasswordReset: { access: 'ALLOW', type: 'selfServicePasswordReset', requirement: {} } },
      classic(),
      policy.body.id,
    );
    expectValidationCause(bad, 'actions.selfServicePasswordReset.type');
    expectValidationCause(bad, 'actions.selfServicePasswordReset.requirement');
  });

  it('ships a default rule without the reset type', async () => {
    const system = (await classic().call('GET', '/api/v1/policies?type=PASSWORD')).body.find(
      (p: { system: boolean }) => p.system,
    );
    const rule = (await classic().call('GET', `/api/v1/policies/${system.id}/rules`)).body.find(
      (r: { system: boolean }) => r.system,
    );
    expect(rule.actions.selfServicePasswordReset).toEqual({ access: 'ALLOW' });
  });
});
