// What every answer of the gateway carries in `extensions.cost` (docs/api.md): a type alone, with no
// import, so that a client (examples/client) takes it as it is instead of restating it.

/** What `extensions.cost` carries. */
export interface CostExtension {
  /** The estimate made before the first call: calls at least, cost (items × fields); null when the document was refused before it. */
  estimate: { calls: number; size: number } | null;
  /** Upstream calls made, retries included. */
  calls: number;
  limits: { calls: number; size: number; responseBytes: number };
  /** The caller's share of the org's window: null until the gateway knows it. */
  throttleStatus: {
    limit: number | null;
    remaining: number | null;
    resetAt: string | null;
    /** The most this caller may spend of one window (its share of the limit). */
    callerLimit: number | null;
  } | null;
  /** Only with the read cache on: the reads it answered (no upstream call), and the oldest answer's age in whole seconds. */
  cache?: { hits: number; oldestAgeSeconds: number };
}
