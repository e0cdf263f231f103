// The document form of an org: no ids of managed objects, user types named by name in conditions,
// REST defaults left out. The same function turns the target org into a document for planning, so a
// plan compares like with like, and exporting after an apply gives back the applied document.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Conditions, Policy, PolicyRule, PolicyType, UserType } from '../rest/types.ts';
import { DOCUMENT_VERSION, DocumentSchema, POLICY_SCHEMAS_OF_DOCUMENT } from './schema.ts';
import { ASSIGNED_BY_SERVICE, isObject, RULE_ACTIONS, RULE_TYPE_OF } from 'policy-service-emulator/contract';

export interface DocRule {
  name: string;
  system?: boolean;
  status?: 'ACTIVE' | 'INACTIVE';
  conditions?: Record<string, unknown>;
  actions?: Record<string, unknown>;
}

export interface DocPolicy {
  name: string;
  system?: boolean;
  description?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  conditions?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  rules?: DocRule[];
}

export interface DocUserType {
  name: string;
  displayName: string;
  description?: string;
  default?: boolean;
}

export interface References {
  groups?: string[];
  zones?: string[];
  apps?: string[];
  users?: string[];
}

export interface PolicyDocument {
  version: typeof DOCUMENT_VERSION;
  references?: References;
  userTypes?: DocUserType[];
  policies: Partial<Record<PolicyType, DocPolicy[]>>;
}

/** An org as read: user types, and per type its policies in priority order with their rules. */
export interface OrgSnapshot {
  userTypes: UserType[];
  policies: Partial<Record<PolicyType, { policy: Policy; rules: PolicyRule[] }[]>>;
}

export const policyKey = (type: string, name: string) => `${type}/${name}`;
export const ruleKey = (type: string, policy: string, rule: string) => `${type}/${policy}/${rule}`;

/** The value without the members equal to their schema default (at every depth), and without undefined ones. */
export function withoutDefaults(value: unknown, schema: TSchema | undefined): unknown {
  if (schema?.anyOf) {
    const branches = schema.anyOf as TSchema[];
    const branch = branches.find((b) => Value.Check(b, value)) ?? branches.find((b) => b.type === 'object');
    return withoutDefaults(value, branch);
  }
  if (Array.isArray(value)) return value.map((v) => withoutDefaults(v, schema?.items as TSchema | undefined));
  if (!isObject(value)) return value;
  const properties = (schema?.properties ?? {}) as Record<string, TSchema>;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || member === null) continue;
    const sub = properties[key];
    if (sub && sub.default !== undefined && deepEqual(member, sub.default)) continue;
    out[key] = withoutDefaults(member, sub);
  }
  return out;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
}

/** Conditions with the user type condition's ids swapped through `map` (unknown ids stay as they are). */
export function mapUserTypes(conditions: unknown, map: (value: string) => string): Record<string, unknown> | undefined {
  if (!isObject(conditions)) return undefined;
  const userType = conditions.userType;
  if (!isObject(userType)) return conditions;
  const swap = (list: unknown) => (Array.isArray(list) ? list.map((v) => map(String(v))) : list);
  return { ...conditions, userType: { ...userType, include: swap(userType.include), exclude: swap(userType.exclude) } };
}

/**
 * Rule actions without the members the service assigns and never lets a client choose (the
 * contract marks them, e.g. a profile enrollment rule's `uiSchemaId`: each rule has its own). An
 * apply leaves the stored ones alone.
 */
function withoutAssigned(value: unknown, schema: TSchema | undefined): unknown {
  if (!isObject(value) || !schema) return value;
  const objectBranch = (schema.anyOf as TSchema[] | undefined)?.find((b) => b.type === 'object') ?? schema;
  const properties = (objectBranch.properties ?? {}) as Record<string, TSchema & { [ASSIGNED_BY_SERVICE]?: true }>;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (properties[key]?.[ASSIGNED_BY_SERVICE]) continue;
    out[key] = withoutAssigned(member, properties[key]);
  }
  return out;
}

