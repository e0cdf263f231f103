// Lifecycle of policies and rules: activate and deactivate, clone, delete, app assignment and
// the mapped-apps listing, and the org-level limits of the core (one IdP discovery policy, the
// classic engine without identity-engine types).
import { IE_ONLY_POLICY_TYPES, POLICY_TYPE_CONTRACT, POLICY_TYPES } from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';
import {
  causesOf,
  createPolicy,
  createRule,
  defaultPolicyOf,
  expectValidationCause,
  useEmulator,
} from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });

const CLASSIC_TYPES = POLICY_TYPES.filter((type) => !IE_ONLY_POLICY_TYPES.includes(type));

const accessRule = (name: string, access = 'ALLOW') => ({
  type: 'ACCESS_POLICY',
  name,
  conditions: { network: { connection: 'ZONE', include: ['nzo1office'] } },
  actions: {
    appSignOn: {
      access,
      verificationMethod: {
        type: 'ASSURANCE',
        factorMode: '2FA',
        constraints: [{ possession: { deviceBound: 'REQUIRED' } }],
      },
    },
  },
});

const get = async (path: string) => (await emu().call('GET', path)).body;
async function appIdsOf(policyId: string): Promise<string[]> {
  const res = await emu().call('GET', `/api/v1/policies/${policyId}/app`);
  expect(res.status).toBe(200);
  return res.body.map((a: { id: string }) => a.id).sort();
}

describe('policy activate and deactivate', () => {
  it('deactivates with 204 and no body, flipping status and links', async () => {
    const p = await createPolicy(emu());
    const res = await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const after = await get(`/api/v1/policies/${p.id}`);
    expect(after.status).toBe('INACTIVE');
    expect(after._links.activate.href).toBe(`${emu().url}/api/v1/policies/${p.id}/lifecycle/activate`);
    expect(after._links.deactivate).toBeUndefined();
  });

  it('activates with 204, flipping status and links back', async () => {
    const p = await createPolicy(emu(), { status: 'INACTIVE' });
    const res = await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/activate`);
    expect(res.status).toBe(204);
    const after = await get(`/api/v1/policies/${p.id}`);
    expect(after.status).toBe('ACTIVE');
    expect(after._links.deactivate.href).toBe(`${emu().url}/api/v1/policies/${p.id}/lifecycle/deactivate`);
    expect(after._links.activate).toBeUndefined();
  });

  it('is idempotent: repeating a transition answers 204 and changes nothing', async () => {
    const p = await createPolicy(emu());
    expect((await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/activate`)).status).toBe(204);
    expect(await get(`/api/v1/policies/${p.id}`)).toEqual(p);
    expect((await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`)).status).toBe(204);
    const once = await get(`/api/v1/policies/${p.id}`);
    expect((await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`)).status).toBe(204);
    expect(await get(`/api/v1/policies/${p.id}`)).toEqual(once);
  });

  it('keeps the priority and the rules through a transition', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id);
    await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`);
    const after = await get(`/api/v1/policies/${p.id}`);
    expect(after.priority).toBe(p.priority);
    expect((await get(`/api/v1/policies/${p.id}/rules`)).map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it('activates a system policy (already active) as a no-op', async () => {
    const p = await defaultPolicyOf(emu(), 'PASSWORD');
    expect((await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/activate`)).status).toBe(204);
    expect((await get(`/api/v1/policies/${p.id}`)).status).toBe('ACTIVE');
  });

  it('can also flip status through an update', async () => {
    const p = await createPolicy(emu());
    const res = await emu().call('PUT', `/api/v1/policies/${p.id}`, {
      type: 'PASSWORD',
      name: p.name,
      status: 'INACTIVE',
    });
    expect(res.body.status).toBe('INACTIVE');
    expect(res.body._links.activate).toBeDefined();
    expect(res.body._links.deactivate).toBeUndefined();
    // An update without status keeps it.
    const kept = await emu().call('PUT', `/api/v1/policies/${p.id}`, { type: 'PASSWORD', name: 'renamed' });
    expect(kept.body.status).toBe('INACTIVE');
  });
});

