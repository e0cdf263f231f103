// Wire shapes of the emulator: every field of policies, rules and user types, the timestamp and id
// formats, and `_links` exactly as the spec lists them.
import { describe, expect, it } from 'vitest';
import { POLICY_TYPES } from '../../src/rest/types.ts';
import { advanceDate, freezeDate } from '../helpers/clock.ts';
import { createPolicy, createRule, defaultPolicyOf, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
let n = 0;

const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const POLICY_KEYS = [
  'id',
  'type',
  'name',
  'system',
  'description',
  'priority',
  'status',
  'conditions',
  'created',
  'lastUpdated',
  '_links',
];
const RULE_KEYS = [
  'id',
  'type',
  'name',
  'status',
  'priority',
  'system',
  'created',
  'lastUpdated',
  'conditions',
  'actions',
  '_links',
];
const USER_TYPE_KEYS = [
  'id',
  'displayName',
  'name',
  'description',
  'createdBy',
  'lastUpdatedBy',
  'default',
  'created',
  'lastUpdated',
  '_links',
];

/** Link hrefs are absolute URLs into this emulator; returns the path part. */
function pathOf(href: string): string {
  expect(href.startsWith(`${emu().url}/api/v1/`)).toBe(true);
  return href.slice(emu().url.length);
}

describe('policy shape', () => {
  it('returns every field of the Policy object, with the spec defaults on create', async () => {
    const name = `wire policy ${++n}`;
    const p = await createPolicy(emu(), { name, description: undefined });
    expect(Object.keys(p).sort()).toEqual([...POLICY_KEYS, 'settings'].sort());
    expect(p.type).toBe('PASSWORD');
    expect(p.name).toBe(name);
    expect(p.system).toBe(false);
    expect(p.description).toBeNull();
    expect(p.status).toBe('ACTIVE');
    expect(p.conditions).toBeNull();
    expect(typeof p.priority).toBe('number');
    expect(p.settings.password.complexity.minLength).toBe(8);
  });

  it('ignores read-only members sent by the client (id, system, created, _links)', async () => {
    const p = await createPolicy(emu(), {
      id: '00pchosenbyclient',
      system: true,
      created: '2000-01-01T00:00:00.000Z',
      lastUpdated: '2000-01-01T00:00:00.000Z',
      _links: { self: { href: 'http://elsewhere/' } },
    });
    expect(p.id).not.toBe('00pchosenbyclient');
    expect(p.system).toBe(false);
    expect(p.created).not.toBe('2000-01-01T00:00:00.000Z');
    expect(p._links.self.href).toBe(`${emu().url}/api/v1/policies/${p.id}`);
  });

  it('gives a global session policy no settings member', async () => {
    const res = await emu().call('POST', '/api/v1/policies', { type: 'PLATFORM_SIGN_ON', name: `wire session ${++n}` });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...POLICY_KEYS].sort());
  });

  it('has a default system policy of every policy type, with system true and the full shape', async () => {
    for (const type of POLICY_TYPES) {
      const res = await emu().call('GET', `/api/v1/policies?type=${type}`);
      expect(res.status).toBe(200);
      const system = res.body.filter((p: { system: boolean }) => p.system);
      expect(system, type).toHaveLength(1);
      for (const key of POLICY_KEYS) expect(system[0], `${type}.${key}`).toHaveProperty(key);
      expect(system[0].type).toBe(type);
      expect(system[0].status).toBe('ACTIVE');
    }
  });

  it('returns the same object from create, get and list', async () => {
    const created = await createPolicy(emu(), { description: 'same everywhere' });
    const got = await emu().call('GET', `/api/v1/policies/${created.id}`);
    expect(got.body).toEqual(created);
    const listed = await emu().call('GET', '/api/v1/policies?type=PASSWORD&limit=200');
    expect(listed.body.find((p: { id: string }) => p.id === created.id)).toEqual(created);
  });
});

describe('rule shape', () => {
  it('returns every field of the Rule object, with the spec defaults on create', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id);
    expect(Object.keys(r).sort()).toEqual([...RULE_KEYS].sort());
    expect(r.type).toBe('PASSWORD');
    expect(r.status).toBe('ACTIVE');
    expect(r.system).toBe(false);
    expect(r.conditions).toBeNull();
    expect(r.priority).toBe(1);
    expect(r.actions.passwordChange).toEqual({ access: 'DENY' });
  });

  it('marks only the default rule as system', async () => {
    const p = await defaultPolicyOf(emu(), 'PASSWORD');
    await createRule(emu(), p.id);
    const rules = (await emu().call('GET', `/api/v1/policies/${p.id}/rules`)).body;
    expect(rules.filter((r: { system: boolean }) => r.system)).toHaveLength(1);
    expect(rules[rules.length - 1].system).toBe(true);
    for (const r of rules) expect(Object.keys(r).sort()).toEqual([...RULE_KEYS].sort());
  });

  it('ignores a client-sent system flag and id on rules', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id, { system: true, id: '0prmine' });
    expect(r.system).toBe(false);
    expect(r.id).not.toBe('0prmine');
    expect((await emu().call('DELETE', `/api/v1/policies/${p.id}/rules/${r.id}`)).status).toBe(204);
  });
});

