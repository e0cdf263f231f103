// Real emulator answers against the REST contract: policies and rules of every type (created with
// most members the spec allows, read back, listed), user types, the access simulation and error
// bodies all conform to the response schemas the contract declares, so the contract cannot drift
// from what the emulator serves. Each policy and rule is also checked against its own type's schema.
import { describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  POLICY_SCHEMAS,
  POLICY_TYPES,
  type PolicyType,
  RULE_SCHEMAS,
  RULE_TYPE_OF,
} from 'policy-service-emulator/contract';
import { callOperation, expectConforms, schemaErrors } from '../helpers/contract.ts';
import { POLICY_BODIES, RULE_BODIES } from '../helpers/policyBodies.ts';
import { defaultPolicyOf, type TestEmulator, useEmulator } from '../helpers/emulator.ts';

function expectPolicyOfType(body: any, type: PolicyType): void {
  expect(body.type).toBe(type);
  expectConforms(POLICY_SCHEMAS[type], body, `${type} policy`);
}

function expectRuleOfType(body: any, type: PolicyType): void {
  expect(body.type).toBe(RULE_TYPE_OF[type]);
  expectConforms(RULE_SCHEMAS[type], body, `${RULE_TYPE_OF[type]} rule`);
}

/** The policy a type's rules go to: a new one, or the default one for the IdP discovery policy. */
async function policyUnderTest(emu: TestEmulator, type: PolicyType): Promise<any> {
  if (type === 'IDP_DISCOVERY') return defaultPolicyOf(emu, type);
  const body = { type, name: `${type} contract`, ...POLICY_BODIES[type] };
  const created = await callOperation(emu, 'createPolicy', { body });
  return created.body;
}

describe('identity engine answers conform to the contract', () => {
  const emu = useEmulator();

  it.each(POLICY_TYPES)('%s: create, read, list, replace and lifecycle of a policy and its rules', async (type) => {
    const policy = await policyUnderTest(emu(), type);
    expectPolicyOfType(policy, type);
    const params = { policyId: policy.id };

    if (type === 'PROFILE_ENROLLMENT') {
      const [rule] = (await callOperation(emu(), 'listRules', { params })).body;
      const action = rule.actions.profileEnrollment;
      const edited = {
        ...rule,
        actions: {
          profileEnrollment: {
            ...action,
            preRegistrationInlineHooks: [{ inlineHookId: 'cbl1hook' }],
            targetGroupIds: ['00g2sales'],
            profileAttributes: [...action.profileAttributes, { name: 'department', label: 'Department' }],
          },
        },
      };
      const replaced = await callOperation(emu(), 'replaceRule', {
        params: { ...params, ruleId: rule.id },
        body: edited,
      });
      expectRuleOfType(replaced.body, type);
    } else {
      const body = { type: RULE_TYPE_OF[type], name: `${type} rule`, ...RULE_BODIES[type] };
      const created = await callOperation(emu(), 'createRule', { params, body });
      expectRuleOfType(created.body, type);
      const ruleParams = { ...params, ruleId: created.body.id };
      expectRuleOfType((await callOperation(emu(), 'getRule', { params: ruleParams })).body, type);
      await callOperation(emu(), 'deactivateRule', { params: ruleParams });
      const replaced = await callOperation(emu(), 'replaceRule', {
        params: ruleParams,
        body: { ...body, name: `${type} rule, renamed` },
      });
      expectRuleOfType(replaced.body, type);
    }
    for (const rule of (await callOperation(emu(), 'listRules', { params })).body) expectRuleOfType(rule, type);

    expectPolicyOfType((await callOperation(emu(), 'getPolicy', { params })).body, type);
    const listed = await callOperation(emu(), 'listPolicies', { query: `type=${type}` });
    expect(listed.body.map((p: { id: string }) => p.id)).toContain(policy.id);
    for (const p of listed.body) expectPolicyOfType(p, type);

    if (!policy.system) {
      await callOperation(emu(), 'deactivatePolicy', { params });
      const { _links, created, lastUpdated, system, status, ...members } = policy;
      const replaced = await callOperation(emu(), 'replacePolicy', {
        params,
        body: { ...members, name: `${type} v2` },
      });
      expectPolicyOfType(replaced.body, type);
      expect(replaced.body.status).toBe('INACTIVE');
      await callOperation(emu(), 'activatePolicy', { params });
    }
  });

  it('a cloned authentication policy, its applications and an assignment', async () => {
    const policy = await policyUnderTest(emu(), 'ACCESS_POLICY');
    const copy = await callOperation(emu(), 'clonePolicy', { params: { policyId: policy.id } });
    expectPolicyOfType(copy.body, 'ACCESS_POLICY');
    await callOperation(emu(), 'assignAppPolicy', { params: { appId: '0oa2crm', policyId: policy.id } });
    const apps = await callOperation(emu(), 'listPolicyApplications', { params: { policyId: policy.id } });
    expect(apps.body.map((a: { id: string }) => a.id)).toEqual(['0oa2crm']);
    await callOperation(emu(), 'deletePolicy', { params: { policyId: copy.body.id } });
  });

  it('user types: list, create, read, replace, update and delete', async () => {
    const created = await callOperation(emu(), 'createUserType', {
      body: { name: 'Partner', displayName: 'Partner', description: 'External partners' },
    });
    expect(created.body.default).toBe(false);
    const params = { typeId: created.body.id };
    await callOperation(emu(), 'getUserType', { params: { typeId: 'default' } });
    await callOperation(emu(), 'replaceUserType', {
      params,
      body: { name: 'Partner', displayName: 'Partners', description: 'Partner companies' },
    });
    await callOperation(emu(), 'updateUserType', { params, body: { description: 'Partner companies and agencies' } });
    const listed = await callOperation(emu(), 'listUserTypes');
    expect(listed.body.length).toBe(3);
    await callOperation(emu(), 'deleteUserType', { params });
  });

  it('the access simulation, with every expansion', async () => {
    const res = await callOperation(emu(), 'simulate', {
      query: 'expand=EVALUATED&expand=RULE',
      body: {
        appInstance: '0oa1portal',
        policyContext: {
          user: { id: '00u1alice' },
          ip: '10.1.2.3',
          risk: { level: 'LOW' },
          device: { platform: 'IOS' },
        },
      },
    });
    expect(res.body.evaluation.length).toBeGreaterThan(0);
  });

  it('error bodies: validation, not found, refusal, method not allowed, unauthenticated', async () => {
    const invalid = await callOperation(emu(), 'createPolicy', { body: { type: 'PASSWORD' }, expectStatus: 400 });
    expect(invalid.body.errorCauses.length).toBeGreaterThan(0);
    await callOperation(emu(), 'getPolicy', { params: { policyId: 'missing' }, expectStatus: 404 });
    const types = (await callOperation(emu(), 'listUserTypes')).body;
    const refused = await callOperation(emu(), 'deleteUserType', {
      params: { typeId: types.find((t: { default: boolean }) => t.default).id },
      expectStatus: 403,
    });
    expect(refused.body.reason).toBe('PROHIBITED');
    const notAllowed = await emu().call('PATCH', '/api/v1/policies');
    expect(notAllowed.status).toBe(405);
    expectConforms(ErrorBodySchema, notAllowed.body, '405');
    const unauthenticated = await emu().call('GET', '/api/v1/policies?type=PASSWORD', undefined, {
      authorization: 'SSWS wrong',
    });
    expect(unauthenticated.status).toBe(401);
    expectConforms(ErrorBodySchema, unauthenticated.body, '401');
  });
});

