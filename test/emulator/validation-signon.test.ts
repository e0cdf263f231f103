// Global session policy (PLATFORM_SIGN_ON) and its SIGN_ON rules: no settings, `actions.signon`
// requirements and defaults, and the read-only session members of the org's default rule.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  causesOf,
  defaultPolicyAndRule,
  expectValidationCause,
  type TestEmulator,
  useEmulator,
} from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
let policyId: string;
let n = 0;

function createRule(signon: unknown, on: TestEmulator = emu(), policy = policyId) {
  return on.call('POST', `/api/v1/policies/${policy}/rules`, {
    type: 'SIGN_ON',
    name: `sign-on rule ${++n}`,
    actions: { signon },
  });
}

beforeEach(async () => {
  const res = await emu().call('POST', '/api/v1/policies', { type: 'PLATFORM_SIGN_ON', name: 'Sign-on validation' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  policyId = res.body.id;
});

describe('policy settings', () => {
  it('a global session policy has none', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'with settings',
      settings: { password: {} },
    });
    expectValidationCause(res, 'settings');
    const empty = await emu().call('POST', '/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'with empty settings',
      settings: {},
    });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.settings).toBeUndefined();
  });

  it('a rejected replace leaves the policy unchanged', async () => {
    const before = await emu().call('GET', `/api/v1/policies/${policyId}`);
    const res = await emu().call('PUT', `/api/v1/policies/${policyId}`, {
      type: 'PLATFORM_SIGN_ON',
      name: 'renamed',
      settings: { factors: {} },
    });
    expectValidationCause(res, 'settings');
    const after = await emu().call('GET', `/api/v1/policies/${policyId}`);
    expect(after.body).toEqual(before.body);
  });
});

