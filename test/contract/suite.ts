// The contract suite: the REST-level behaviour the emulator claims (status codes, error codes and
// shapes, defaults, priorities, cheap limits), run against any base URL, the emulator or a real org.
// Every answer is checked against the REST contract's schemas. Objects it creates carry the name
// prefix `zzcontract_<run>` and are removed at the end; checks that write run only with allowWrites.
import { randomBytes } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import {
  ERROR_RESPONSE,
  IE_ONLY_POLICY_TYPES,
  MAX_USER_TYPES,
  OPERATIONS,
  type OperationName,
  POLICY_TYPES,
  SIMULATION_POLICY_TYPES,
} from 'policy-service-emulator/contract';
import { cleanUpDirectory, directoryChecks, type SuiteTools } from './directoryChecks.ts';
import { schemaErrors } from './schemas.ts';

export interface SuiteOptions {
  /** The base URL of the services (the part before `/api/v1`). */
  upstream: string;
  token: string;
  /** Runs the checks that create, change and delete objects (only objects of its own, prefixed). */
  allowWrites: boolean;
  /** An application and a user of the org, for the success case of the access simulation. */
  simulate?: { app: string; user: string };
  /** Receives the report, line by line. */
  out?: (line: string) => void;
}

export interface CheckOutcome {
  name: string;
  outcome: 'pass' | 'fail' | 'skip';
  detail?: string;
}

