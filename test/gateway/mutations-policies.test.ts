// Policy mutations over real HTTP against the emulator: create every policy type the engine
// allows and read back its typed settings, replace, lifecycle, clone, delete; refusals as
// userErrors; and what each mutation costs upstream (the returned objects are primed, not re-read).
import { describe, expect, it } from 'vitest';
import { countRequests, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, FIXTURE, mutate, ok } from './schema-helpers.ts';

const stack = useStack();

const POLICY_FIELDS = /* GraphQL */ `
  __typename id type name description priority status system created lastUpdated
  conditions { people { groups { include exclude } } network { connection include } }
  links { self { href } activate { href } deactivate { href } rules { href hints { allow } } }
  ... on PasswordPolicy { settings {
    password { complexity { minLength minSymbol excludeAttributes dictionary { common { exclude } } } age { maxAgeDays historyCount } lockout { maxAttempts autoUnlockMinutes showLockoutFailures } }
    recovery { factors { recovery_question { status properties { complexity { minLength } } } platform_email { status properties { recoveryToken { tokenLifetimeMinutes } } } platform_sms { status } platform_call { status } } }
    delegation { options { skipUnlock } } } }
  ... on MfaEnrollPolicy { settings { type authenticators { key enroll { self } constraints { aaguidGroups } } factors { platform_otp { enroll { self } } fido_webauthn { enroll { self } } } } }
`;

const CREATE = `mutation($input: PolicyInput!) { createPolicy(input: $input) { policy { ${POLICY_FIELDS} } userErrors { message field code } } }`;
const REPLACE = `mutation($id: ID!, $input: PolicyInput!) { replacePolicy(id: $id, input: $input) { policy { ${POLICY_FIELDS} } userErrors { message field code } } }`;

async function createPolicy(input: Record<string, unknown>): Promise<any> {
  return (await mutate(stack(), 'createPolicy', CREATE, { input })).policy;
}

