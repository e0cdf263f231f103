// POST /api/v1/policies/simulate over HTTP against a running emulator with the built-in fixture:
// policies and rules created through the API decide what the simulation reports.
import { describe, expect, it } from 'vitest';
import type { ErrorBody, PolicyTypeEvaluation, SimulatedPolicy, SimulationResponse } from '../../src/rest/types.ts';
import { useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();

const ENGINEERING = '00g1engineering';
const ADMINS = '00g3admins';
const OFFICE = 'nzo1office';

const signon = (access: 'ALLOW' | 'DENY') =>
  access === 'ALLOW' ? { signon: { access, primaryFactor: 'PASSWORD_IDP_ANY_FACTOR' } } : { signon: { access } };

async function created(path: string, body: unknown): Promise<any> {
  const res = await emu().call('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A global session policy for engineers in the office, with a rule for admins above a rule for everyone. */
async function engineeringOnSite() {
  const policy = await created('/api/v1/policies', {
    type: 'PLATFORM_SIGN_ON',
    name: 'Engineering on site',
    priority: 1,
    conditions: {
      people: { groups: { include: [ENGINEERING], exclude: [] } },
      network: { connection: 'ZONE', include: [OFFICE] },
    },
  });
  const admins = await created(`/api/v1/policies/${policy.id}/rules`, {
    type: 'SIGN_ON',
    name: 'Admins are denied',
    priority: 1,
    conditions: { people: { groups: { include: [ADMINS], exclude: [] } } },
    actions: signon('DENY'),
  });
  const everyone = await created(`/api/v1/policies/${policy.id}/rules`, {
    type: 'SIGN_ON',
    name: 'Engineers are allowed',
    priority: 2,
    actions: signon('ALLOW'),
  });
  return { policy, admins, everyone };
}

async function simulate(body: unknown, expand: string[] = []) {
  const query = expand.length ? `?${expand.map((e) => `expand=${e}`).join('&')}` : '';
  // Typed for both outcomes: a 200 carries the evaluation, a 4xx the error body.
  return emu().call<SimulationResponse & ErrorBody>('POST', `/api/v1/policies/simulate${query}`, body);
}

async function evaluationOf(
  policyContext: unknown,
  policyTypes: string[] = ['PLATFORM_SIGN_ON'],
  expand: string[] = [],
  appInstance = '0oa1portal',
) {
  const res = await simulate({ appInstance, policyTypes, policyContext }, expand);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.evaluation;
}

const names = (policies: SimulatedPolicy[]) =>
  policies.map((p) => `${p.name} / ${p.rules.map((r) => r.name).join(', ')}`);
const picture = (e: PolicyTypeEvaluation) => ({
  result: names(e.result.policies),
  undefined: names(e.undefined.policies),
  evaluated: names(e.evaluated.policies),
});

describe('global session policy with group and network conditions', () => {
  it.each([
    {
      who: 'an engineer in the office',
      context: { user: { id: '00u1alice' }, ip: '10.1.2.3' },
      result: 'Engineering on site / Engineers are allowed',
    },
    {
      who: 'an engineer in the office range',
      context: { user: { id: '00u1alice' }, ip: '192.168.1.5' },
      result: 'Engineering on site / Engineers are allowed',
    },
    {
      who: 'an admin engineer in the office',
      context: { user: { id: '00u3carol' }, ip: '10.1.2.3' },
      result: 'Engineering on site / Admins are denied',
    },
    {
      who: 'an engineer outside the office',
      context: { user: { id: '00u1alice' }, ip: '8.8.8.8' },
      result: 'Default Policy / Default Rule',
    },
    {
      who: 'an engineer on the VPN (IPv6)',
      context: { user: { id: '00u1alice' }, ip: '2001:db8::1' },
      result: 'Default Policy / Default Rule',
    },
    {
      who: 'a salesman in the office',
      context: { user: { id: '00u2bob' }, ip: '10.1.2.3' },
      result: 'Default Policy / Default Rule',
    },
    {
      who: 'the engineering group in the office zone',
      context: { groups: { ids: [ENGINEERING] }, zones: { ids: [OFFICE] } },
      result: 'Engineering on site / Engineers are allowed',
    },
  ])('$who gets $result', async ({ context, result }) => {
    await engineeringOnSite();
    const [entry] = await evaluationOf(context);
    expect(entry.policyType).toBe('PLATFORM_SIGN_ON');
    expect(entry.status).toBeNull();
    expect(names(entry.result.policies)).toEqual([result]);
    expect(entry.result.policies[0].status).toBe('MATCH');
    expect(entry.result.policies[0].rules[0].status).toBe('MATCH');
  });

  it('returns the ids of the matched policy and rule', async () => {
    const { policy, everyone } = await engineeringOnSite();
    const [entry] = await evaluationOf({ user: { id: '00u1alice' }, ip: '10.1.2.3' });
    expect(entry.result.policies).toEqual([
      {
        id: policy.id,
        name: 'Engineering on site',
        status: 'MATCH',
        conditions: [],
        rules: [{ id: everyone.id, name: 'Engineers are allowed', status: 'MATCH', conditions: [] }],
      },
    ]);
    expect(entry.undefined.policies).toEqual([]);
    expect(entry.evaluated.policies).toEqual([]);
  });

  it('says why a policy did not match with expand=EVALUATED and expand=RULE', async () => {
    const { policy } = await engineeringOnSite();
    const [entry] = await evaluationOf(
      { user: { id: '00u1alice' }, ip: '8.8.8.8' },
      ['PLATFORM_SIGN_ON'],
      ['EVALUATED', 'RULE'],
    );
    expect(entry.evaluated.policies).toEqual([
      {
        id: policy.id,
        name: 'Engineering on site',
        status: 'NOT_MATCH',
        conditions: [
          { type: 'people.groups.include', status: 'MATCH' },
          { type: 'network.include', status: 'NOT_MATCH' },
        ],
        rules: [],
      },
    ]);
    expect(names(entry.result.policies)).toEqual(['Default Policy / Default Rule']);
  });

  it('lists the rules passed over before the winner with expand=EVALUATED', async () => {
    await engineeringOnSite();
    const [entry] = await evaluationOf(
      { user: { id: '00u1alice' }, ip: '10.1.2.3' },
      ['PLATFORM_SIGN_ON'],
      ['EVALUATED', 'RULE'],
    );
    expect(entry.result.policies[0].rules).toEqual([
      {
        id: expect.any(String),
        name: 'Admins are denied',
        status: 'NOT_MATCH',
        conditions: [{ type: 'people.groups.include', status: 'NOT_MATCH' }],
      },
      { id: expect.any(String), name: 'Engineers are allowed', status: 'MATCH', conditions: [] },
    ]);
  });

  it('reports the policy as undefined when the context gives no network data', async () => {
    await engineeringOnSite();
    const [entry] = await evaluationOf({ user: { id: '00u1alice' } }, ['PLATFORM_SIGN_ON'], ['RULE']);
    expect(picture(entry)).toEqual({
      result: ['Default Policy / Default Rule'],
      undefined: ['Engineering on site / Engineers are allowed'],
      evaluated: [],
    });
    expect(entry.undefined.policies[0].status).toBe('UNDEFINED');
    expect(entry.undefined.policies[0].conditions).toContainEqual({ type: 'network.include', status: 'UNDEFINED' });
  });

  it('follows lifecycle changes: inactive policies and rules are not evaluated', async () => {
    const { policy, admins } = await engineeringOnSite();
    const carolInOffice = { user: { id: '00u3carol' }, ip: '10.1.2.3' };
    expect(
      (await emu().call('POST', `/api/v1/policies/${policy.id}/rules/${admins.id}/lifecycle/deactivate`)).status,
    ).toBe(204);
    expect(names((await evaluationOf(carolInOffice))[0].result.policies)).toEqual([
      'Engineering on site / Engineers are allowed',
    ]);
    expect((await emu().call('POST', `/api/v1/policies/${policy.id}/lifecycle/deactivate`)).status).toBe(204);
    expect(picture((await evaluationOf(carolInOffice, ['PLATFORM_SIGN_ON'], ['EVALUATED']))[0])).toEqual({
      result: ['Default Policy / Default Rule'],
      undefined: [],
      evaluated: [],
    });
  });

  it('follows priority changes', async () => {
    const { policy } = await engineeringOnSite();
    const second = await created('/api/v1/policies', {
      type: 'PLATFORM_SIGN_ON',
      name: 'Everyone',
      priority: 1,
      conditions: { people: { groups: { include: [ENGINEERING], exclude: [] } } },
    });
    await created(`/api/v1/policies/${second.id}/rules`, {
      type: 'SIGN_ON',
      name: 'Everyone allowed',
      actions: signon('ALLOW'),
    });
    const aliceInOffice = { user: { id: '00u1alice' }, ip: '10.1.2.3' };
    expect(names((await evaluationOf(aliceInOffice))[0].result.policies)).toEqual(['Everyone / Everyone allowed']);
    const moved = await emu().call('PUT', `/api/v1/policies/${policy.id}`, { ...policy, priority: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(names((await evaluationOf(aliceInOffice))[0].result.policies)).toEqual([
      'Engineering on site / Engineers are allowed',
    ]);
  });
});

describe('authentication policies mapped to apps', () => {
  async function consolePolicy() {
    const policy = await created('/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: 'Console access',
      description: 'Admins only',
    });
    await created(`/api/v1/policies/${policy.id}/rules`, {
      type: 'ACCESS_POLICY',
      name: 'Admins',
      conditions: { people: { groups: { include: [ADMINS], exclude: [] } } },
      actions: {
        appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA', constraints: [] } },
      },
    });
    const mapped = await emu().call('PUT', `/api/v1/apps/0oa3console/policies/${policy.id}`);
    expect(mapped.status).toBe(204);
    return policy;
  }

  it.each([
    { app: '0oa3console', user: '00u3carol', result: 'Console access / Admins' },
    { app: '0oa3console', user: '00u1alice', result: 'Console access / Admins, Catch-all Rule' },
    { app: '0oa1portal', user: '00u3carol', result: 'Default Policy / Catch-all Rule' },
  ])('$app for $user: $result', async ({ app, user, result }) => {
    await consolePolicy();
    const [entry] = await evaluationOf({ user: { id: user } }, ['ACCESS_POLICY'], ['EVALUATED'], app);
    expect(picture(entry)).toEqual({ result: [result], undefined: [], evaluated: [] });
  });
});

describe('request and response shape', () => {
  it('evaluates all four simulation types when policyTypes is absent', async () => {
    const res = await simulate({ appInstance: '0oa1portal', policyContext: { user: { id: '00u4dave' } } });
    expect(res.status).toBe(200);
    const evaluation = res.body.evaluation;
    expect(evaluation.map((e) => e.policyType)).toEqual([
      'PLATFORM_SIGN_ON',
      'MFA_ENROLL',
      'PROFILE_ENROLLMENT',
      'ACCESS_POLICY',
    ]);
    for (const e of evaluation) expect(e.result.policies.map((p) => p.name)).toEqual(['Default Policy']);
  });

  it.each([
    {
      name: 'no user and no groups',
      body: { appInstance: '0oa1portal', policyContext: { ip: '10.0.0.1' } },
      causes: ['policyContext: must give one of user.id or groups.ids'],
    },
    {
      name: 'ip and zones together, bad risk level',
      body: {
        appInstance: '0oa1portal',
        policyContext: {
          user: { id: '00u1alice' },
          ip: '10.0.0.1',
          zones: { ids: [OFFICE] },
          risk: { level: 'SEVERE' },
        },
      },
      causes: [
        'policyContext: must give only one of ip or zones.ids',
        'policyContext.risk.level: must be one of LOW, MEDIUM, HIGH',
      ],
    },
    {
      name: 'missing appInstance',
      body: { policyContext: { user: { id: '00u1alice' } } },
      causes: ['appInstance: is required'],
    },
    {
      name: 'unknown group',
      body: { appInstance: '0oa1portal', policyContext: { groups: { ids: ['00gnope'] } } },
      causes: ["policyContext.groups.ids[0]: group '00gnope' does not exist"],
    },
  ])('400 E0000001 for $name', async ({ body, causes }) => {
    const res = await simulate(body);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('E0000001');
    expect(res.body.errorCauses).toEqual(causes.map((errorSummary) => ({ errorSummary })));
  });

  it('words a body that is absent or not an object as every other operation does', async () => {
    for (const body of [undefined, ['0oa1portal'], 7]) {
      const simulated = await simulate(body);
      const created = await emu().call('POST', '/api/v1/policies', body);
      expect([simulated.status, simulated.body.errorCode]).toEqual([400, 'E0000001']);
      expect(simulated.body.errorCauses).toEqual([{ errorSummary: '(body): must be a JSON object' }]);
      expect(simulated.body.errorCauses).toEqual(created.body.errorCauses);
    }
  });

  it('400 E0000001 for an unknown expand value', async () => {
    const res = await simulate({ appInstance: '0oa1portal', policyContext: { user: { id: '00u1alice' } } }, [
      'EVERYTHING',
    ]);
    expect([res.status, res.body.errorCode]).toEqual([400, 'E0000001']);
    expect(res.body.errorCauses).toEqual([
      { errorSummary: "expand: must be one of EVALUATED, RULE (got 'EVERYTHING')" },
    ]);
  });

  it.each([
    { name: 'unknown app', body: { appInstance: '0oanope', policyContext: { user: { id: '00u1alice' } } } },
    { name: 'unknown user', body: { appInstance: '0oa1portal', policyContext: { user: { id: '00unope' } } } },
  ])('404 E0000007 for $name', async ({ body }) => {
    const res = await simulate(body);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('E0000007');
  });
});
