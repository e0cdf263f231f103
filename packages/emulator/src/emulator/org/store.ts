// The org's state: policies, rules and user types, with priorities kept as order. Each policy
// type keeps its policy ids in an array (index 0 = priority 1, the default policy always last),
// and each policy keeps its rules in an array (the default rule always last). Priorities are
// derived from positions, so they are always 1..N (or 0..N-1) without gaps or duplicates, and
// every mutation is synchronous, so concurrent requests cannot interleave inside one.
import type { Policy, PolicyRule, PolicyType, UserType } from '../../rest/types.ts';
import type { FixtureApp, FixtureZone, OrgFixture } from './fixture.ts';
import type { DirectoryData, StoredGroup, StoredUser, StoredZone } from '../directory/records.ts';
import { appOfClient } from '../directory/apps.ts';
import { registeredClient, registeredClients } from './registeredClients.ts';
import type { OrgView } from './orgView.ts';
import type { OAuthClient } from '../access/clients.ts';
import type { Engine } from '../policyTypes/registry.ts';
import { POLICY_TYPE_MODULES } from '../policyTypes/index.ts';
import { mayCallAnything } from '../access/rights.ts';
import { toWirePolicy, toWireRule } from './wire.ts';

export type StoredPolicy = Omit<Policy, 'priority' | '_links' | '_embedded'>;
export type StoredRule = Omit<PolicyRule, 'priority' | '_links'>;
export type StoredUserType = Omit<UserType, '_links'>;

/** Everything that changes through the API; this is what persistence writes. */
export interface OrgData extends DirectoryData {
  policies: Record<string, StoredPolicy>;
  policyOrder: Partial<Record<PolicyType, string[]>>;
  rules: Record<string, StoredRule[]>;
  userTypes: StoredUserType[];
  /** Explicit app -> authentication policy assignments; unassigned apps use the default policy. */
  appPolicies: Record<string, string>;
  /** OAuth clients by client_id (the fixture's, the emulator's options', the registered ones). */
  oauthClients: Record<string, OAuthClient>;
}

/** Where a deleted policy was: a listing cursor that names it continues from there. */
export interface DeletedPolicy {
  type: PolicyType;
  name: string;
  /** The policy just above it when it was deleted; null: it was the first. */
  above: string | null;
}
/** Deleted policies remembered for listing cursors (the oldest are forgotten first). */
const REMEMBERED_DELETES = 1000;

export class OrgStore implements OrgView {
  /** In memory only: cursors are for the client that is paging now, not across restarts. */
  private readonly deleted = new Map<string, DeletedPolicy>();

  constructor(
    public data: OrgData,
    readonly fixture: OrgFixture,
    readonly engine: Engine,
    private readonly onChange: () => void = () => {},
  ) {}

  /** Called by handlers after every successful write (drives persistence). */
  changed(): void {
    this.onChange();
  }

  // ------------------------------------------------------------ policies

  policy(id: string): StoredPolicy | undefined {
    return Object.hasOwn(this.data.policies, id) ? this.data.policies[id] : undefined;
  }

  order(type: PolicyType): string[] {
    this.data.policyOrder[type] ??= [];
    return this.data.policyOrder[type];
  }

  policyPriority(p: StoredPolicy): number {
    return this.order(p.type).indexOf(p.id) + 1;
  }

  defaultPolicy(type: PolicyType): StoredPolicy | undefined {
    const order = this.order(type);
    const last = this.data.policies[order[order.length - 1]];
    return last?.system ? last : undefined;
  }

  /**
   * Puts a policy at a priority (1 = first). Positions past the end, and no priority at all,
   * land just above the default policy, which stays last.
   */
  placePolicy(p: StoredPolicy, priority?: number): void {
    this.data.policies[p.id] = p;
    const order = this.order(p.type).filter((id) => id !== p.id);
    if (p.system) order.push(p.id);
    else {
      const lastSlot = this.defaultPolicy(p.type) ? order.length - 1 : order.length;
      const index = priority === undefined ? lastSlot : Math.min(Math.max(priority - 1, 0), lastSlot);
      order.splice(index, 0, p.id);
    }
    this.data.policyOrder[p.type] = order;
  }

  removePolicy(id: string): void {
    const p = this.data.policies[id];
    if (!p) return;
    const order = this.order(p.type);
    this.deleted.set(id, { type: p.type, name: p.name, above: order[order.indexOf(id) - 1] ?? null });
    if (this.deleted.size > REMEMBERED_DELETES) this.deleted.delete(this.deleted.keys().next().value!);
    delete this.data.policies[id];
    delete this.data.rules[id];
    this.data.policyOrder[p.type] = order.filter((x) => x !== id);
    for (const [app, pid] of Object.entries(this.data.appPolicies)) if (pid === id) delete this.data.appPolicies[app];
  }

  /** Gives a policy another id (a fixture's), keeping its place, rules and app assignments. */
  renamePolicy(id: string, to: string): void {
    const p = this.data.policies[id];
    delete this.data.policies[id];
    this.data.policies[to] = { ...p, id: to };
    this.data.policyOrder[p.type] = this.order(p.type).map((x) => (x === id ? to : x));
    this.data.rules[to] = this.rules(id);
    delete this.data.rules[id];
    for (const [app, pid] of Object.entries(this.data.appPolicies)) if (pid === id) this.data.appPolicies[app] = to;
  }

  /** A policy deleted since this org was loaded (start, reset or restore), if still remembered. */
  deletedPolicy(id: string): DeletedPolicy | undefined {
    return this.deleted.get(id);
  }

  policiesOf(type: PolicyType): StoredPolicy[] {
    return this.order(type).map((id) => this.data.policies[id]);
  }

