// The changes that make an org (as a normalized document) match a document: one UPDATE per changed
// member (its path), CREATE and (with prune) DELETE per object, and MOVE for the fewest objects
// whose priority must change: those outside a longest run already in the document's order.
import { MAX_USER_TYPES, POLICY_TYPE_CONTRACT, POLICY_TYPES } from 'policy-service-emulator/contract';
import type { TSchema } from '@sinclair/typebox';
import type { PolicyType } from '../rest/types.ts';
import {
  type DocPolicy,
  type DocRule,
  type DocUserType,
  deepEqual,
  type PolicyDocument,
  policyKey,
  ruleKey,
} from './document.ts';
import { DocumentSchema, POLICY_SCHEMAS_OF_DOCUMENT } from './schema.ts';
import type { PolicyDocumentErrorCode } from '../generated/enums.ts';
import { isObject } from 'policy-service-emulator/contract';

export type ChangeAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'MOVE';
export type ChangeKind = 'USER_TYPE' | 'POLICY' | 'RULE';

export interface PlanChange {
  action: ChangeAction;
  kind: ChangeKind;
  /** The object as the document keys it: `Contractor`, `<TYPE>/Corp`, `<TYPE>/Corp/Allow change`. */
  key: string;
  /** The member path of an UPDATE; null otherwise (and for a new policy's default rule, set whole). */
  path: string[] | null;
  before: unknown;
  after: unknown;
  /** The service's refusal of the change, foreseen before any write (refusals.ts); absent when none. */
  refusal?: ChangeRefusal;
}

/** What the service will answer to a change, as a plan foresaw it. */
export interface ChangeRefusal {
  code: PlanErrorCode;
  message: string;
}

/** The schema's `PolicyDocumentErrorCode`. */
export type PlanErrorCode = PolicyDocumentErrorCode;

export interface PlanError {
  message: string;
  code: PlanErrorCode;
  key: string;
  path: string[] | null;
}

/** Policy types whose create makes a default (system) rule (the contract says which). */
export const TYPES_WITH_DEFAULT_RULE: readonly PolicyType[] = POLICY_TYPES.filter(
  (type) => POLICY_TYPE_CONTRACT[type].createsDefaultRule,
);

/** The priority of the first rule: authentication policy rules start at 0, the others at 1. */
export function firstRulePriority(type: PolicyType): number {
  return POLICY_TYPE_CONTRACT[type].firstRulePriority;
}

export interface Diff {
  changes: PlanChange[];
  errors: PlanError[];
}

/** The schema of an object schema's member (through `anyOf` branches); undefined when it has none. */
function memberSchema(schema: TSchema | undefined, key: string): TSchema | undefined {
  if (!schema) return undefined;
  if (schema.anyOf) {
    for (const branch of schema.anyOf as TSchema[]) {
      const found = memberSchema(branch, key);
      if (found) return found;
    }
    return undefined;
  }
  return (schema.properties as Record<string, TSchema> | undefined)?.[key];
}

/**
 * One change per differing leaf member (lists compare whole). With the object's `schema`, a member
 * the target leaves out is managed only when the schema gives it a default (the target then means
 * that default); any other member it leaves out is not managed, whatever the org holds there (the
 * values the service fills in).
 */
export function memberChanges(
  before: unknown,
  after: unknown,
  path: string[] = [],
  schema?: TSchema,
): { path: string[]; before: unknown; after: unknown }[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => {
      const sub = memberSchema(schema, k);
      if (schema && after[k] === undefined && sub?.default === undefined) return [];
      return memberChanges(before[k], after[k], [...path, k], sub);
    });
  }
  if (deepEqual(before, after)) return [];
  return [{ path, before: before ?? null, after: after ?? null }];
}