describe('actions.signon', () => {
  it('is required, with a required access', async () => {
    const noActions = await emu().call('POST', `/api/v1/policies/${policyId}/rules`, {
      type: 'SIGN_ON',
      name: `no actions ${++n}`,
    });
    expectValidationCause(noActions, 'actions');
    expectValidationCause(
      await emu().call('POST', `/api/v1/policies/${policyId}/rules`, { type: 'SIGN_ON', name: `r${++n}`, actions: {} }),
      'actions.signon',
    );
    expectValidationCause(await createRule({}), 'actions.signon.access');
    expectValidationCause(await createRule({ access: 'MAYBE' }), 'actions.signon.access');
  });

  it('fills every default', async () => {
    const res = await createRule({ access: 'DENY' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions).toEqual({
      signon: {
        access: 'DENY',
        requireFactor: false,
        rememberDeviceByDefault: false,
        session: { maxSessionIdleMinutes: 120, maxSessionLifetimeMinutes: 0, usePersistentCookie: false },
      },
    });
  });

  it('needs primaryFactor when access is ALLOW', async () => {
    expectValidationCause(await createRule({ access: 'ALLOW' }), 'actions.signon.primaryFactor');
    expectValidationCause(
      await createRule({ access: 'ALLOW', primaryFactor: 'PASSWORD_ONLY' }),
      'actions.signon.primaryFactor',
    );
    const res = await createRule({ access: 'ALLOW', primaryFactor: 'PASSWORD_IDP' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions.signon.primaryFactor).toBe('PASSWORD_IDP');
  });

  it('needs factorPromptMode and a positive factorLifetime when requireFactor is true', async () => {
    const res = await createRule({ access: 'ALLOW', primaryFactor: 'PASSWORD_IDP', requireFactor: true });
    expectValidationCause(res, 'actions.signon.factorPromptMode');
    expectValidationCause(res, 'actions.signon.factorLifetime');
    const base = { access: 'ALLOW', primaryFactor: 'PASSWORD_IDP', requireFactor: true, factorPromptMode: 'SESSION' };
    expectValidationCause(await createRule({ ...base, factorLifetime: 0 }), 'actions.signon.factorLifetime');
    expectValidationCause(await createRule({ ...base, factorLifetime: 1.5 }), 'actions.signon.factorLifetime');
    expectValidationCause(
      await createRule({ ...base, factorPromptMode: 'NEVER', factorLifetime: 15 }),
      'actions.signon.factorPromptMode',
    );
    const ok = await createRule({
      ...base,
      factorLifetime: 15,
      rememberDeviceByDefault: true,
      session: { maxSessionIdleMinutes: 30 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.actions.signon).toEqual({
      ...base,
      factorLifetime: 15,
      rememberDeviceByDefault: true,
      session: { maxSessionIdleMinutes: 30, maxSessionLifetimeMinutes: 0, usePersistentCookie: false },
    });
  });

  it('checks the session members and rejects unknown members', async () => {
    expectValidationCause(
      await createRule({ access: 'DENY', session: { maxSessionIdleMinutes: 0 } }),
      'actions.signon.session.maxSessionIdleMinutes',
    );
    expectValidationCause(
      await createRule({ access: 'DENY', session: { maxSessionLifetimeMinutes: -1 } }),
      'actions.signon.session.maxSessionLifetimeMinutes',
    );
    expectValidationCause(
      await createRule({ access: 'DENY', session: { usePersistentCookie: 'yes' } }),
      'actions.signon.session.usePersistentCookie',
    );
    expectValidationCause(await createRule({ access: 'DENY', session: { idle: 5 } }), 'actions.signon.session.idle');
    expectValidationCause(await createRule({ access: 'DENY', mfa: true }), 'actions.signon.mfa');
  });

  it('lets rules of other policies change the session lifetime and cookie', async () => {
    const res = await createRule({
      access: 'DENY',
      session: { maxSessionLifetimeMinutes: 480, usePersistentCookie: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.actions.signon.session).toEqual({
      maxSessionIdleMinutes: 120,
      maxSessionLifetimeMinutes: 480,
      usePersistentCookie: true,
    });
  });
});

describe('default rule of the default policy', () => {
  it('has the documented shape', async () => {
    const { rule } = await defaultPolicyAndRule(emu(), 'PLATFORM_SIGN_ON');
    expect(rule.name).toBe('Default Rule');
    expect(rule.actions.signon).toEqual({
      access: 'ALLOW',
      requireFactor: false,
      primaryFactor: 'PASSWORD_IDP_ANY_FACTOR',
      rememberDeviceByDefault: false,
      session: { maxSessionIdleMinutes: 120, maxSessionLifetimeMinutes: 0, usePersistentCookie: false },
    });
  });

  it('forbids changing maxSessionLifetimeMinutes or usePersistentCookie, and changes nothing', async () => {
    const { policy, rule } = await defaultPolicyAndRule(emu(), 'PLATFORM_SIGN_ON');
    const path = `/api/v1/policies/${policy.id}/rules/${rule.id}`;
    for (const change of [{ maxSessionLifetimeMinutes: 60 }, { usePersistentCookie: true }]) {
      const body = {
        ...rule,
        actions: { signon: { ...rule.actions.signon, session: { ...rule.actions.signon.session, ...change } } },
      };
      const res = await emu().call('PUT', path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.errorCode).toBe('E0000006');
      expect(causesOf(res).join(' ')).toContain(Object.keys(change)[0]);
    }
    expect((await emu().call('GET', path)).body).toEqual(rule);
  });

  it('allows the other members to change and keeps omitted read-only ones', async () => {
    const { policy, rule } = await defaultPolicyAndRule(emu(), 'PLATFORM_SIGN_ON');
    const path = `/api/v1/policies/${policy.id}/rules/${rule.id}`;
    const res = await emu().call('PUT', path, {
      type: 'SIGN_ON',
      name: rule.name,
      actions: { signon: { access: 'ALLOW', primaryFactor: 'PASSWORD_IDP', session: { maxSessionIdleMinutes: 45 } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions.signon).toMatchObject({
      primaryFactor: 'PASSWORD_IDP',
      session: { maxSessionIdleMinutes: 45, maxSessionLifetimeMinutes: 0, usePersistentCookie: false },
    });
  });
});

describe('classic engine', () => {
  it('has no primaryFactor, neither required nor accepted', async () => {
    const { policy, rule } = await defaultPolicyAndRule(classic(), 'PLATFORM_SIGN_ON');
    expect(rule.actions.signon.primaryFactor).toBeUndefined();
    const created = await classic().call('POST', '/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'classic sign-on',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectValidationCause(
      await createRule({ access: 'ALLOW', primaryFactor: 'PASSWORD_IDP' }, classic(), created.body.id),
      'actions.signon.primaryFactor',
    );
    const ok = await createRule({ access: 'ALLOW' }, classic(), created.body.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.actions.signon).toEqual({
      access: 'ALLOW',
      requireFactor: false,
      rememberDeviceByDefault: false,
      session: { maxSessionIdleMinutes: 120, maxSessionLifetimeMinutes: 0, usePersistentCookie: false },
    });
    expect(policy.system).toBe(true);
  });
});
