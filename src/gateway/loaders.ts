// Per-request DataLoaders over one caller's RestApi: a REST call is never made twice in one
// operation, and never made for data an earlier call already returned (lists prime the by-id
// loaders; a lookup of a rule inside a rules list already loaded is answered from that list). Created for each
// request, so nothing is ever shared between requests or callers. One small factory per resource
// (policies, rules, user types) owns that resource's loaders and caches; `createLoaders` joins them.
import DataLoader from 'dataloader';
import type { Application, Policy, PolicyRule, UserType } from '../rest/types.ts';
import type { Page, PolicyListArgs, RestApi } from '../upstream/client.ts';
import { isNotFound } from '../errors/graphql.ts';

export interface RuleKey {
  policyId: string;
  ruleId: string;
}

/** The one key of `userTypeList`: the org has one list of user types. */
export const ALL_USER_TYPES = 'all';
/** The id alias of the default user type. */
export const DEFAULT_USER_TYPE = 'default';

/** Policies: by id, pages of a listing (which prime the by-id loader), mapped applications. */
export interface PolicyLoaders {
  /** 404 -> null. */
  policy: DataLoader<string, Policy | null>;
  /** One page of a policy list; primes `policy`. */
  policyPage: DataLoader<PolicyListArgs, Page<Policy>, string>;
  /** By policy id. */
  policyApplications: DataLoader<string, Application[]>;
}

/** Rules: a policy's list (which primes the single-rule loader) and single rules. */
export interface RuleLoaders {
  /** By policy id. */
  rules: DataLoader<string, PolicyRule[]>;
  /** 404 -> null; answered from the policy's rules list when that was loaded or is in flight. */
  rule: DataLoader<RuleKey, PolicyRule | null, string>;
  /** Drops the policy's rules list and every single rule of that policy. */
  forgetRulesOf(policyId: string): void;
}

/** User types: by id (or `default`) and the org's one list, which primes the by-id loader. */
export interface UserTypeLoaders {
  /** One id: one GET; a batch of 2+ ids: one list call. `default` selects the default type. 404 -> null. */
  userType: DataLoader<string, UserType | null>;
  /** The whole list of user types (key ALL_USER_TYPES); primes `userType`. */
  userTypeList: DataLoader<typeof ALL_USER_TYPES, UserType[]>;
}

export interface Loaders extends PolicyLoaders, RuleLoaders, UserTypeLoaders {}

/** Each resource's loaders are made when the operation first reads that resource. */
export function createLoaders(api: RestApi): Loaders {
  return new LazyLoaders(api);
}

/** One object per operation, its getters on the prototype: no closures made for loaders never read. */
class LazyLoaders implements Loaders {
  private policies: PolicyLoaders | undefined;
  private ruleSet: RuleLoaders | undefined;
  private userTypes: UserTypeLoaders | undefined;

  constructor(private readonly api: RestApi) {}

  private p(): PolicyLoaders {
    this.policies ??= policyLoaders(this.api);
    return this.policies;
  }

  private r(): RuleLoaders {
    this.ruleSet ??= ruleLoaders(this.api);
    return this.ruleSet;
  }

  private u(): UserTypeLoaders {
    this.userTypes ??= userTypeLoaders(this.api);
    return this.userTypes;
  }

  get policy() {
    return this.p().policy;
  }
  get policyPage() {
    return this.p().policyPage;
  }
  get policyApplications() {
    return this.p().policyApplications;
  }
  get rules() {
    return this.r().rules;
  }
  get rule() {
    return this.r().rule;
  }
  forgetRulesOf(policyId: string): void {
    this.r().forgetRulesOf(policyId);
  }
  get userType() {
    return this.u().userType;
  }
  get userTypeList() {
    return this.u().userTypeList;
  }
}

function policyLoaders(api: RestApi): PolicyLoaders {
  const policy = new DataLoader<string, Policy | null>((ids) =>
    eachKey(ids, (id) => nullWhenNotFound(api.getPolicy(id))),
  );
  const policyPage = new DataLoader<PolicyListArgs, Page<Policy>, string>(
    (argsList) =>
      eachKey(argsList, async (args) => {
        const page = await api.listPolicies(args);
        for (const p of page.items) policy.prime(p.id, p);
        return page;
      }),
    { cacheKeyFn: stableKey },
  );
  const policyApplications = new DataLoader<string, Application[]>((ids) =>
    eachKey(ids, (id) => api.listPolicyApplications(id)),
  );
  return { policy, policyPage, policyApplications };
}

