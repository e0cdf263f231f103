// Every error the emulator core answers with: codes, statuses, the error body shape, the
// rate-limit headers, and paths that must not reach other routes.
import { describe, expect, it } from 'vitest';
import { POLICY_TYPES } from '../../src/rest/types.ts';
import { advanceDate, freezeDate } from '../helpers/clock.ts';
import { expectCauseNaming, type RestResponse, TOKEN, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
let n = 0;

const ERROR_KEYS = ['errorCauses', 'errorCode', 'errorId', 'errorLink', 'errorSummary'];

/** The spec's error body, and nothing that looks like a stack trace or a source location. */
function expectError(res: RestResponse, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(
    Object.keys(res.body)
      .filter((k) => k !== 'reason')
      .sort(),
  ).toEqual(ERROR_KEYS);
  expect(res.body.errorCode).toBe(code);
  expect(typeof res.body.errorSummary).toBe('string');
  expect(res.body.errorSummary.length).toBeGreaterThan(0);
  expect(typeof res.body.errorLink).toBe('string');
  expect(typeof res.body.errorId).toBe('string');
  expect(Array.isArray(res.body.errorCauses)).toBe(true);
  for (const cause of res.body.errorCauses) expect(Object.keys(cause)).toEqual(['errorSummary']);
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node:internal|Error:/);
}

