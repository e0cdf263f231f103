// updatePolicy and updatePolicyRule over real HTTP against the emulator: for every policy type's
// settings and every rule type's actions, changing one member (sent alone, nested as deep as it
// lives) changes exactly that member and keeps every other one; explicit nulls clear; lists are
// replaced whole; priority alone moves; the read goes through the request's loaders.
import { POLICY_TYPE_CONTRACT, POLICY_TYPES, type PolicyType } from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';
import { countRequests, createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, FIXTURE, mutate, ok } from './schema-helpers.ts';

const stack = useStack();

const UPDATE_POLICY = /* GraphQL */ `
  mutation($id: ID!, $input: UpdatePolicyInput!) {
    updatePolicy(id: $id, input: $input) { policy { id name priority } userErrors { message field code } }
  }`;
const UPDATE_RULE = /* GraphQL */ `
  mutation($policyId: ID!, $ruleId: ID!, $input: UpdatePolicyRuleInput!) {
    updatePolicyRule(policyId: $policyId, ruleId: $ruleId, input: $input) { rule { id name priority } userErrors { message field code } }
  }`;

type Path = (string | number)[];

/** `{a: {b: value}}` for the path `['a', 'b']`. */
function nest(path: Path, value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

/** A copy of `object` with the member at `path` set to `value`. */
function withMember<T>(object: T, path: Path, value: unknown): T {
  const copy = structuredClone(object) as Record<string | number, any>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    at[key] ??= {};
    at = at[key];
  }
  at[path.at(-1)!] = value;
  return copy as T;
}

async function restGet(path: string): Promise<any> {
  const res = await stack().emulator.call('GET', path);
  expect(res.status).toBe(200);
  return res.body;
}

/** Without the members the service derives on every write (the timestamp, links that follow the status). */
function stable<T extends { lastUpdated?: string; _links?: unknown }>(object: T) {
  const { lastUpdated: _, _links: __, ...rest } = object;
  return rest;
}

async function updatePolicy(id: string, input: Record<string, unknown>): Promise<any> {
  return mutate(stack(), 'updatePolicy', UPDATE_POLICY, { id, input });
}

async function updateRule(policyId: string, ruleId: string, input: Record<string, unknown>): Promise<any> {
  return mutate(stack(), 'updatePolicyRule', UPDATE_RULE, { policyId, ruleId, input });
}

/**
 * For each [path, value]: one update sending only that member; the object read back differs from
 * the one before only there (holding `wireValue` when the GraphQL value is spelled differently).
 */
async function expectMemberByMember(
  read: () => Promise<any>,
  update: (input: Record<string, unknown>) => Promise<unknown>,
  changes: [Path, unknown, unknown?][],
): Promise<void> {
  for (const [path, value, wireValue = value] of changes) {
    const before = stable(await read());
    await update(nest(path, value));
    expect(stable(await read()), path.join('.')).toEqual(withMember(before, path, wireValue));
  }
}

// ------------------------------------------------------------------------------------------ policies

const STRICT_PASSWORD = {
  password: {
    complexity: {
      minLength: 10,
      minLowerCase: 1,
      minUpperCase: 1,
      minNumber: 1,
      minSymbol: 0,
      excludeUsername: true,
      excludeAttributes: ['firstName'],
      dictionary: { common: { exclude: true } },
    },
    age: { maxAgeDays: 90, expireWarnDays: 7, minAgeMinutes: 60, historyCount: 4 },
    lockout: { maxAttempts: 5, autoUnlockMinutes: 30, showLockoutFailures: true },
  },
  recovery: {
    factors: {
      recovery_question: { status: 'ACTIVE', properties: { complexity: { minLength: 6 } } },
      platform_email: { status: 'ACTIVE', properties: { recoveryToken: { tokenLifetimeMinutes: 60 } } },
      platform_sms: { status: 'ACTIVE' },
      platform_call: { status: 'INACTIVE' },
    },
  },
  delegation: { options: { skipUnlock: true } },
};

