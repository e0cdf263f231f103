// Partial updates over a REST API whose only update is a full replace (PUT): the PUT body is the
// current object's writable members with a JSON merge patch (RFC 7396) applied. The service has no
// ETag or version check, so a change made between the read and the PUT is overwritten.
import type { Policy, PolicyInput, PolicyRule, PolicyRuleInput } from '../rest/types.ts';
import { isObject, withoutNulls } from '../rest/values.ts';

/** A merge patch of T: members may be left out (keep) or null (clear); objects nest, lists replace. */
export type MergePatch<T> = T extends readonly (infer E)[]
  ? NullsAsAbsent<E>[]
  : T extends object
    ? { [K in keyof T]?: MergePatch<T[K]> | null }
    : T;

/** A whole new value in which null means "not sent" at any depth (list elements of a patch). */
type NullsAsAbsent<T> = T extends readonly (infer E)[]
  ? NullsAsAbsent<E>[]
  : T extends object
    ? { [K in keyof T]: NullsAsAbsent<T[K]> | (undefined extends T[K] ? null : never) }
    : T;

export type PolicyPatch = MergePatch<Omit<PolicyInput, 'id' | 'type'>>;
export type PolicyRulePatch = MergePatch<Omit<PolicyRuleInput, 'id' | 'type'>>;

/**
 * RFC 7396: an absent member keeps its value, null removes it, an object is merged member by
 * member, anything else (a scalar, a list) replaces the current value whole. Returns undefined for
 * a removed value.
 */
export function mergePatch(current: unknown, patch: unknown): unknown {
  if (patch === undefined) return current;
  if (patch === null) return undefined;
  if (!isObject(patch)) return withoutNulls(patch);
  const merged: Record<string, unknown> = isObject(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(patch)) {
    const next = mergePatch(merged[key], value);
    if (next === undefined) delete merged[key];
    else merged[key] = next;
  }
  return merged;
}

/** The members of a policy that its PUT body takes, as the service returned them. */
function writablePolicy(p: Policy): PolicyInput {
  const body: PolicyInput = { type: p.type, name: p.name, priority: p.priority, status: p.status };
  if (p.description !== null) body.description = p.description;
  if (p.conditions) body.conditions = p.conditions;
  if (p.settings) body.settings = p.settings;
  return body;
}

/**
 * The PUT body of a partial policy update. A PUT without `settings` keeps the stored settings, so
 * clearing them is sent as `settings: {}`, which the service fills with the type's defaults.
 */
export function policyUpdateBody(current: Policy, patch: PolicyPatch): PolicyInput {
  const body = mergePatch(writablePolicy(current), patch) as PolicyInput;
  if (patch.settings === null) body.settings = {};
  return body;
}

/** The PUT body of a partial rule update. */
export function ruleUpdateBody(current: PolicyRule, patch: PolicyRulePatch): PolicyRuleInput {
  const base: PolicyRuleInput = {
    type: current.type,
    name: current.name,
    status: current.status,
    priority: current.priority,
    actions: current.actions,
  };
  if (current.conditions) base.conditions = current.conditions;
  return mergePatch(base, patch) as PolicyRuleInput;
}
