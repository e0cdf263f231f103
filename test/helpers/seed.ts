// Fills a running emulator's org through its store instead of over HTTP, so that a test can reach
// a limit of thousands of policies in milliseconds and spend its HTTP calls on the limit itself.
import type { RunningEmulator } from '../../src/emulator/index.ts';
import { newId, now } from '../../src/emulator/org/ids.ts';
import { defaultSettings, insertPolicy } from '../../src/emulator/org/seed.ts';
import type { StoredPolicy } from '../../src/emulator/org/store.ts';
import type { PolicyType } from '../../src/rest/types.ts';

/**
 * Adds active policies of `type` (named `Seeded 1`, `Seeded 2`, …, with their default rule where
 * the type has one) until the org holds `total` policies of that type, as creates over HTTP would.
 */
export function seedPolicies(emu: RunningEmulator, type: PolicyType, total: number): void {
  const store = emu.store();
  const settings = defaultSettings(store, type);
  for (let n = store.countPolicies(type) + 1; n <= total; n++) {
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
    insertPolicy(store, policy);
  }
  store.changed();
}