const PASSWORD_SETTINGS_CHANGES: [Path, unknown][] = [
  [['settings', 'password', 'complexity', 'minLength'], 12],
  [['settings', 'password', 'complexity', 'minLowerCase'], 0],
  [['settings', 'password', 'complexity', 'minUpperCase'], 0],
  [['settings', 'password', 'complexity', 'minNumber'], 0],
  [['settings', 'password', 'complexity', 'minSymbol'], 1],
  [['settings', 'password', 'complexity', 'excludeUsername'], false],
  [
    ['settings', 'password', 'complexity', 'excludeAttributes'],
    ['firstName', 'lastName'],
  ],
  [['settings', 'password', 'complexity', 'dictionary', 'common', 'exclude'], false],
  [['settings', 'password', 'age', 'maxAgeDays'], 30],
  [['settings', 'password', 'age', 'expireWarnDays'], 3],
  [['settings', 'password', 'age', 'minAgeMinutes'], 0],
  [['settings', 'password', 'age', 'historyCount'], 10],
  [['settings', 'password', 'lockout', 'maxAttempts'], 3],
  [['settings', 'password', 'lockout', 'autoUnlockMinutes'], 0],
  [['settings', 'password', 'lockout', 'showLockoutFailures'], false],
  [['settings', 'recovery', 'factors', 'recovery_question', 'properties', 'complexity', 'minLength'], 8],
  [['settings', 'recovery', 'factors', 'recovery_question', 'status'], 'INACTIVE'],
  [['settings', 'recovery', 'factors', 'platform_email', 'properties', 'recoveryToken', 'tokenLifetimeMinutes'], 15],
  [['settings', 'recovery', 'factors', 'platform_sms', 'status'], 'INACTIVE'],
  [['settings', 'recovery', 'factors', 'platform_call', 'status'], 'ACTIVE'],
  [['settings', 'delegation', 'options', 'skipUnlock'], false],
];

/** Top-level members every policy type has; conditions only where the type supports them. */
const TOP_LEVEL_CHANGES: [Path, unknown][] = [
  [['name'], 'Renamed'],
  [['description'], 'New description'],
  [['status'], 'INACTIVE'],
];

interface PolicyCase {
  body: Record<string, unknown>;
  changes: [Path, unknown][];
}
/** The types whose settings and conditions are changed member by member (the others have no policy conditions). */
const SETTINGS_CASES: Partial<Record<PolicyType, PolicyCase>> = {
  PASSWORD: {
    body: { settings: STRICT_PASSWORD },
    changes: [...PASSWORD_SETTINGS_CHANGES, [['conditions', 'people', 'groups', 'include'], [FIXTURE.sales]]],
  },
  MFA_ENROLL: {
    body: {
      settings: {
        type: 'FACTORS',
        factors: { platform_otp: { enroll: { self: 'REQUIRED' } }, fido_webauthn: { enroll: { self: 'OPTIONAL' } } },
      },
    },
    changes: [
      [['settings', 'factors', 'platform_otp', 'enroll', 'self'], 'OPTIONAL'],
      [['settings', 'factors', 'platform_sms'], { enroll: { self: 'REQUIRED' } }],
      [['conditions', 'people', 'groups', 'include'], [FIXTURE.sales]],
    ],
  },
  PLATFORM_SIGN_ON: {
    body: {},
    changes: [
      [['conditions', 'people', 'groups', 'include'], [FIXTURE.sales]],
      [['conditions', 'network', 'include'], [FIXTURE.vpn]],
    ],
  },
};
/** Every type an org may have a second policy of (IdP discovery's one policy is below). */
const POLICY_CASES = POLICY_TYPES.filter((type) => POLICY_TYPE_CONTRACT[type].maxPolicies !== 1).map((type) => ({
  type,
  ...(SETTINGS_CASES[type] ?? { body: {}, changes: [] }),
}));

