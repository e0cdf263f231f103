// Fills a running emulator's org through its store instead of over HTTP, so that a test can reach
// a limit of thousands of policies in milliseconds and spend its HTTP calls on the limit itself.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RunningEmulator } from '../../packages/emulator/src/emulator/index.ts';
import { newId, now } from '../../packages/emulator/src/emulator/common/ids.ts';
import { defaultSettings, newDefaultRule } from '../../packages/emulator/src/emulator/org/seed.ts';
import type { StoredPolicy } from '../../packages/emulator/src/emulator/org/store.ts';
import { POLICY_TYPE_MODULES } from '../../packages/emulator/src/emulator/policyTypes/index.ts';
import type { PolicyType } from '../../src/rest/types.ts';

/**
 * Adds active policies of `type` (named `Seeded 1`, `Seeded 2`, …, with their default rule where
 * the type has one) just above the default policy until the org holds `total` policies of that
 * type, as creates over HTTP would. It gives the event loop a turn every few hundred policies: a
 * loop blocked longer than the server's keep-alive timeout would reset the next request sent on a
 * kept-alive connection.
 */
export async function seedPolicies(emu: RunningEmulator, type: PolicyType, total: number): Promise<void> {
  const store = emu.store();
  const settings = defaultSettings(store, type);
  const seeded: string[] = [];
  for (let n = store.countPolicies(type) + 1; n <= total; n++) {
    if (n % 250 === 0) await nextTurn();
    const t = now();
    const policy: StoredPolicy = {
      id: newId('00p'),
      type,
      name: `Seeded ${n}`,
      description: null,
      status: 'ACTIVE',
      system: false,
      conditions: null,
      ...(settings ? { settings: structuredClone(settings) } : {}),
      created: t,
      lastUpdated: t,
    };
    store.data.policies[policy.id] = policy;
    if (POLICY_TYPE_MODULES[type].createsDefaultRule) store.placeRule(policy, newDefaultRule(store, policy));
    seeded.push(policy.id);
  }
  // One splice for all (placing policies one by one costs a pass over the type's order each); until
  // then the new policies are in no listing, and their default rules were made while it was short.
  const order = store.order(type);
  order.splice(store.defaultPolicy(type) ? order.length - 1 : order.length, 0, ...seeded);
  store.changed();
}
