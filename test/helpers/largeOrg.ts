// A fixture of an org with many password policies, each with many rules: the built-in fixture's
// directory data (which the bodies name) plus `policies` PASSWORD policies of `rules` rules each,
// with the full bodies of test/helpers/policyBodies.ts so that every object weighs what a real one
// does. The property test and the attack soak both answer from it.
import { readFileSync } from 'node:fs';
import type { FixtureInput } from '../../packages/emulator/src/emulator/org/fixture.ts';
import { POLICY_BODIES, RULE_BODIES } from './policyBodies.ts';

const BUILT_IN = new URL('../../packages/emulator/src/emulator/org/fixture.default.json', import.meta.url);

/** `descriptionBytes`: each policy's description padded to that length (answers that weigh what long texts do). */
export function largeOrgFixture(policies: number, rules: number, descriptionBytes = 0): FixtureInput {
  const directory = JSON.parse(readFileSync(BUILT_IN, 'utf8')) as FixtureInput;
  return {
    ...directory,
    policies: Array.from({ length: policies }, (_, p) => ({
      type: 'PASSWORD' as const,
      name: `Large org ${p + 1}`,
      description: `Password policy ${p + 1} of the large org`.padEnd(descriptionBytes, '.'),
      ...POLICY_BODIES.PASSWORD,
      rules: Array.from({ length: rules }, (_, r) => ({
        type: 'PASSWORD',
        name: `Rule ${r + 1} of policy ${p + 1}`,
        ...RULE_BODIES.PASSWORD,
      })),
    })),
  };
}
