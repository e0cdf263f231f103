// Continuous access evaluation policy (CONTINUOUS_ACCESS) validation over real HTTP:
// `actions.continuousAccess.failureActions`, single logout settings, rule conditions, default rule.
import { describe, expect, it } from 'vitest';
import { expectValidationCause, useEmulator, useRulesOfNewPolicy } from '../helpers/emulator.ts';

const emu = useEmulator();

const FA = 'actions.continuousAccess.failureActions';

const underTest = useRulesOfNewPolicy(emu, 'CONTINUOUS_ACCESS');

const failing = (items: unknown) => ({ continuousAccess: { failureActions: items } });
const terminate = (slo: unknown) => failing([{ action: 'TERMINATE_SESSION', slo }]);

describe('continuous access default policy and rule', () => {
  it('the org default policy has a Catch-all Rule that only logs, and it is editable', async () => {
    const [system] = (await emu().call('GET', '/api/v1/policies?type=CONTINUOUS_ACCESS')).body.filter(
      (p: any) => p.system,
    );
    expect(system).toMatchObject({ type: 'CONTINUOUS_ACCESS', conditions: null });
    const rules = (await emu().call('GET', `/api/v1/policies/${system.id}/rules`)).body;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ name: 'Catch-all Rule', system: true, conditions: null, actions: failing([]) });
    const path = `/api/v1/policies/${system.id}/rules/${rules[0].id}`;
    const edited = await emu().call(
      'PUT',
      path,
      underTest.body(terminate({ appSelectionMode: 'ALL' }), null, rules[0].name),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.actions).toEqual(terminate({ appSelectionMode: 'ALL', appInstanceIds: null }));
  });

  it('a created policy starts without rules', async () => {
    const res = await emu().call('POST', '/api/v1/policies', {
      type: 'CONTINUOUS_ACCESS',
      name: 'Empty',
      description: 'd',
    });
    expect(res.status).toBe(200);
    expect((await emu().call('GET', `/api/v1/policies/${res.body.id}/rules`)).body).toEqual([]);
  });
});

describe('continuous access policy body', () => {
  it('rejects settings and policy-level conditions', async () => {
    expectValidationCause(
      await emu().call('POST', '/api/v1/policies', {
        type: 'CONTINUOUS_ACCESS',
        name: 'S',
        description: 'd',
        settings: { x: 1 },
      }),
      'settings',
    );
    const conditions = await emu().call('POST', '/api/v1/policies', {
      type: 'CONTINUOUS_ACCESS',
      name: 'C',
      description: 'd',
      conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } },
    });
    expectValidationCause(conditions, 'conditions');
  });
});

describe('failure actions', () => {
  it('rejects members other than actions.continuousAccess.failureActions', async () => {
    expectValidationCause(
      await underTest.create({ continuousAccess: { failureActions: [], successActions: [] } }),
      'actions.continuousAccess.successActions',
    );
    expectValidationCause(
      await underTest.create({ ...failing([]), entityRisk: { actions: [] } }),
      'actions.entityRisk',
    );
  });

  it('an absent list is filled with the default: empty, log only', async () => {
    expect((await underTest.accepted({ continuousAccess: {} })).actions).toEqual(failing([]));
    expectValidationCause(await underTest.create(failing('TERMINATE_SESSION')), FA);
  });

  it('each action is TERMINATE_SESSION or RUN_WORKFLOW, at most once', async () => {
    expectValidationCause(await underTest.create(failing([{ action: 'REVOKE_TOKENS' }])), `${FA}[0].action`);
    expectValidationCause(await underTest.create(failing([{ slo: { appSelectionMode: 'ALL' } }])), `${FA}[0].action`);
    const twice = [
      { action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } },
      { action: 'RUN_WORKFLOW', workflow: { id: 'wf2' } },
    ];
    expectValidationCause(await underTest.create(failing(twice)), `${FA}[1].action`);
    const both = [
      { action: 'TERMINATE_SESSION', slo: { appSelectionMode: 'NONE', appInstanceIds: null } },
      { action: 'RUN_WORKFLOW', workflow: { id: 'wf1' } },
    ];
    expect((await underTest.accepted(failing(both))).actions).toEqual(failing(both));
  });

  it('RUN_WORKFLOW needs a workflow id and takes no slo', async () => {
    expectValidationCause(await underTest.create(failing([{ action: 'RUN_WORKFLOW' }])), `${FA}[0].workflow`);
    expectValidationCause(
      await underTest.create(failing([{ action: 'RUN_WORKFLOW', workflow: { id: '' } }])),
      `${FA}[0].workflow.id`,
    );
    expectValidationCause(
      await underTest.create(
        failing([{ action: 'RUN_WORKFLOW', workflow: { id: 'wf1' }, slo: { appSelectionMode: 'ALL' } }]),
      ),
      `${FA}[0].slo`,
    );
  });
});

