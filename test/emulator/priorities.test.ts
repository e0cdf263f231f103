// Priority invariants: per policy type the policies are 1..N without gaps with the default last;
// rules within a policy likewise (authentication policy rules 0..k with the default at 99); inserts
// shift, moves and deletes close gaps, and concurrent writes leave no duplicates or holes.
import { describe, expect, it } from 'vitest';
import { createPolicy, createRule, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();

interface Ranked {
  id: string;
  name: string;
  priority: number;
  system: boolean;
}

async function policies(type: string): Promise<Ranked[]> {
  const res = await emu().call('GET', `/api/v1/policies?type=${type}&limit=200`);
  expect(res.status).toBe(200);
  return res.body;
}
async function rules(policyId: string): Promise<Ranked[]> {
  const res = await emu().call('GET', `/api/v1/policies/${policyId}/rules`);
  expect(res.status).toBe(200);
  return res.body;
}
/** Names in priority order, with the priorities they carry. */
const order = (items: Ranked[]) => items.map((p) => [p.name, p.priority]);

/** 1..N (or first..first+N-1) in listing order, the system object last. */
function expectGapless(items: Ranked[], first = 1, systemPriority?: number): void {
  const nonSystem = items.filter((i) => !i.system);
  expect(nonSystem.map((i) => i.priority)).toEqual(nonSystem.map((_, k) => first + k));
  const system = items.filter((i) => i.system);
  expect(system.length).toBeLessThanOrEqual(1);
  if (system.length) {
    expect(items[items.length - 1].system).toBe(true);
    expect(system[0].priority).toBe(systemPriority ?? first + nonSystem.length);
  }
}

async function updatePolicy(p: Ranked, extra: Record<string, unknown>, type = 'PLATFORM_SIGN_ON') {
  return emu().call('PUT', `/api/v1/policies/${p.id}`, { type, name: p.name, ...extra });
}
async function defaultPolicyId(type: string): Promise<string> {
  return (await policies(type)).find((p) => p.system)!.id;
}

describe('policy priorities', () => {
  it('starts every type with its default policy alone at priority 1', async () => {
    for (const type of [
      'PLATFORM_SIGN_ON',
      'PASSWORD',
      'MFA_ENROLL',
      'IDP_DISCOVERY',
      'ACCESS_POLICY',
      'PROFILE_ENROLLMENT',
    ]) {
      const list = await policies(type);
      expect(
        list.map((p) => [p.priority, p.system]),
        type,
      ).toEqual([[1, true]]);
    }
  });

  it('puts a policy created without priority just above the default', async () => {
    const a = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    expect(a.priority).toBe(1);
    const b = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B' });
    expect(b.priority).toBe(2);
    const list = await policies('PLATFORM_SIGN_ON');
    expect(order(list)).toEqual([
      ['A', 1],
      ['B', 2],
      ['Default Policy', 3],
    ]);
    expectGapless(list);
  });

  it('inserts at a given priority and shifts the others down', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B' });
    const top = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'Top', priority: 1 });
    expect(top.priority).toBe(1);
    const mid = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'Mid', priority: 3 });
    expect(mid.priority).toBe(3);
    const list = await policies('PLATFORM_SIGN_ON');
    expect(order(list)).toEqual([
      ['Top', 1],
      ['A', 2],
      ['Mid', 3],
      ['B', 4],
      ['Default Policy', 5],
    ]);
    expectGapless(list);
  });

  it('lands a priority past the end just above the default, which stays last', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    const far = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'Far', priority: 1000 });
    expect(far.priority).toBe(2);
    const atDefault = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'AtDefault', priority: 3 });
    expect(atDefault.priority).toBe(3);
    const list = await policies('PLATFORM_SIGN_ON');
    expect(order(list)).toEqual([
      ['A', 1],
      ['Far', 2],
      ['AtDefault', 3],
      ['Default Policy', 4],
    ]);
  });

  it('refuses priorities below 1', async () => {
    for (const priority of [0, -3, 1.5]) {
      const res = await emu().call('POST', '/api/v1/policies', { type: 'PLATFORM_SIGN_ON', name: 'bad', priority });
      expect(res.status).toBe(400);
      expect(res.body.errorCauses.some((c: { errorSummary: string }) => c.errorSummary.startsWith('priority: '))).toBe(
        true,
      );
    }
    expectGapless(await policies('PLATFORM_SIGN_ON'));
  });

  it('moves a policy on update with a priority, shifting those in between', async () => {
    const a = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B' });
    const c = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'C' });
    const down = await updatePolicy(a, { priority: 3 });
    expect(down.status).toBe(200);
    expect(down.body.priority).toBe(3);
    expect(order(await policies('PLATFORM_SIGN_ON'))).toEqual([
      ['B', 1],
      ['C', 2],
      ['A', 3],
      ['Default Policy', 4],
    ]);
    const up = await updatePolicy(c, { priority: 1 });
    expect(up.body.priority).toBe(1);
    expect(order(await policies('PLATFORM_SIGN_ON'))).toEqual([
      ['C', 1],
      ['B', 2],
      ['A', 3],
      ['Default Policy', 4],
    ]);
  });

  it('moves an updated policy past the end to just above the default', async () => {
    const a = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B' });
    const res = await updatePolicy(a, { priority: 99 });
    expect(res.body.priority).toBe(2);
    expect(order(await policies('PLATFORM_SIGN_ON'))).toEqual([
      ['B', 1],
      ['A', 2],
      ['Default Policy', 3],
    ]);
  });

  it('keeps the priority on an update without one', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    const b = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B' });
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'C' });
    const res = await updatePolicy(b, { description: 'edited' });
    expect(res.body.priority).toBe(2);
    expect(order(await policies('PLATFORM_SIGN_ON'))).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['Default Policy', 4],
    ]);
  });

  it('keeps the default policy last: it cannot be moved up', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    const def = (await policies('PLATFORM_SIGN_ON')).find((p) => p.system)!;
    const moved = await updatePolicy(def, { priority: 1 });
    expect(moved.status).toBe(400);
    expect(moved.body.errorCauses.some((c: { errorSummary: string }) => c.errorSummary.startsWith('priority: '))).toBe(
      true,
    );
    const same = await updatePolicy(def, { priority: 2, description: 'still last' });
    expect(same.status).toBe(200);
    expect(order(await policies('PLATFORM_SIGN_ON'))).toEqual([
      ['A', 1],
      ['Default Policy', 2],
    ]);
  });

  it('closes the gap when a policy is deleted', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    const b = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B' });
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'C' });
    expect((await emu().call('DELETE', `/api/v1/policies/${b.id}`)).status).toBe(204);
    const list = await policies('PLATFORM_SIGN_ON');
    expect(order(list)).toEqual([
      ['A', 1],
      ['C', 2],
      ['Default Policy', 3],
    ]);
    expectGapless(list);
  });

  it('keeps priorities per type: other types are not shifted', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'Session', priority: 1 });
    await createPolicy(emu(), { type: 'PASSWORD', name: 'Password', priority: 1 });
    expect(order(await policies('PLATFORM_SIGN_ON'))).toEqual([
      ['Session', 1],
      ['Default Policy', 2],
    ]);
    expect(order(await policies('PASSWORD'))).toEqual([
      ['Password', 1],
      ['Default Policy', 2],
    ]);
    expect(order(await policies('MFA_ENROLL'))).toEqual([['Default Policy', 1]]);
  });

  it('reports the same priority on GET as in the listing', async () => {
    await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'A' });
    const b = await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: 'B', priority: 1 });
    expect((await emu().call('GET', `/api/v1/policies/${b.id}`)).body.priority).toBe(1);
  });
});

