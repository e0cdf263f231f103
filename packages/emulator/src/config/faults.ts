// The emulator's injected faults: their settings, their values when none is injected, and their
// bounds, shared by the EMULATOR_* variables and the /__emulator/faults endpoint.

export interface FaultSettings {
  /** Added to every API answer, in milliseconds. */
  latencyMs: number;
  /** Up to this many milliseconds more, drawn per request. */
  jitterMs: number;
  /** Share (0..1) of API requests answered with `status` instead of being served. */
  errorRate: number;
  /** The status of those answers: 429 or 500..599. */
  status: number;
  /** Share (0..1) of API requests whose connection is destroyed in the middle of the answer. */
  resetRate: number;
  /** API requests per minute before 429; 0: no limit. */
  rateLimitPerMinute: number;
}

export const NO_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  status: 503,
  resetRate: 0,
  rateLimitPerMinute: 0,
});

type Kind = 'integer' | 'share' | 'status';
/** Each setting's kind and bounds; the environment variables are read with the same bounds. */
export const FAULT_LIMITS: Record<keyof FaultSettings, { kind: Kind; min: number; max: number }> = {
  latencyMs: { kind: 'integer', min: 0, max: 60_000 },
  jitterMs: { kind: 'integer', min: 0, max: 60_000 },
  errorRate: { kind: 'share', min: 0, max: 1 },
  status: { kind: 'status', min: 429, max: 599 },
  resetRate: { kind: 'share', min: 0, max: 1 },
  rateLimitPerMinute: { kind: 'integer', min: 0, max: 1_000_000 },
};

/** Checks one setting; returns a message saying what is wrong, or undefined when it is valid. */
export function faultProblem(name: keyof FaultSettings, value: unknown): string | undefined {
  const { kind, min, max } = FAULT_LIMITS[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  if (kind === 'share') return value >= min && value <= max ? undefined : `must be from ${min} to ${max}`;
  if (!Number.isInteger(value)) return 'must be a whole number';
  if (kind === 'status') return value === 429 || (value >= 500 && value <= max) ? undefined : 'must be 429 or 500..599';
  return value >= min && value <= max ? undefined : `must be from ${min} to ${max}`;
}