describe('single logout settings', () => {
  it('TERMINATE_SESSION needs slo with an appSelectionMode and takes no workflow', async () => {
    expectValidationCause(await underTest.create(failing([{ action: 'TERMINATE_SESSION' }])), `${FA}[0].slo`);
    expectValidationCause(await underTest.create(terminate({})), `${FA}[0].slo.appSelectionMode`);
    expectValidationCause(
      await underTest.create(terminate({ appSelectionMode: 'SOME' })),
      `${FA}[0].slo.appSelectionMode`,
    );
    expectValidationCause(
      await underTest.create(
        failing([{ action: 'TERMINATE_SESSION', slo: { appSelectionMode: 'ALL' }, workflow: { id: 'wf1' } }]),
      ),
      `${FA}[0].workflow`,
    );
  });

  it('appInstanceIds only with SPECIFIC; NONE and ALL return null', async () => {
    for (const mode of ['NONE', 'ALL']) {
      expectValidationCause(
        await underTest.create(terminate({ appSelectionMode: mode, appInstanceIds: ['0oa1portal'] })),
        `${FA}[0].slo.appInstanceIds`,
      );
      const rule = await underTest.accepted(terminate({ appSelectionMode: mode }));
      expect(rule.actions).toEqual(terminate({ appSelectionMode: mode, appInstanceIds: null }));
    }
  });

  it('SPECIFIC names at least one existing app, none twice', async () => {
    expectValidationCause(
      await underTest.create(terminate({ appSelectionMode: 'SPECIFIC' })),
      `${FA}[0].slo.appInstanceIds`,
    );
    expectValidationCause(
      await underTest.create(terminate({ appSelectionMode: 'SPECIFIC', appInstanceIds: [] })),
      `${FA}[0].slo.appInstanceIds`,
    );
    expectValidationCause(
      await underTest.create(
        terminate({ appSelectionMode: 'SPECIFIC', appInstanceIds: ['0oa1portal', '0oanosuchapp'] }),
      ),
      `${FA}[0].slo.appInstanceIds[1]`,
    );
    expectValidationCause(
      await underTest.create(terminate({ appSelectionMode: 'SPECIFIC', appInstanceIds: ['0oa2crm', '0oa2crm'] })),
      `${FA}[0].slo.appInstanceIds[1]`,
    );
    const rule = await underTest.accepted(
      terminate({ appSelectionMode: 'SPECIFIC', appInstanceIds: ['0oa1portal', '0oa3console'] }),
    );
    expect(rule.actions).toEqual(
      terminate({ appSelectionMode: 'SPECIFIC', appInstanceIds: ['0oa1portal', '0oa3console'] }),
    );
  });
});

describe('continuous access rule conditions', () => {
  it('accepts people only', async () => {
    const people = {
      users: { include: [], exclude: ['00u2bob'] },
      groups: { include: ['00g1engineering'], exclude: [] },
    };
    expect((await underTest.accepted(failing([]), { people })).conditions).toEqual({ people });
    expectValidationCause(
      await underTest.create(failing([]), { network: { connection: 'ANYWHERE' } }),
      'conditions.network',
    );
    expectValidationCause(
      await underTest.create(failing([]), { entityRisk: { level: 'HIGH' } }),
      'conditions.entityRisk',
    );
    expectValidationCause(
      await underTest.create(failing([]), { people: { groups: { include: ['00gnosuchgroup'], exclude: [] } } }),
      'conditions.people.groups.include[0]',
    );
  });
});

describe('rejected writes', () => {
  it('a rejected replace leaves the stored rule unchanged', async () => {
    const rule = await underTest.accepted(terminate({ appSelectionMode: 'SPECIFIC', appInstanceIds: ['0oa2crm'] }));
    const path = `${underTest.path()}/${rule.id}`;
    const bad = await emu().call(
      'PUT',
      path,
      underTest.body(terminate({ appSelectionMode: 'ALL', appInstanceIds: ['0oa2crm'] }), null, 'Renamed'),
    );
    expectValidationCause(bad, `${FA}[0].slo.appInstanceIds`);
    const after = (await emu().call('GET', path)).body;
    expect(after).toMatchObject({ name: 'Rule', actions: rule.actions, lastUpdated: rule.lastUpdated });
  });
});
