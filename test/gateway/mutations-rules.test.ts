// Rule mutations over real HTTP against the emulator: for every rule type, create with typed
// conditions and actions, read back, replace; lifecycle and delete; refusals as userErrors with
// the input path; and the upstream calls each costs.
import { describe, expect, it } from 'vitest';
import { countRequests, createPolicy } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, FIXTURE, mutate, ok } from './schema-helpers.ts';

const stack = useStack();

const ACTIONS = /* GraphQL */ `
  ... on GlobalSessionRule { actions { signon { access requireFactor primaryFactor factorPromptMode rememberDeviceByDefault factorLifetime session { maxSessionIdleMinutes maxSessionLifetimeMinutes usePersistentCookie } } } }
  ... on PasswordRule { actions { passwordChange { access } selfServiceUnlock { access } selfServicePasswordReset { access type requirement {
        primary { methods methodConstraints { method allowedAuthenticators { key } } } stepUp { required methods } } } } }
  ... on MfaEnrollRule { actions { enroll { self } } }
  ... on IdpDiscoveryRule { actions { idp { idpSelectionType providers { id type name } matchCriteria { providerExpression propertyName } } } }
  ... on AccessPolicyRule { actions { appSignOn { access verificationMethod { type factorMode reauthenticateIn inactivityPeriod constraints {
        knowledge { types methods reauthenticateIn required authenticationMethods { key method } excludedAuthenticationMethods { key } }
        possession { types methods hardwareProtection deviceBound phishingResistant userPresence userVerification required authenticationMethods { key } excludedAuthenticationMethods { key method } } } } } } }
  ... on ProfileEnrollmentRule { actions { profileEnrollment { access activationRequirements { emailVerification } preRegistrationInlineHooks { inlineHookId }
        allowedIdentifiers profileAttributes { name label required } targetGroupIds unknownUserAction uiSchemaId enrollAuthenticators } } }
  ... on EntityRiskRule { actions { entityRisk { actions { action workflow { id } } } } }
  ... on ContinuousAccessRule { actions { continuousAccess { failureActions { action slo { appSelectionMode appInstanceIds } workflow { id } } } } }
`;
const RULE_FIELDS = /* GraphQL */ `
  __typename id type name status priority system created lastUpdated
  links { self { href } activate { href } deactivate { href } }
  conditions { people { users { include exclude } groups { include exclude } } network { connection include exclude }
    userIdentifier { type patterns { matchType value } attribute } app { include { type id name } exclude { type id name } }
    riskScore { level } device { registered managed } platform { include { type os { type } } } authContext { authType } }
  ${ACTIONS}
`;
const CREATE = `mutation($policyId: ID!, $input: PolicyRuleInput!) { createPolicyRule(policyId: $policyId, input: $input) { rule { ${RULE_FIELDS} } userErrors { code field message } } }`;
const REPLACE = `mutation($policyId: ID!, $ruleId: ID!, $input: PolicyRuleInput!) { replacePolicyRule(policyId: $policyId, ruleId: $ruleId, input: $input) { rule { ${RULE_FIELDS} } userErrors { code field message } } }`;

async function createRule(policyId: string, input: Record<string, unknown>): Promise<any> {
  return (await mutate(stack(), 'createPolicyRule', CREATE, { policyId, input })).rule;
}

async function newPolicy(type: string): Promise<string> {
  return (await createPolicy(stack().emulator, { type, name: `For rules ${type}`, description: 'rules under test' }))
    .id;
}