describe('updatePolicy: one member at a time, every other member kept', () => {
  for (const { type, body, changes } of POLICY_CASES) {
    it(`${type}: top-level members${changes.length ? ', settings and conditions' : ''}`, async () => {
      const policy = await createPolicy(stack().emulator, {
        type,
        name: `Partial ${type}`,
        description: 'kept unless changed',
        ...(type in SETTINGS_CASES && {
          conditions: {
            people: { groups: { include: [FIXTURE.engineering], exclude: [] } },
            ...(type === 'PLATFORM_SIGN_ON' && { network: { connection: 'ZONE', include: [FIXTURE.office] } }),
          },
        }),
        ...body,
      });
      await expectMemberByMember(
        () => restGet(`/api/v1/policies/${policy.id}`),
        (input) => updatePolicy(policy.id, input),
        [...TOP_LEVEL_CHANGES, ...changes],
      );
    });
  }

  it('IDP_DISCOVERY (exactly one per org, the system policy): name and description', async () => {
    const id = await defaultPolicyId(stack(), 'IDP_DISCOVERY');
    await expectMemberByMember(
      () => restGet(`/api/v1/policies/${id}`),
      (input) => updatePolicy(id, input),
      [
        [['name'], 'Routing'],
        [['description'], 'Where users sign in'],
      ],
    );
  });

  it('MFA_ENROLL authenticators: the list is replaced whole; moving to authenticators drops factors', async () => {
    const policy = await createPolicy(stack().emulator, {
      type: 'MFA_ENROLL',
      name: 'Authenticators',
      settings: { type: 'AUTHENTICATORS', authenticators: [{ key: 'platform_email', enroll: { self: 'REQUIRED' } }] },
    });
    await updatePolicy(policy.id, {
      settings: { authenticators: [{ key: 'phone_number', enroll: { self: 'OPTIONAL' } }] },
    });
    const after = await restGet(`/api/v1/policies/${policy.id}`);
    expect(after.settings).toEqual({
      type: 'AUTHENTICATORS',
      authenticators: [{ key: 'phone_number', enroll: { self: 'OPTIONAL' } }],
    });
    expect(after.name).toBe('Authenticators');
  });

  it('explicit null clears a member so that its REST default applies', async () => {
    const policy = await createPolicy(stack().emulator, {
      type: 'PASSWORD',
      name: 'Nulls',
      description: 'to be cleared',
      settings: STRICT_PASSWORD,
    });
    await updatePolicy(policy.id, { description: null, settings: { password: { lockout: { maxAttempts: null } } } });
    const after = await restGet(`/api/v1/policies/${policy.id}`);
    expect(after.description).toBeNull();
    expect(after.settings.password.lockout).toEqual({
      maxAttempts: 0,
      autoUnlockMinutes: 30,
      showLockoutFailures: true,
    });
    expect(after.settings.password.complexity.minLength).toBe(10);

    await updatePolicy(policy.id, { settings: null });
    const reset = await restGet(`/api/v1/policies/${policy.id}`);
    expect(reset.settings.password.complexity.minLength).toBe(8);
    expect(reset.settings.password.lockout.maxAttempts).toBe(0);
    expect(reset.name).toBe('Nulls');
  });

  it('priority alone moves the policy; the issue examples keep description and lockout', async () => {
    const first = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'First', settings: STRICT_PASSWORD });
    const second = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Second', description: 'kept' });
    expect([first.priority, second.priority]).toEqual([1, 2]);
    await updatePolicy(second.id, { priority: 1 });
    expect((await restGet(`/api/v1/policies/${second.id}`)).priority).toBe(1);
    expect((await restGet(`/api/v1/policies/${first.id}`)).priority).toBe(2);

    await updatePolicy(second.id, { name: 'Second, renamed' });
    expect(await restGet(`/api/v1/policies/${second.id}`)).toMatchObject({
      name: 'Second, renamed',
      description: 'kept',
    });
    await updatePolicy(first.id, { settings: { password: { complexity: { minLength: 12 } } } });
    expect((await restGet(`/api/v1/policies/${first.id}`)).settings.password.lockout.maxAttempts).toBe(5);
  });

  it('reads through the loaders: one GET and one PUT, and no GET when the policy is already loaded', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Counted' });
    const alone = await countRequests(stack().emulator, () => updatePolicy(policy.id, { name: 'Counted once' }));
    expect(alone.byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 1, 'PUT /api/v1/policies/{policyId}': 1 });

    const loaded = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `mutation($id: ID!) {
          a: updatePolicy(id: $id, input: { name: "A" }) { policy { name } userErrors { message } }
          b: updatePolicy(id: $id, input: { description: "B" }) { policy { name description } userErrors { message } }
        }`,
        { id: policy.id },
      ),
    );
    // The second update reads the policy the first one primed.
    expect(loaded.byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 1, 'PUT /api/v1/policies/{policyId}': 2 });
    expect(loaded.result.b.policy).toEqual({ name: 'A', description: 'B' });
  });

  it('an unknown id or a bad value is a user error, and nothing is written', async () => {
    const missing = await ok(stack(), UPDATE_POLICY, { id: '00pnothere', input: { name: 'x' } });
    expect(missing.updatePolicy.userErrors).toEqual([
      { message: 'No policy with id 00pnothere exists.', field: ['id'], code: 'NOT_FOUND' },
    ]);
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Valid' });
    const before = await restGet(`/api/v1/policies/${policy.id}`);
    const bad = await ok(stack(), UPDATE_POLICY, {
      id: policy.id,
      input: { name: 'Changed', settings: { password: { complexity: { minLength: -1 } } } },
    });
    expect(bad.updatePolicy.policy).toBeNull();
    expect(bad.updatePolicy.userErrors[0].field).toEqual(['input', 'settings', 'password', 'complexity', 'minLength']);
    expect(await restGet(`/api/v1/policies/${policy.id}`)).toEqual(before);
  });
});