describe('rule activate and deactivate', () => {
  it('deactivates and activates with 204, flipping status and links, idempotently', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id);
    const path = `/api/v1/policies/${p.id}/rules/${r.id}`;
    for (let i = 0; i < 2; i++) {
      const res = await emu().call('POST', `${path}/lifecycle/deactivate`);
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      const off = await get(path);
      expect(off.status).toBe('INACTIVE');
      expect(off._links.activate.href).toBe(`${emu().url}${path}/lifecycle/activate`);
      expect(off._links.deactivate).toBeUndefined();
    }
    for (let i = 0; i < 2; i++) {
      expect((await emu().call('POST', `${path}/lifecycle/activate`)).status).toBe(204);
      const on = await get(path);
      expect(on.status).toBe('ACTIVE');
      expect(on._links.deactivate.href).toBe(`${emu().url}${path}/lifecycle/deactivate`);
      expect(on._links.activate).toBeUndefined();
    }
  });

  it('flips only the addressed rule', async () => {
    const p = await createPolicy(emu());
    const a = await createRule(emu(), p.id);
    const b = await createRule(emu(), p.id);
    await emu().call('POST', `/api/v1/policies/${p.id}/rules/${a.id}/lifecycle/deactivate`);
    expect((await get(`/api/v1/policies/${p.id}/rules/${b.id}`)).status).toBe('ACTIVE');
    expect((await get(`/api/v1/policies/${p.id}`)).status).toBe('ACTIVE');
  });
});