describe('rule priorities', () => {
  it('ranks rules added to a default policy above its default rule, and shifts on insert', async () => {
    const pid = await defaultPolicyId('PASSWORD');
    const a = await createRule(emu(), pid, { name: 'A' });
    expect(a.priority).toBe(1);
    await createRule(emu(), pid, { name: 'B' });
    const top = await createRule(emu(), pid, { name: 'Top', priority: 1 });
    expect(top.priority).toBe(1);
    const far = await createRule(emu(), pid, { name: 'Far', priority: 50 });
    expect(far.priority).toBe(4);
    const list = await rules(pid);
    expect(order(list)).toEqual([
      ['Top', 1],
      ['A', 2],
      ['B', 3],
      ['Far', 4],
      ['Default Rule', 5],
    ]);
    expectGapless(list);
  });

  it('numbers the rules of a policy without a default rule 1..N', async () => {
    const p = await createPolicy(emu(), { type: 'PASSWORD', name: 'Own rules' });
    await createRule(emu(), p.id, { name: 'A' });
    await createRule(emu(), p.id, { name: 'B', priority: 1 });
    const c = await createRule(emu(), p.id, { name: 'C', priority: 9 });
    expect(c.priority).toBe(3);
    expect(order(await rules(p.id))).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
    ]);
  });

  it('moves a rule on update and closes the gap on delete', async () => {
    const pid = await defaultPolicyId('PASSWORD');
    const a = await createRule(emu(), pid, { name: 'A' });
    const b = await createRule(emu(), pid, { name: 'B' });
    await createRule(emu(), pid, { name: 'C' });
    const moved = await emu().call('PUT', `/api/v1/policies/${pid}/rules/${a.id}`, {
      type: 'PASSWORD',
      name: 'A',
      priority: 3,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.priority).toBe(3);
    expect(order(await rules(pid))).toEqual([
      ['B', 1],
      ['C', 2],
      ['A', 3],
      ['Default Rule', 4],
    ]);
    const kept = await emu().call('PUT', `/api/v1/policies/${pid}/rules/${b.id}`, { type: 'PASSWORD', name: 'B2' });
    expect(kept.body.priority).toBe(1);
    expect((await emu().call('DELETE', `/api/v1/policies/${pid}/rules/${b.id}`)).status).toBe(204);
    const list = await rules(pid);
    expect(order(list)).toEqual([
      ['C', 1],
      ['A', 2],
      ['Default Rule', 3],
    ]);
    expectGapless(list);
  });

  it('keeps the default rule last: it cannot be moved up, and rules moved past it land above it', async () => {
    const pid = await defaultPolicyId('PASSWORD');
    const a = await createRule(emu(), pid, { name: 'A' });
    await createRule(emu(), pid, { name: 'B' });
    const def = (await rules(pid)).find((r) => r.system)!;
    const res = await emu().call('PUT', `/api/v1/policies/${pid}/rules/${def.id}`, {
      type: 'PASSWORD',
      name: def.name,
      priority: 1,
    });
    expect(res.status).toBe(400);
    const past = await emu().call('PUT', `/api/v1/policies/${pid}/rules/${a.id}`, {
      type: 'PASSWORD',
      name: 'A',
      priority: 77,
    });
    expect(past.body.priority).toBe(2);
    expect(order(await rules(pid))).toEqual([
      ['B', 1],
      ['A', 2],
      ['Default Rule', 3],
    ]);
  });

  it('does not touch the rules of other policies', async () => {
    const pid = await defaultPolicyId('PASSWORD');
    const other = await createPolicy(emu(), { type: 'PASSWORD', name: 'Other' });
    await createRule(emu(), other.id, { name: 'Other rule' });
    await createRule(emu(), pid, { name: 'Mine', priority: 1 });
    expect(order(await rules(other.id))).toEqual([['Other rule', 1]]);
  });
});