// ------------------------------------------------------------------------------------------ rules

const RULE_CASES: {
  policyType: string;
  rule: Record<string, unknown>;
  changes: [Path, unknown, unknown?][];
}[] = [
  {
    policyType: 'PLATFORM_SIGN_ON',
    rule: {
      type: 'SIGN_ON',
      conditions: { network: { connection: 'ZONE', include: [FIXTURE.office] } },
      actions: {
        signon: {
          access: 'ALLOW',
          requireFactor: true,
          primaryFactor: 'PASSWORD_IDP',
          factorPromptMode: 'SESSION',
          rememberDeviceByDefault: false,
          factorLifetime: 15,
          session: { maxSessionIdleMinutes: 30, maxSessionLifetimeMinutes: 480, usePersistentCookie: false },
        },
      },
    },
    changes: [
      [['actions', 'signon', 'primaryFactor'], 'PASSWORD_IDP_ANY_FACTOR'],
      [['actions', 'signon', 'factorPromptMode'], 'ALWAYS'],
      [['actions', 'signon', 'rememberDeviceByDefault'], true],
      [['actions', 'signon', 'factorLifetime'], 60],
      [['actions', 'signon', 'session', 'maxSessionIdleMinutes'], 45],
      [['actions', 'signon', 'session', 'maxSessionLifetimeMinutes'], 600],
      [['actions', 'signon', 'session', 'usePersistentCookie'], true],
      [['actions', 'signon', 'access'], 'DENY'],
      [['conditions', 'network', 'include'], [FIXTURE.vpn]],
    ],
  },
  {
    policyType: 'PASSWORD',
    rule: {
      type: 'PASSWORD',
      conditions: { people: { groups: { include: [], exclude: [] }, users: { include: [], exclude: [] } } },
      actions: {
        passwordChange: { access: 'ALLOW' },
        selfServiceUnlock: { access: 'DENY' },
        selfServicePasswordReset: {
          access: 'ALLOW',
          requirement: { primary: { methods: ['EMAIL'] }, stepUp: { required: false } },
        },
      },
    },
    changes: [
      [['actions', 'passwordChange', 'access'], 'DENY'],
      [['actions', 'selfServiceUnlock', 'access'], 'ALLOW'],
      [
        ['actions', 'selfServicePasswordReset', 'requirement', 'primary', 'methods'],
        ['EMAIL', 'SMS'],
      ],
      [['actions', 'selfServicePasswordReset', 'requirement', 'stepUp', 'required'], true],
      [['conditions', 'people', 'groups', 'include'], [FIXTURE.engineering]],
    ],
  },
  {
    policyType: 'MFA_ENROLL',
    rule: { type: 'MFA_ENROLL', actions: { enroll: { self: 'LOGIN' } } },
    changes: [[['actions', 'enroll', 'self'], 'NEVER']],
  },
  {
    policyType: 'ACCESS_POLICY',
    rule: {
      type: 'ACCESS_POLICY',
      conditions: { app: { include: [{ type: 'APP_TYPE', name: 'saml' }], exclude: [] } },
      actions: {
        appSignOn: {
          access: 'ALLOW',
          verificationMethod: {
            type: 'ASSURANCE',
            factorMode: '2FA',
            reauthenticateIn: 'PT2H',
            inactivityPeriod: 'PT1H',
            constraints: [{ knowledge: { types: ['PASSWORD'], required: true } }],
          },
        },
      },
    },
    changes: [
      [['actions', 'appSignOn', 'verificationMethod', 'factorMode'], 'ONE_FACTOR', '1FA'],
      [['actions', 'appSignOn', 'verificationMethod', 'reauthenticateIn'], 'PT4H'],
      [['actions', 'appSignOn', 'verificationMethod', 'inactivityPeriod'], 'PT30M'],
      [
        ['actions', 'appSignOn', 'verificationMethod', 'constraints'],
        [
          {
            possession: {
              types: ['PHONE'],
              required: true,
              deviceBound: 'REQUIRED',
              hardwareProtection: 'OPTIONAL',
              phishingResistant: 'OPTIONAL',
              userPresence: 'REQUIRED',
              userVerification: 'OPTIONAL',
            },
          },
        ],
      ],
      [['actions', 'appSignOn', 'access'], 'DENY'],
      [['conditions', 'riskScore', 'level'], 'HIGH'],
      // @oneOf entries in, REST entries out; the list is replaced whole.
      [['conditions', 'app', 'include'], [{ app: FIXTURE.portal }], [{ type: 'APP', id: FIXTURE.portal }]],
    ],
  },
  {
    policyType: 'ENTITY_RISK',
    rule: { type: 'ENTITY_RISK', actions: { entityRisk: { actions: [] } } },
    changes: [[['actions', 'entityRisk', 'actions'], [{ action: 'TERMINATE_ALL_SESSIONS' }]]],
  },
  {
    policyType: 'CONTINUOUS_ACCESS',
    rule: { type: 'CONTINUOUS_ACCESS', actions: { continuousAccess: { failureActions: [] } } },
    changes: [
      [
        ['actions', 'continuousAccess', 'failureActions'],
        [{ action: 'TERMINATE_SESSION', slo: { appSelectionMode: 'SPECIFIC', appInstanceIds: [FIXTURE.portal] } }],
      ],
    ],
  },
];

