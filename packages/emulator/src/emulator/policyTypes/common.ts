// Small checks shared by the per-type validation modules. Each one reports through the request's
// Check, so a request still collects every violated rule at once.
import type { Check } from '../common/check.ts';
import type { ValidationContext } from './registry.ts';

export const IE_ONLY_MESSAGE = 'is available only on the identity engine';

/**
 * Reports a member that exists only on the identity engine when the org runs the classic one.
 * Returns true when the member may be used (absent, or the engine is IE).
 */
export function ieOnlyMember(ctx: ValidationContext, raw: unknown, path: string): boolean {
  if (raw === undefined || raw === null || ctx.engine === 'IE') return true;
  ctx.check.fail(path, IE_ONLY_MESSAGE);
  return false;
}

/**
 * For policy types without policy-level settings: absent, null or `{}` is accepted (clients echo
 * what they read back); anything with content is a cause on `settings`.
 */
export function rejectSettings(raw: unknown, c: Check, typeLabel: string): undefined {
  if (raw === undefined || raw === null) return undefined;
  const isEmptyObject = typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0;
  if (!isEmptyObject) c.fail('settings', `${typeLabel} has no policy settings`);
  return undefined;
}

/** Checks that every referenced id exists in the org; the cause names the element path. */
export function checkReferences(
  c: Check,
  ids: readonly string[],
  path: string,
  exists: (id: string) => boolean,
  what: string,
  except: readonly string[] = [],
): void {
  ids.forEach((id, i) => {
    if (!except.includes(id) && !exists(id)) c.fail(`${path}[${i}]`, `${what} '${id}' does not exist`);
  });
}

/** Structural equality of two JSON values (used to detect changes to read-only members). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
