// Deterministic randomness for tests: a seeded generator for long runs under faults, and a fixed
// sequence for tests that script exactly which request fails.

/** mulberry32: a small, fast generator with a 32-bit seed; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Returns `values` in turn, then `after` forever. */
export function scripted(values: number[], after = 0.99): () => number {
  let i = 0;
  return () => (i < values.length ? values[i++] : after);
}
