// Entity risk policy (ENTITY_RISK) validation over real HTTP: `actions.entityRisk.actions`, the
// conditions an entity risk rule accepts, and the default rule.
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultPolicyOf, expectValidationCause, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const classic = useEmulator({ engine: 'CLASSIC' });
let rulesPath: string;

const ER = 'actions.entityRisk.actions';

beforeEach(async () => {
  const res = await emu().call('POST', '/api/v1/policies', {
    type: 'ENTITY_RISK',
    name: 'Risk responses',
    description: 'd',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  rulesPath = `/api/v1/policies/${res.body.id}/rules`;
});

function ruleBody(actions: unknown, conditions: unknown = null, name = 'Rule') {
  return { type: 'ENTITY_RISK', name, conditions, actions };
}
const withActions = (items: unknown) => ({ entityRisk: { actions: items } });

function createRule(actions: unknown, conditions?: unknown) {
  return emu().call('POST', rulesPath, ruleBody(actions, conditions));
}

async function accepted(actions: unknown, conditions?: unknown) {
  const res = await createRule(actions, conditions);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('entity risk default policy and rule', () => {
  it('the org default policy has a Catch-all Rule that only logs', async () => {
    const system = await defaultPolicyOf(emu(), 'ENTITY_RISK');
    expect(system).toMatchObject({ type: 'ENTITY_RISK', conditions: null });
    const rules = (await emu().call('GET', `/api/v1/policies/${system.id}/rules`)).body;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      name: 'Catch-all Rule',
      system: true,
      conditions: null,
      actions: { entityRisk: { actions: [] } },
    });
  });

  it('the default rule is editable and validated', async () => {
    const system = await defaultPolicyOf(emu(), 'ENTITY_RISK');
    const [rule] = (await emu().call('GET', `/api/v1/policies/${system.id}/rules`)).body;
    const path = `/api/v1/policies/${system.id}/rules/${rule.id}`;
    const edited = await emu().call(
      'PUT',
      path,
      ruleBody(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]), null, rule.name),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.actions).toEqual(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]));
    expectValidationCause(
      await emu().call('PUT', path, ruleBody(withActions([{ action: 'RUN_WORKFLOW' }]), null, rule.name)),
      `${ER}[0].workflow`,
    );
  });

  it('a created policy starts without rules', async () => {
    const res = await emu().call('POST', '/api/v1/policies', { type: 'ENTITY_RISK', name: 'Empty', description: 'd' });
    expect(res.status).toBe(200);
    expect((await emu().call('GET', `/api/v1/policies/${res.body.id}/rules`)).body).toEqual([]);
  });
});

describe('entity risk policy body', () => {
  it('rejects settings and policy-level conditions', async () => {
    expectValidationCause(
      await emu().call('POST', '/api/v1/policies', {
        type: 'ENTITY_RISK',
        name: 'S',
        description: 'd',
        settings: { factors: {} },
      }),
      'settings',
    );
    const conditions = await emu().call('POST', '/api/v1/policies', {
      type: 'ENTITY_RISK',
      name: 'C',
      description: 'd',
      conditions: { entityRisk: { level: 'HIGH' } },
    });
    expectValidationCause(conditions, 'conditions');
  });

  it('is an identity-engine type: a classic org refuses it', async () => {
    expectValidationCause(
      await classic().call('POST', '/api/v1/policies', { type: 'ENTITY_RISK', name: 'E', description: 'd' }),
      'type',
    );
  });
});

