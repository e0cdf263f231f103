// Details of the spec the emulator and the gateway keep: links, clones, a rule naming a deleted user
// type, system objects, platform conditions and the schema's header, each against the sentence of
// the spec (or the real service) it enforces, over the emulator's REST API and, where a client meets
// it, through the gateway.
import { readFileSync } from 'node:fs';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/gateway/schema.ts';
import { createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, mutate, ok } from './schema-helpers.ts';

const stack = useStack();
const call = (method: string, path: string, body?: unknown) => stack().emulator.call(method, path, body);

describe('links', () => {
  it('"`rules` hints allow GET and POST": also on a profile enrollment policy (the real example shows POST, GET)', async () => {
    const policyId = await defaultPolicyId(stack(), 'PROFILE_ENROLLMENT');
    const policy = (await call('GET', `/api/v1/policies/${policyId}`)).body;
    expect(policy._links.rules.hints.allow).toEqual(['GET', 'POST']);
    // "For Policy: self, activate, deactivate, rules, mappings": the mappings link serves what it advertises.
    expect(policy._links.mappings.hints.allow).toEqual(['GET']);
    expect((await call('GET', new URL(policy._links.mappings.href).pathname)).status).toBe(200);
  });
});

describe('clone', () => {
  it('names the copy `Copy of <name>` within the 255 characters of a policy name, so it can be replaced as it is', async () => {
    const name = 'n'.repeat(255);
    const source = await createPolicy(stack().emulator, { type: 'ACCESS_POLICY', name, description: 'long' });
    const copy = (await call('POST', `/api/v1/policies/${source.id}/clone`)).body;
    expect(copy.name).toBe(`Copy of ${name}`.slice(0, 255));
    expect(copy.name).toHaveLength(255);
    const { _links, created, lastUpdated, ...body } = copy;
    const replaced = await call('PUT', `/api/v1/policies/${copy.id}`, body);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
  });
});

describe('a rule naming a deleted user type', () => {
  it('"a user type referenced by a rule can be deleted"; the rule can still be replaced naming it, and updated by name alone', async () => {
    const type = (await call('POST', '/api/v1/meta/types/user', { name: 'Temp', displayName: 'Temp' })).body;
    const policy = await createPolicy(stack().emulator, { type: 'ACCESS_POLICY', name: 'Typed', description: 'x' });
    const rule = await createRule(stack().emulator, policy.id, {
      type: 'ACCESS_POLICY',
      name: 'By user type',
      conditions: { userType: { include: [type.id], exclude: [] } },
      actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
    });
    expect((await call('DELETE', `/api/v1/meta/types/user/${type.id}`)).status).toBe(204);
    const stored = (await call('GET', `/api/v1/policies/${policy.id}/rules/${rule.id}`)).body;
    const { _links, created, lastUpdated, ...body } = stored;
    const replaced = await call('PUT', `/api/v1/policies/${policy.id}/rules/${rule.id}`, body);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.conditions.userType).toEqual({ include: [type.id], exclude: [] });
    const updated = await mutate(
      stack(),
      'updatePolicyRule',
      `mutation($p: ID!, $r: ID!) { updatePolicyRule(policyId: $p, ruleId: $r, input: { name: "Renamed" }) {
         rule { name ... on AccessPolicyRule { conditions { userType { include includedUserTypes { id } } } } } userErrors { code message } } }`,
      { p: policy.id, r: rule.id },
    );
    expect(updated.rule).toEqual({
      name: 'Renamed',
      conditions: { userType: { include: [type.id], includedUserTypes: [null] } },
    });
    // A type that does not exist and that the rule did not name is still refused.
    const other = await call('PUT', `/api/v1/policies/${policy.id}/rules/${rule.id}`, {
      ...body,
      conditions: { ...body.conditions, userType: { include: [type.id, 'otynever'], exclude: [] } },
    });
    expect(other.status).toBe(400);
    expect(other.body.errorCauses).toEqual([
      { errorSummary: "conditions.userType.include[1]: user type 'otynever' does not exist" },
    ]);
  });
});

describe('system objects', () => {
  it('a status change in a PUT is one code for a system policy and a system rule: 400 E0000001 naming status', async () => {
    const policyId = await defaultPolicyId(stack(), 'PLATFORM_SIGN_ON');
    const policy = (await call('GET', `/api/v1/policies/${policyId}`)).body;
    const rule = (await call('GET', `/api/v1/policies/${policyId}/rules`)).body.find(
      (r: { system: boolean }) => r.system,
    );
    const policyPut = await call('PUT', `/api/v1/policies/${policyId}`, { ...policy, status: 'INACTIVE' });
    const rulePut = await call('PUT', `/api/v1/policies/${policyId}/rules/${rule.id}`, { ...rule, status: 'INACTIVE' });
    for (const res of [policyPut, rulePut]) {
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('E0000001');
      expect(res.body.errorCauses).toHaveLength(1);
      expect(res.body.errorCauses[0].errorSummary).toMatch(/^status: the default (policy|rule) cannot be deactivated$/);
    }
  });
});

describe('platform conditions', () => {
  it('take the real service values beyond those the spec shows ("any macOS desktop")', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'ACCESS_POLICY', name: 'Platforms', description: 'x' });
    const include = [
      { type: 'DESKTOP', os: { type: 'MACOS' } },
      { type: 'ANY', os: { type: 'ANY' } },
      { type: 'DESKTOP', os: { type: 'CHROMEOS' } },
      { type: 'DESKTOP', os: { type: 'LINUX' } },
      { type: 'OTHER', os: { type: 'OTHER' } },
    ];
    const data = await ok(
      stack(),
      `mutation($p: ID!, $input: PolicyRuleInput!) { createPolicyRule(policyId: $p, input: $input) {
         rule { ... on AccessPolicyRule { conditions { platform { include { type os { type } } } } } } userErrors { message } } }`,
      {
        p: policy.id,
        input: {
          type: 'ACCESS_POLICY',
          name: 'Any macOS desktop',
          conditions: { platform: { include } },
          actions: { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE' } } },
        },
      },
    );
    expect(data.createPolicyRule.userErrors).toEqual([]);
    expect(data.createPolicyRule.rule.conditions.platform.include).toEqual(include);
  });
});

describe('the schema header', () => {
  it('says how `1FA`/`2FA` are typed (the FactorMode enum), not that they stay String', () => {
    const sdl = readFileSync(new URL('../../src/generated/schema.graphql', import.meta.url), 'utf8');
    const header = sdl.slice(0, sdl.indexOf('schema {'));
    expect(header).not.toContain('stay `String`');
    expect(header).toContain('`FactorMode`: `ONE_FACTOR`, `TWO_FACTOR`');
    const method = buildSchema().getType('VerificationMethod') as GraphQLObjectType;
    expect(String(method.getFields().factorMode.type)).toBe('FactorMode');
  });
});