function ruleLoaders(api: RestApi): RuleLoaders {
  const rulesCache = new Map<string, Promise<PolicyRule[]>>();
  const ruleCache = new Map<string, Promise<PolicyRule | null>>();

  const rule = new DataLoader<RuleKey, PolicyRule | null, string>(
    (keys) =>
      eachKey(keys, async ({ policyId, ruleId }) => {
        const loadedList = rulesCache.get(policyId);
        if (loadedList) {
          // The list is the policy's complete set of rules: a rule missing from it does not exist.
          const list = await loadedList.catch(() => undefined);
          if (list) return list.find((r) => r.id === ruleId) ?? null;
        }
        return nullWhenNotFound(api.getRule(policyId, ruleId));
      }),
    { cacheKeyFn: ruleCacheKey, cacheMap: ruleCache },
  );

  // A list does not prime `rule` one entry per rule: `rule` looks in the list itself, and a read of
  // every policy's rules would pay a key and a promise per rule that it never asks for.
  const rules = new DataLoader<string, PolicyRule[]>(
    (policyIds) => eachKey(policyIds, (policyId) => api.listRules(policyId)),
    {
      cacheMap: rulesCache,
    },
  );

  return {
    rules,
    rule,
    forgetRulesOf: (policyId) => {
      rules.clear(policyId);
      for (const key of [...ruleCache.keys()]) if (JSON.parse(key)[0] === policyId) ruleCache.delete(key);
    },
  };
}

function userTypeLoaders(api: RestApi): UserTypeLoaders {
  const listCache = new Map<string, Promise<UserType[]>>();

  const userTypeList: DataLoader<typeof ALL_USER_TYPES, UserType[]> = new DataLoader(
    async (keys) => {
      const list = await api.listUserTypes();
      for (const t of list) userType.prime(t.id, t);
      const defaultType = list.find((t) => t.default);
      if (defaultType) userType.prime(DEFAULT_USER_TYPE, defaultType);
      return keys.map(() => list);
    },
    { cacheMap: listCache },
  );

  const userType: DataLoader<string, UserType | null> = new DataLoader(async (ids) => {
    if (ids.length === 1 && !listCache.has(ALL_USER_TYPES)) {
      return eachKey(ids, async (id) => {
        const found = await nullWhenNotFound(api.getUserType(id));
        if (found) primeAlias(found, id);
        return found;
      });
    }
    // Two or more ids (or a list already loaded): one list call answers them all.
    const list = await userTypeList.load(ALL_USER_TYPES);
    return ids.map(
      (id) => (id === DEFAULT_USER_TYPE ? list.find((t) => t.default) : list.find((t) => t.id === id)) ?? null,
    );
  });

  /** A type fetched by its id is also the answer for `default` when it is the default, and the other way round. */
  function primeAlias(t: UserType, requested: string): void {
    if (requested === DEFAULT_USER_TYPE) userType.prime(t.id, t);
    else if (t.default) userType.prime(DEFAULT_USER_TYPE, t);
  }

  return { userType, userTypeList };
}

/** After create/replace/clone: the policy as the service returned it. Other policies of its type may have moved in priority, so cached policies and pages are dropped. */
export function primePolicy(l: Loaders, p: Policy): void {
  l.policy.clearAll();
  l.policyPage.clearAll();
  l.policy.prime(p.id, p);
}

/** After delete/activate/deactivate: the policy, its rules, every policy list, and app mappings (a deleted policy's apps move to the default policy). */
export function forgetPolicy(l: Loaders, id: string): void {
  l.policy.clearAll();
  l.policyPage.clearAll();
  l.policyApplications.clearAll();
  l.forgetRulesOf(id);
}

/** After create/replace of a rule: other rules of the policy may have moved in priority, so the policy's rules are dropped and this one primed. */
export function primeRule(l: Loaders, policyId: string, r: PolicyRule): void {
  l.forgetRulesOf(policyId);
  l.rule.prime({ policyId, ruleId: r.id }, r);
}

/** After delete/activate/deactivate of a rule. */
export function forgetRule(l: Loaders, policyId: string, ruleId: string): void {
  void ruleId; // the other rules of the policy may have moved too
  l.forgetRulesOf(policyId);
}

export function primeUserType(l: Loaders, t: UserType): void {
  forgetUserType(l, t.id);
  l.userType.prime(t.id, t);
  if (t.default) l.userType.prime(DEFAULT_USER_TYPE, t);
}

export function forgetUserType(l: Loaders, id: string): void {
  l.userType.clear(id);
  l.userType.clear(DEFAULT_USER_TYPE);
  l.userTypeList.clearAll();
}

/** Unambiguous even when ids contain `/`: JSON of [policyId, ruleId]. */
function ruleCacheKey(key: RuleKey): string {
  return JSON.stringify([key.policyId, key.ruleId]);
}

/** JSON with sorted keys and without undefined members, so equal arguments share one cache entry. */
export function stableKey(args: PolicyListArgs): string {
  const entries = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** Runs one request per key; a failed key gets its Error (DataLoader rejects just that key). */
function eachKey<K, V>(keys: readonly K[], load: (key: K) => Promise<V>): Promise<(V | Error)[]> {
  return Promise.all(
    keys.map((key) => load(key).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))),
  );
}

async function nullWhenNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}
