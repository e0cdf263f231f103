// The defaults the contract states are the ones the emulator fills in: minimal bodies are sent, and
// every member of the answer that the contract gives a `default` and the body did not send must
// hold that default. A default changed on one side only fails here.
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { POLICY_SCHEMAS, type PolicyType, RULE_SCHEMAS, RULE_TYPE_OF } from 'policy-service-emulator/contract';
import { callOperation } from '../helpers/contract.ts';
import { defaultPolicyOf, type TestEmulator, useEmulator } from '../helpers/emulator.ts';

type Schema = TSchema & {
  default?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  type?: string;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Walks `answer` along `schema` and returns the `path = value` of every defaulted member that
 * was not sent and does not hold its default (both values are printed), plus how many were checked.
 */
function defaultsNotApplied(
  schema: Schema,
  answer: unknown,
  sent: unknown,
  path: string,
  out: { wrong: string[]; checked: number },
): void {
  if (schema.anyOf) {
    for (const branch of schema.anyOf) {
      if (branch.type === 'object' && isObject(answer)) defaultsNotApplied(branch, answer, sent, path, out);
      if (branch.type === 'array' && Array.isArray(answer)) defaultsNotApplied(branch, answer, sent, path, out);
    }
    return;
  }
  if (schema.type === 'array' && schema.items && Array.isArray(answer)) {
    answer.forEach((item, i) => {
      defaultsNotApplied(schema.items!, item, Array.isArray(sent) ? sent[i] : undefined, `${path}[${i}]`, out);
    });
    return;
  }
  if (schema.type !== 'object' || !schema.properties || !isObject(answer)) return;
  for (const [key, member] of Object.entries(schema.properties)) {
    const sentValue = isObject(sent) ? sent[key] : undefined;
    if (member.default !== undefined && sentValue === undefined) {
      out.checked++;
      if (JSON.stringify(answer[key]) !== JSON.stringify(member.default)) {
        out.wrong.push(
          `${path}.${key} = ${JSON.stringify(answer[key])}, contract default ${JSON.stringify(member.default)}`,
        );
      }
    }
    defaultsNotApplied(member, answer[key], sentValue, `${path}.${key}`, out);
  }
}

/** `absent`: members an engine does not have (their default is the other engine's). */
function expectDefaultsApplied(schema: TSchema, answer: unknown, sent: unknown, absent: string[] = []): number {
  const out = { wrong: [] as string[], checked: 0 };
  defaultsNotApplied(schema as Schema, answer, sent, '', out);
  expect(out.wrong.filter((w) => !absent.some((path) => w.startsWith(`${path} = undefined,`)))).toEqual([]);
  return out.checked;
}

async function createPolicy(emu: TestEmulator, type: PolicyType, members: Record<string, unknown> = {}) {
  const body = { type, name: `${type} defaults`, description: 'defaults', ...members };
  const res = await callOperation(emu, 'createPolicy', { body });
  return { policy: res.body, sent: body };
}

async function createRule(emu: TestEmulator, type: PolicyType, members: Record<string, unknown>, policyId?: string) {
  const id = policyId ?? (await createPolicy(emu, type)).policy.id;
  const body = { type: RULE_TYPE_OF[type], name: `${type} defaults`, ...members };
  const res = await callOperation(emu, 'createRule', { params: { policyId: id }, body });
  return { rule: res.body, sent: body };
}

describe('contract defaults against the identity engine', () => {
  const emu = useEmulator();

  it('password policy settings, and the actions of a password rule sent without any', async () => {
    const { policy, sent } = await createPolicy(emu(), 'PASSWORD');
    expect(expectDefaultsApplied(POLICY_SCHEMAS.PASSWORD, policy, sent)).toBeGreaterThanOrEqual(20);
    const created = await createRule(emu(), 'PASSWORD', {}, policy.id);
    expect(expectDefaultsApplied(RULE_SCHEMAS.PASSWORD, created.rule, created.sent)).toBeGreaterThanOrEqual(3);
  });

  it('a sign-on rule with access only: factor, device and session defaults', async () => {
    const { rule, sent } = await createRule(emu(), 'PLATFORM_SIGN_ON', {
      actions: { signon: { access: 'ALLOW', primaryFactor: 'PASSWORD_IDP' } },
      conditions: { authContext: {}, authProvider: {} },
    });
    expect(expectDefaultsApplied(RULE_SCHEMAS.PLATFORM_SIGN_ON, rule, sent)).toBeGreaterThanOrEqual(7);
  });

  it('an authentication rule: factor mode and possession characteristics', async () => {
    const { rule, sent } = await createRule(emu(), 'ACCESS_POLICY', {
      actions: {
        appSignOn: {
          access: 'ALLOW',
          verificationMethod: {
            type: 'ASSURANCE',
            constraints: [{ possession: {} }, { knowledge: { types: ['PASSWORD'] } }],
          },
        },
      },
    });
    expect(expectDefaultsApplied(RULE_SCHEMAS.ACCESS_POLICY, rule, sent)).toBeGreaterThanOrEqual(8);
  });

  it('an authenticator enrollment policy without settings, and authenticators without a choice', async () => {
    const plain = await createPolicy(emu(), 'MFA_ENROLL');
    expect(expectDefaultsApplied(POLICY_SCHEMAS.MFA_ENROLL, plain.policy, plain.sent)).toBeGreaterThanOrEqual(1);
    const withAuthenticators = await createPolicy(emu(), 'MFA_ENROLL', {
      settings: { type: 'AUTHENTICATORS', authenticators: [{ key: 'platform_email', enroll: {} }] },
    });
    expect(
      expectDefaultsApplied(POLICY_SCHEMAS.MFA_ENROLL, withAuthenticators.policy, withAuthenticators.sent),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a dynamic IdP discovery rule: the property name of its match criteria', async () => {
    const policy = await defaultPolicyOf(emu(), 'IDP_DISCOVERY');
    const { rule, sent } = await createRule(
      emu(),
      'IDP_DISCOVERY',
      {
        actions: { idp: { providers: [], idpSelectionType: 'DYNAMIC', matchCriteria: [{ providerExpression: 'x' }] } },
      },
      policy.id,
    );
    expect(expectDefaultsApplied(RULE_SCHEMAS.IDP_DISCOVERY, rule, sent)).toBeGreaterThanOrEqual(1);
  });

  it('entity risk and continuous access rules sent without actions', async () => {
    for (const type of ['ENTITY_RISK', 'CONTINUOUS_ACCESS'] as const) {
      const { rule, sent } = await createRule(emu(), type, {});
      expect(expectDefaultsApplied(RULE_SCHEMAS[type], rule, sent), type).toBeGreaterThanOrEqual(0);
      const actions =
        type === 'ENTITY_RISK' ? rule.actions.entityRisk.actions : rule.actions.continuousAccess.failureActions;
      expect(actions, type).toEqual([]);
    }
  });

  it('a profile enrollment rule edited with only its required members', async () => {
    const { policy } = await createPolicy(emu(), 'PROFILE_ENROLLMENT');
    const [rule] = (await callOperation(emu(), 'listRules', { params: { policyId: policy.id } })).body;
    const stored = rule.actions.profileEnrollment;
    const body = {
      type: 'PROFILE_ENROLLMENT',
      name: rule.name,
      actions: {
        profileEnrollment: {
          access: 'ALLOW',
          activationRequirements: {},
          profileAttributes: [...stored.profileAttributes, { name: 'team', label: 'Team' }],
          unknownUserAction: 'REGISTER',
          uiSchemaId: stored.uiSchemaId,
        },
      },
    };
    const res = await callOperation(emu(), 'replaceRule', { params: { policyId: policy.id, ruleId: rule.id }, body });
    expect(expectDefaultsApplied(RULE_SCHEMAS.PROFILE_ENROLLMENT, res.body, body)).toBeGreaterThanOrEqual(3);
  });
});

describe('contract defaults against the classic engine', () => {
  const emu = useEmulator({ engine: 'CLASSIC' });

  it('MFA enrollment factors without an enrollment choice', async () => {
    const { policy, sent } = await createPolicy(emu(), 'MFA_ENROLL', {
      settings: { factors: { fido_u2f: {}, platform_otp: { enroll: {} } } },
    });
    // `type` (FACTORS or AUTHENTICATORS) exists on the identity engine only.
    expect(expectDefaultsApplied(POLICY_SCHEMAS.MFA_ENROLL, policy, sent, ['.settings.type'])).toBeGreaterThanOrEqual(
      2,
    );
  });
});

describe('the defaults check can fail', () => {
  it('names a member that does not hold its default', () => {
    const schema = POLICY_SCHEMAS.PASSWORD;
    const answer = { settings: { password: { complexity: { minLength: 9 } } } };
    const out = { wrong: [] as string[], checked: 0 };
    defaultsNotApplied(schema as Schema, answer, {}, '', out);
    expect(out.wrong).toContain('.settings.password.complexity.minLength = 9, contract default 8');
  });
});
