// The shape every per-attempt step shares, as undici's interceptors: a step takes the next one and
// returns an attempt function that does its part around it.
import type { AttemptResult } from '../attempt.ts';

/** One attempt of the call; `retried`: how many attempts came before it. */
export type TryOnce = (retried: number) => Promise<AttemptResult>;
