// Three-valued logic over simulation statuses. UNDEFINED means "the context cannot tell", so a
// conjunction is NOT_MATCH as soon as one part surely fails, whatever the unknown parts would be.
import type { SimulationStatus } from '../../rest/types.ts';

/** Conjunction: any NOT_MATCH wins, then any UNDEFINED, else MATCH (an empty list is MATCH). */
export function allOf(statuses: Iterable<SimulationStatus>): SimulationStatus {
  let result: SimulationStatus = 'MATCH';
  for (const s of statuses) {
    if (s === 'NOT_MATCH') return 'NOT_MATCH';
    if (s === 'UNDEFINED') result = 'UNDEFINED';
  }
  return result;
}

/** Disjunction: any MATCH wins, then any UNDEFINED, else NOT_MATCH (an empty list is NOT_MATCH). */
export function anyOf(statuses: Iterable<SimulationStatus>): SimulationStatus {
  let result: SimulationStatus = 'NOT_MATCH';
  for (const s of statuses) {
    if (s === 'MATCH') return 'MATCH';
    if (s === 'UNDEFINED') result = 'UNDEFINED';
  }
  return result;
}

/** MATCH when the test holds, NOT_MATCH when it does not, UNDEFINED when there is nothing to test. */
export function known<T>(value: T | undefined, test: (v: T) => boolean): SimulationStatus {
  if (value === undefined) return 'UNDEFINED';
  return test(value) ? 'MATCH' : 'NOT_MATCH';
}