/** Indexes (into `order`) of a longest increasing run: the objects that need not move. */
function longestIncreasing(order: number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array(order.length).fill(-1);
  for (let i = 0; i < order.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order[tails[mid]] < order[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) keep.add(i);
  return keep;
}

function membersOf(o: { name: string; system?: boolean; rules?: unknown }): Record<string, unknown> {
  const { name: _name, system: _system, rules: _rules, ...members } = o;
  return members;
}

/** How one list of objects keyed by name is compared. */
interface ListOptions<T> {
  kind: ChangeKind;
  keyOf: (name: string) => string;
  prune: boolean;
  firstPriority: number;
  /** Orders matter (policies, rules); user types have none. */
  ordered: boolean;
  /** A system object the document has but the org lacks: a change (a new policy's default rule) or an error. */
  missingSystem: (o: T) => PlanChange | PlanError;
  /** The objects' schema, when members the target leaves out without a default are not managed. */
  schema?: TSchema;
  nested?: (current: T | undefined, target: T) => Diff;
}

/** The org's objects of a list by name, with their place in it. */
type Indexed<T> = Map<string, { o: T; i: number }>;

/** A list keyed by name: changes for creates, updates, moves and (with prune) deletes. */
function diffList<T extends { name: string; system?: boolean }>(
  current: T[],
  target: T[],
  options: ListOptions<T>,
  out: Diff,
): void {
  const currentByName: Indexed<T> = new Map(current.map((o, i) => [o.name, { o, i }]));
  const seen = diffTargets(currentByName, target, options, out);
  if (options.ordered) out.changes.push(...movesOf(currentByName, target, options));
  if (options.prune) deletesOf(current, seen, options, out);
}

/** Each object the document lists, once: its create or its member updates, then its nested list. Answers the names seen. */
function diffTargets<T extends { name: string; system?: boolean }>(
  currentByName: Indexed<T>,
  target: T[],
  options: ListOptions<T>,
  out: Diff,
): Set<string> {
  const seen = new Set<string>();
  for (const o of target) {
    const key = options.keyOf(o.name);
    if (seen.has(o.name)) {
      out.errors.push({ message: `${key} appears twice in the document.`, code: 'INVALID', key, path: null });
      continue;
    }
    seen.add(o.name);
    const existing = currentByName.get(o.name)?.o;
    if (existing) diffExisting(existing, o, key, options, out);
    else diffMissing(o, key, options, out);
    if (options.nested) addAll(out, options.nested(existing, o));
  }
  return seen;
}

/** An object the org lacks: its create, or what a missing system object means. */
function diffMissing<T extends { name: string; system?: boolean }>(
  o: T,
  key: string,
  options: ListOptions<T>,
  out: Diff,
): void {
  if (!o.system) {
    out.changes.push({ action: 'CREATE', kind: options.kind, key, path: null, before: null, after: membersOf(o) });
    return;
  }
  const result = options.missingSystem(o);
  if ('action' in result) out.changes.push(result);
  else out.errors.push(result);
}

/** An object both sides have: one UPDATE per differing member; `system` cannot change. */
function diffExisting<T extends { name: string; system?: boolean }>(
  existing: T,
  o: T,
  key: string,
  options: ListOptions<T>,
  out: Diff,
): void {
  if (Boolean(existing.system) !== Boolean(o.system)) {
    out.errors.push({
      message: `${key} is ${existing.system ? '' : 'not '}a system object in the org; \`system\` cannot change.`,
      code: 'FORBIDDEN',
      key,
      path: ['system'],
    });
  }
  for (const m of memberChanges(membersOf(existing), membersOf(o), [], options.schema)) {
    out.changes.push({ action: 'UPDATE', kind: options.kind, key, ...m });
  }
}

/** The MOVEs: only objects both sides have, system ones aside (they stay last), outside a longest run in the document's order. */
function movesOf<T extends { name: string; system?: boolean }>(
  currentByName: Indexed<T>,
  target: T[],
  options: ListOptions<T>,
): PlanChange[] {
  const placeOf = (o: T) => currentByName.get(o.name)?.i ?? 0;
  const movable = target.filter((o) => !o.system && currentByName.has(o.name));
  const keep = longestIncreasing(movable.map(placeOf));
  return movable
    .filter((_, i) => !keep.has(i))
    .map((o) => ({
      action: 'MOVE',
      kind: options.kind,
      key: options.keyOf(o.name),
      path: null,
      before: placeOf(o) + options.firstPriority,
      after: target.indexOf(o) + options.firstPriority,
    }));
}

/** With prune: a DELETE per object the document does not list; a system one cannot be deleted. */
function deletesOf<T extends { name: string; system?: boolean }>(
  current: T[],
  seen: Set<string>,
  options: ListOptions<T>,
  out: Diff,
): void {
  for (const o of current) {
    if (seen.has(o.name)) continue;
    const key = options.keyOf(o.name);
    if (o.system) {
      out.errors.push({
        message: `${key} is a system object: it cannot be deleted.`,
        code: 'FORBIDDEN',
        key,
        path: null,
      });
    } else {
      out.changes.push({ action: 'DELETE', kind: options.kind, key, path: null, before: membersOf(o), after: null });
    }
  }
}

function addAll(out: Diff, more: Diff): void {
  out.changes.push(...more.changes);
  out.errors.push(...more.errors);
}

const USER_TYPE_SCHEMA = (DocumentSchema.properties.userTypes as TSchema).items as TSchema;
const policySchemaOf = (type: PolicyType) => (POLICY_SCHEMAS_OF_DOCUMENT.properties[type] as TSchema).items as TSchema;
const ruleSchemaOf = (type: PolicyType) => (policySchemaOf(type).properties.rules as TSchema).items as TSchema;

/**
 * The changes from `current` to `target`, both normalized; policy types absent from `target` are left
 * alone. `managed` (a plan): a member the target leaves out is changed only back to its schema default
 * (see memberChanges); without it (what changed since a plan) every member compares.
 */
export function diff(current: PolicyDocument, target: PolicyDocument, prune: boolean, managed = true): Diff {
  const out: Diff = { changes: [], errors: [] };
  if (target.userTypes) diffUserTypes(current.userTypes ?? [], target.userTypes, prune, managed, out);
  for (const [type, list] of Object.entries(target.policies) as [PolicyType, DocPolicy[]][]) {
    diffList<DocPolicy>(current.policies[type] ?? [], list, policyListOptions(type, prune, managed), out);
  }
  return out;
}

/** User types, the default one as the list's system object; then the service's limit on their number. */
function diffUserTypes(current: DocUserType[], target: DocUserType[], prune: boolean, managed: boolean, out: Diff) {
  const userTypes = target.map((t) => ({ ...t, system: t.default }));
  const currentTypes = current.map((t) => ({ ...t, system: t.default }));
  diffList(
    currentTypes,
    userTypes,
    {
      kind: 'USER_TYPE',
      keyOf: (name) => name,
      prune,
      firstPriority: 0,
      ordered: false,
      schema: managed ? USER_TYPE_SCHEMA : undefined,
      missingSystem: (t) => ({
        message: `${t.name} is the default user type in the document, but the org's default user type has another name.`,
        code: 'FORBIDDEN',
        key: t.name,
        path: ['default'],
      }),
    },
    out,
  );
  const count = userTypesAfter(currentTypes, userTypes, prune);
  if (count > MAX_USER_TYPES) {
    out.errors.push({
      message: `The org would have ${count} user types; the service allows ${MAX_USER_TYPES}.`,
      code: 'LIMIT_EXCEEDED',
      key: 'userTypes',
      path: null,
    });
  }
}

/** How many user types the org has after the changes: the document's, and the org's others unless pruned. */
function userTypesAfter(
  currentTypes: { name: string; system?: boolean }[],
  userTypes: { name: string }[],
  prune: boolean,
): number {
  const remaining = new Set(currentTypes.map((t) => t.name));
  if (prune)
    for (const t of currentTypes) if (!t.system && !userTypes.some((u) => u.name === t.name)) remaining.delete(t.name);
  for (const t of userTypes) remaining.add(t.name);
  return remaining.size;
}

/** The policies of one type: a missing system policy cannot be created; each policy's rules nested. */
function policyListOptions(type: PolicyType, prune: boolean, managed: boolean): ListOptions<DocPolicy> {
  return {
    kind: 'POLICY',
    keyOf: (name) => policyKey(type, name),
    prune,
    firstPriority: 1,
    ordered: true,
    schema: managed ? policySchemaOf(type) : undefined,
    missingSystem: (p) => ({
      message: `${policyKey(type, p.name)} is a system policy the org does not have: system policies cannot be created.`,
      code: 'FORBIDDEN',
      key: policyKey(type, p.name),
      path: null,
    }),
    nested: (existing, p) => {
      const nested: Diff = { changes: [], errors: [] };
      diffList<DocRule>(
        existing?.rules ?? [],
        p.rules ?? [],
        ruleListOptions(type, existing, p, prune, managed),
        nested,
      );
      return nested;
    },
  };
}

/** The rules of one policy (`existing`: as the org has it, if it does). */
function ruleListOptions(
  type: PolicyType,
  existing: DocPolicy | undefined,
  p: DocPolicy,
  prune: boolean,
  managed: boolean,
): ListOptions<DocRule> {
  return {
    kind: 'RULE',
    keyOf: (name) => ruleKey(type, p.name, name),
    prune,
    firstPriority: firstRulePriority(type),
    ordered: true,
    schema: managed ? ruleSchemaOf(type) : undefined,
    missingSystem: (r) => missingSystemRule(type, existing, p, r),
  };
}

/** A new policy's default rule is made by the service, then set whole; any other missing system rule cannot be created. */
function missingSystemRule(type: PolicyType, existing: DocPolicy | undefined, p: DocPolicy, r: DocRule) {
  const key = ruleKey(type, p.name, r.name);
  if (!existing && TYPES_WITH_DEFAULT_RULE.includes(type)) {
    return { action: 'UPDATE', kind: 'RULE', key, path: null, before: null, after: membersOf(r) } satisfies PlanChange;
  }
  return {
    message: `${key} is a system rule the org does not have: system rules cannot be created.`,
    code: 'FORBIDDEN',
    key,
    path: null,
  } satisfies PlanError;
}