  countPolicies(type: PolicyType): number {
    return this.order(type).length;
  }

  // ------------------------------------------------------------ rules

  rules(policyId: string): StoredRule[] {
    this.data.rules[policyId] ??= [];
    return this.data.rules[policyId];
  }

  rule(policyId: string, ruleId: string): StoredRule | undefined {
    return this.rules(policyId).find((r) => r.id === ruleId);
  }

  rulePriority(policy: StoredPolicy, r: StoredRule): number {
    const mod = POLICY_TYPE_MODULES[policy.type];
    const index = this.rules(policy.id).indexOf(r);
    if (r.system && mod.defaultRulePriority !== undefined) return mod.defaultRulePriority;
    return mod.firstRulePriority + index;
  }

  /** Puts a rule at a priority; past the end or none: just above the default rule, which stays last. */
  placeRule(policy: StoredPolicy, r: StoredRule, priority?: number): void {
    const first = POLICY_TYPE_MODULES[policy.type].firstRulePriority;
    const list = this.rules(policy.id).filter((x) => x.id !== r.id);
    if (r.system) list.push(r);
    else {
      const hasDefault = list.length > 0 && list[list.length - 1].system;
      const lastSlot = hasDefault ? list.length - 1 : list.length;
      const index = priority === undefined ? lastSlot : Math.min(Math.max(priority - first, 0), lastSlot);
      list.splice(index, 0, r);
    }
    this.data.rules[policy.id] = list;
  }

  /** Gives a rule another id (a fixture's), keeping its place. */
  renameRule(policyId: string, id: string, to: string): void {
    this.data.rules[policyId] = this.rules(policyId).map((r) => (r.id === id ? { ...r, id: to } : r));
  }

  /** Whether any policy has a rule with this id. */
  hasRuleId(id: string): boolean {
    return Object.values(this.data.rules).some((list) => list.some((r) => r.id === id));
  }

  removeRule(policyId: string, ruleId: string): void {
    this.data.rules[policyId] = this.rules(policyId).filter((r) => r.id !== ruleId);
  }

  // ------------------------------------------------------------ user types

  userType(id: string): StoredUserType | undefined {
    if (id === 'default') return this.data.userTypes.find((t) => t.default);
    return this.data.userTypes.find((t) => t.id === id);
  }

  /** The users of a type that are not deleted (deactivated ones count). */
  usersOfType(typeId: string): StoredUser[] {
    const id = this.userType(typeId)?.id ?? typeId;
    return Object.values(this.data.users).filter((u) => u.typeId === id);
  }

  // ------------------------------------------------------------ OrgView (read side for evaluation and validation)

  /** A stored policy as the API shows it (without its base URL in the links). */
  wirePolicy(policy: StoredPolicy): Policy {
    return toWirePolicy(this, '', policy, mayCallAnything);
  }

  policiesOfType(type: PolicyType): Policy[] {
    return this.policiesOf(type).map((p) => toWirePolicy(this, '', p, mayCallAnything));
  }

  rulesOf(policyId: string): PolicyRule[] {
    const policy = this.policy(policyId);
    if (!policy) return [];
    return this.rules(policyId).map((r) => toWireRule(this, '', policy, r, mayCallAnything));
  }

  user(id: string): StoredUser | undefined {
    return Object.hasOwn(this.data.users, id) ? this.data.users[id] : undefined;
  }
  group(id: string): StoredGroup | undefined {
    return Object.hasOwn(this.data.groups, id) ? this.data.groups[id] : undefined;
  }
  storedZone(id: string): StoredZone | undefined {
    return Object.hasOwn(this.data.zones, id) ? this.data.zones[id] : undefined;
  }
  /** An active zone as the evaluation reads it (its gateways; an inactive zone matches nothing). */
  zone(id: string): FixtureZone | undefined {
    const z = this.storedZone(id);
    return z && { id: z.id, name: z.name, gateways: z.status === 'ACTIVE' ? (z.gateways ?? []) : [] };
  }
  zones(): FixtureZone[] {
    return Object.keys(this.data.zones).map((id) => this.zone(id)!);
  }
  /** The fixture's apps, then every registered OAuth client (its client_id is its app id). */
  app(id: string): FixtureApp | undefined {
    const fixed = this.fixture.apps.find((a) => a.id === id);
    if (fixed) return fixed;
    const client = registeredClient(this.data, id);
    return client && appOfClient(client);
  }
  apps(): FixtureApp[] {
    const fixed = new Set(this.fixture.apps.map((a) => a.id));
    return [
      ...this.fixture.apps,
      ...registeredClients(this.data)
        .filter((c) => !fixed.has(c.client_id))
        .map(appOfClient),
    ];
  }
  accessPolicyIdOfApp(appId: string): string | undefined {
    if (!this.app(appId)) return undefined;
    return this.data.appPolicies[appId] ?? this.defaultPolicy('ACCESS_POLICY')?.id;
  }
  appsOfPolicy(policy: StoredPolicy): FixtureApp[] {
    if (policy.type !== 'ACCESS_POLICY') return [];
    return this.apps().filter((a) => this.accessPolicyIdOfApp(a.id) === policy.id);
  }
  defaultUserTypeId(): string {
    return this.data.userTypes.find((t) => t.default)!.id;
  }
  hasGroup(id: string): boolean {
    return this.group(id) !== undefined;
  }
  hasUser(id: string): boolean {
    return this.user(id) !== undefined;
  }
  hasZone(id: string): boolean {
    return this.zone(id) !== undefined;
  }
  hasUserType(id: string): boolean {
    return this.data.userTypes.some((t) => t.id === id);
  }
  hasApp(id: string): boolean {
    return this.app(id) !== undefined;
  }
}