describe('authentication policy rule priorities', () => {
  const accessRule = (name: string, extra: Record<string, unknown> = {}) => ({
    type: 'ACCESS_POLICY',
    name,
    actions: {
      appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '1FA', constraints: [] } },
    },
    ...extra,
  });

  it('gives a new authentication policy its default rule at 99', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Apps', description: 'd' });
    const list = await rules(p.id);
    expect(list.map((r) => [r.priority, r.system])).toEqual([[99, true]]);
  });

  it('numbers the other rules 0..k above the default rule at 99', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Apps', description: 'd' });
    const a = await createRule(emu(), p.id, accessRule('A'));
    expect(a.priority).toBe(0);
    await createRule(emu(), p.id, accessRule('B'));
    const top = await createRule(emu(), p.id, accessRule('Top', { priority: 0 }));
    expect(top.priority).toBe(0);
    const mid = await createRule(emu(), p.id, accessRule('Mid', { priority: 2 }));
    expect(mid.priority).toBe(2);
    const far = await createRule(emu(), p.id, accessRule('Far', { priority: 99 }));
    expect(far.priority).toBe(4);
    const list = await rules(p.id);
    expect(order(list)).toEqual([
      ['Top', 0],
      ['A', 1],
      ['Mid', 2],
      ['B', 3],
      ['Far', 4],
      ['Catch-all Rule', 99],
    ]);
    expectGapless(list, 0, 99);
  });

  it('does the same on the org default authentication policy', async () => {
    const pid = await defaultPolicyId('ACCESS_POLICY');
    await createRule(emu(), pid, accessRule('A'));
    await createRule(emu(), pid, accessRule('B', { priority: 0 }));
    expectGapless(await rules(pid), 0, 99);
    expect(order(await rules(pid))).toEqual([
      ['B', 0],
      ['A', 1],
      ['Catch-all Rule', 99],
    ]);
  });

  it('refuses negative rule priorities and keeps the default rule at 99', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Apps', description: 'd' });
    const res = await emu().call('POST', `/api/v1/policies/${p.id}/rules`, accessRule('neg', { priority: -1 }));
    expect(res.status).toBe(400);
    const def = (await rules(p.id))[0];
    const moved = await emu().call(
      'PUT',
      `/api/v1/policies/${p.id}/rules/${def.id}`,
      accessRule(def.name, { priority: 0 }),
    );
    expect(moved.status).toBe(400);
    const same = await emu().call(
      'PUT',
      `/api/v1/policies/${p.id}/rules/${def.id}`,
      accessRule(def.name, { priority: 99 }),
    );
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.priority).toBe(99);
  });

  it('closes the gap on delete and moves on update within 0..k', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Apps', description: 'd' });
    const a = await createRule(emu(), p.id, accessRule('A'));
    const b = await createRule(emu(), p.id, accessRule('B'));
    await createRule(emu(), p.id, accessRule('C'));
    const moved = await emu().call('PUT', `/api/v1/policies/${p.id}/rules/${a.id}`, accessRule('A', { priority: 2 }));
    expect(moved.body.priority).toBe(2);
    expect((await emu().call('DELETE', `/api/v1/policies/${p.id}/rules/${b.id}`)).status).toBe(204);
    const list = await rules(p.id);
    expect(order(list)).toEqual([
      ['C', 0],
      ['A', 1],
      ['Catch-all Rule', 99],
    ]);
  });
});