/** A raw request, so that tests control the Authorization header and the body bytes exactly. */
async function raw(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
  on = emu(),
) {
  const res = await fetch(on.url + path, { method, headers: init.headers, body: init.body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined } as RestResponse;
}

async function policyOf(type: string, system: boolean, on = emu()) {
  const res = await on.call('GET', `/api/v1/policies?type=${type}&limit=200`);
  return res.body.find((p: { system: boolean }) => p.system === system);
}
async function systemRuleOf(policyId: string, on = emu()) {
  const res = await on.call('GET', `/api/v1/policies/${policyId}/rules`);
  return res.body.find((r: { system: boolean }) => r.system);
}
async function newPasswordPolicy() {
  const res = await emu().call('POST', '/api/v1/policies', { type: 'PASSWORD', name: `errors policy ${++n}` });
  expect(res.status).toBe(200);
  return res.body;
}

describe('400 E0000001 validation failed', () => {
  it('names every missing required field in its own cause', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {});
    expectError(res, 400, 'E0000001');
    expectCauseNaming(res, 'type');
    expectCauseNaming(res, 'name');
    expect(res.body.errorSummary).toContain('type');
  });

  it('names a field with a bad enum value or a wrong JSON type', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {
      type: 'PASSWORD',
      name: 'x',
      status: 'SLEEPING',
      priority: 'first',
    });
    expectError(res, 400, 'E0000001');
    expectCauseNaming(res, 'status');
    expectCauseNaming(res, 'priority');
  });

  it('names nested fields by their dotted path', async () => {
    const p = await newPasswordPolicy();
    const res = await emu().call('POST', `/api/v1/policies/${p.id}/rules`, {
      type: 'PASSWORD',
      name: 'r',
      actions: { passwordChange: { access: 'MAYBE' } },
    });
    expectError(res, 400, 'E0000001');
    expectCauseNaming(res, 'actions.passwordChange.access');
  });

  it('rejects a body that is valid JSON but not an object', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await emu().call('POST', '/api/v1/policies', body);
      expectError(res, 400, 'E0000001');
    }
  });

  it('rejects a rule type that does not belong to the policy', async () => {
    const p = await newPasswordPolicy();
    const res = await emu().call('POST', `/api/v1/policies/${p.id}/rules`, { type: 'SIGN_ON', name: 'wrong type' });
    expectError(res, 400, 'E0000001');
    expectCauseNaming(res, 'type');
  });

  it('answers bad input of odd shapes with a 400, never a 500', async () => {
    const bodies = [
      { type: 'PASSWORD', name: 'odd', settings: 'strings everywhere' },
      { type: 'PASSWORD', name: 'odd', conditions: [1, 2, 3] },
      { type: ['PASSWORD'], name: { first: 'x' } },
      { type: 'PASSWORD', name: 'odd', settings: { password: { complexity: { minLength: { deep: [null] } } } } },
      JSON.parse('{"__proto__": {"polluted": true}, "type": "PASSWORD"}'),
    ];
    for (const body of bodies) {
      const res = await emu().call('POST', '/api/v1/policies', JSON.stringify(body));
      expectError(res, 400, 'E0000001');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('400 E0000003 malformed JSON', () => {
  it('answers a body that is not JSON, naming no internals', async () => {
    for (const body of ['{"type": "PASSWORD",', '{type: PASSWORD}', 'not json at all']) {
      const res = await emu().call('POST', '/api/v1/policies', body);
      expectError(res, 400, 'E0000003');
    }
  });

  it('applies to every operation with a body', async () => {
    const p = await newPasswordPolicy();
    expectError(await emu().call('PUT', `/api/v1/policies/${p.id}`, '{'), 400, 'E0000003');
    expectError(await emu().call('POST', `/api/v1/policies/${p.id}/rules`, '{'), 400, 'E0000003');
    expectError(await emu().call('POST', '/api/v1/meta/types/user', '{'), 400, 'E0000003');
  });
});

describe('413 oversized body', () => {
  it('refuses a body over 1 MiB and closes that connection, so that later requests still work', async () => {
    const big = JSON.stringify({ type: 'PASSWORD', name: 'x'.repeat(2 * 1024 * 1024) });
    for (let round = 0; round < 2; round++) {
      const res = await emu().call('POST', '/api/v1/policies', big);
      expectError(res, 413, 'E0000003');
      expect(res.headers.get('connection')).toBe('close');
      for (let i = 0; i < 4; i++) expect((await emu().call('GET', '/api/v1/meta/types/user')).status).toBe(200);
    }
  });
});

describe('401 E0000011 authentication', () => {
  it('refuses a missing Authorization header', async () => {
    expectError(await raw('GET', '/api/v1/policies?type=PASSWORD'), 401, 'E0000011');
  });

  it('refuses a wrong token, a wrong scheme and a bare token', async () => {
    for (const authorization of [
      `SSWS wrong-${TOKEN}`,
      `Basic ${TOKEN}`,
      TOKEN,
      `SSWS`,
      `SSWS `,
      `Bearer ${TOKEN}x`,
      `SSWS${TOKEN}`,
      `Token ${TOKEN}`,
    ]) {
      const res = await raw('GET', '/api/v1/policies?type=PASSWORD', { headers: { authorization } });
      expectError(res, 401, 'E0000011');
    }
  });

  it('refuses the API token with the Bearer scheme (Bearer carries access tokens): 401 invalid_token', async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER  ${TOKEN}`]) {
      const res = await raw('GET', '/api/v1/policies?type=PASSWORD', { headers: { authorization } });
      expectError(res, 401, 'E0000011');
      expect(res.headers.get('www-authenticate'), authorization).toMatch(/^Bearer .*error="invalid_token"/);
    }
  });

  it('reads the scheme case-insensitively and allows more than one space before the token, as HTTP does', async () => {
    for (const authorization of [`ssws ${TOKEN}`, `SsWs ${TOKEN}`, `SSWS  ${TOKEN}`]) {
      const res = await raw('GET', '/api/v1/policies?type=PASSWORD', { headers: { authorization } });
      expect(res.status, authorization).toBe(200);
    }
  });

  it('checks the token before anything else: unknown paths and writes are 401 without it', async () => {
    expectError(await raw('GET', '/api/v1/no/such/path'), 401, 'E0000011');
    const before = (await emu().call('GET', '/api/v1/meta/types/user')).body.length;
    const res = await raw('POST', '/api/v1/meta/types/user', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sneaky', displayName: 'Sneaky' }),
    });
    expectError(res, 401, 'E0000011');
    expect((await emu().call('GET', '/api/v1/meta/types/user')).body.length).toBe(before);
  });

  describe('with another token', () => {
    const other = useEmulator({ token: 'another-token' });

    it('accepts the configured token only', async () => {
      expectError(
        await raw('GET', '/api/v1/meta/types/user', { headers: { authorization: `SSWS ${TOKEN}` } }, other()),
        401,
        'E0000011',
      );
      expect(
        (await raw('GET', '/api/v1/meta/types/user', { headers: { authorization: 'SSWS another-token' } }, other()))
          .status,
      ).toBe(200);
    });
  });
});

describe('403 E0000006 forbidden operations on system objects', () => {
  it('refuses to delete any system policy, which stays', async () => {
    for (const type of POLICY_TYPES) {
      const p = await policyOf(type, true);
      expectError(await emu().call('DELETE', `/api/v1/policies/${p.id}`), 403, 'E0000006');
      expect((await emu().call('GET', `/api/v1/policies/${p.id}`)).status).toBe(200);
    }
  });

  it('refuses to deactivate a system policy, which stays active', async () => {
    const p = await policyOf('PASSWORD', true);
    expectError(await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`), 403, 'E0000006');
    expect((await emu().call('GET', `/api/v1/policies/${p.id}`)).body.status).toBe('ACTIVE');
  });

  it('refuses to delete or deactivate a system rule, which stays active', async () => {
    const p = await policyOf('PLATFORM_SIGN_ON', true);
    const r = await systemRuleOf(p.id);
    expectError(await emu().call('DELETE', `/api/v1/policies/${p.id}/rules/${r.id}`), 403, 'E0000006');
    expectError(
      await emu().call('POST', `/api/v1/policies/${p.id}/rules/${r.id}/lifecycle/deactivate`),
      403,
      'E0000006',
    );
    const after = await emu().call('GET', `/api/v1/policies/${p.id}/rules/${r.id}`);
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('ACTIVE');
  });

  it('refuses to delete the default rule of a non-default authentication policy', async () => {
    const created = await emu().call('POST', '/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: `errors access ${++n}`,
      description: 'd',
    });
    const r = await systemRuleOf(created.body.id);
    expectError(await emu().call('DELETE', `/api/v1/policies/${created.body.id}/rules/${r.id}`), 403, 'E0000006');
  });

  it('refuses any edit of a default rule on the classic engine', async () => {
    const p = await policyOf('PASSWORD', true, classic());
    const r = await systemRuleOf(p.id, classic());
    const res = await classic().call('PUT', `/api/v1/policies/${p.id}/rules/${r.id}`, {
      type: 'PASSWORD',
      name: 'edited default',
    });
    expectError(res, 403, 'E0000006');
    expect((await classic().call('GET', `/api/v1/policies/${p.id}/rules/${r.id}`)).body.name).toBe(r.name);
  });

  it('refuses edits of the read-only IdP discovery default rule on the identity engine', async () => {
    const p = await policyOf('IDP_DISCOVERY', true);
    const r = await systemRuleOf(p.id);
    const res = await emu().call('PUT', `/api/v1/policies/${p.id}/rules/${r.id}`, { ...r, name: 'edited' });
    expectError(res, 403, 'E0000006');
  });
});

