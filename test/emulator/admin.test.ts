// Admin endpoints for tests and benchmarks: the request counter keyed by method and path template,
// the reset to the start org, both outside /api/v1 behind the token and the emulator's own origin,
// and switchable off.
import { describe, expect, it } from 'vitest';
import { POLICY_TYPES } from '../../src/rest/types.ts';
import { TOKEN, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();

async function counts(on = emu()) {
  const res = await on.call('GET', '/__emulator/requests');
  expect(res.status).toBe(200);
  return res.body as { total: number; byRoute: Record<string, number> };
}
async function reset(on = emu()) {
  const res = await on.call('POST', '/__emulator/reset');
  expect(res.status).toBe(204);
}
const sum = (byRoute: Record<string, number>) => Object.values(byRoute).reduce((a, b) => a + b, 0);

/** Everything a client can read of the org, for before/after comparisons. */
async function snapshot(on = emu()) {
  const out: Record<string, unknown> = {};
  for (const type of POLICY_TYPES) {
    const policies = (await on.call('GET', `/api/v1/policies?type=${type}&limit=200`)).body;
    out[type] = policies;
    for (const p of policies) {
      out[`${p.id}/rules`] = (await on.call('GET', `/api/v1/policies/${p.id}/rules`)).body;
      out[`${p.id}/app`] = (await on.call('GET', `/api/v1/policies/${p.id}/app`)).body;
    }
  }
  out.userTypes = (await on.call('GET', '/api/v1/meta/types/user')).body;
  return out;
}

describe('GET /__emulator/requests', () => {
  it('starts at zero', async () => {
    expect(await counts()).toEqual({ total: 0, byRoute: {} });
  });

  it('counts API requests by method and the spec path template', async () => {
    const def = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body[0];
    await emu().call('GET', '/api/v1/policies?type=PLATFORM_SIGN_ON');
    for (let i = 0; i < 3; i++) await emu().call('GET', `/api/v1/policies/${def.id}/rules`);
    const rule = (await emu().call('POST', `/api/v1/policies/${def.id}/rules`, { type: 'PASSWORD', name: 'counted' }))
      .body;
    await emu().call('POST', `/api/v1/policies/${def.id}/rules/${rule.id}/lifecycle/deactivate`);
    await emu().call('GET', '/api/v1/meta/types/user/default');
    const c = await counts();
    expect(c.byRoute).toEqual({
      'GET /api/v1/policies': 2,
      'GET /api/v1/policies/{policyId}/rules': 3,
      'POST /api/v1/policies/{policyId}/rules': 1,
      'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/deactivate': 1,
      'GET /api/v1/meta/types/user/{typeId}': 1,
    });
    expect(c.total).toBe(8);
  });

  it('counts failed API requests too, and totals every request', async () => {
    await emu().call('GET', '/api/v1/policies/00pnope');
    await emu().call('POST', '/api/v1/policies', '{');
    await fetch(`${emu().url}/api/v1/meta/types/user`);
    await emu().call('GET', '/api/v1/not/a/route');
    const c = await counts();
    expect(c.total).toBe(4);
    expect(sum(c.byRoute)).toBe(4);
    expect(c.byRoute['GET /api/v1/policies/{policyId}']).toBe(1);
    expect(c.byRoute['POST /api/v1/policies']).toBe(1);
    expect(c.byRoute['GET /api/v1/meta/types/user']).toBe(1);
  });

  it('does not count its own requests', async () => {
    await counts();
    await counts();
    await reset();
    expect((await counts()).total).toBe(0);
  });

  it('counts concurrent requests exactly', async () => {
    await Promise.all(Array.from({ length: 40 }, () => emu().call('GET', '/api/v1/meta/types/user')));
    expect(await counts()).toEqual({ total: 40, byRoute: { 'GET /api/v1/meta/types/user': 40 } });
  });
});

describe('POST /__emulator/reset', () => {
  it('returns the org to its start state, fixture included, and zeroes the counters', async () => {
    const start = await snapshot();
    const session = (
      await emu().call('POST', '/api/v1/policies', { type: 'PLATFORM_SIGN_ON', name: 'Temporary', priority: 1 })
    ).body;
    const access = (
      await emu().call('POST', '/api/v1/policies', { type: 'ACCESS_POLICY', name: 'Apps', description: 'd' })
    ).body;
    await emu().call('PUT', `/api/v1/apps/0oa1portal/policies/${access.id}`);
    const defPassword = (await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body.find(
      (p: { system: boolean }) => p.system,
    );
    await emu().call('POST', `/api/v1/policies/${defPassword.id}/rules`, { type: 'PASSWORD', name: 'Extra' });
    await emu().call('PUT', `/api/v1/policies/${defPassword.id}`, {
      type: 'PASSWORD',
      name: 'Renamed default',
      description: 'changed',
    });
    await emu().call('POST', '/api/v1/meta/types/user', { name: 'Temporary', displayName: 'Temporary' });
    await emu().call('POST', '/api/v1/meta/types/user/default', { displayName: 'Changed' });
    expect(await snapshot()).not.toEqual(start);
    expect((await counts()).total).toBeGreaterThan(0);

    await reset();
    expect(await counts()).toEqual({ total: 0, byRoute: {} });
    expect((await emu().call('GET', `/api/v1/policies/${session.id}`)).status).toBe(404);
    expect(await snapshot()).toEqual(start);
  });

  it('keeps the ids of the start org, so that ids read before a reset stay valid', async () => {
    const def = (await emu().call('GET', '/api/v1/policies?type=ACCESS_POLICY')).body[0];
    await reset();
    expect((await emu().call('GET', `/api/v1/policies/${def.id}`)).status).toBe(200);
  });

  it('gives back an org that works as a new one', async () => {
    await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Before' });
    await reset();
    const after = (await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'After' })).body;
    expect(after.priority).toBe(1);
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body).toHaveLength(2);
  });
});

