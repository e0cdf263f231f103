// Entity risk policy (ENTITY_RISK) validation over real HTTP: `actions.entityRisk.actions`, the
// conditions an entity risk rule accepts, and the default rule.
import { describe, expect, it } from 'vitest';
import { defaultPolicyOf, expectValidationCause, useEmulator, useRulesOfNewPolicy } from '../helpers/emulator.ts';

const emu = useEmulator();

const ER = 'actions.entityRisk.actions';

const underTest = useRulesOfNewPolicy(emu, 'ENTITY_RISK');

const withActions = (items: unknown) => ({ entityRisk: { actions: items } });

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
      underTest.body(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]), null, rule.name),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.actions).toEqual(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]));
    expectValidationCause(
      await emu().call('PUT', path, underTest.body(withActions([{ action: 'RUN_WORKFLOW' }]), null, rule.name)),
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
});

describe('entity risk actions', () => {
  it('rejects members other than actions.entityRisk.actions', async () => {
    expectValidationCause(
      await underTest.create({ entityRisk: { actions: [], notify: true } }),
      'actions.entityRisk.notify',
    );
    expectValidationCause(
      await underTest.create({ ...withActions([]), signon: { access: 'ALLOW' } }),
      'actions.signon',
    );
  });

  it('an absent list is filled with the default: empty, log only', async () => {
    expect((await underTest.accepted({ entityRisk: {} })).actions).toEqual(withActions([]));
    expect((await underTest.accepted(withActions([]))).actions).toEqual(withActions([]));
    expectValidationCause(await underTest.create(withActions({ action: 'TERMINATE_ALL_SESSIONS' })), ER);
  });

  it('TERMINATE_ALL_SESSIONS takes no workflow', async () => {
    expect((await underTest.accepted(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]))).actions).toEqual(
      withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]),
    );
    expectValidationCause(
      await underTest.create(withActions([{ action: 'TERMINATE_ALL_SESSIONS', workflow: { id: 'wf1' } }])),
      `${ER}[0].workflow`,
    );
  });

  it('RUN_WORKFLOW needs a workflow id', async () => {
    expectValidationCause(await underTest.create(withActions([{ action: 'RUN_WORKFLOW' }])), `${ER}[0].workflow`);
    expectValidationCause(
      await underTest.create(withActions([{ action: 'RUN_WORKFLOW', workflow: {} }])),
      `${ER}[0].workflow.id`,
    );
    expectValidationCause(
      await underTest.create(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: '' } }])),
      `${ER}[0].workflow.id`,
    );
    expectValidationCause(
      await underTest.create(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1', name: 'x' } }])),
      `${ER}[0].workflow.name`,
    );
    const ok = await underTest.accepted(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } }]));
    expect(ok.actions).toEqual(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } }]));
  });

  it('each action is one of the two kinds, at most once', async () => {
    expectValidationCause(await underTest.create(withActions([{}])), `${ER}[0].action`);
    expectValidationCause(await underTest.create(withActions([{ action: 'LOCK_ACCOUNT' }])), `${ER}[0].action`);
    expectValidationCause(await underTest.create(withActions(['TERMINATE_ALL_SESSIONS'])), `${ER}[0]`);
    expectValidationCause(
      await underTest.create(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }, { action: 'TERMINATE_ALL_SESSIONS' }])),
      `${ER}[1].action`,
    );
    const both = [{ action: 'TERMINATE_ALL_SESSIONS' }, { action: 'RUN_WORKFLOW', workflow: { id: 'wf2' } }];
    expect((await underTest.accepted(withActions(both))).actions).toEqual(withActions(both));
  });
});

describe('entity risk rule conditions', () => {
  it('accepts people, entityRisk and riskDetectionTypes', async () => {
    const conditions = {
      people: { users: { include: [], exclude: ['00u4dave'] }, groups: { include: ['00g3admins'], exclude: [] } },
      entityRisk: { level: 'HIGH' },
      riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK', 'USER_REPORTED_SUSPICIOUS_ACTIVITY'] },
    };
    const rule = await underTest.accepted(withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]), conditions);
    expect(rule.conditions).toEqual(conditions);
  });

  it('rejects conditions that a risk event cannot carry', async () => {
    const terminate = withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]);
    expectValidationCause(
      await underTest.create(terminate, { network: { connection: 'ZONE', include: ['nzo1office'] } }),
      'conditions.network',
    );
    expectValidationCause(await underTest.create(terminate, { device: { registered: true } }), 'conditions.device');
    expectValidationCause(await underTest.create(terminate, { riskScore: { level: 'HIGH' } }), 'conditions.riskScore');
  });

  it('still applies the common condition rules', async () => {
    const terminate = withActions([{ action: 'TERMINATE_ALL_SESSIONS' }]);
    expectValidationCause(
      await underTest.create(terminate, { entityRisk: { level: 'EXTREME' } }),
      'conditions.entityRisk.level',
    );
    expectValidationCause(
      await underTest.create(terminate, {
        riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK'], exclude: ['SUSPICIOUS_APP_ACCESS'] },
      }),
      'conditions.riskDetectionTypes.exclude',
    );
  });
});

describe('rejected writes', () => {
  it('a rejected replace leaves the stored rule unchanged', async () => {
    const rule = await underTest.accepted(withActions([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf-keep' } }]), {
      entityRisk: { level: 'MEDIUM' },
    });
    const path = `${underTest.path()}/${rule.id}`;
    const bad = await emu().call(
      'PUT',
      path,
      underTest.body(
        withActions([{ action: 'RUN_WORKFLOW', workflow: {} }]),
        { entityRisk: { level: 'LOW' } },
        'Renamed',
      ),
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