describe('timestamps and ids', () => {
  it('writes created and lastUpdated as ISO 8601 UTC with milliseconds; update moves only lastUpdated', async () => {
    freezeDate();
    const p = await createPolicy(emu());
    expect(p.created).toMatch(ISO_MS_UTC);
    expect(p.lastUpdated).toBe(p.created);
    advanceDate(1_000);
    const updated = await emu().call('PUT', `/api/v1/policies/${p.id}`, {
      type: 'PASSWORD',
      name: `${p.name} renamed`,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.created).toBe(p.created);
    expect(updated.body.lastUpdated).toMatch(ISO_MS_UTC);
    expect(Date.parse(updated.body.lastUpdated)).toBeGreaterThan(Date.parse(p.created));

    const r = await createRule(emu(), p.id);
    expect(r.created).toMatch(ISO_MS_UTC);
    advanceDate(1_000);
    const r2 = await emu().call('PUT', `/api/v1/policies/${p.id}/rules/${r.id}`, {
      type: 'PASSWORD',
      name: 'renamed rule',
    });
    expect(r2.body.created).toBe(r.created);
    expect(Date.parse(r2.body.lastUpdated)).toBeGreaterThan(Date.parse(r.created));
  });

  it('stamps timestamps close to the current time', async () => {
    const before = Date.now();
    const p = await createPolicy(emu());
    expect(Date.parse(p.created)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(p.created)).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('assigns opaque, unique, URL-safe ids, never derived from the name', async () => {
    const name = `twin ${++n}`;
    const a = await createPolicy(emu(), { name });
    const b = await createPolicy(emu(), { name });
    expect(a.id).not.toBe(b.id);
    expect(a.id).not.toContain('twin');
    const ids: string[] = [];
    for (const type of POLICY_TYPES) {
      for (const p of (await emu().call('GET', `/api/v1/policies?type=${type}&limit=200`)).body) {
        ids.push(p.id);
        for (const r of (await emu().call('GET', `/api/v1/policies/${p.id}/rules`)).body) ids.push(r.id);
      }
    }
    for (const t of (await emu().call('GET', '/api/v1/meta/types/user')).body) ids.push(t.id);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('policy _links', () => {
  it('offers deactivate (not activate) on an active policy, and activate (not deactivate) on an inactive one', async () => {
    const active = await createPolicy(emu());
    expect(Object.keys(active._links).sort()).toEqual(['deactivate', 'mappings', 'rules', 'self']);
    expect(active._links.deactivate).toEqual({
      href: `${emu().url}/api/v1/policies/${active.id}/lifecycle/deactivate`,
      hints: { allow: ['POST'] },
    });

    const inactive = await createPolicy(emu(), { status: 'INACTIVE' });
    expect(inactive.status).toBe('INACTIVE');
    expect(Object.keys(inactive._links).sort()).toEqual(['activate', 'mappings', 'rules', 'self']);
    expect(inactive._links.activate).toEqual({
      href: `${emu().url}/api/v1/policies/${inactive.id}/lifecycle/activate`,
      hints: { allow: ['POST'] },
    });
  });

  it('hints GET and POST on rules, and GET, PUT, DELETE on self of a non-system policy', async () => {
    const p = await createPolicy(emu());
    expect(p._links.self).toEqual({
      href: `${emu().url}/api/v1/policies/${p.id}`,
      hints: { allow: ['GET', 'PUT', 'DELETE'] },
    });
    expect(p._links.rules).toEqual({
      href: `${emu().url}/api/v1/policies/${p.id}/rules`,
      hints: { allow: ['GET', 'POST'] },
    });
  });

  it('allows no DELETE on the self link of a system policy, and offers no lifecycle link on it', async () => {
    for (const type of POLICY_TYPES) {
      const p = await defaultPolicyOf(emu(), type);
      expect(p._links.self.hints.allow, type).toEqual(['GET', 'PUT']);
      expect(p._links.activate, type).toBeUndefined();
      expect(p._links.deactivate, type).toBeUndefined();
      // The spec: "`rules` hints allow GET and POST" (a profile enrollment policy, full at its one
      // rule, too: the real service's example shows `POST, GET`).
      expect(p._links.rules.hints.allow, type).toEqual(['GET', 'POST']);
    }
  });

  it('omits the mappings link on entity risk and continuous access policies, as the spec examples show', async () => {
    for (const type of ['ENTITY_RISK', 'CONTINUOUS_ACCESS']) {
      const p = await defaultPolicyOf(emu(), type);
      expect(Object.keys(p._links).sort(), type).toEqual(['rules', 'self']);
    }
  });

  it('has links that lead where they say', async () => {
    const p = await createPolicy(emu());
    const self = await emu().call('GET', pathOf(p._links.self.href));
    expect(self.body.id).toBe(p.id);
    const rules = await emu().call('GET', pathOf(p._links.rules.href));
    expect(rules.status).toBe(200);
    expect(Array.isArray(rules.body)).toBe(true);
    // The mappings link advertises GET, and serves it: the resources mapped to the policy.
    expect(p._links.mappings.hints.allow).toEqual(['GET']);
    const mappings = await emu().call('GET', pathOf(p._links.mappings.href));
    expect(mappings.status).toBe(200);
    expect(mappings.body).toEqual([]);
    expect((await emu().call('POST', pathOf(p._links.deactivate.href))).status).toBe(204);
    const after = (await emu().call('GET', `/api/v1/policies/${p.id}`)).body;
    expect((await emu().call('POST', pathOf(after._links.activate.href))).status).toBe(204);
  });
});

describe('rule _links', () => {
  it('offers self with GET, PUT, DELETE and deactivate on an active non-system rule', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id);
    const self = `${emu().url}/api/v1/policies/${p.id}/rules/${r.id}`;
    expect(r._links).toEqual({
      self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
      deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
    });
  });

  it('offers activate instead of deactivate on an inactive rule', async () => {
    const p = await createPolicy(emu());
    const r = await createRule(emu(), p.id, { status: 'INACTIVE' });
    const self = `${emu().url}/api/v1/policies/${p.id}/rules/${r.id}`;
    expect(r._links).toEqual({
      self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
      activate: { href: `${self}/lifecycle/activate`, hints: { allow: ['POST'] } },
    });
  });

  it('allows no DELETE on the self link of a system rule', async () => {
    for (const type of POLICY_TYPES) {
      const p = await defaultPolicyOf(emu(), type);
      const rules = (await emu().call('GET', `/api/v1/policies/${p.id}/rules`)).body;
      const system = rules.find((r: { system: boolean }) => r.system);
      expect(system, type).toBeDefined();
      expect(Object.keys(system._links), type).toEqual(['self']);
      // The authenticator enrollment and IdP discovery default rules are read-only: no PUT is offered.
      const readOnly = type === 'MFA_ENROLL' || type === 'IDP_DISCOVERY';
      expect(system._links.self.hints.allow, type).toEqual(readOnly ? ['GET'] : ['GET', 'PUT']);
    }
  });
});

describe('user type shape', () => {
  it('returns every field of the User Type object with schema and self links (rel, href, method)', async () => {
    const res = await emu().call('POST', '/api/v1/meta/types/user', {
      name: `Wire${++n}`,
      displayName: 'Wire type',
      description: 'shape check',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const t = res.body;
    expect(Object.keys(t).sort()).toEqual([...USER_TYPE_KEYS].sort());
    expect(t.default).toBe(false);
    expect(t.created).toMatch(ISO_MS_UTC);
    expect(t.lastUpdated).toMatch(ISO_MS_UTC);
    expect(typeof t.createdBy).toBe('string');
    expect(t.createdBy.length).toBeGreaterThan(0);
    expect(t.lastUpdatedBy).toBe(t.createdBy);
    expect(Object.keys(t._links).sort()).toEqual(['schema', 'self']);
    expect(t._links.self).toEqual({ rel: 'self', href: `${emu().url}/api/v1/meta/types/user/${t.id}`, method: 'GET' });
    expect(t._links.schema.rel).toBe('schema');
    expect(t._links.schema.method).toBe('GET');
    expect(t._links.schema.href).toMatch(
      new RegExp(`^${emu().url.replace(/\./g, '\\.')}/api/v1/meta/schemas/user/[A-Za-z0-9_-]+$`),
    );
    expect((await emu().call('GET', pathOf(t._links.self.href))).body).toEqual(t);
    await emu().call('DELETE', `/api/v1/meta/types/user/${t.id}`);
  });

  it('gives every type its own schema link', async () => {
    const types = (await emu().call('GET', '/api/v1/meta/types/user')).body;
    const schemas = new Set(types.map((t: { _links: { schema: { href: string } } }) => t._links.schema.href));
    expect(schemas.size).toBe(types.length);
    for (const t of types) expect(Object.keys(t).sort()).toEqual([...USER_TYPE_KEYS].sort());
  });
});
