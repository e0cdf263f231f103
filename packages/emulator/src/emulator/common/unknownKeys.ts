// Closed sets of members (the fixture, the fault rules): a member that is not known is an error that
// names it and the members known, so that a typo cannot be ignored without a word.
import type { Check } from './check.ts';

/** Records a cause for every member of `o` not in `known` (`<prefix><member>: unknown member; known: …`). */
export function unknownKeys(c: Check, o: Record<string, unknown>, prefix: string, known: readonly string[]): void {
  for (const key of Object.keys(o)) {
    if (!known.includes(key)) c.fail(`${prefix}${key}`, `unknown member; known: ${known.join(', ')}`);
  }
}