describe('rules of every type', () => {
  it('global session rule: sign-on action and conditions', async () => {
    const policyId = await newPolicy('PLATFORM_SIGN_ON');
    const rule = await createRule(policyId, {
      type: 'SIGN_ON',
      name: 'MFA off-network',
      conditions: {
        people: { users: { include: [], exclude: [FIXTURE.dave] }, groups: { include: [], exclude: [] } },
        network: { connection: 'ZONE', exclude: [FIXTURE.office] },
        authContext: { authType: 'ANY' },
      },
      actions: {
        signon: {
          access: 'ALLOW',
          requireFactor: true,
          primaryFactor: 'PASSWORD_IDP',
          factorPromptMode: 'SESSION',
          factorLifetime: 15,
          session: { maxSessionIdleMinutes: 30, maxSessionLifetimeMinutes: 480, usePersistentCookie: false },
        },
      },
    });
    expect(rule).toMatchObject({
      __typename: 'GlobalSessionRule',
      type: 'SIGN_ON',
      name: 'MFA off-network',
      status: 'ACTIVE',
      priority: 1,
      system: false,
    });
    expect(rule.conditions.people.users).toEqual({ include: [], exclude: [FIXTURE.dave] });
    expect(rule.conditions.network).toEqual({ connection: 'ZONE', include: null, exclude: [FIXTURE.office] });
    expect(rule.actions.signon).toEqual({
      access: 'ALLOW',
      requireFactor: true,
      primaryFactor: 'PASSWORD_IDP',
      factorPromptMode: 'SESSION',
      rememberDeviceByDefault: false,
      factorLifetime: 15,
      session: { maxSessionIdleMinutes: 30, maxSessionLifetimeMinutes: 480, usePersistentCookie: false },
    });
    expect(rule.links.self.href).toMatch(new RegExp(`/policies/${policyId}/rules/${rule.id}$`));
  });

  it('password rule: change, unlock and self-service reset with requirement', async () => {
    const policyId = await newPolicy('PASSWORD');
    const rule = await createRule(policyId, {
      type: 'PASSWORD',
      name: 'Self service',
      actions: {
        passwordChange: { access: 'ALLOW' },
        selfServiceUnlock: { access: 'DENY' },
        selfServicePasswordReset: {
          access: 'ALLOW',
          requirement: {
            primary: {
              methods: ['EMAIL', 'OTP'],
              methodConstraints: [{ method: 'OTP', allowedAuthenticators: [{ key: 'vendor_c_otp' }] }],
            },
            stepUp: { required: true, methods: ['security_question'] },
          },
        },
      },
    });
    expect(rule.__typename).toBe('PasswordRule');
    expect(rule.actions).toEqual({
      passwordChange: { access: 'ALLOW' },
      selfServiceUnlock: { access: 'DENY' },
      selfServicePasswordReset: {
        access: 'ALLOW',
        type: 'selfServicePasswordReset',
        requirement: {
          primary: {
            methods: ['EMAIL', 'OTP'],
            methodConstraints: [{ method: 'OTP', allowedAuthenticators: [{ key: 'vendor_c_otp' }] }],
          },
          stepUp: { required: true, methods: ['security_question'] },
        },
      },
    });
  });

  it('MFA enrollment rule: enroll action', async () => {
    const policyId = await newPolicy('MFA_ENROLL');
    const rule = await createRule(policyId, {
      type: 'MFA_ENROLL',
      name: 'Enroll at login',
      actions: { enroll: { self: 'LOGIN' } },
    });
    expect(rule).toMatchObject({ __typename: 'MfaEnrollRule', actions: { enroll: { self: 'LOGIN' } } });
  });

  it('IdP discovery rules: specific providers with a user identifier condition, and dynamic routing', async () => {
    const policyId = await defaultPolicyId(stack(), 'IDP_DISCOVERY');
    const specific = await createRule(policyId, {
      type: 'IDP_DISCOVERY',
      name: 'Partners to SAML',
      conditions: {
        userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'SUFFIX', value: '@partner.example' }] },
      },
      actions: {
        idp: { idpSelectionType: 'SPECIFIC', providers: [{ type: 'SAML2', id: '0oaidpsaml', name: 'Partner IdP' }] },
      },
    });
    expect(specific.__typename).toBe('IdpDiscoveryRule');
    expect(specific.conditions.userIdentifier).toEqual({
      type: 'IDENTIFIER',
      patterns: [{ matchType: 'SUFFIX', value: '@partner.example' }],
      attribute: null,
    });
    expect(specific.actions.idp).toEqual({
      idpSelectionType: 'SPECIFIC',
      providers: [{ type: 'SAML2', id: '0oaidpsaml', name: 'Partner IdP' }],
      matchCriteria: null,
    });
    const dynamic = await createRule(policyId, {
      type: 'IDP_DISCOVERY',
      name: 'Dynamic',
      actions: {
        idp: {
          idpSelectionType: 'DYNAMIC',
          providers: [],
          matchCriteria: [{ providerExpression: 'login.identifier.substringAfter("@")' }],
        },
      },
    });
    expect(dynamic.actions.idp.matchCriteria).toEqual([
      { providerExpression: 'login.identifier.substringAfter("@")', propertyName: 'name' },
    ]);
  });

  it('authentication policy rule: app sign-on with a 2FA verification method, and app conditions', async () => {
    const policyId = await newPolicy('ACCESS_POLICY');
    const rule = await createRule(policyId, {
      type: 'ACCESS_POLICY',
      name: 'Phishing resistant',
      conditions: {
        app: {
          include: [{ app: FIXTURE.portal }, { appType: 'saml' }],
          exclude: [],
        },
        device: { registered: true, managed: false },
        riskScore: { level: 'LOW' },
        platform: { include: [{ type: 'MOBILE', os: { type: 'IOS' } }] },
      },
      actions: {
        appSignOn: {
          access: 'ALLOW',
          verificationMethod: {
            type: 'ASSURANCE',
            factorMode: 'TWO_FACTOR',
            reauthenticateIn: 'PT2H',
            constraints: [
              {
                knowledge: { types: ['PASSWORD'] },
                possession: {
                  deviceBound: 'REQUIRED',
                  phishingResistant: 'REQUIRED',
                  excludedAuthenticationMethods: [{ key: 'phone_number', method: 'SMS' }],
                },
              },
            ],
          },
        },
      },
    });
    expect(rule).toMatchObject({ __typename: 'AccessPolicyRule', priority: 0 });
    expect(rule.conditions.app.include).toEqual([
      { type: 'APP', id: FIXTURE.portal, name: null },
      { type: 'APP_TYPE', id: null, name: 'saml' },
    ]);
    expect(rule.conditions.device).toEqual({ registered: true, managed: false });
    expect(rule.conditions.platform).toEqual({ include: [{ type: 'MOBILE', os: { type: 'IOS' } }] });
    const method = rule.actions.appSignOn.verificationMethod;
    expect(method).toMatchObject({ type: 'ASSURANCE', factorMode: 'TWO_FACTOR', reauthenticateIn: 'PT2H' });
    expect(method.constraints[0].knowledge).toMatchObject({ types: ['PASSWORD'], required: true });
    expect(method.constraints[0].possession).toMatchObject({
      deviceBound: 'REQUIRED',
      phishingResistant: 'REQUIRED',
      excludedAuthenticationMethods: [{ key: 'phone_number', method: 'SMS' }],
      required: false,
    });
  });

  it('authentication policy rule: refuses more authenticator constraints than the factor mode', async () => {
    const policyId = await newPolicy('ACCESS_POLICY');
    const data = await ok(stack(), CREATE, {
      policyId,
      input: {
        type: 'ACCESS_POLICY',
        name: 'Too many',
        actions: {
          appSignOn: {
            access: 'ALLOW',
            verificationMethod: {
              type: 'ASSURANCE',
              factorMode: 'ONE_FACTOR',
              constraints: [{ knowledge: { types: ['PASSWORD'] }, possession: { types: ['SECURITY_KEY'] } }],
            },
          },
        },
      },
    });
    expect(data.createPolicyRule.rule).toBeNull();
    expect(data.createPolicyRule.userErrors[0]).toMatchObject({
      code: 'INVALID',
      field: expect.arrayContaining(['input', 'actions', 'appSignOn', 'verificationMethod']),
    });
  });

  it('profile enrollment rule: the one default rule is replaced (uiSchemaId kept); a second rule is refused', async () => {
    const policyId = await newPolicy('PROFILE_ENROLLMENT');
    const current = await ok(stack(), `query($id: ID!) { policy(id: $id) { rules { id ${ACTIONS} } } }`, {
      id: policyId,
    });
    const defaultRule = current.policy.rules[0];
    const uiSchemaId = defaultRule.actions.profileEnrollment.uiSchemaId;
    expect(uiSchemaId).toBeTypeOf('string');

    const replaced = await mutate(stack(), 'replacePolicyRule', REPLACE, {
      policyId,
      ruleId: defaultRule.id,
      input: {
        type: 'PROFILE_ENROLLMENT',
        name: 'Registration',
        actions: {
          profileEnrollment: {
            access: 'ALLOW',
            activationRequirements: { emailVerification: false },
            preRegistrationInlineHooks: [{ inlineHookId: 'cal1hook' }],
            profileAttributes: [
              { name: 'email', label: 'Email', required: true },
              { name: 'firstName', label: 'First name', required: true },
              { name: 'lastName', label: 'Last name', required: true },
              { name: 'department', label: 'Department' },
            ],
            targetGroupIds: [FIXTURE.sales],
            unknownUserAction: 'REGISTER',
            uiSchemaId,
            enrollAuthenticators: ['password'],
          },
        },
      },
    });
    expect(replaced.rule.actions.profileEnrollment).toMatchObject({
      access: 'ALLOW',
      activationRequirements: { emailVerification: false },
      preRegistrationInlineHooks: [{ inlineHookId: 'cal1hook' }],
      profileAttributes: [
        { name: 'email', label: 'Email', required: true },
        { name: 'firstName', label: 'First name', required: true },
        { name: 'lastName', label: 'Last name', required: true },
        { name: 'department', label: 'Department', required: false },
      ],
      targetGroupIds: [FIXTURE.sales],
      unknownUserAction: 'REGISTER',
      uiSchemaId,
      enrollAuthenticators: ['password'],
    });

    const second = await ok(stack(), CREATE, {
      policyId,
      input: {
        type: 'PROFILE_ENROLLMENT',
        name: 'Second',
        actions: {
          profileEnrollment: {
            access: 'ALLOW',
            activationRequirements: { emailVerification: true },
            profileAttributes: [],
            unknownUserAction: 'DENY',
          },
        },
      },
    });
    expect(second.createPolicyRule.rule).toBeNull();
    // The limit is about the policy, not a member of the input: no field, and a code to branch on.
    expect(second.createPolicyRule.userErrors).toEqual([
      { code: 'LIMIT_EXCEEDED', field: null, message: 'A PROFILE_ENROLLMENT policy holds at most 1 rule(s).' },
    ]);
  });

  it('entity risk rule: terminate sessions and run a workflow; a workflow action without an id is refused', async () => {
    const policyId = await defaultPolicyId(stack(), 'ENTITY_RISK');
    const rule = await createRule(policyId, {
      type: 'ENTITY_RISK',
      name: 'High risk',
      conditions: { entityRisk: { level: 'HIGH' } },
      actions: {
        entityRisk: {
          actions: [{ action: 'TERMINATE_ALL_SESSIONS' }, { action: 'RUN_WORKFLOW', workflow: { id: 'wf123' } }],
        },
      },
    });
    expect(rule.__typename).toBe('EntityRiskRule');
    expect(rule.actions.entityRisk.actions).toEqual([
      { action: 'TERMINATE_ALL_SESSIONS', workflow: null },
      { action: 'RUN_WORKFLOW', workflow: { id: 'wf123' } },
    ]);
    const bad = await ok(stack(), CREATE, {
      policyId,
      input: {
        type: 'ENTITY_RISK',
        name: 'No workflow',
        actions: { entityRisk: { actions: [{ action: 'RUN_WORKFLOW' }] } },
      },
    });
    expect(bad.createPolicyRule.userErrors).toEqual([
      {
        code: 'INVALID',
        field: ['input', 'actions', 'entityRisk', 'actions', '0', 'workflow'],
        message: expect.any(String),
      },
    ]);
  });

  it.each([
    ['ENTITY_RISK', { entityRisk: { actions: [] } }],
    ['CONTINUOUS_ACCESS', { continuousAccess: { failureActions: [] } }],
  ])('%s rule created without actions gets the empty action list', async (type, empty) => {
    const policyId = await defaultPolicyId(stack(), type);
    const rule = await createRule(policyId, { type, name: 'Log only' });
    expect(rule.actions).toEqual(empty);
  });

  it('continuous access rule: terminate session with single logout of specific apps', async () => {
    const policyId = await defaultPolicyId(stack(), 'CONTINUOUS_ACCESS');
    const rule = await createRule(policyId, {
      type: 'CONTINUOUS_ACCESS',
      name: 'Logout',
      actions: {
        continuousAccess: {
          failureActions: [
            { action: 'TERMINATE_SESSION', slo: { appSelectionMode: 'SPECIFIC', appInstanceIds: [FIXTURE.portal] } },
            { action: 'RUN_WORKFLOW', workflow: { id: 'wf9' } },
          ],
        },
      },
    });
    expect(rule.__typename).toBe('ContinuousAccessRule');
    expect(rule.actions.continuousAccess.failureActions).toEqual([
      {
        action: 'TERMINATE_SESSION',
        slo: { appSelectionMode: 'SPECIFIC', appInstanceIds: [FIXTURE.portal] },
        workflow: null,
      },
      { action: 'RUN_WORKFLOW', slo: null, workflow: { id: 'wf9' } },
    ]);
    const bad = await ok(stack(), CREATE, {
      policyId,
      input: {
        type: 'CONTINUOUS_ACCESS',
        name: 'Bad slo',
        actions: {
          continuousAccess: {
            failureActions: [
              { action: 'TERMINATE_SESSION', slo: { appSelectionMode: 'ALL', appInstanceIds: [FIXTURE.portal] } },
            ],
          },
        },
      },
    });
    expect(bad.createPolicyRule.userErrors[0]).toMatchObject({
      code: 'INVALID',
      field: ['input', 'actions', 'continuousAccess', 'failureActions', '0', 'slo', 'appInstanceIds'],
    });
  });
});