describe('classic engine answers conform to the contract', () => {
  const emu = useEmulator({ engine: 'CLASSIC' });

  it('an MFA enrollment policy with factors, and a policy read with its rules embedded', async () => {
    const policy = await callOperation(emu(), 'createPolicy', {
      body: {
        type: 'MFA_ENROLL',
        name: 'Classic factors',
        settings: { factors: { platform_otp: { enroll: { self: 'REQUIRED' } }, fido_u2f: {} } },
      },
    });
    expectPolicyOfType(policy.body, 'MFA_ENROLL');
    const params = { policyId: policy.body.id };
    await callOperation(emu(), 'createRule', {
      params,
      body: { type: 'MFA_ENROLL', name: 'Enroll at login', actions: { enroll: { self: 'LOGIN' } } },
    });
    const expanded = await callOperation(emu(), 'getPolicy', { params, query: 'expand=rules' });
    expect(expanded.body._embedded.rules.length).toBe(1);
    expectPolicyOfType(expanded.body, 'MFA_ENROLL');
    expectRuleOfType(expanded.body._embedded.rules[0], 'MFA_ENROLL');
  });

  it.each(['PLATFORM_SIGN_ON', 'PASSWORD', 'IDP_DISCOVERY'] as const)(
    '%s: the default policy and its rules',
    async (type) => {
      const policy = await defaultPolicyOf(emu(), type);
      expectPolicyOfType(policy, type);
      const rules = await callOperation(emu(), 'listRules', { params: { policyId: policy.id } });
      for (const rule of rules.body) expectRuleOfType(rule, type);
    },
  );
});

describe('the schemas can fail', () => {
  it('refuse a member the contract does not name, a value outside an enum and a missing member', () => {
    const rule = {
      id: 'r1',
      type: 'SIGN_ON',
      name: 'x',
      status: 'ACTIVE',
      priority: 1,
      system: false,
      created: '2026-01-01T00:00:00.000Z',
      lastUpdated: '2026-01-01T00:00:00.000Z',
      conditions: null,
      actions: { signon: { access: 'ALLOW' } },
      _links: { self: { href: 'h' } },
    };
    expect(schemaErrors(RULE_SCHEMAS.PLATFORM_SIGN_ON, rule)).toEqual([]);
    expect(schemaErrors(RULE_SCHEMAS.PLATFORM_SIGN_ON, { ...rule, extra: 1 })).not.toEqual([]);
    expect(
      schemaErrors(RULE_SCHEMAS.PLATFORM_SIGN_ON, { ...rule, actions: { signon: { access: 'MAYBE' } } }),
    ).not.toEqual([]);
    const { _links, ...withoutLinks } = rule;
    expect(schemaErrors(RULE_SCHEMAS.PLATFORM_SIGN_ON, withoutLinks)).not.toEqual([]);
    expect(schemaErrors(RULE_SCHEMAS.PASSWORD, rule)).not.toEqual([]);
  });
});