describe('404 E0000007 not found', () => {
  it('answers unknown policy, rule and user type ids', async () => {
    const p = await newPasswordPolicy();
    const cases: [string, string][] = [
      ['GET', '/api/v1/policies/00pdoesnotexist'],
      ['PUT', '/api/v1/policies/00pdoesnotexist'],
      ['DELETE', '/api/v1/policies/00pdoesnotexist'],
      ['POST', '/api/v1/policies/00pdoesnotexist/lifecycle/activate'],
      ['POST', '/api/v1/policies/00pdoesnotexist/clone'],
      ['GET', '/api/v1/policies/00pdoesnotexist/rules'],
      ['GET', '/api/v1/policies/00pdoesnotexist/app'],
      ['GET', `/api/v1/policies/${p.id}/rules/0prdoesnotexist`],
      ['DELETE', `/api/v1/policies/${p.id}/rules/0prdoesnotexist`],
      ['POST', `/api/v1/policies/${p.id}/rules/0prdoesnotexist/lifecycle/deactivate`],
      ['GET', '/api/v1/meta/types/user/otydoesnotexist'],
      ['DELETE', '/api/v1/meta/types/user/otydoesnotexist'],
      ['PUT', `/api/v1/apps/0oadoesnotexist/policies/${p.id}`],
    ];
    for (const [method, path] of cases) {
      const res = await emu().call(method, path, method === 'PUT' ? { type: 'PASSWORD', name: 'x' } : undefined);
      expectError(res, 404, 'E0000007');
    }
  });

  it('finds a rule only under its own policy', async () => {
    const a = await newPasswordPolicy();
    const b = await newPasswordPolicy();
    const r = await emu().call('POST', `/api/v1/policies/${a.id}/rules`, { type: 'PASSWORD', name: 'owned by a' });
    expectError(await emu().call('GET', `/api/v1/policies/${b.id}/rules/${r.body.id}`), 404, 'E0000007');
    expectError(await emu().call('DELETE', `/api/v1/policies/${b.id}/rules/${r.body.id}`), 404, 'E0000007');
    expect((await emu().call('GET', `/api/v1/policies/${a.id}/rules/${r.body.id}`)).status).toBe(200);
  });

  it('answers unknown paths, including paths outside /api/v1', async () => {
    for (const path of [
      '/api/v1/nothing',
      '/api/v2/policies',
      '/',
      '/api/v1/policies/x/rules/y/z',
      '/api/v1/meta/types/group',
    ]) {
      expectError(await emu().call('GET', path), 404, 'E0000007');
    }
  });

  it('never lets an id path segment reach another route or object', async () => {
    const p = await newPasswordPolicy();
    const types = (await emu().call('GET', '/api/v1/meta/types/user')).body;
    const paths = [
      `/api/v1/policies/..%2F..%2Fmeta%2Ftypes%2Fuser`,
      `/api/v1/policies/${p.id}%2Frules`,
      `/api/v1/policies/${p.id}%2F..%2F..%2Fmeta%2Ftypes%2Fuser%2F${types[0].id}`,
      `/api/v1/meta/types/user/..%2F..%2F..%2Fpolicies%2F${p.id}`,
      `/api/v1/policies/${p.id}/rules/..%2F..%2F${p.id}`,
      '/api/v1/policies/__proto__',
      '/api/v1/policies/constructor',
      '/api/v1/policies/constructor/rules',
      '/api/v1/policies/hasOwnProperty/app',
      '/api/v1/meta/types/user/__proto__',
      '/api/v1/policies/%E0%A4%A',
    ];
    for (const path of paths) {
      const res = await emu().call('GET', path);
      expectError(res, 404, 'E0000007');
    }
    const del = await emu().call('DELETE', `/api/v1/policies/${p.id}%2Frules`);
    expectError(del, 404, 'E0000007');
    expect((await emu().call('GET', `/api/v1/policies/${p.id}`)).status).toBe(200);
  });
});