export interface SuiteResult {
  passed: number;
  failed: number;
  skipped: number;
  checks: CheckOutcome[];
  /** The name prefix of the objects this run created. */
  prefix: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

class CheckFailed extends Error {}
class Skipped extends Error {}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'no body';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

function conforms(schema: TSchema, value: unknown, what: string): void {
  const errors = schemaErrors(schema, value);
  assert(errors.length === 0, `${what} does not fit the contract: ${errors.slice(0, 3).join('; ')}`);
}

/** The operation's success status, with a body that fits its schema (or no body). */
function success(op: OperationName, res: Answer): any {
  const { status, schema } = OPERATIONS[op].success as { status: number; schema?: TSchema };
  assert(res.status === status, `expected ${status}, got ${res.status} ${show(res.body)}`);
  if (schema) conforms(schema, res.body, 'the answer');
  else assert(res.body === undefined, `expected no body, got ${show(res.body)}`);
  return res.body;
}

/** An error answer: its status, its error code, and the contract's error body. */
function failure(res: Answer, status: number, code: string): any {
  assert(
    res.status === status && res.body?.errorCode === code,
    `expected ${status} ${code}, got ${res.status} ${show(res.body)}`,
  );
  conforms(ERROR_RESPONSE, res.body, 'the error body');
  return res.body;
}

const causesOf = (body: any): string =>
  (body?.errorCauses ?? []).map((c: { errorSummary: string }) => c.errorSummary).join(' | ');

export async function runContractSuite(options: SuiteOptions): Promise<SuiteResult> {
  const out = options.out ?? ((line: string) => console.log(line));
  const base = options.upstream.replace(/\/+$/, '');
  const prefix = `zzcontract_${randomBytes(4).toString('hex')}`;
  const checks: CheckOutcome[] = [];

  async function raw(method: string, path: string, body?: unknown, auth = `SSWS ${options.token}`): Promise<Answer> {
    const res = await fetch(base + path, {
      method,
      headers: {
        accept: 'application/json',
        ...(auth ? { authorization: auth } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Kept as text: the check that reads it says what it expected.
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  /** Calls an operation of the contract by name, with its path parameters filled in. */
  function call(op: OperationName, o: { params?: Record<string, string>; query?: string; body?: unknown } = {}) {
    const { method, path } = OPERATIONS[op];
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(o.params?.[name] ?? ''));
    return raw(method, filled + (o.query ? `?${o.query}` : ''), o.body);
  }

  async function check(name: string, run: () => Promise<void>, o: { writes?: boolean; ie?: boolean } = {}) {
    let result: CheckOutcome;
    if (o.writes && !options.allowWrites) result = { name, outcome: 'skip', detail: 'needs --allow-writes' };
    else if (o.ie && engine !== 'IE') result = { name, outcome: 'skip', detail: 'identity engine only' };
    else {
      try {
        await run();
        result = { name, outcome: 'pass' };
      } catch (e) {
        if (e instanceof Skipped) result = { name, outcome: 'skip', detail: e.message };
        else result = { name, outcome: 'fail', detail: e instanceof CheckFailed ? e.message : `error: ${e}` };
      }
    }
    checks.push(result);
    const label = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' }[result.outcome];
    out(`${label} ${name}${result.detail ? ` — ${result.detail}` : ''}`);
  }

  /** What later checks need from earlier ones; a check whose input is missing fails saying so. */
  const made: Record<string, any> = {};
  const need = (key: string) => {
    assert(made[key] !== undefined, `needs ${key}, which an earlier check did not produce`);
    return made[key];
  };
  const named = (what: string) => `${prefix} ${what}`;
  /** Creates a policy of this run (named with the prefix), which must succeed; returns it. */
  const createOwnPolicy = async (type: string, what: string, extra: Record<string, unknown> = {}) =>
    success(
      'createPolicy',
      await call('createPolicy', { body: { type, name: named(what), description: 'contract suite', ...extra } }),
    );
  let engine: 'IE' | 'CLASSIC' = 'IE';

  // ---------------------------------------------------------------- reads and refusals that change nothing
  await check('engine: the listing of ACCESS_POLICY tells the engine (200 identity engine, 400 classic)', async () => {
    const res = await call('listPolicies', { query: 'type=ACCESS_POLICY' });
    assert(res.status === 200 || res.status === 400, `expected 200 or 400, got ${res.status} ${show(res.body)}`);
    engine = res.status === 200 ? 'IE' : 'CLASSIC';
    out(`     engine: ${engine}`);
  });
  const types = () => POLICY_TYPES.filter((t) => engine === 'IE' || !IE_ONLY_POLICY_TYPES.includes(t));

  await check('auth: a request without a token answers 401 E0000011', async () => {
    failure(await raw('GET', '/api/v1/meta/types/user', undefined, ''), 401, 'E0000011');
  });
  await check('auth: a wrong token answers 401 E0000011', async () => {
    failure(await raw('GET', '/api/v1/meta/types/user', undefined, `SSWS ${prefix}-wrong`), 401, 'E0000011');
  });
  await check('routing: an unknown path answers 404 E0000007', async () => {
    failure(await raw('GET', `/api/v1/policies/${prefix}/nothing/here`), 404, 'E0000007');
  });
  await check('routing: a known path with another method answers 405 E0000022 with Allow', async () => {
    const res = await raw('PATCH', '/api/v1/policies');
    failure(res, 405, 'E0000022');
    assert(
      /GET/.test(res.headers.get('allow') ?? ''),
      `expected an Allow header naming GET, got ${res.headers.get('allow')}`,
    );
  });

  await check('listPolicies: each policy type lists in priority order 1..N, the system default last', async () => {
    for (const type of types()) {
      const list = success('listPolicies', await call('listPolicies', { query: `type=${type}&limit=200` }));
      assert(list.length > 0, `${type}: expected at least the default policy`);
      assert(
        list.every((p: any) => p.type === type),
        `${type}: the listing holds other types`,
      );
      const priorities = list.map((p: any) => p.priority);
      assert(
        priorities.every((p: number, i: number) => i === 0 || p > priorities[i - 1]),
        `${type}: priorities not ascending: ${priorities}`,
      );
      const system = list.filter((p: any) => p.system);
      assert(system.length === 1, `${type}: expected one system default, got ${system.length}`);
      if (type !== 'IDP_DISCOVERY') assert(list[list.length - 1].system, `${type}: the system default is not last`);
      made[`default ${type}`] = system[0];
    }
  });
  await check('listPolicies: without type answers 400 E0000001', async () => {
    failure(await call('listPolicies'), 400, 'E0000001');
  });
  await check('listPolicies: an unknown type answers 400 E0000001', async () => {
    failure(await call('listPolicies', { query: 'type=NOT_A_TYPE' }), 400, 'E0000001');
  });
  await check('listPolicies: a Link header with rel="self"', async () => {
    const res = await call('listPolicies', { query: 'type=PASSWORD&limit=1' });
    success('listPolicies', res);
    assert(/rel="self"/.test(res.headers.get('link') ?? ''), `expected a self link, got ${res.headers.get('link')}`);
  });
  await check('getPolicy: the default PASSWORD policy reads as it lists', async () => {
    const def = need('default PASSWORD');
    const p = success('getPolicy', await call('getPolicy', { params: { policyId: def.id } }));
    assert(p.id === def.id && p.priority === def.priority && p.system === true, `got ${show(p)}`);
  });
  await check('getPolicy: an unknown id answers 404 E0000007', async () => {
    failure(await call('getPolicy', { params: { policyId: `${prefix}nope` } }), 404, 'E0000007');
  });
  await check(
    'getPolicy: expand=rules on the identity engine answers 400 E0000001',
    async () => {
      const def = need('default PASSWORD');
      failure(await call('getPolicy', { params: { policyId: def.id }, query: 'expand=rules' }), 400, 'E0000001');
    },
    { ie: true },
  );
  await check('listRules: the default PASSWORD policy has its system default rule last', async () => {
    const def = need('default PASSWORD');
    const rules = success('listRules', await call('listRules', { params: { policyId: def.id } }));
    assert(rules.length > 0 && rules[rules.length - 1].system === true, `got ${show(rules)}`);
    made['default PASSWORD rule'] = rules[rules.length - 1];
  });
  await check('listRules: an unknown policy answers 404 E0000007', async () => {
    failure(await call('listRules', { params: { policyId: `${prefix}nope` } }), 404, 'E0000007');
  });
  await check('getRule: the default rule reads as it lists; an unknown rule answers 404 E0000007', async () => {
    const def = need('default PASSWORD');
    const rule = need('default PASSWORD rule');
    const r = success('getRule', await call('getRule', { params: { policyId: def.id, ruleId: rule.id } }));
    assert(r.id === rule.id && r.priority === rule.priority, `got ${show(r)}`);
    failure(await call('getRule', { params: { policyId: def.id, ruleId: `${prefix}nope` } }), 404, 'E0000007');
  });
  await check(
    'activatePolicy, deactivatePolicy, deletePolicy, clonePolicy: an unknown id answers 404 E0000007',
    async () => {
      for (const op of ['activatePolicy', 'deactivatePolicy', 'deletePolicy', 'clonePolicy'] as const) {
        failure(await call(op, { params: { policyId: `${prefix}nope` } }), 404, 'E0000007');
      }
    },
  );
  await check('rule lifecycle and delete: an unknown rule answers 404 E0000007', async () => {
    const def = need('default PASSWORD');
    for (const op of ['activateRule', 'deactivateRule', 'deleteRule'] as const) {
      failure(await call(op, { params: { policyId: def.id, ruleId: `${prefix}nope` } }), 404, 'E0000007');
    }
  });
  await check('listUserTypes: exactly one default user type', async () => {
    const list = success('listUserTypes', await call('listUserTypes'));
    const defaults = list.filter((t: any) => t.default);
    assert(defaults.length === 1, `expected one default, got ${defaults.length}`);
    made['default user type'] = defaults[0];
    made['user type count'] = list.length;
  });
  await check('getUserType: the default reads by id; an unknown id answers 404 E0000007', async () => {
    const def = need('default user type');
    const t = success('getUserType', await call('getUserType', { params: { typeId: def.id } }));
    assert(t.id === def.id && t.default === true, `got ${show(t)}`);
    failure(await call('getUserType', { params: { typeId: `${prefix}nope` } }), 404, 'E0000007');
  });
  await check(
    'listPolicyApplications: the apps of the default authentication policy',
    async () => {
      const def = need('default ACCESS_POLICY');
      made.apps = success(
        'listPolicyApplications',
        await call('listPolicyApplications', { params: { policyId: def.id } }),
      );
    },
    { ie: true },
  );
  await check('listPolicyApplications: an unknown policy answers 404 E0000007', async () => {
    failure(await call('listPolicyApplications', { params: { policyId: `${prefix}nope` } }), 404, 'E0000007');
  });
  await check(
    'listPolicyMappings: one mapping per app of the default authentication policy, linking app and policy',
    async () => {
      const def = need('default ACCESS_POLICY');
      const mappings = success(
        'listPolicyMappings',
        await call('listPolicyMappings', { params: { policyId: def.id } }),
      );
      const apps = (made.apps ?? []) as { id: string }[];
      assert(mappings.length === apps.length, `expected ${apps.length} mappings, got ${show(mappings)}`);
    },
    { ie: true },
  );
  await check('listPolicyMappings: an unknown policy answers 404 E0000007', async () => {
    failure(await call('listPolicyMappings', { params: { policyId: `${prefix}nope` } }), 404, 'E0000007');
  });
  await check(
    'simulate: a body without appInstance answers 400 E0000001',
    async () => {
      failure(await call('simulate', { body: { policyContext: {} } }), 400, 'E0000001');
    },
    { ie: true },
  );
  await check(
    'simulate: an evaluation of every simulated type for a user of an app',
    async () => {
      if (!options.simulate) throw new Skipped('needs --app and --user');
      const { app, user } = options.simulate;
      const res = await call('simulate', { body: { appInstance: app, policyContext: { user: { id: user } } } });
      const evaluation = success('simulate', res).evaluation as { policyType: string }[];
      const evaluated = evaluation.map((e) => e.policyType).sort();
      assert(
        evaluated.join() === [...SIMULATION_POLICY_TYPES].sort().join(),
        `expected an evaluation per type ${SIMULATION_POLICY_TYPES.join(', ')}, got ${evaluated.join(', ')}`,
      );
    },
    { ie: true },
  );
  await check(
    'assignAppPolicy: an unknown app answers 404 E0000007',
    async () => {
      const def = need('default ACCESS_POLICY');
      failure(await call('assignAppPolicy', { params: { appId: `${prefix}nope`, policyId: def.id } }), 404, 'E0000007');
    },
    { ie: true },
  );

  // ---------------------------------------------------------------- writes (own, prefixed objects only)
  const w = { writes: true };
  await check(
    'createPolicy: a minimal PASSWORD body gets the defaults and lands just above the default',
    async () => {
      const p = await createOwnPolicy('PASSWORD', 'password A', { status: 'INACTIVE' });
      assert(p.system === false && p.status === 'INACTIVE' && p.type === 'PASSWORD', `got ${show(p)}`);
      assert(
        p.settings?.password?.complexity?.minLength !== undefined,
        `expected the password settings' defaults, got ${show(p.settings)}`,
      );
      const list = success('listPolicies', await call('listPolicies', { query: 'type=PASSWORD&limit=200' }));
      const at = list.findIndex((x: any) => x.id === p.id);
      assert(at === list.length - 2, `expected it just above the default, found at ${at + 1} of ${list.length}`);
      assert(
        list[at].priority === p.priority,
        `the answer's priority ${p.priority} differs from the listing's ${list[at].priority}`,
      );
      made.policyA = p;
    },
    w,
  );
  await check(
    'createPolicy: status defaults to ACTIVE',
    async () => {
      const p = await createOwnPolicy('PASSWORD', 'password active');
      made.policyActive = p;
      assert(p.status === 'ACTIVE', `expected ACTIVE, got ${p.status}`);
      success('deactivatePolicy', await call('deactivatePolicy', { params: { policyId: p.id } }));
    },
    w,
  );
  await check(
    'createPolicy: priority 1 puts it first and moves the others down by one',
    async () => {
      const a = need('policyA');
      const b = await createOwnPolicy('PASSWORD', 'password B', { status: 'INACTIVE', priority: 1 });
      made.policyB = b;
      assert(b.priority === 1, `expected priority 1, got ${b.priority}`);
      const after = success('getPolicy', await call('getPolicy', { params: { policyId: a.id } }));
      // Policies created since A landed below it; only the one put first moves it.
      assert(after.priority === a.priority + 1, `expected A at ${a.priority + 1}, got ${after.priority}`);
    },
    w,
  );
  await check(
    'createPolicy: a body without name answers 400 E0000001 naming name',
    async () => {
      const body = failure(
        await call('createPolicy', { body: { type: 'PASSWORD', description: named('no name') } }),
        400,
        'E0000001',
      );
      assert(/name/.test(causesOf(body) + body.errorSummary), `expected a cause naming name, got ${show(body)}`);
    },
    w,
  );
  await check(
    'createPolicy: an unknown type answers 400 E0000001',
    async () => {
      failure(await call('createPolicy', { body: { type: 'NOT_A_TYPE', name: named('bad type') } }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'createPolicy: a name over 255 characters answers 400 E0000001',
    async () => {
      const name = named('x'.repeat(256));
      failure(await call('createPolicy', { body: { type: 'PASSWORD', name, description: 'd' } }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'replacePolicy: changes the name and keeps the id, type and priority',
    async () => {
      const a = need('policyA');
      const current = success('getPolicy', await call('getPolicy', { params: { policyId: a.id } }));
      const body = {
        type: 'PASSWORD',
        name: named('password A renamed'),
        description: 'contract suite',
        status: 'INACTIVE',
      };
      const p = success('replacePolicy', await call('replacePolicy', { params: { policyId: a.id }, body }));
      assert(p.id === a.id && p.name === body.name && p.priority === current.priority, `got ${show(p)}`);
    },
    w,
  );
  await check(
    'replacePolicy: another type answers 400 E0000001',
    async () => {
      const a = need('policyA');
      const body = { type: 'MFA_ENROLL', name: named('password A'), description: 'd' };
      failure(await call('replacePolicy', { params: { policyId: a.id }, body }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'activatePolicy and deactivatePolicy: 204, and the status follows',
    async () => {
      const a = need('policyA');
      success('activatePolicy', await call('activatePolicy', { params: { policyId: a.id } }));
      assert(
        (await call('getPolicy', { params: { policyId: a.id } })).body.status === 'ACTIVE',
        'not ACTIVE after activate',
      );
      success('deactivatePolicy', await call('deactivatePolicy', { params: { policyId: a.id } }));
      assert(
        (await call('getPolicy', { params: { policyId: a.id } })).body.status === 'INACTIVE',
        'not INACTIVE after deactivate',
      );
    },
    w,
  );
  await check(
    'the default policy cannot be deactivated or deleted (403 E0000006)',
    async () => {
      const def = need('default PASSWORD');
      failure(await call('deactivatePolicy', { params: { policyId: def.id } }), 403, 'E0000006');
      failure(await call('deletePolicy', { params: { policyId: def.id } }), 403, 'E0000006');
    },
    w,
  );
  await check(
    'the default rule cannot be deactivated or deleted (403 E0000006)',
    async () => {
      const def = need('default PASSWORD');
      const rule = need('default PASSWORD rule');
      failure(await call('deactivateRule', { params: { policyId: def.id, ruleId: rule.id } }), 403, 'E0000006');
      failure(await call('deleteRule', { params: { policyId: def.id, ruleId: rule.id } }), 403, 'E0000006');
    },
    w,
  );
  await check(
    'createRule: two rules in order, the second put first with priority 1',
    async () => {
      const a = need('policyA');
      const params = { policyId: a.id };
      const r1 = success(
        'createRule',
        await call('createRule', { params, body: { type: 'PASSWORD', name: named('rule 1'), status: 'INACTIVE' } }),
      );
      const r2 = success(
        'createRule',
        await call('createRule', {
          params,
          body: { type: 'PASSWORD', name: named('rule 2'), status: 'INACTIVE', priority: 1 },
        }),
      );
      const rules = success('listRules', await call('listRules', { params }));
      const ids = rules.map((r: any) => r.id);
      assert(ids.indexOf(r2.id) < ids.indexOf(r1.id), `expected rule 2 before rule 1, got ${ids}`);
      assert(r2.priority === 1, `expected priority 1, got ${r2.priority}`);
      made.rule = r1;
    },
    w,
  );
  await check(
    'createRule: a rule type that does not fit the policy answers 400 E0000001',
    async () => {
      const a = need('policyA');
      const body = { type: 'SIGN_ON', name: named('wrong type') };
      failure(await call('createRule', { params: { policyId: a.id }, body }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'getRule, replaceRule, rule lifecycle, deleteRule: the whole life of a rule',
    async () => {
      const a = need('policyA');
      const r = need('rule');
      const params = { policyId: a.id, ruleId: r.id };
      success('getRule', await call('getRule', { params }));
      const body = { type: 'PASSWORD', name: named('rule 1 renamed'), status: 'INACTIVE' };
      const replaced = success('replaceRule', await call('replaceRule', { params, body }));
      assert(replaced.name === body.name && replaced.id === r.id, `got ${show(replaced)}`);
      failure(await call('replaceRule', { params, body: { ...body, type: 'SIGN_ON' } }), 400, 'E0000001');
      success('activateRule', await call('activateRule', { params }));
      assert((await call('getRule', { params })).body.status === 'ACTIVE', 'not ACTIVE after activate');
      success('deactivateRule', await call('deactivateRule', { params }));
      success('deleteRule', await call('deleteRule', { params }));
      failure(await call('getRule', { params }), 404, 'E0000007');
    },
    w,
  );
  await check(
    'clonePolicy: an authentication policy is copied with its rules; another type answers 400',
    async () => {
      const source = await createOwnPolicy('ACCESS_POLICY', 'access');
      made.access = source;
      const copy = success('clonePolicy', await call('clonePolicy', { params: { policyId: source.id } }));
      assert(copy.id !== source.id && copy.type === 'ACCESS_POLICY' && copy.system === false, `got ${show(copy)}`);
      const rulesOf = async (id: string) =>
        success('listRules', await call('listRules', { params: { policyId: id } })).length;
      assert((await rulesOf(copy.id)) === (await rulesOf(source.id)), 'the copy has another number of rules');
      failure(await call('clonePolicy', { params: { policyId: need('policyA').id } }), 400, 'E0000001');
    },
    { ...w, ie: true },
  );
  await check(
    'listPolicyApplications: a new authentication policy has no apps',
    async () => {
      const access = need('access');
      const apps = success(
        'listPolicyApplications',
        await call('listPolicyApplications', { params: { policyId: access.id } }),
      );
      assert(apps.length === 0, `expected none, got ${show(apps)}`);
    },
    { ...w, ie: true },
  );
  await check(
    'assignAppPolicy: an app mapped to the default policy is mapped to it again (204)',
    async () => {
      const apps = need('apps') as { id: string }[];
      if (!apps.length) throw new Skipped('no app is mapped to the default authentication policy');
      const def = need('default ACCESS_POLICY');
      success('assignAppPolicy', await call('assignAppPolicy', { params: { appId: apps[0].id, policyId: def.id } }));
    },
    { ...w, ie: true },
  );
  await check(
    'deletePolicy: 204, then the policy answers 404',
    async () => {
      const b = need('policyB');
      success('deletePolicy', await call('deletePolicy', { params: { policyId: b.id } }));
      failure(await call('getPolicy', { params: { policyId: b.id } }), 404, 'E0000007');
    },
    w,
  );

  const typeName = (what: string) => `${prefix}_${what}`;
  await check(
    'createUserType: a new type is not the default; the same name again answers 400 E0000001',
    async () => {
      const body = { name: typeName('a'), displayName: named('type A'), description: 'contract suite' };
      const t = success('createUserType', await call('createUserType', { body }));
      assert(t.default === false && t.name === body.name, `got ${show(t)}`);
      made.userType = t;
      failure(await call('createUserType', { body }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'createUserType: a name that is not an identifier, or no displayName, answers 400 E0000001',
    async () => {
      failure(await call('createUserType', { body: { name: `1${prefix}`, displayName: 'x' } }), 400, 'E0000001');
      failure(await call('createUserType', { body: { name: typeName('nodisplay') } }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'replaceUserType and updateUserType: change the texts, never the name',
    async () => {
      const t = need('userType');
      const params = { typeId: t.id };
      const replaced = success(
        'replaceUserType',
        await call('replaceUserType', {
          params,
          body: { name: t.name, displayName: named('type A replaced'), description: 'replaced' },
        }),
      );
      assert(replaced.displayName === named('type A replaced'), `got ${show(replaced)}`);
      const updated = success(
        'updateUserType',
        await call('updateUserType', { params, body: { description: 'updated' } }),
      );
      assert(updated.description === 'updated' && updated.displayName === replaced.displayName, `got ${show(updated)}`);
      failure(await call('updateUserType', { params, body: { name: typeName('renamed') } }), 400, 'E0000001');
      failure(
        await call('replaceUserType', { params, body: { name: t.name, description: 'no displayName' } }),
        400,
        'E0000001',
      );
    },
    w,
  );
  await check(
    `createUserType: the org holds at most ${MAX_USER_TYPES} user types`,
    async () => {
      const count = success('listUserTypes', await call('listUserTypes')).length;
      for (let i = count; i < MAX_USER_TYPES; i++) {
        success(
          'createUserType',
          await call('createUserType', { body: { name: typeName(`fill${i}`), displayName: 'fill' } }),
        );
      }
      failure(await call('createUserType', { body: { name: typeName('over'), displayName: 'over' } }), 400, 'E0000001');
    },
    w,
  );
  await check(
    'deleteUserType: 204 then 404; the default type answers 403 E0000142',
    async () => {
      const t = need('userType');
      success('deleteUserType', await call('deleteUserType', { params: { typeId: t.id } }));
      failure(await call('getUserType', { params: { typeId: t.id } }), 404, 'E0000007');
      failure(await call('deleteUserType', { params: { typeId: need('default user type').id } }), 403, 'E0000142');
    },
    w,
  );

  // ---------------------------------------------------------------- the directory the conditions name
  const tools: SuiteTools = { prefix, call, check, success, failure, assert, show };
  await directoryChecks(tools);

  // ---------------------------------------------------------------- cleanup
  if (options.allowWrites) {
    await check(`cleanup: every object named ${prefix}… is removed`, async () => {
      const left: string[] = await cleanUpDirectory(tools);
      for (const type of types()) {
        const list = (await call('listPolicies', { query: `type=${type}&limit=200` })).body;
        for (const p of Array.isArray(list) ? list : []) {
          if (!String(p.name).includes(prefix)) continue;
          const res = await call('deletePolicy', { params: { policyId: p.id } });
          if (res.status !== 204) left.push(`policy ${p.id} (${res.status})`);
        }
      }
      const userTypes = (await call('listUserTypes')).body;
      for (const t of Array.isArray(userTypes) ? userTypes : []) {
        if (!String(t.name).startsWith(prefix)) continue;
        const res = await call('deleteUserType', { params: { typeId: t.id } });
        if (res.status !== 204) left.push(`user type ${t.id} (${res.status})`);
      }
      assert(left.length === 0, `could not remove: ${left.join(', ')}`);
    });
  }

  const count = (outcome: CheckOutcome['outcome']) => checks.filter((c) => c.outcome === outcome).length;
  const result = { passed: count('pass'), failed: count('fail'), skipped: count('skip'), checks, prefix };
  out(`contract: ${result.passed} passed, ${result.failed} failed`);
  return result;
}