/** The document of the snapshot's user types and of the policy types it holds. */
export function toDocument(org: OrgSnapshot): PolicyDocument {
  const nameOf = new Map(org.userTypes.map((t) => [t.id, t.name]));
  const toName = (id: string) => nameOf.get(id) ?? id;
  const policies: PolicyDocument['policies'] = {};
  for (const [type, entries] of Object.entries(org.policies) as [PolicyType, OrgSnapshot['policies'][PolicyType]][]) {
    policies[type] = (entries ?? []).map(({ policy, rules }) => ({
      name: policy.name,
      system: policy.system,
      description: policy.description ?? undefined,
      status: policy.status,
      conditions: mapUserTypes(policy.conditions, toName),
      settings: policy.settings as Record<string, unknown> | undefined,
      rules: rules.map((r) => ({
        name: r.name,
        system: r.system,
        status: r.status,
        conditions: mapUserTypes(r.conditions, toName),
        actions: isObject(r.actions)
          ? (withoutAssigned(r.actions, RULE_ACTIONS[RULE_TYPE_OF[type]]) as Record<string, unknown>)
          : undefined,
      })),
    }));
  }
  const document = {
    version: DOCUMENT_VERSION,
    userTypes: org.userTypes.map((t) => ({
      name: t.name,
      displayName: t.displayName,
      description: t.description || undefined,
      default: t.default,
    })),
    policies,
  } as PolicyDocument;
  return normalize(document);
}

/**
 * The document in its short form (REST defaults out, empty members out) with `references` listing
 * every group, zone, app and user it names (and those it listed itself). Two documents that mean
 * the same org normalize to equal values.
 */
export function normalize(document: PolicyDocument): PolicyDocument {
  const short = withoutDefaults(document, DocumentSchema) as PolicyDocument;
  const policies: PolicyDocument['policies'] = {};
  for (const [type, list] of Object.entries(short.policies ?? {}) as [PolicyType, DocPolicy[]][]) {
    const policySchema = (POLICY_SCHEMAS_OF_DOCUMENT.properties[type] as TSchema).items as TSchema;
    policies[type] = list.map((p) => withoutEmpty(withoutDefaults(p, policySchema) as DocPolicy));
  }
  const references = referencesOf(short);
  return {
    version: DOCUMENT_VERSION,
    ...(Object.keys(references).length > 0 ? { references } : {}),
    ...(short.userTypes ? { userTypes: short.userTypes } : {}),
    policies,
  };
}

/** Drops `conditions: {}` and `rules: []`, which say the same as leaving them out. */
function withoutEmpty(policy: DocPolicy): DocPolicy {
  const out = { ...policy };
  if (out.conditions && Object.keys(out.conditions).length === 0) delete out.conditions;
  if (out.rules && out.rules.length === 0) delete out.rules;
  out.rules = out.rules?.map((r) => {
    const rule = { ...r };
    if (rule.conditions && Object.keys(rule.conditions).length === 0) delete rule.conditions;
    return rule;
  });
  if (out.rules === undefined) delete out.rules;
  return out;
}

/** The ids of unmanaged objects a document names: listed ones and those its conditions name, sorted. */
export function referencesOf(document: PolicyDocument): References {
  const sets = {
    groups: new Set<string>(),
    zones: new Set<string>(),
    apps: new Set<string>(),
    users: new Set<string>(),
  };
  for (const [kind, ids] of Object.entries(document.references ?? {}) as [keyof References, string[]][]) {
    for (const id of ids ?? []) sets[kind].add(id);
  }
  const add = (set: Set<string>, list: unknown) => {
    if (Array.isArray(list)) for (const id of list) if (typeof id === 'string' && id !== 'ALL_ZONES') set.add(id);
  };
  const visit = (conditions: Conditions | Record<string, unknown> | undefined) => {
    const c = (conditions ?? {}) as Conditions;
    add(sets.groups, c.people?.groups?.include);
    add(sets.groups, c.people?.groups?.exclude);
    add(sets.users, c.people?.users?.include);
    add(sets.users, c.people?.users?.exclude);
    add(sets.zones, c.network?.include);
    add(sets.zones, c.network?.exclude);
    for (const entry of [...(c.app?.include ?? []), ...(c.app?.exclude ?? [])]) {
      if (entry.type === 'APP') sets.apps.add(entry.id);
    }
  };
  for (const list of Object.values(document.policies ?? {})) {
    for (const p of list ?? []) {
      visit(p.conditions);
      for (const r of p.rules ?? []) visit(r.conditions);
    }
  }
  const out: References = {};
  for (const [kind, set] of Object.entries(sets) as [keyof References, Set<string>][]) {
    if (set.size > 0) out[kind] = [...set].sort();
  }
  return out;
}