describe('admin: false', () => {
  const closed = useEmulator({ admin: false });

  it('serves no counter and no reset: the paths are unknown API paths behind auth', async () => {
    expect((await fetch(`${closed().url}/__emulator/requests`)).status).toBe(401);
    const withToken = await fetch(`${closed().url}/__emulator/requests`, {
      headers: { authorization: `SSWS ${TOKEN}` },
    });
    expect(withToken.status).toBe(404);
    expect((await withToken.json()).errorCode).toBe('E0000007');
  });

  it('does not reset the org', async () => {
    const p = (await closed().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Survivor' })).body;
    expect((await fetch(`${closed().url}/__emulator/reset`, { method: 'POST' })).status).toBe(401);
    const withToken = await fetch(`${closed().url}/__emulator/reset`, {
      method: 'POST',
      headers: { authorization: `SSWS ${TOKEN}` },
    });
    expect(withToken.status).toBe(404);
    expect((await closed().call('GET', `/api/v1/policies/${p.id}`)).status).toBe(200);
  });
});

describe('admin paths', () => {
  it('answers 404 for an unknown admin path', async () => {
    const res = await emu().call('GET', '/__emulator/nothing');
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('E0000007');
  });

  it('answers 404 for the right path with the wrong method instead of acting', async () => {
    await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Stays' });
    expect((await emu().call('GET', '/__emulator/reset')).status).toBe(404);
    expect((await emu().call('POST', '/__emulator/requests')).status).toBe(404);
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD')).body).toHaveLength(2);
  });
});

describe('admin access', () => {
  const ADMIN = [
    ['GET', '/__emulator/requests'],
    ['POST', '/__emulator/reset'],
    ['GET', '/__emulator/health'],
    ['GET', '/__emulator/faults'],
    ['POST', '/__emulator/faults'],
    ['DELETE', '/__emulator/faults'],
  ] as const;

  it('needs the API token: 401 without it or with another one, in either scheme', async () => {
    for (const [method, path] of ADMIN) {
      for (const authorization of [undefined, 'SSWS wrong-token', `Basic ${TOKEN}`]) {
        const res = await fetch(emu().url + path, { method, headers: authorization ? { authorization } : {} });
        expect(res.status, `${method} ${path} ${authorization}`).toBe(401);
        expect((await res.json()).errorCode).toBe('E0000011');
      }
      const bearer = await fetch(emu().url + path, { method, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(bearer.status, `${method} ${path}`).not.toBe(401);
    }
  });

  it('refuses any other Origin with 403, even with the token', async () => {
    for (const [method, path] of ADMIN) {
      for (const origin of ['https://evil.example', 'null', emu().url.replace('127.0.0.1', 'localhost')]) {
        const res = await emu().call(method, path, undefined, { origin });
        expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
        expect(res.body.errorCode).toBe('E0000006');
      }
    }
  });

  it('accepts its own origin and requests without an Origin header', async () => {
    expect((await emu().call('GET', '/__emulator/requests', undefined, { origin: emu().url })).status).toBe(200);
    expect((await emu().call('GET', '/__emulator/requests')).status).toBe(200);
  });

  it('does not let a cross-site text/plain POST wipe the org, with or without the token', async () => {
    const p = (await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Not wiped' })).body;
    await emu().setFaults({ latencyMs: 1 });
    for (const authorization of [undefined, `SSWS ${TOKEN}`]) {
      for (const path of ['/__emulator/reset', '/__emulator/faults']) {
        const res = await fetch(emu().url + path, {
          method: path.endsWith('faults') ? 'DELETE' : 'POST',
          headers: {
            origin: 'https://evil.example',
            'content-type': 'text/plain',
            ...(authorization ? { authorization } : {}),
          },
          body: path.endsWith('faults') ? undefined : 'x',
        });
        expect(res.status).toBe(403);
      }
    }
    expect((await emu().call('GET', `/api/v1/policies/${p.id}`)).status).toBe(200);
    expect((await emu().call('GET', '/__emulator/faults')).body.latencyMs).toBe(1);
    expect((await counts()).total).toBeGreaterThan(0);
  });
});
