// The built-in org with more API tokens: tests and benchmarks that need two callers with the same
// rights give carol (the SUPER_ADMIN whose token is the emulator's `token`) a second one. No vitest
// here, so the benchmarks can use it too.
import { readFileSync } from 'node:fs';
import type { FixtureInput } from '../../packages/emulator/src/emulator/index.ts';
import { BUILTIN_FIXTURE_PATH } from '../../packages/emulator/src/emulator/org/fixture.ts';

/** The built-in org's people: carol is a SUPER_ADMIN, alice a READ_ONLY_ADMIN, bob has no admin role. */
export const CAROL = '00u3carol';
export const ALICE = '00u1alice';
export const BOB = '00u2bob';

/** The built-in fixture with `apiTokens` added (each token belongs to the admin `userId`). */
export function builtInOrgWithTokens(apiTokens: { token: string; userId: string }[]): FixtureInput {
  const fixture = JSON.parse(readFileSync(BUILTIN_FIXTURE_PATH, 'utf8')) as FixtureInput;
  return { ...fixture, apiTokens: [...(fixture.apiTokens ?? []), ...apiTokens] };
}
