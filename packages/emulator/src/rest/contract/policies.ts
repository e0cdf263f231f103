// Policy and Rule resources: the members every type shares, and one schema per policy and rule
// type that fixes `type` and names its own settings or actions (what the OpenAPI document shows).
import { type Static, type TLiteral, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { ConditionsSchema } from './conditions.ts';
import {
  Id,
  LIFECYCLE_STATUSES,
  LifecycleStatusSchema,
  LinkSchema,
  Name,
  named,
  Nullable,
  Strict,
  StringEnum,
  Timestamp,
} from './shared.ts';
import {
  type AnyPolicyTypeContract,
  POLICY_SETTINGS,
  POLICY_TYPE_CONTRACTS,
  POLICY_TYPES,
  type PolicyType,
  PolicySettingsSchema,
  PolicyTypeSchema,
  RULE_ACTIONS,
  RULE_TYPE_OF,
  RuleActionsSchema,
  RuleTypeSchema,
} from './policyTypes.ts';

/** The most rules `expand=rules` embeds in a policy (classic orgs only; more is an error). */
export const MAX_EMBEDDED_RULES = 20;

/** `activate` only on inactive objects, `deactivate` only on active ones. */
export const PolicyLinksSchema = named(
  'PolicyLinks',
  Type.Object(
    {
      self: LinkSchema,
      activate: Type.Optional(LinkSchema),
      deactivate: Type.Optional(LinkSchema),
      rules: Type.Optional(LinkSchema),
      mappings: Type.Optional(LinkSchema),
    },
    Strict,
  ),
);
export const RuleLinksSchema = named(
  'RuleLinks',
  Type.Object({ self: LinkSchema, activate: Type.Optional(LinkSchema), deactivate: Type.Optional(LinkSchema) }, Strict),
);

function ruleMembers<A extends TSchema, T extends TSchema>(type: T, actions: A) {
  return {
    id: Id,
    type,
    name: Name,
    status: LifecycleStatusSchema,
    /** 1 is highest; authentication policy rules start at 0 and their default rule is 99. */
    priority: Type.Integer({ minimum: 0 }),
    system: Type.Boolean(),
    created: Timestamp,
    lastUpdated: Timestamp,
    conditions: Nullable(ConditionsSchema),
    actions,
    _links: RuleLinksSchema,
  };
}

export const PolicyRuleSchema = Type.Object(ruleMembers(RuleTypeSchema, RuleActionsSchema), Strict);
export type PolicyRule = Static<typeof PolicyRuleSchema>;

function policyMembers<S extends TSchema, T extends TSchema, R extends TSchema>(type: T, settings: S, rule: R) {
  return {
    id: Id,
    type,
    name: Name,
    system: Type.Boolean(),
    description: Nullable(Type.String()),
    /** 1 is highest; the default policy is always last. */
    priority: Type.Integer({ minimum: 1 }),
    status: LifecycleStatusSchema,
    conditions: Nullable(ConditionsSchema),
    settings: Type.Optional(settings),
    created: Timestamp,
    lastUpdated: Timestamp,
    _links: PolicyLinksSchema,
    /** Present only with `expand=rules` (classic orgs only). */
    _embedded: Type.Optional(Type.Object({ rules: Type.Array(rule, { maxItems: MAX_EMBEDDED_RULES }) }, Strict)),
  };
}

export const PolicySchema = Type.Object(
  policyMembers(PolicyTypeSchema, PolicySettingsSchema, PolicyRuleSchema),
  Strict,
);
export type Policy = Static<typeof PolicySchema>;

/** The rule schema of one policy type, as the compiler sees it: `type` fixed, its own actions. */
type RuleSchemaOf<C extends AnyPolicyTypeContract> = C extends AnyPolicyTypeContract
  ? TObject<ReturnType<typeof ruleMembers<C['actions'], TLiteral<C['ruleType']>>>>
  : never;
/** The policy schema of one policy type, as the compiler sees it: `type` fixed, its settings and rules. */
type PolicySchemaOf<C extends AnyPolicyTypeContract> = C extends AnyPolicyTypeContract
  ? TObject<ReturnType<typeof policyMembers<C['settings'], TLiteral<C['policyType']>, RuleSchemaOf<C>>>>
  : never;

/** A table with one entry per policy type, made from the policy types' contracts. */
const byPolicyType = <T>(make: (contract: AnyPolicyTypeContract) => TSchema) =>
  Object.fromEntries(POLICY_TYPE_CONTRACTS.map((c) => [c.policyType, make(c)])) as T;

/** The rule schema of each policy type: its rule type and its actions. */
export const RULE_SCHEMAS = byPolicyType<{
  readonly [C in AnyPolicyTypeContract as C['policyType']]: RuleSchemaOf<C>;
}>(({ ruleType, actions }) =>
  named(`Rule_${ruleType}`, Type.Object(ruleMembers(Type.Literal(ruleType), actions), Strict)),
);

/** The policy schema of each policy type: its type, its settings, its rules when embedded. */
export const POLICY_SCHEMAS = byPolicyType<{
  readonly [C in AnyPolicyTypeContract as C['policyType']]: PolicySchemaOf<C>;
}>(({ policyType, settings }) =>
  named(
    `Policy_${policyType}`,
    Type.Object(policyMembers(Type.Literal(policyType), settings, RULE_SCHEMAS[policyType]), Strict),
  ),
);

/**
 * A policy of any type, told apart by `type` (what a read answers). Its static type is the
 * discriminated union of the per-type policies, each of which is also a `Policy`.
 */
export const AnyPolicySchema = Type.Union(POLICY_TYPES.map((type) => POLICY_SCHEMAS[type]));
export type AnyPolicy = Static<typeof AnyPolicySchema>;
/** A rule of any type, told apart by `type`; each is also a `PolicyRule`. */
export const AnyRuleSchema = Type.Union(POLICY_TYPES.map((type) => RULE_SCHEMAS[type]));
export type AnyRule = Static<typeof AnyRuleSchema>;

// ------------------------------------------------------------------ request bodies

/**
 * What a client may send on create and replace: `type` and `name` are required by the service; the
 * rest is optional, and the read-only members a client echoes back (`id`, `system`, `created`,
 * `lastUpdated`, `_links`) are ignored, which is why the body is open.
 */
/** The members of a policy body that every type shares, besides its conditions and settings. */
export const PolicyBodyMembersSchema = Type.Object({
  name: Name,
  id: Type.Optional(Id),
  description: Type.Optional(Nullable(Type.String())),
  status: Type.Optional(StringEnum(LIFECYCLE_STATUSES, { default: 'ACTIVE' })),
  priority: Type.Optional(Type.Integer({ minimum: 1, description: 'Defaults to last (lowest) priority.' })),
});

function policyBodyOf(policyType: PolicyType): TObject {
  return named(
    `PolicyBody_${policyType}`,
    Type.Object({
      type: Type.Literal(policyType),
      ...PolicyBodyMembersSchema.properties,
      conditions: Type.Optional(Nullable(ConditionsSchema)),
      settings: Type.Optional(Nullable(POLICY_SETTINGS[policyType])),
    }),
  );
}
/**
 * A policy body of any type. The compiler sees it as the flat `PolicyInput` the gateway builds
 * from its own inputs (members of every type, none required); the per-type shape is the service's
 * to check, which it does against this union.
 */
export const PolicyBodySchema = Type.Unsafe<PolicyInput>(Type.Union(POLICY_TYPES.map(policyBodyOf)));

/**
 * The members of a rule body that every type shares, besides its conditions and actions. The first
 * rule priority is 0 for access policies and 1 for the others (the emulator checks it per type).
 */
export const RuleBodyMembersSchema = Type.Object({
  name: Name,
  id: Type.Optional(Id),
  status: Type.Optional(StringEnum(LIFECYCLE_STATUSES, { default: 'ACTIVE' })),
  priority: Type.Optional(Type.Integer({ minimum: 0, description: 'Defaults to last (lowest) priority.' })),
});

function ruleBodyOf(policyType: PolicyType): TObject {
  const ruleType = RULE_TYPE_OF[policyType];
  const actions = RULE_ACTIONS[ruleType];
  const optionalActions = actions.required === undefined || actions.required.length === 0;
  return named(
    `RuleBody_${ruleType}`,
    Type.Object({
      type: Type.Literal(ruleType),
      ...RuleBodyMembersSchema.properties,
      conditions: Type.Optional(Nullable(ConditionsSchema)),
      actions: optionalActions ? Type.Optional(actions) : actions,
    }),
  );
}
/** A rule body of any type, seen by the compiler as the flat `PolicyRuleInput` (as the policy body). */
export const RuleBodySchema = Type.Unsafe<PolicyRuleInput>(Type.Union(POLICY_TYPES.map(ruleBodyOf)));

/** Bodies accepted on create/replace, as the client types them: everything optional, validated by the service. */
export type PolicyInput = Partial<Omit<Policy, 'system' | 'created' | 'lastUpdated' | '_links'>>;
export type PolicyRuleInput = Partial<Omit<PolicyRule, 'system' | 'created' | 'lastUpdated' | '_links'>>;