const RULE_TOP_LEVEL: [Path, unknown][] = [
  [['name'], 'Renamed rule'],
  [['status'], 'INACTIVE'],
];

describe('updatePolicyRule: one member at a time, every other member kept', () => {
  for (const { policyType, rule, changes } of RULE_CASES) {
    it(`${rule.type} rule: name, status and every action member`, async () => {
      const policy = await createPolicy(stack().emulator, {
        type: policyType,
        name: `Rules ${policyType}`,
        description: 'authentication policies need one',
      });
      const created = await createRule(stack().emulator, policy.id, { name: 'Partial rule', ...rule });
      await expectMemberByMember(
        () => restGet(`/api/v1/policies/${policy.id}/rules/${created.id}`),
        (input) => updateRule(policy.id, created.id, input),
        [...RULE_TOP_LEVEL, ...changes],
      );
    });
  }

  it('IDP_DISCOVERY rule: providers replaced whole, then selection type with its match criteria', async () => {
    const policyId = await defaultPolicyId(stack(), 'IDP_DISCOVERY');
    const created = await createRule(stack().emulator, policyId, {
      type: 'IDP_DISCOVERY',
      name: 'Partners',
      conditions: {
        userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'SUFFIX', value: '@partner.example' }] },
      },
      actions: { idp: { idpSelectionType: 'SPECIFIC', providers: [{ type: 'SAML2', id: '0oaidp1', name: 'One' }] } },
    });
    const read = () => restGet(`/api/v1/policies/${policyId}/rules/${created.id}`);
    await expectMemberByMember(read, (input) => updateRule(policyId, created.id, input), [
      [['actions', 'idp', 'providers'], [{ type: 'OIDC', id: '0oaidp2', name: 'Two' }]],
      [['conditions', 'userIdentifier', 'patterns'], [{ matchType: 'EQUALS', value: 'x@partner.example' }]],
    ]);
    await updateRule(policyId, created.id, {
      actions: {
        idp: { idpSelectionType: 'DYNAMIC', providers: [], matchCriteria: [{ providerExpression: 'login' }] },
      },
    });
    expect((await read()).actions.idp).toEqual({
      idpSelectionType: 'DYNAMIC',
      providers: [],
      matchCriteria: [{ providerExpression: 'login', propertyName: 'name' }],
    });
  });

  it('PROFILE_ENROLLMENT rule (the policy’s one rule): every action member, uiSchemaId kept', async () => {
    const policy = await createPolicy(stack().emulator, {
      type: 'PROFILE_ENROLLMENT',
      name: 'Sign-up',
      description: 'x',
    });
    const [rule] = await restGet(`/api/v1/policies/${policy.id}/rules`);
    await expectMemberByMember(
      () => restGet(`/api/v1/policies/${policy.id}/rules/${rule.id}`),
      (input) => updateRule(policy.id, rule.id, input),
      [
        [['name'], 'Sign-up rule'],
        [['actions', 'profileEnrollment', 'activationRequirements', 'emailVerification'], false],
        [
          ['actions', 'profileEnrollment', 'allowedIdentifiers'],
          ['login', 'email'],
        ],
        [
          ['actions', 'profileEnrollment', 'profileAttributes'],
          [
            { name: 'email', label: 'Email', required: true },
            { name: 'firstName', label: 'First name', required: true },
            { name: 'lastName', label: 'Last name', required: true },
            { name: 'department', label: 'Department', required: false },
          ],
        ],
        [['actions', 'profileEnrollment', 'targetGroupIds'], [FIXTURE.sales]],
        [['actions', 'profileEnrollment', 'unknownUserAction'], 'REGISTER'],
        [['actions', 'profileEnrollment', 'enrollAuthenticators'], ['password']],
      ],
    );
  });

  it('priority alone moves the rule (the issue example: no actions needed)', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Moves' });
    const body = { type: 'PASSWORD', actions: { passwordChange: { access: 'ALLOW' } } };
    const a = await createRule(stack().emulator, policy.id, { ...body, name: 'A' });
    const b = await createRule(stack().emulator, policy.id, { ...body, name: 'B' });
    const moved = await updateRule(policy.id, b.id, { priority: 1 });
    expect(moved.rule).toEqual({ id: b.id, name: 'B', priority: 1 });
    expect((await restGet(`/api/v1/policies/${policy.id}/rules/${a.id}`)).priority).toBe(2);
    expect((await restGet(`/api/v1/policies/${policy.id}/rules/${b.id}`)).actions).toEqual(
      (await restGet(`/api/v1/policies/${policy.id}/rules/${a.id}`)).actions,
    );
  });

  it('an editable default rule keeps its read-only members; a read-only one is refused as a user error', async () => {
    const policyId = await defaultPolicyId(stack(), 'PLATFORM_SIGN_ON');
    const [rule] = await restGet(`/api/v1/policies/${policyId}/rules`);
    await updateRule(policyId, rule.id, { actions: { signon: { session: { maxSessionIdleMinutes: 60 } } } });
    const after = await restGet(`/api/v1/policies/${policyId}/rules/${rule.id}`);
    expect(after.actions.signon.session).toEqual({ ...rule.actions.signon.session, maxSessionIdleMinutes: 60 });

    const mfaPolicy = await defaultPolicyId(stack(), 'MFA_ENROLL');
    const [mfaRule] = await restGet(`/api/v1/policies/${mfaPolicy}/rules`);
    const refused = await ok(stack(), UPDATE_RULE, {
      policyId: mfaPolicy,
      ruleId: mfaRule.id,
      input: { name: 'x' },
    });
    expect(refused.updatePolicyRule.rule).toBeNull();
    expect(refused.updatePolicyRule.userErrors[0].code).toBe('FORBIDDEN');
  });

  it('reads the rule from an already loaded rules list: no GET of the rule', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Loaded' });
    const rule = await createRule(stack().emulator, policy.id, {
      type: 'PASSWORD',
      name: 'R',
      actions: { passwordChange: { access: 'ALLOW' } },
    });
    const { byRoute, result } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `mutation($p: ID!, $r: ID!) {
          updatePolicyRule(policyId: $p, ruleId: $r, input: { name: "R2" }) { rule { name } policy { rules { name } } userErrors { message } }
        }`,
        { p: policy.id, r: rule.id },
      ),
    );
    expect(result.updatePolicyRule.rule.name).toBe('R2');
    expect(byRoute).toEqual({
      'GET /api/v1/policies/{policyId}/rules/{ruleId}': 1,
      'PUT /api/v1/policies/{policyId}/rules/{ruleId}': 1,
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules': 1,
    });
  });
});

