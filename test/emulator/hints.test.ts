// The `_links` hints never advertise what the service then refuses: on both engines, every method
// every link of every default policy and default rule advertises is tried, and succeeds. One
// exception, as the spec writes it: "`rules` hints allow GET and POST", on every policy (the real
// service's profile enrollment example shows `POST, GET`), so a POST over the rule limit is refused
// (400, naming the limit) although advertised.
import { describe, expect, it } from 'vitest';
import { POLICY_TYPES } from '../../src/rest/types.ts';
import { type TestEmulator, useEmulator } from '../helpers/emulator.ts';

interface Link {
  href: string;
  hints?: { allow: string[] };
}

/**
 * A new rule for a policy: its default rule's type, conditions and actions, which its engine accepts
 * (the default rule is the last one).
 */
async function newRuleOf(emu: TestEmulator, policy: any) {
  const { type, conditions, actions } = (await emu.call('GET', `/api/v1/policies/${policy.id}/rules`)).body.at(-1);
  return { type, name: 'New', ...(conditions && { conditions }), ...(actions && { actions }) };
}

/** Sends `method` to a link; PUT sends the object back as read, POST on `rules` a new rule. */
async function tryLink(emu: TestEmulator, name: string, link: Link, method: string, object: any) {
  const path = new URL(link.href).pathname;
  const body =
    method === 'PUT' ? object : method === 'POST' && name === 'rules' ? await newRuleOf(emu, object) : undefined;
  return emu.call(method, path, body);
}

async function tryEveryAdvertisedMethod(emu: TestEmulator, object: any, policyType: string): Promise<string[]> {
  const tried: string[] = [];
  for (const [name, link] of Object.entries(object._links as Record<string, Link>)) {
    for (const method of link.hints?.allow ?? []) {
      const res = await tryLink(emu, name, link, method, object);
      if (name === 'rules' && method === 'POST' && policyType === 'PROFILE_ENROLLMENT') {
        expect(res.status).toBe(400);
        expect(res.body.errorCauses).toEqual([
          { errorSummary: 'rules: a PROFILE_ENROLLMENT policy holds at most 1 rule(s)' },
        ]);
        tried.push(`${name}:${method} (over the limit)`);
        continue;
      }
      expect(res.status, `${method} ${name} of ${policyType} ${object.name}: ${JSON.stringify(res.body)}`).toBeLessThan(
        300,
      );
      tried.push(`${name}:${method}`);
    }
  }
  return tried;
}

for (const engine of ['IE', 'CLASSIC'] as const) {
  describe(`${engine} engine`, () => {
    const emulator = useEmulator({ engine });

    it('every advertised method on every default policy and default rule succeeds', async () => {
      const emu = emulator();
      const seen: string[] = [];
      for (const type of POLICY_TYPES) {
        const list = await emu.call('GET', `/api/v1/policies?type=${type}`);
        if (list.status !== 200) continue; // a type the engine does not have
        const policy = list.body.find((p: any) => p.system);
        seen.push(...(await tryEveryAdvertisedMethod(emu, policy, type)).map((m) => `${type} policy ${m}`));
        // Read after the policy's links were tried: a POST on `rules` renumbers the rules.
        const [rule] = (await emu.call('GET', `/api/v1/policies/${policy.id}/rules`)).body.filter((r: any) => r.system);
        seen.push(...(await tryEveryAdvertisedMethod(emu, rule, type)).map((m) => `${type} rule ${m}`));
      }
      // What the hints offer is what the service accepts.
      if (engine === 'IE') {
        expect(seen).toContain('PLATFORM_SIGN_ON rule self:PUT');
        expect(seen).not.toContain('MFA_ENROLL rule self:PUT');
        expect(seen).not.toContain('IDP_DISCOVERY rule self:PUT');
        expect(seen).toContain('PROFILE_ENROLLMENT policy rules:POST (over the limit)');
        expect(seen).toContain('ACCESS_POLICY policy mappings:GET');
        expect(seen).toContain('ENTITY_RISK policy rules:POST');
      } else {
        expect(seen.filter((m) => m.includes('rule self:PUT'))).toEqual([]);
        expect(seen).toContain('PASSWORD policy rules:POST');
      }
      expect(seen.filter((m) => m.endsWith(':DELETE'))).toEqual([]);
    });

    it('a policy mapped to applications does not advertise DELETE', async () => {
      if (engine !== 'IE') return;
      const emu = emulator();
      const policy = (
        await emu.call('POST', '/api/v1/policies', { type: 'ACCESS_POLICY', name: 'Mapped', description: 'x' })
      ).body;
      expect(policy._links.self.hints.allow).toContain('DELETE');
      await emu.call('PUT', `/api/v1/apps/0oa1portal/policies/${policy.id}`);
      const mapped = (await emu.call('GET', `/api/v1/policies/${policy.id}`)).body;
      expect(mapped._links.self.hints.allow).toEqual(['GET', 'PUT']);
      const mappings = await emu.call('GET', new URL(mapped._links.mappings.href).pathname);
      expect(mappings.body).toEqual([
        {
          id: 'rpm0oa1portal',
          // No self: the spec has no operation that reads one mapping, so no link leads to a 404.
          _links: {
            application: { href: `${emu.url}/api/v1/apps/0oa1portal` },
            policy: { href: mapped._links.self.href },
          },
        },
      ]);
      const policyLink = new URL(mappings.body[0]._links.policy.href);
      expect((await emu.call('GET', policyLink.pathname)).body.id).toBe(policy.id);
      expect((await emu.call('DELETE', `/api/v1/policies/${policy.id}`)).status).toBe(403);
    });
  });
}
