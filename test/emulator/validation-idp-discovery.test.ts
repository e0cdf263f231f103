// IdP discovery policy (IDP_DISCOVERY): one per org, no settings, an immutable default rule that
// routes to the org sign-in page, and every provider rule of `actions.idp`.
import { beforeEach, describe, expect, it } from 'vitest';
import { expectValidationCause, type TestEmulator, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
let policy: any;
let classicPolicyId: string;
let n = 0;

function createRule(idp: unknown, on: TestEmulator = emu(), policyId: string = policy.id) {
  return on.call('POST', `/api/v1/policies/${policyId}/rules`, {
    type: 'IDP_DISCOVERY',
    name: `routing rule ${++n}`,
    actions: { idp },
  });
}
const specific = (...providers: unknown[]) => createRule({ idpSelectionType: 'SPECIFIC', providers });
const saml = (id = '0oasaml1') => ({ type: 'SAML2', id });

async function onlyPolicy(on: TestEmulator) {
  const list = await on.call('GET', '/api/v1/policies?type=IDP_DISCOVERY');
  expect(list.status).toBe(200);
  return list.body;
}

beforeEach(async () => {
  [policy] = await onlyPolicy(emu());
  [{ id: classicPolicyId }] = await onlyPolicy(classic());
});

describe('the policy', () => {
  it('exists exactly once, and a second one cannot be created', async () => {
    expect(await onlyPolicy(emu())).toHaveLength(1);
    expect(policy.system).toBe(true);
    const res = await emu().call('POST', '/api/v1/policies', { type: 'IDP_DISCOVERY', name: 'Second routing policy' });
    expectValidationCause(res, 'type');
    expect(await onlyPolicy(emu())).toHaveLength(1);
  });

  it('has no settings, and a rejected replace changes nothing', async () => {
    const res = await emu().call('PUT', `/api/v1/policies/${policy.id}`, {
      type: 'IDP_DISCOVERY',
      name: policy.name,
      settings: { idp: {} },
    });
    expectValidationCause(res, 'settings');
    expect((await emu().call('GET', `/api/v1/policies/${policy.id}`)).body).toEqual(policy);
  });
});

describe('default rule', () => {
  it('routes to the org sign-in page and is read-only', async () => {
    const rules = (await emu().call('GET', `/api/v1/policies/${policy.id}/rules`)).body;
    const rule = rules.find((r: { system: boolean }) => r.system);
    expect(rule.name).toBe('Default Rule');
    expect(rule.actions).toEqual({ idp: { providers: [{ type: 'PLATFORM' }], idpSelectionType: 'SPECIFIC' } });
    const path = `/api/v1/policies/${policy.id}/rules/${rule.id}`;
    const res = await emu().call('PUT', path, {
      ...rule,
      actions: { idp: { providers: [saml()], idpSelectionType: 'SPECIFIC' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.errorCode).toBe('E0000006');
    expect((await emu().call('GET', path)).body).toEqual(rule);
  });
});

describe('actions.idp', () => {
  it('is required, with a selection type', async () => {
    const none = await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
      type: 'IDP_DISCOVERY',
      name: `no actions ${++n}`,
    });
    expectValidationCause(none, 'actions');
    expectValidationCause(
      await emu().call('POST', `/api/v1/policies/${policy.id}/rules`, {
        type: 'IDP_DISCOVERY',
        name: `r${++n}`,
        actions: {},
      }),
      'actions.idp',
    );
    expectValidationCause(await createRule({ providers: [saml()] }), 'actions.idp.idpSelectionType');
    expectValidationCause(
      await createRule({ providers: [saml()], idpSelectionType: 'RANDOM' }),
      'actions.idp.idpSelectionType',
    );
  });

  it('routes to specific providers', async () => {
    const res = await specific(saml(), { type: 'PLATFORM' }, { type: 'OIDC', id: '0oaoidc1', name: 'Partner OIDC' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions).toEqual({
      idp: {
        idpSelectionType: 'SPECIFIC',
        providers: [saml(), { type: 'PLATFORM' }, { type: 'OIDC', id: '0oaoidc1', name: 'Partner OIDC' }],
      },
    });
  });

  it('needs at least one and at most 10 providers for SPECIFIC', async () => {
    expectValidationCause(await createRule({ idpSelectionType: 'SPECIFIC' }), 'actions.idp.providers');
    expectValidationCause(await specific(), 'actions.idp.providers');
    const eleven = Array.from({ length: 11 }, (_, i) => saml(`0oasaml${i}`));
    expectValidationCause(await specific(...eleven), 'actions.idp.providers');
    expect((await specific(...eleven.slice(0, 10))).status).toBe(200);
  });

  it('needs an id except for PLATFORM, AgentlessDSSO and IWA', async () => {
    expectValidationCause(await specific({ type: 'SAML2' }), 'actions.idp.providers[0].id');
    expectValidationCause(await specific({ type: 'PLATFORM' }, { type: 'X509' }), 'actions.idp.providers[1].id');
    const res = await specific({ type: 'AgentlessDSSO' }, { type: 'IWA' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('checks provider types and unknown members', async () => {
    expectValidationCause(await specific({ type: 'LDAP', id: 'x' }), 'actions.idp.providers[0].type');
    expectValidationCause(await specific({ id: 'x' }), 'actions.idp.providers[0].type');
    expectValidationCause(await specific({ ...saml(), weight: 1 }), 'actions.idp.providers[0].weight');
  });

  it('allows at most one AgentlessDSSO, IWA and X509 provider each', async () => {
    expectValidationCause(await specific({ type: 'IWA' }, saml(), { type: 'IWA' }), 'actions.idp.providers[2].type');
    expectValidationCause(
      await specific({ type: 'AgentlessDSSO' }, { type: 'AgentlessDSSO' }),
      'actions.idp.providers[1].type',
    );
    expectValidationCause(
      await specific({ type: 'X509', id: 'a' }, { type: 'X509', id: 'b' }),
      'actions.idp.providers[1].type',
    );
    expect((await specific(saml('a'), saml('b'))).status).toBe(200);
  });

  it('DYNAMIC takes match criteria and no providers', async () => {
    const criteria = [{ providerExpression: "login.identifier.substringAfter('@')", propertyName: 'issuer' }];
    expectValidationCause(
      await createRule({ idpSelectionType: 'DYNAMIC', providers: [saml()], matchCriteria: criteria }),
      'actions.idp.providers',
    );
    expectValidationCause(
      await createRule({ idpSelectionType: 'DYNAMIC', providers: [] }),
      'actions.idp.matchCriteria',
    );
    expectValidationCause(
      await createRule({ idpSelectionType: 'DYNAMIC', providers: [], matchCriteria: [{ propertyName: 'name' }] }),
      'actions.idp.matchCriteria[0].providerExpression',
    );
    const res = await createRule({
      idpSelectionType: 'DYNAMIC',
      matchCriteria: [{ providerExpression: "login.identifier.substringAfter('@')" }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions.idp).toEqual({
      idpSelectionType: 'DYNAMIC',
      providers: [],
      matchCriteria: [{ providerExpression: "login.identifier.substringAfter('@')", propertyName: 'name' }],
    });
  });

  it('SPECIFIC takes no match criteria', async () => {
    const res = await createRule({
      idpSelectionType: 'SPECIFIC',
      providers: [saml()],
      matchCriteria: [{ providerExpression: 'x' }],
    });
    expectValidationCause(res, 'actions.idp.matchCriteria');
  });

  it('a rejected replace leaves the rule unchanged', async () => {
    const created = await specific(saml());
    const path = `/api/v1/policies/${policy.id}/rules/${created.body.id}`;
    const res = await emu().call('PUT', path, {
      ...created.body,
      actions: { idp: { idpSelectionType: 'SPECIFIC', providers: [{ type: 'OIDC' }] } },
    });
    expectValidationCause(res, 'actions.idp.providers[0].id');
    expect((await emu().call('GET', path)).body).toEqual(created.body);
  });
});

describe('classic engine', () => {
  it('allows one provider, without a name', async () => {
    const two = await createRule(
      { idpSelectionType: 'SPECIFIC', providers: [saml('a'), saml('b')] },
      classic(),
      classicPolicyId,
    );
    expectValidationCause(two, 'actions.idp.providers');
    const named = await createRule(
      { idpSelectionType: 'SPECIFIC', providers: [{ ...saml(), name: 'Partner' }] },
      classic(),
      classicPolicyId,
    );
    expectValidationCause(named, 'actions.idp.providers[0].name');
    const ok = await createRule({ idpSelectionType: 'SPECIFIC', providers: [saml()] }, classic(), classicPolicyId);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