describe('replace without type', () => {
  it('replacePolicy and replacePolicyRule read the type when it is left out', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Typed' });
    const replaced = await mutate(
      stack(),
      'replacePolicy',
      `mutation($id: ID!) { replacePolicy(id: $id, input: { name: "No type sent" }) { policy { type name } userErrors { message } } }`,
      { id: policy.id },
    );
    expect(replaced.policy).toEqual({ type: 'PASSWORD', name: 'No type sent' });
    const rule = await createRule(stack().emulator, policy.id, { type: 'PASSWORD', name: 'R' });
    const replacedRule = await mutate(
      stack(),
      'replacePolicyRule',
      `mutation($p: ID!, $r: ID!) { replacePolicyRule(policyId: $p, ruleId: $r, input: { name: "No type" }) { rule { type name } userErrors { message } } }`,
      { p: policy.id, r: rule.id },
    );
    expect(replacedRule.rule).toEqual({ type: 'PASSWORD', name: 'No type' });
  });

  it('createPolicy without type is a user error naming the field', async () => {
    const res = await ok(
      stack(),
      `mutation { createPolicy(input: { name: "x" }) { policy { id } userErrors { field code } } }`,
    );
    expect(res.createPolicy.userErrors).toEqual([{ field: ['input', 'type'], code: 'INVALID' }]);
  });
});
