// Small checks shared by the per-type validation modules. Each one reports through the request's
// Check, so a request still collects every violated rule at once.
import type { AccessDecision, RuleActions } from '../../rest/types.ts';
import type { Check } from './check.ts';
import type { ValidationContext } from './registry.ts';

export const ACCESS_DECISIONS = ['ALLOW', 'DENY'] as const satisfies readonly AccessDecision[];

export const IE_ONLY_MESSAGE = 'is available only on the identity engine';

/**
 * Reads an ALLOW/DENY `access` member. Returns `fallback` when it is absent and not required
 * (undefined when there is no fallback or the value is wrong).
 */
export function checkAccess(
  c: Check,
  raw: unknown,
  path: string,
  o: { required?: boolean; fallback?: AccessDecision } = {},
): AccessDecision | undefined {
  if (raw === undefined || raw === null) {
    if (o.required) c.fail(path, 'is required');
    return o.required ? undefined : o.fallback;
  }
  return c.enum(raw, path, ACCESS_DECISIONS);
}

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

/**
 * Rule `actions` of the types whose actions are one required member (`signon`, `appSignOn`, `idp`,
 * `profileEnrollment`): other members are rejected and the member is read by `read`.
 */
export function singleAction<K extends keyof RuleActions>(
  raw: unknown,
  c: Check,
  key: K,
  read: (value: unknown) => RuleActions[K] | undefined,
): RuleActions {
  const actions = c.object(raw, 'actions', { required: true });
  if (!actions) return {};
  c.noUnknown(actions, 'actions', [key]);
  const value = read(actions[key]);
  return value ? ({ [key]: value } as RuleActions) : {};
}