describe('createPolicy', () => {
  it('creates a global session policy with policy-level conditions', async () => {
    const policy = await createPolicy({
      type: 'PLATFORM_SIGN_ON',
      name: 'Engineers',
      description: 'Sign-on for engineers',
      conditions: {
        people: { groups: { include: [FIXTURE.engineering], exclude: [] } },
        network: { connection: 'ZONE', include: [FIXTURE.office] },
      },
    });
    expect(policy).toMatchObject({
      __typename: 'GlobalSessionPolicy',
      type: 'PLATFORM_SIGN_ON',
      name: 'Engineers',
      description: 'Sign-on for engineers',
      priority: 1,
      status: 'ACTIVE',
      system: false,
      conditions: {
        people: { groups: { include: [FIXTURE.engineering], exclude: [] } },
        network: { connection: 'ZONE', include: [FIXTURE.office] },
      },
    });
    expect(policy.links.deactivate.href).toMatch(/lifecycle\/deactivate$/);
    expect(policy.links.activate).toBeNull();
    expect(policy.links.rules.hints.allow).toEqual(['GET', 'POST']);
  });

  it('creates a password policy and reads every settings object back, defaults filled in', async () => {
    const policy = await createPolicy({
      type: 'PASSWORD',
      name: 'Strict',
      settings: {
        password: {
          complexity: { minLength: 14, excludeAttributes: ['firstName'] },
          age: { maxAgeDays: 90 },
          lockout: { maxAttempts: 5 },
        },
        recovery: {
          factors: {
            recovery_question: { status: 'ACTIVE', properties: { complexity: { minLength: 6 } } },
            platform_sms: { status: 'ACTIVE' },
          },
        },
        delegation: { options: { skipUnlock: true } },
      },
    });
    expect(policy.__typename).toBe('PasswordPolicy');
    expect(policy.settings.password).toEqual({
      complexity: {
        minLength: 14,
        minSymbol: 1,
        excludeAttributes: ['firstName'],
        dictionary: { common: { exclude: false } },
      },
      age: { maxAgeDays: 90, historyCount: 0 },
      lockout: { maxAttempts: 5, autoUnlockMinutes: 0, showLockoutFailures: false },
    });
    expect(policy.settings.recovery.factors.recovery_question).toEqual({
      status: 'ACTIVE',
      properties: { complexity: { minLength: 6 } },
    });
    expect(policy.settings.recovery.factors.platform_sms).toEqual({ status: 'ACTIVE' });
    expect(policy.settings.delegation).toEqual({ options: { skipUnlock: true } });
  });

  it('creates MFA enrollment policies with authenticators or with factors', async () => {
    const byAuthenticators = await createPolicy({
      type: 'MFA_ENROLL',
      name: 'Authenticators',
      settings: {
        type: 'AUTHENTICATORS',
        authenticators: [
          { key: 'platform_email', enroll: { self: 'REQUIRED' } },
          { key: 'webauthn', enroll: { self: 'OPTIONAL' }, constraints: { aaguidGroups: ['Security keys'] } },
        ],
      },
    });
    expect(byAuthenticators.settings).toEqual({
      type: 'AUTHENTICATORS',
      authenticators: [
        { key: 'platform_email', enroll: { self: 'REQUIRED' }, constraints: null },
        { key: 'webauthn', enroll: { self: 'OPTIONAL' }, constraints: { aaguidGroups: ['Security keys'] } },
      ],
      factors: null,
    });
    const byFactors = await createPolicy({
      type: 'MFA_ENROLL',
      name: 'Factors',
      settings: { factors: { platform_otp: { enroll: { self: 'OPTIONAL' } } } },
    });
    expect(byFactors.settings).toEqual({
      type: 'FACTORS',
      authenticators: null,
      factors: { platform_otp: { enroll: { self: 'OPTIONAL' } }, fido_webauthn: null },
    });
  });

  it.each([
    ['ACCESS_POLICY', 'AccessPolicy', 'Catch-all Rule'],
    ['PROFILE_ENROLLMENT', 'ProfileEnrollmentPolicy', 'Catch-all Rule'],
  ])(
    'creates a %s policy with its default rule, primed so that reading it back costs only the rules call',
    async (type, typename, ruleName) => {
      const { result, byRoute } = await countRequests(stack().emulator, () =>
        ok(
          stack(),
          `mutation($input: PolicyInput!) { createPolicy(input: $input) { policy { __typename id name rules { name system priority policy { name } } } userErrors { code } } }`,
          { input: { type, name: `New ${type}`, description: 'created through GraphQL' } },
        ),
      );
      const policy = result.createPolicy.policy;
      expect(policy.__typename).toBe(typename);
      expect(policy.rules).toEqual([
        { name: ruleName, system: true, priority: type === 'ACCESS_POLICY' ? 99 : 1, policy: { name: `New ${type}` } },
      ]);
      expect(byRoute).toEqual({ 'POST /api/v1/policies': 1, 'GET /api/v1/policies/{policyId}/rules': 1 });
    },
  );

  it.each([
    ['ENTITY_RISK', 'EntityRiskPolicy'],
    ['CONTINUOUS_ACCESS', 'ContinuousAccessPolicy'],
  ])('creates a %s policy', async (type, typename) => {
    const policy = await createPolicy({ type, name: `New ${type}` });
    expect(policy).toMatchObject({ __typename: typename, type, status: 'ACTIVE', conditions: null, priority: 1 });
  });

  it('inserts at the requested priority and creates inactive when asked', async () => {
    await createPolicy({ type: 'PASSWORD', name: 'First' });
    const second = await createPolicy({ type: 'PASSWORD', name: 'Top', priority: 1, status: 'INACTIVE' });
    expect(second).toMatchObject({ priority: 1, status: 'INACTIVE' });
    expect(second.links.activate.href).toMatch(/lifecycle\/activate$/);
    const data = await ok(stack(), `{ policies(type: PASSWORD) { nodes { name priority } } }`);
    expect(data.policies.nodes).toEqual([
      { name: 'Top', priority: 1 },
      { name: 'First', priority: 2 },
      { name: 'Default Policy', priority: 3 },
    ]);
  });

  it.each(['ACCESS_POLICY', 'PROFILE_ENROLLMENT'])(
    'answers a %s create without description with a userError naming it, and creates nothing',
    async (type) => {
      const { result, byRoute } = await countRequests(stack().emulator, () =>
        ok(stack(), CREATE, { input: { type, name: 'No description' } }),
      );
      expect(result.createPolicy.policy).toBeNull();
      expect(result.createPolicy.userErrors).toEqual([
        { code: 'INVALID', field: ['input', 'description'], message: expect.stringContaining('required') },
      ]);
      expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
      const listed = await ok(stack(), `query($type: PolicyType!) { policies(type: $type) { nodes { name } } }`, {
        type,
      });
      expect(listed.policies.nodes.map((p: { name: string }) => p.name)).not.toContain('No description');
    },
  );

  it('answers a second IdP discovery policy with a userError naming the field', async () => {
    const data = await ok(stack(), CREATE, { input: { type: 'IDP_DISCOVERY', name: 'Another' } });
    expect(data.createPolicy.policy).toBeNull();
    expect(data.createPolicy.userErrors).toEqual([
      {
        code: 'LIMIT_EXCEEDED',
        field: ['input', 'type'],
        message: expect.stringContaining('maximum of 1 IDP_DISCOVERY'),
      },
    ]);
  });

  it('answers invalid settings with one userError per cause, with the input path', async () => {
    const data = await ok(stack(), CREATE, {
      input: {
        type: 'PASSWORD',
        name: 'Bad',
        settings: { password: { complexity: { minLength: -1 }, lockout: { maxAttempts: -3 } } },
      },
    });
    expect(data.createPolicy.policy).toBeNull();
    expect(data.createPolicy.userErrors).toEqual(
      expect.arrayContaining([
        {
          code: 'INVALID',
          field: ['input', 'settings', 'password', 'complexity', 'minLength'],
          message: 'settings.password.complexity.minLength: must be at least 0',
        },
        {
          code: 'INVALID',
          field: ['input', 'settings', 'password', 'lockout', 'maxAttempts'],
          message: expect.any(String),
        },
      ]),
    );
  });

  it('answers policy-level conditions on an authentication policy with a userError', async () => {
    const data = await ok(stack(), CREATE, {
      input: {
        type: 'ACCESS_POLICY',
        name: 'No conditions',
        description: 'authentication policies need a description',
        conditions: { people: { groups: { include: [FIXTURE.engineering], exclude: [] } } },
      },
    });
    expect(data.createPolicy.userErrors).toEqual([
      { code: 'INVALID', field: ['input', 'conditions'], message: expect.stringContaining('not supported') },
    ]);
  });

  it('throws UNAUTHENTICATED without a header, with no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE, { input: { type: 'PASSWORD', name: 'x' } }, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result.data).toEqual({ createPolicy: null });
    expect(result.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('replacePolicy', () => {
  it('replaces name, description, priority, conditions and settings', async () => {
    await createPolicy({ type: 'PASSWORD', name: 'Other' });
    const policy = await createPolicy({
      type: 'PASSWORD',
      name: 'Before',
      settings: { password: { complexity: { minLength: 10 } } },
    });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(stack(), 'replacePolicy', REPLACE, {
        id: policy.id,
        input: {
          type: 'PASSWORD',
          name: 'After',
          description: 'replaced',
          priority: 2,
          conditions: { people: { groups: { include: [FIXTURE.sales], exclude: [] } } },
          settings: { password: { complexity: { minLength: 20 } } },
        },
      }),
    );
    expect(result.policy).toMatchObject({
      id: policy.id,
      name: 'After',
      description: 'replaced',
      priority: 2,
      conditions: { people: { groups: { include: [FIXTURE.sales], exclude: [] } } },
    });
    expect(result.policy.settings.password.complexity.minLength).toBe(20);
    expect(byRoute).toEqual({ 'PUT /api/v1/policies/{policyId}': 1 });
    const read = await ok(stack(), `query($id: ID!) { policy(id: $id) { name priority } }`, { id: policy.id });
    expect(read.policy).toEqual({ name: 'After', priority: 2 });
  });

  it('answers an unknown id with a not-found userError', async () => {
    const data = await ok(stack(), REPLACE, { id: '00pdoesnotexist', input: { type: 'PASSWORD', name: 'x' } });
    expect(data.replacePolicy).toEqual({
      policy: null,
      userErrors: [
        { code: 'NOT_FOUND', field: ['id'], message: expect.stringMatching(/^No policy with id 00p\w+ exists\.$/) },
      ],
    });
  });
});

describe('lifecycle', () => {
  const ACTIVATE = `mutation($id: ID!) { activatePolicy(id: $id) { policy { id status links { activate { href } deactivate { href } } } userErrors { code field message } } }`;
  const DEACTIVATE = `mutation($id: ID!) { deactivatePolicy(id: $id) { policy { id status links { activate { href } deactivate { href } } } userErrors { code field message } } }`;

  it('deactivates and activates, returning the policy as it now is (one lifecycle call and one read each)', async () => {
    const policy = await createPolicy({ type: 'PASSWORD', name: 'Flip' });
    const off = await countRequests(stack().emulator, () =>
      mutate(stack(), 'deactivatePolicy', DEACTIVATE, { id: policy.id }),
    );
    expect(off.result.policy).toMatchObject({ id: policy.id, status: 'INACTIVE', links: { deactivate: null } });
    expect(off.result.policy.links.activate.href).toMatch(/activate$/);
    expect(off.byRoute).toEqual({
      'POST /api/v1/policies/{policyId}/lifecycle/deactivate': 1,
      'GET /api/v1/policies/{policyId}': 1,
    });

    const on = await countRequests(stack().emulator, () =>
      mutate(stack(), 'activatePolicy', ACTIVATE, { id: policy.id }),
    );
    expect(on.result.policy).toMatchObject({ status: 'ACTIVE', links: { activate: null } });
    expect(on.byRoute).toEqual({
      'POST /api/v1/policies/{policyId}/lifecycle/activate': 1,
      'GET /api/v1/policies/{policyId}': 1,
    });
  });

  it('does not return a stale policy read earlier in the same operation', async () => {
    const policy = await createPolicy({ type: 'PASSWORD', name: 'Stale?' });
    const data = await ok(
      stack(),
      `mutation($id: ID!) {
        a: deactivatePolicy(id: $id) { policy { status } }
        b: activatePolicy(id: $id) { policy { status } }
        c: deactivatePolicy(id: $id) { policy { status } } }`,
      { id: policy.id },
    );
    expect([data.a.policy.status, data.b.policy.status, data.c.policy.status]).toEqual([
      'INACTIVE',
      'ACTIVE',
      'INACTIVE',
    ]);
  });

  it('answers an unknown id with a not-found userError', async () => {
    const data = await ok(stack(), ACTIVATE, { id: '00pnope' });
    expect(data.activatePolicy).toEqual({
      policy: null,
      userErrors: [
        { code: 'NOT_FOUND', field: ['id'], message: expect.stringMatching(/^No policy with id 00p\w+ exists\.$/) },
      ],
    });
  });
});

describe('clonePolicy', () => {
  const CLONE = `mutation($id: ID!) { clonePolicy(id: $id) { policy { __typename id name system priority ... on AccessPolicy { rules { name system priority actions { appSignOn { access verificationMethod { factorMode } } } } } } userErrors { code field message } } }`;

  it('clones an authentication policy with its rules under new ids', async () => {
    const original = await createPolicy({ type: 'ACCESS_POLICY', name: 'Original', description: 'to clone' });
    await createRule(stack().emulator, original.id, {
      type: 'ACCESS_POLICY',
      name: 'Two factors',
      actions: {
        appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA', constraints: [] } },
      },
    });
    const clone = (await mutate(stack(), 'clonePolicy', CLONE, { id: original.id })).policy;
    expect(clone.__typename).toBe('AccessPolicy');
    expect(clone.id).not.toBe(original.id);
    expect(clone.system).toBe(false);
    expect(clone.rules.map((r: any) => [r.name, r.actions.appSignOn.verificationMethod.factorMode])).toEqual([
      ['Two factors', 'TWO_FACTOR'],
      ['Catch-all Rule', 'ONE_FACTOR'],
    ]);
  });

  it('answers cloning another type with a userError', async () => {
    const id = await defaultPolicyId(stack(), 'PASSWORD');
    const data = await ok(stack(), CLONE, { id });
    expect(data.clonePolicy.policy).toBeNull();
    expect(data.clonePolicy.userErrors).toEqual([
      { code: 'INVALID', field: null, message: expect.stringContaining('Only authentication policies') },
    ]);
  });
});

describe('deletePolicy', () => {
  const DELETE = `mutation($id: ID!) { deletePolicy(id: $id) { deletedId userErrors { code field message } } }`;

  it('deletes a policy; reading it afterwards in the same operation gives null', async () => {
    const policy = await createPolicy({ type: 'PASSWORD', name: 'Doomed' });
    const data = await ok(stack(), `mutation($id: ID!) { deletePolicy(id: $id) { deletedId userErrors { code } } }`, {
      id: policy.id,
    });
    expect(data.deletePolicy).toEqual({ deletedId: policy.id, userErrors: [] });
    const read = await ok(stack(), `query($id: ID!) { policy(id: $id) { id } }`, { id: policy.id });
    expect(read.policy).toBeNull();
  });

  it('refuses to delete a system policy with a FORBIDDEN userError', async () => {
    const id = await defaultPolicyId(stack(), 'PASSWORD');
    const data = await ok(stack(), DELETE, { id });
    expect(data.deletePolicy).toEqual({
      deletedId: null,
      userErrors: [{ code: 'FORBIDDEN', field: null, message: expect.stringContaining('cannot be deleted') }],
    });
  });

  it('answers an unknown id with a not-found userError', async () => {
    const data = await ok(stack(), DELETE, { id: '00pnope' });
    expect(data.deletePolicy.userErrors).toEqual([
      { code: 'NOT_FOUND', field: ['id'], message: 'No policy with id 00pnope exists.' },
    ]);
  });
});