describe('default rules on the identity engine', () => {
  it('lets the default rule of a default policy be edited, keeping it system and last', async () => {
    const p = await defaultPolicyOf(emu(), 'PASSWORD');
    await createRule(emu(), p.id);
    const def = (await get(`/api/v1/policies/${p.id}/rules`)).find((r: { system: boolean }) => r.system);
    const res = await emu().call('PUT', `/api/v1/policies/${p.id}/rules/${def.id}`, {
      type: 'PASSWORD',
      name: 'Edited default',
      actions: { passwordChange: { access: 'DENY' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: def.id, name: 'Edited default', system: true, priority: 2 });
    expect(res.body.actions.passwordChange.access).toBe('DENY');
  });

  it('keeps the authenticator enrollment and IdP discovery default rules read-only', async () => {
    for (const type of ['MFA_ENROLL', 'IDP_DISCOVERY']) {
      const p = await defaultPolicyOf(emu(), type);
      const def = (await get(`/api/v1/policies/${p.id}/rules`))[0];
      const { id: _id, _links: _l, created: _c, lastUpdated: _u, priority: _p, system: _s, ...body } = def;
      const res = await emu().call('PUT', `/api/v1/policies/${p.id}/rules/${def.id}`, { ...body, name: 'Edited' });
      expect(res.status, type).toBe(403);
      expect(res.body.errorCode).toBe('E0000006');
      expect((await get(`/api/v1/policies/${p.id}/rules/${def.id}`)).name, type).toBe(def.name);
    }
  });
});

describe('clone', () => {
  it('clones an authentication policy with 200 and the new policy as body', async () => {
    const source = await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    const res = await emu().call('POST', `/api/v1/policies/${source.id}/clone`);
    expect(res.status).toBe(200);
    const copy = res.body;
    expect(copy.id).not.toBe(source.id);
    expect(copy.type).toBe('ACCESS_POLICY');
    expect(copy.system).toBe(false);
    expect(copy.name).toContain(source.name);
    expect(copy._links.self.href).toBe(`${emu().url}/api/v1/policies/${copy.id}`);
    expect(await get(`/api/v1/policies/${copy.id}`)).toEqual(copy);
  });

  it('copies every rule with new ids and the same content and priorities', async () => {
    const source = await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    await createRule(emu(), source.id, accessRule('Office'));
    await createRule(emu(), source.id, accessRule('Deny rest', 'DENY'));
    const copy = (await emu().call('POST', `/api/v1/policies/${source.id}/clone`)).body;
    const before = await get(`/api/v1/policies/${source.id}/rules`);
    const after = await get(`/api/v1/policies/${copy.id}/rules`);
    expect(after).toHaveLength(3);
    const strip = ({ id: _id, _links: _l, created: _c, lastUpdated: _u, ...rest }: Record<string, unknown>) => rest;
    expect(after.map(strip)).toEqual(before.map(strip));
    const sourceIds = new Set(before.map((r: { id: string }) => r.id));
    for (const r of after) {
      expect(sourceIds.has(r.id)).toBe(false);
      expect(r._links.self.href).toBe(`${emu().url}/api/v1/policies/${copy.id}/rules/${r.id}`);
    }
    // The copies are independent: deleting one does not touch the source.
    expect((await emu().call('DELETE', `/api/v1/policies/${copy.id}/rules/${after[0].id}`)).status).toBe(204);
    expect(await get(`/api/v1/policies/${source.id}/rules`)).toEqual(before);
  });

  it('puts the clone at the lowest non-default priority', async () => {
    const first = await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    const copy = (await emu().call('POST', `/api/v1/policies/${first.id}/clone`)).body;
    expect(copy.priority).toBe(3);
    const list = (await emu().call('GET', '/api/v1/policies?type=ACCESS_POLICY')).body;
    expect(list.map((p: { id: string; priority: number }) => [p.id, p.priority])).toEqual([
      [first.id, 1],
      [list[1].id, 2],
      [copy.id, 3],
      [list[3].id, 4],
    ]);
    expect(list[3].system).toBe(true);
  });

  it('clones the default authentication policy into a deletable, non-system policy', async () => {
    const def = await defaultPolicyOf(emu(), 'ACCESS_POLICY');
    const copy = (await emu().call('POST', `/api/v1/policies/${def.id}/clone`)).body;
    expect(copy.system).toBe(false);
    expect(copy.priority).toBe(1);
    expect(copy._links.self.hints.allow).toContain('DELETE');
    expect((await emu().call('DELETE', `/api/v1/policies/${copy.id}`)).status).toBe(204);
  });

  it('refuses to clone any other policy type with 400', async () => {
    for (const type of POLICY_TYPES.filter((t) => t !== 'ACCESS_POLICY')) {
      const p = await defaultPolicyOf(emu(), type);
      const res = await emu().call('POST', `/api/v1/policies/${p.id}/clone`);
      expect(res.status, type).toBe(400);
      expect(res.body.errorCode).toBe('E0000001');
      expect((await emu().call('GET', `/api/v1/policies?type=${type}`)).body, type).toHaveLength(1);
    }
  });
});

describe('delete', () => {
  it('deletes a policy with 204, and its rules go with it', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id);
    const res = await emu().call('DELETE', `/api/v1/policies/${p.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await emu().call('GET', `/api/v1/policies/${p.id}`)).status).toBe(404);
    expect((await emu().call('GET', `/api/v1/policies/${p.id}/rules`)).status).toBe(404);
    expect((await emu().call('GET', `/api/v1/policies/${p.id}/rules/${r.id}`)).status).toBe(404);
    expect(
      (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body.some((x: { id: string }) => x.id === p.id),
    ).toBe(false);
    expect((await emu().call('DELETE', `/api/v1/policies/${p.id}`)).status).toBe(404);
  });

  it('deletes a rule with 204', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id);
    expect((await emu().call('DELETE', `/api/v1/policies/${p.id}/rules/${r.id}`)).status).toBe(204);
    expect((await emu().call('GET', `/api/v1/policies/${p.id}/rules/${r.id}`)).status).toBe(404);
    expect(await get(`/api/v1/policies/${p.id}/rules`)).toEqual([]);
  });
});

describe('applications mapped to authentication policies', () => {
  it('maps every fixture app to the default authentication policy at start', async () => {
    const def = await defaultPolicyOf(emu(), 'ACCESS_POLICY');
    expect(await appIdsOf(def.id)).toEqual(['0oa1portal', '0oa2crm', '0oa3console']);
    const app = (await emu().call('GET', `/api/v1/policies/${def.id}/app`)).body.find(
      (a: { id: string }) => a.id === '0oa1portal',
    );
    expect(app).toMatchObject({ id: '0oa1portal', name: 'portal', label: 'Employee Portal', status: 'ACTIVE' });
    expect(app._links.accessPolicy.href).toBe(`${emu().url}/api/v1/policies/${def.id}`);
  });

  it('assigns an app with PUT /api/v1/apps/{appId}/policies/{policyId} (204) and lists it on the new policy only', async () => {
    const def = await defaultPolicyOf(emu(), 'ACCESS_POLICY');
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    const res = await emu().call('PUT', `/api/v1/apps/0oa2crm/policies/${p.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await appIdsOf(p.id)).toEqual(['0oa2crm']);
    expect(await appIdsOf(def.id)).toEqual(['0oa1portal', '0oa3console']);
    const app = (await emu().call('GET', `/api/v1/policies/${p.id}/app`)).body[0];
    expect(app._links.accessPolicy.href.endsWith(`/${p.id}`)).toBe(true);
  });

  it('lists no apps for a policy of another type', async () => {
    const p = await defaultPolicyOf(emu(), 'PASSWORD');
    expect(await appIdsOf(p.id)).toEqual([]);
  });

  it('refuses to assign an app to a policy that is not an authentication policy', async () => {
    const p = await defaultPolicyOf(emu(), 'PASSWORD');
    const res = await emu().call('PUT', `/api/v1/apps/0oa1portal/policies/${p.id}`);
    expectValidationCause(res, 'policyId');
  });

  it('refuses to delete a policy while apps are assigned to it, and allows it once they are moved', async () => {
    const def = await defaultPolicyOf(emu(), 'ACCESS_POLICY');
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY' });
    await emu().call('PUT', `/api/v1/apps/0oa1portal/policies/${p.id}`);
    const refused = await emu().call('DELETE', `/api/v1/policies/${p.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('E0000006');
    expect(causesOf(refused).join(' ')).toContain('0oa1portal');
    expect((await emu().call('GET', `/api/v1/policies/${p.id}`)).status).toBe(200);

    expect((await emu().call('PUT', `/api/v1/apps/0oa1portal/policies/${def.id}`)).status).toBe(204);
    expect((await emu().call('DELETE', `/api/v1/policies/${p.id}`)).status).toBe(204);
    expect(await appIdsOf(def.id)).toEqual(['0oa1portal', '0oa2crm', '0oa3console']);
  });

  describe('with a fixture app', () => {
    const seeded = useEmulator({
      fixture: { apps: [{ id: '0oafixed', name: 'fixed', label: 'Fixed', status: 'ACTIVE', accessPolicyId: null }] },
    });

    it('honours an app mapped to a policy by the fixture', async () => {
      const def = (await seeded().call('GET', '/api/v1/policies?type=ACCESS_POLICY')).body[0];
      expect(
        (await seeded().call('GET', `/api/v1/policies/${def.id}/app`)).body.map((a: { id: string }) => a.id),
      ).toEqual(['0oafixed']);
    });
  });
});

describe('org limits', () => {
  it('holds exactly one IdP discovery policy: no second one, and the one cannot be deleted', async () => {
    const res = await emu().call('POST', '/api/v1/policies', { type: 'IDP_DISCOVERY', name: 'second discovery' });
    expectValidationCause(res, 'type');
    const list = (await emu().call('GET', '/api/v1/policies?type=IDP_DISCOVERY')).body;
    expect(list).toHaveLength(1);
    expect((await emu().call('DELETE', `/api/v1/policies/${list[0].id}`)).status).toBe(403);
  });

  it('creates the default rule with an authentication or profile enrollment policy, and none for other types', async () => {
    const makesRule = (type: (typeof POLICY_TYPES)[number]) => POLICY_TYPE_CONTRACT[type].createsDefaultRule;
    // One policy per org (IdP discovery) has no second policy to create.
    const creatable = POLICY_TYPES.filter((type) => POLICY_TYPE_CONTRACT[type].maxPolicies !== 1);
    expect(creatable.filter(makesRule)).toEqual(expect.arrayContaining(['ACCESS_POLICY', 'PROFILE_ENROLLMENT']));
    for (const type of creatable.filter(makesRule)) {
      const p = await createPolicy(emu(), { type });
      const rules = await get(`/api/v1/policies/${p.id}/rules`);
      expect(rules, type).toHaveLength(1);
      expect(rules[0].system, type).toBe(true);
    }
    for (const type of creatable.filter((type) => !makesRule(type))) {
      const p = await createPolicy(emu(), { type });
      expect(await get(`/api/v1/policies/${p.id}/rules`), type).toEqual([]);
    }
  });
});

describe('classic engine', () => {
  it('seeds only the classic policy types', async () => {
    for (const type of CLASSIC_TYPES) {
      const res = await classic().call('GET', `/api/v1/policies?type=${type}`);
      expect(res.status, type).toBe(200);
      expect(res.body, type).toHaveLength(1);
    }
  });

  it('rejects identity-engine-only types on create and on list', async () => {
    for (const type of IE_ONLY_POLICY_TYPES) {
      expectValidationCause(
        await classic().call('POST', '/api/v1/policies', { type, name: `classic ${type}`, description: 'd' }),
        'type',
      );
      expectValidationCause(await classic().call('GET', `/api/v1/policies?type=${type}`), 'type');
    }
  });

  it('accepts the same identity-engine types on the identity engine', async () => {
    for (const type of IE_ONLY_POLICY_TYPES) {
      expect((await emu().call('GET', `/api/v1/policies?type=${type}`)).status, type).toBe(200);
    }
  });

  it('creates classic types normally', async () => {
    const p = await createPolicy(classic());
    expect(p.priority).toBe(1);
    expect((await classic().call('DELETE', `/api/v1/policies/${p.id}`)).status).toBe(204);
  });
});
