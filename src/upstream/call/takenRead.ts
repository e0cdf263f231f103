// What a shared read tells of itself (call/sharedReads.ts) to the operation that took it, and
// through it to the gateway's joined answers: a type alone, so that the cache and a call's context
// can name it without importing the shared reads.
import type { ReadFamily } from '../routes.ts';
import type { RightsClass } from './rightsClasses.ts';

/**
 * A read whose answer may be handed to another operation: what a joined answer (the gateway's
 * answerCache/flights.ts) checks its newcomer against, by `couldHaveTaken`.
 */
export interface TakenRead {
  family: ReadFamily;
  /** The class it was shared under. */
  rights: RightsClass;
  /** When its flight took off and landed (the clock of the operations' arrivals). */
  startedAt: number;
  landedAt: number;
  /** The family's writes counted when it took off: a write since ends its sharing. */
  writes: number;
  onlyLaterFlights: boolean;
}