describe('entity risk actions', () => {
  it('rejects members other than actions.entityRisk.actions', async () => {
    expectValidationCause(await createRule({ entityRisk: { actions: [], notify: true } }), 'actions.entityRisk.notify');
    expectValidationCause(await createRule({ ...withActions([]), signon: { access: 'ALLOW' } }), 'actions.signon');
  });

  it('an absent list is filled with the default: empty, log only', async () => {
    expect((await accepted({ entityRisk: {} })).actions).toEqual(withActions([]));
    expect((await accepted(withActions([]))).actions).toEqual(withActions([]));
    expectValidationCause(await createRule(withActions({ action: 'TERMINATE_ALL_SESSIONS' })), ER);
  });

  it('TERMINATE_ALL_SESSIONS takes no workflow', async () => {
    expect((await accepted(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]))).actions).toEqual(
      withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]),
    );
    expectValidationCause(
      await createRule(withActions([{ action: 'TERMINATE_ALL_SESSIONS', workflow: { id: 'wf1' } }])),
      `${ER}[0].workflow`,
    );
  });

  it('RUN_WORKFLOW needs a workflow id', async () => {
    expectValidationCause(await createRule(withActions([{ action: 'RUN_WORKFLOW' }])), `${ER}[0].workflow`);
    expectValidationCause(
      await createRule(withActions([{ action: 'RUN_WORKFLOW', workflow: {} }])),
      `${ER}[0].workflow.id`,
    );
    expectValidationCause(
      await createRule(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: '' } }])),
      `${ER}[0].workflow.id`,
    );
    expectValidationCause(
      await createRule(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1', name: 'x' } }])),
      `${ER}[0].workflow.name`,
    );
    const ok = await accepted(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } }]));
    expect(ok.actions).toEqual(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } }]));
  });

  it('each action is one of the two kinds, at most once', async () => {
    expectValidationCause(await createRule(withActions([{}])), `${ER}[0].action`);
    expectValidationCause(await createRule(withActions([{ action: 'LOCK_ACCOUNT' }])), `${ER}[0].action`);
    expectValidationCause(await createRule(withActions(['TERMINATE_ALL_SESSIONS'])), `${ER}[0]`);
    expectValidationCause(
      await createRule(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }, { action: 'TERMINATE_ALL_SESSIONS' }])),
      `${ER}[1].action`,
    );
    const both = [{ action: 'TERMINATE_ALL_SESSIONS' }, { action: 'RUN_WORKFLOW', workflow: { id: 'wf2' } }];
    expect((await accepted(withActions(both))).actions).toEqual(withActions(both));
  });
});

describe('entity risk rule conditions', () => {
  it('accepts people, entityRisk and riskDetectionTypes', async () => {
    const conditions = {
      people: { users: { include: [], exclude: ['00u4dave'] }, groups: { include: ['00g3admins'], exclude: [] } },
      entityRisk: { level: 'HIGH' },
      riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK', 'USER_REPORTED_SUSPICIOUS_ACTIVITY'] },
    };
    const rule = await accepted(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]), conditions);
    expect(rule.conditions).toEqual(conditions);
  });

  it('rejects conditions that a risk event cannot carry', async () => {
    const terminate = withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]);
    expectValidationCause(
      await createRule(terminate, { network: { connection: 'ZONE', include: ['nzo1office'] } }),
      'conditions.network',
    );
    expectValidationCause(await createRule(terminate, { device: { registered: true } }), 'conditions.device');
    expectValidationCause(await createRule(terminate, { riskScore: { level: 'HIGH' } }), 'conditions.riskScore');
  });

  it('still applies the common condition rules', async () => {
    const terminate = withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]);
    expectValidationCause(
      await createRule(terminate, { entityRisk: { level: 'EXTREME' } }),
      'conditions.entityRisk.level',
    );
    expectValidationCause(
      await createRule(terminate, {
        riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK'], exclude: ['SUSPICIOUS_APP_ACCESS'] },
      }),
      'conditions.riskDetectionTypes.exclude',
    );
  });
});

describe('rejected writes', () => {
  it('a rejected replace leaves the stored rule unchanged', async () => {
    const rule = await accepted(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf-keep' } }]), {
      entityRisk: { level: 'MEDIUM' },
    });
    const path = `${rulesPath}/${rule.id}`;
    const bad = await emu().call(
      'PUT',
      path,
      ruleBody(withActions([{ action: 'RUN_WORKFLOW', workflow: {} }]), { entityRisk: { level: 'LOW' } }, 'Renamed'),
    );
    expectValidationCause(bad, `${ER}[0].workflow.id`);
    const after = (await emu().call('GET', path)).body;
    expect(after).toMatchObject({
      name: 'Rule',
      conditions: { entityRisk: { level: 'MEDIUM' } },
      actions: rule.actions,
      lastUpdated: rule.lastUpdated,
    });
  });
});