describe('405 method not allowed', () => {
  it('answers a known path with an unsupported method, listing the allowed ones in Allow', async () => {
    const p = await newPasswordPolicy();
    const cases: [string, string, string[]][] = [
      ['PATCH', `/api/v1/policies/${p.id}`, ['GET', 'PUT', 'DELETE']],
      ['DELETE', '/api/v1/policies', ['GET', 'POST']],
      ['GET', `/api/v1/policies/${p.id}/lifecycle/activate`, ['POST']],
      ['PUT', `/api/v1/policies/${p.id}/rules`, ['GET', 'POST']],
      ['DELETE', '/api/v1/meta/types/user', ['GET', 'POST']],
      ['GET', `/api/v1/apps/0oa1portal/policies/${p.id}`, ['PUT']],
    ];
    for (const [method, path, allowed] of cases) {
      const res = await emu().call(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expectError(res, 405, 'E0000022');
      expect(res.headers.get('allow')?.split(/,\s*/).sort(), `${method} ${path}`).toEqual([...allowed].sort());
    }
  });
});

describe('rate limiting and X-Rate-Limit headers', () => {
  it('sends X-Rate-Limit-Limit, -Remaining and -Reset on every API response, errors included', async () => {
    const p = await newPasswordPolicy();
    const responses = [
      await emu().call('GET', `/api/v1/policies/${p.id}`),
      await emu().call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`),
      await emu().call('POST', '/api/v1/policies', {}),
      await emu().call('GET', '/api/v1/policies/00pnope'),
      await emu().call('PATCH', '/api/v1/policies'),
      await raw('GET', '/api/v1/meta/types/user'),
      await emu().call('POST', '/api/v1/policies', '{'),
    ];
    for (const res of responses) {
      expect(res.headers.get('x-rate-limit-limit'), String(res.status)).toMatch(/^\d+$/);
      expect(res.headers.get('x-rate-limit-remaining'), String(res.status)).toMatch(/^\d+$/);
      expect(res.headers.get('x-rate-limit-reset'), String(res.status)).toMatch(/^\d+$/);
    }
  });

  describe('with a limit of 3 per minute', () => {
    const limited = useEmulator({ rateLimitPerMinute: 3 });

    it('counts down Remaining, answers 429 E0000047 past the limit, and tells when the window resets', async () => {
      // Freeze the clock at the start of a minute so the fixed window cannot roll over mid-test.
      const minute = Math.ceil(Date.now() / 60_000) * 60_000;
      freezeDate(minute + 1_000);
      const seen: RestResponse[] = [];
      for (let i = 0; i < 3; i++) seen.push(await limited().call('GET', '/api/v1/meta/types/user'));
      expect(seen.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(seen.map((r) => r.headers.get('x-rate-limit-remaining'))).toEqual(['2', '1', '0']);
      for (const r of seen) expect(r.headers.get('x-rate-limit-limit')).toBe('3');

      const over = await limited().call('GET', '/api/v1/meta/types/user');
      expectError(over, 429, 'E0000047');
      expect(over.headers.get('x-rate-limit-limit')).toBe('3');
      expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
      const reset = Number(over.headers.get('x-rate-limit-reset'));
      expect(reset).toBe((minute + 60_000) / 1000);
      expect(Number(over.headers.get('retry-after'))).toBe(59);

      // The limit covers writes too: nothing is created while limited.
      const write = await limited().call('POST', '/api/v1/meta/types/user', {
        name: 'Limited',
        displayName: 'Limited',
      });
      expectError(write, 429, 'E0000047');

      // A new window serves again.
      advanceDate(60_000);
      const next = await limited().call('GET', '/api/v1/meta/types/user');
      expect(next.status).toBe(200);
      expect(next.body.some((t: { name: string }) => t.name === 'Limited')).toBe(false);
      expect(next.headers.get('x-rate-limit-remaining')).toBe('2');
    });
  });

  it('does not limit without a configured limit', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => emu().call('GET', '/api/v1/meta/types/user')));
    expect(results.every((r) => r.status === 200)).toBe(true);
  });
});

describe('error body', () => {
  it('gives every error a fresh errorId', async () => {
    const a = await emu().call('GET', '/api/v1/policies/00pnope');
    const b = await emu().call('GET', '/api/v1/policies/00pnope');
    expect(a.body.errorId).not.toBe(b.body.errorId);
  });

  it('answers errors as JSON', async () => {
    const res = await emu().call('GET', '/api/v1/policies/00pnope');
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