describe('concurrent writes', () => {
  it('leaves 1..N unique with the default last after 30 concurrent creates', async () => {
    const priorities = [undefined, 1, 2, 5, 100];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        emu().call('POST', '/api/v1/policies', {
          type: 'PLATFORM_SIGN_ON',
          name: `Concurrent ${i}`,
          priority: priorities[i % priorities.length],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    const list = await policies('PLATFORM_SIGN_ON');
    expect(list).toHaveLength(31);
    expect(list.map((p) => p.priority)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(list[30].system).toBe(true);
    expect(new Set(list.map((p) => p.name)).size).toBe(31);
    for (const r of results) expect(list.some((p) => p.id === r.body.id)).toBe(true);
  });

  it('leaves 1..N after concurrent moves and deletes mixed with creates', async () => {
    const created: Ranked[] = [];
    for (let i = 0; i < 12; i++)
      created.push(await createPolicy(emu(), { type: 'PLATFORM_SIGN_ON', name: `Seed ${i}` }));
    await Promise.all([
      ...created.slice(0, 4).map((p) => emu().call('DELETE', `/api/v1/policies/${p.id}`)),
      ...created.slice(4, 10).map((p, i) => updatePolicy(p, { priority: (i % 3) + 1 })),
      ...Array.from({ length: 8 }, (_, i) =>
        emu().call('POST', '/api/v1/policies', { type: 'PLATFORM_SIGN_ON', name: `Late ${i}`, priority: i + 1 }),
      ),
    ]);
    const list = await policies('PLATFORM_SIGN_ON');
    expect(list).toHaveLength(12 - 4 + 8 + 1);
    expectGapless(list);
  });

  it('leaves rules 0..k unique with the default at 99 after concurrent rule creates', async () => {
    const p = await createPolicy(emu(), { type: 'ACCESS_POLICY', name: 'Busy', description: 'd' });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        emu().call('POST', `/api/v1/policies/${p.id}/rules`, {
          type: 'ACCESS_POLICY',
          name: `R${i}`,
          priority: i % 2 ? 0 : undefined,
          actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const list = await rules(p.id);
    expect(list).toHaveLength(31);
    expectGapless(list, 0, 99);
  });
});