describe('rule validation and refusals', () => {
  it('names the input path of a sign-on action that misses required members', async () => {
    const policyId = await newPolicy('PLATFORM_SIGN_ON');
    const data = await ok(stack(), CREATE, {
      policyId,
      input: { type: 'SIGN_ON', name: 'Incomplete', actions: { signon: { access: 'ALLOW', requireFactor: true } } },
    });
    expect(data.createPolicyRule.rule).toBeNull();
    const fields = data.createPolicyRule.userErrors.map((e: any) => e.field.join('.'));
    expect(fields).toEqual(
      expect.arrayContaining(['input.actions.signon.factorPromptMode', 'input.actions.signon.factorLifetime']),
    );
    for (const e of data.createPolicyRule.userErrors) expect(e.code).toBe('INVALID');
  });

  it('names an unknown app of an app condition entry by its input field (app, not the REST id)', async () => {
    const policyId = await newPolicy('ACCESS_POLICY');
    const data = await ok(stack(), CREATE, {
      policyId,
      input: {
        type: 'ACCESS_POLICY',
        name: 'Unknown app',
        conditions: { app: { include: [{ appType: 'saml' }, { app: '0oanothere' }], exclude: [] } },
        actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
      },
    });
    expect(data.createPolicyRule.userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID', field: ['input', 'conditions', 'app', 'include', '1', 'app'] }),
    ]);
  });

  it('refuses a rule of the wrong type for the policy', async () => {
    const policyId = await newPolicy('PASSWORD');
    const data = await ok(stack(), CREATE, {
      policyId,
      input: { type: 'SIGN_ON', name: 'Wrong', actions: { signon: { access: 'DENY' } } },
    });
    expect(data.createPolicyRule.rule).toBeNull();
    expect(data.createPolicyRule.userErrors[0]).toMatchObject({
      code: 'INVALID',
      field: expect.arrayContaining(['input']),
    });
  });

  it('answers an unknown policy with a not-found userError', async () => {
    const data = await ok(stack(), CREATE, { policyId: '00pnope', input: { type: 'PASSWORD', name: 'x' } });
    expect(data.createPolicyRule).toEqual({
      rule: null,
      userErrors: [{ code: 'NOT_FOUND', field: ['policyId'], message: 'No policy with id 00pnope exists.' }],
    });
  });

  it('throws UNAUTHENTICATED without a header, with no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE, { policyId: '00p1', input: { type: 'PASSWORD', name: 'x' } }, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('replace, lifecycle and delete', () => {
  const SIMPLE = { type: 'PASSWORD', name: 'Simple', actions: { passwordChange: { access: 'ALLOW' } } };

  it('replaces a rule and moves it in priority', async () => {
    const policyId = await newPolicy('PASSWORD');
    const first = await createRule(policyId, SIMPLE);
    await createRule(policyId, { ...SIMPLE, name: 'Second' });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(stack(), 'replacePolicyRule', REPLACE, {
        policyId,
        ruleId: first.id,
        input: { type: 'PASSWORD', name: 'Renamed', priority: 2, actions: { selfServiceUnlock: { access: 'ALLOW' } } },
      }),
    );
    expect(result.rule).toMatchObject({
      id: first.id,
      name: 'Renamed',
      priority: 2,
      actions: { selfServiceUnlock: { access: 'ALLOW' } },
    });
    expect(byRoute).toEqual({ 'PUT /api/v1/policies/{policyId}/rules/{ruleId}': 1 });
    const read = await ok(stack(), `query($id: ID!) { policy(id: $id) { rules { name priority } } }`, { id: policyId });
    expect(read.policy.rules).toEqual([
      { name: 'Second', priority: 1 },
      { name: 'Renamed', priority: 2 },
    ]);
  });

  it('creates a rule and joins its policy in the same request', async () => {
    const policyId = await newPolicy('PASSWORD');
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'createPolicyRule',
        `mutation($p: ID!, $input: PolicyRuleInput!) { createPolicyRule(policyId: $p, input: $input) { rule { name policy { id name rules { name } } } userErrors { code } } }`,
        {
          p: policyId,
          input: SIMPLE,
        },
      ),
    );
    expect(result.rule.policy).toEqual({ id: policyId, name: 'For rules PASSWORD', rules: [{ name: 'Simple' }] });
    expect(byRoute).toEqual({
      'POST /api/v1/policies/{policyId}/rules': 1,
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules': 1,
    });
  });

  it('deactivates and activates a rule, returning it as it now is', async () => {
    const policyId = await newPolicy('PASSWORD');
    const rule = await createRule(policyId, SIMPLE);
    const vars = { p: policyId, r: rule.id };
    const off = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'deactivatePolicyRule',
        `mutation($p: ID!, $r: ID!) { deactivatePolicyRule(policyId: $p, ruleId: $r) { rule { status links { activate { href } deactivate { href } } } userErrors { code } } }`,
        vars,
      ),
    );
    expect(off.result.rule.status).toBe('INACTIVE');
    expect(off.result.rule.links.deactivate).toBeNull();
    expect(off.result.rule.links.activate.href).toMatch(/lifecycle\/activate$/);
    expect(off.byRoute).toEqual({
      'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/deactivate': 1,
      'GET /api/v1/policies/{policyId}/rules/{ruleId}': 1,
    });
    const on = await mutate(
      stack(),
      'activatePolicyRule',
      `mutation($p: ID!, $r: ID!) { activatePolicyRule(policyId: $p, ruleId: $r) { rule { status } userErrors { code } } }`,
      vars,
    );
    expect(on.rule.status).toBe('ACTIVE');
  });

  it('deletes a rule; the policy then lists the remaining ones', async () => {
    const policyId = await newPolicy('PASSWORD');
    const rule = await createRule(policyId, SIMPLE);
    const data = await ok(
      stack(),
      `mutation($p: ID!, $r: ID!) { deletePolicyRule(policyId: $p, ruleId: $r) { deletedId userErrors { code } } }`,
      { p: policyId, r: rule.id },
    );
    expect(data.deletePolicyRule).toEqual({ deletedId: rule.id, userErrors: [] });
    const read = await ok(
      stack(),
      `query($p: ID!, $r: ID!) { policy(id: $p) { rules { name } rule(id: $r) { id } } }`,
      { p: policyId, r: rule.id },
    );
    expect(read.policy).toEqual({ rules: [], rule: null });
  });

  it('refuses to delete a system rule, and answers unknown rules with not-found', async () => {
    const policyId = await defaultPolicyId(stack(), 'PASSWORD');
    const rules = await ok(stack(), `query($id: ID!) { policy(id: $id) { rules { id system } } }`, { id: policyId });
    const systemRule = rules.policy.rules.find((r: any) => r.system);
    const DELETE = `mutation($p: ID!, $r: ID!) { deletePolicyRule(policyId: $p, ruleId: $r) { deletedId userErrors { code field message } } }`;
    const refused = await ok(stack(), DELETE, { p: policyId, r: systemRule.id });
    expect(refused.deletePolicyRule).toEqual({
      deletedId: null,
      userErrors: [{ code: 'FORBIDDEN', field: null, message: expect.any(String) }],
    });
    const missing = await ok(stack(), DELETE, { p: policyId, r: '0prnope' });
    expect(missing.deletePolicyRule.userErrors).toEqual([
      { code: 'NOT_FOUND', field: ['ruleId'], message: `No rule with id 0prnope exists in policy ${policyId}.` },
    ]);
    // A rule of another policy is not found under this one: still the rule id is at fault.
    const otherPolicyId = await newPolicy('PASSWORD');
    const underOther = await ok(stack(), DELETE, { p: otherPolicyId, r: systemRule.id });
    expect(underOther.deletePolicyRule.userErrors).toEqual([
      {
        code: 'NOT_FOUND',
        field: ['ruleId'],
        message: `No rule with id ${systemRule.id} exists in policy ${otherPolicyId}.`,
      },
    ]);
    const lifecycle = await ok(
      stack(),
      `mutation($p: ID!) { activatePolicyRule(policyId: $p, ruleId: "0prnope") { rule { id } userErrors { code } } }`,
      { p: policyId },
    );
    expect(lifecycle.activatePolicyRule).toEqual({ rule: null, userErrors: [{ code: 'NOT_FOUND' }] });
  });
});
