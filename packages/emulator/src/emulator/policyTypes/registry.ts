// The contract between the emulator core (which owns ids, priorities, status, links and storage)
// and one module per policy type (which owns that type's settings, actions and special rules).
import type {
  Conditions,
  Policy,
  PolicyRule,
  PolicySettings,
  PolicyType,
  RuleActions,
  RuleType,
} from '../../rest/types.ts';
import type { AnyPolicyTypeContract } from '../../rest/contract/policyTypes.ts';
import type { Check } from '../common/check.ts';

export type Engine = 'IE' | 'CLASSIC';

/** What validators may look up in the org (referenced ids must exist). */
export interface OrgLookup {
  hasGroup(id: string): boolean;
  hasUser(id: string): boolean;
  hasZone(id: string): boolean;
  hasUserType(id: string): boolean;
  hasApp(id: string): boolean;
}

export interface ValidationContext {
  check: Check;
  engine: Engine;
  org: OrgLookup;
}

export interface PolicyValidationContext extends ValidationContext {
  /** The stored policy on replace; undefined on create. */
  existing?: Policy;
}

export interface RuleValidationContext extends ValidationContext {
  policy: Policy;
  /** The stored rule on replace; undefined on create. */
  existing?: PolicyRule;
  /** True when `existing` is the policy's system default rule. */
  isDefaultRule: boolean;
  /**
   * Reports an attempt to change something read-only (e.g. a read-only member of a default
   * rule). The core answers 403 E0000006 with these messages, before any 400.
   */
  forbid(message: string): void;
}

export interface PolicyTypeModule {
  policyType: PolicyType;
  ruleType: RuleType;
  /** Name of the system default policy a new org has of this type. */
  defaultPolicyName: string;
  /** Whether policies of this type are mapped to resources (false: no `mappings` link, as the spec says). */
  mapped: boolean;
  /** Identity-engine only: rejected when the emulator runs the classic engine (from the contract). */
  ieOnly: boolean;
  /** Whether `conditions` may be set on the policy itself. */
  policyConditions: boolean;
  /** Maximum policies of this type per org (including the default one), when the spec sets one (from the contract). */
  maxPolicies?: number;
  /** Maximum rules per policy (including the default rule), when the spec sets one (from the contract). */
  maxRules?: number;
  /** Priority of the first non-default rule: 1, or 0 for authentication policies (from the contract). */
  firstRulePriority: 0 | 1;
  /** Fixed priority of the default rule (99 for authentication policies); undefined: always last. */
  defaultRulePriority?: number;
  /**
   * True when the default rule of `policy` cannot be edited at all on the identity engine
   * (authenticator enrollment and IdP discovery). On classic no default rule is editable.
   */
  defaultRuleReadOnly(policy: Policy): boolean;
  /**
   * Whether a new policy of this type gets its own default system rule (the org's default policy
   * always has one; from the contract).
   */
  createsDefaultRule: boolean;
  /** Whether a create body must carry a `description` (the spec's "Creating a policy needs `type`, `name`, `description`"). */
  descriptionRequiredOnCreate?: boolean;
  /**
   * Validates `settings` of a create/replace body and returns them with the spec's defaults
   * filled in (undefined when the type has no settings). Causes go to ctx.check with paths
   * starting at `settings`.
   */
  settings(raw: unknown, ctx: PolicyValidationContext): PolicySettings | undefined;
  /**
   * Validates `actions` of a rule create/replace body and returns them with defaults filled in.
   * Also enforces the read-only parts of default rules and rules that compare with `existing`.
   * Causes go to ctx.check with paths starting at `actions`.
   */
  actions(raw: unknown, ctx: RuleValidationContext): RuleActions;
  /** Extra checks of rule conditions specific to this type (optional). Paths start at `conditions`. */
  ruleConditions?(conditions: Conditions | null, ctx: RuleValidationContext): void;
  /** Name, actions and conditions of the system default rule created with a policy of this type. */
  defaultRule(policy: Policy, engine: Engine): { name: string; actions: RuleActions; conditions: Conditions | null };
}

/**
 * The members of a module the contract states: policy and rule type, first rule priority, default
 * rule on create, identity engine only, and the spec's limits of policies per org and rules per policy.
 */
export function contractFacts(contract: AnyPolicyTypeContract) {
  const { policyType, ruleType, firstRulePriority, createsDefaultRule, ieOnly, maxPolicies, maxRules } = contract;
  return { policyType, ruleType, firstRulePriority, createsDefaultRule, ieOnly, maxPolicies, maxRules };
}
