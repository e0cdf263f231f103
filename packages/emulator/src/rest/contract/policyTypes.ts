// The policy types of the Policy service, one module each (the policy type, its rule type, its
// settings and actions schemas, and their wire types), and the tables every other part of the
// contract reads, all made from the list below: a new policy type is one module and one line here.
import { type Static, Type } from '@sinclair/typebox';
import { StringEnum, Strict } from './shared.ts';
import { accessPolicyPolicyType } from './policyTypes.accessPolicy.ts';
import { continuousAccessPolicyType } from './policyTypes.continuousAccess.ts';
import { entityRiskPolicyType } from './policyTypes.entityRisk.ts';
import { idpDiscoveryPolicyType } from './policyTypes.idpDiscovery.ts';
import { mfaEnrollPolicyType } from './policyTypes.mfaEnroll.ts';
import { passwordPolicyType } from './policyTypes.password.ts';
import { profileEnrollmentPolicyType } from './policyTypes.profileEnrollment.ts';
import { signOnPolicyType } from './policyTypes.signOn.ts';

export * from './policyTypes.accessPolicy.ts';
export * from './policyTypes.continuousAccess.ts';
export * from './policyTypes.entityRisk.ts';
export * from './policyTypes.idpDiscovery.ts';
export * from './policyTypes.mfaEnroll.ts';
export * from './policyTypes.password.ts';
export * from './policyTypes.profileEnrollment.ts';
export * from './policyTypes.signOn.ts';

/** Every policy type, in the order the spec lists them (which is the order of every table and union). */
export const POLICY_TYPE_CONTRACTS = [
  signOnPolicyType,
  passwordPolicyType,
  mfaEnrollPolicyType,
  idpDiscoveryPolicyType,
  accessPolicyPolicyType,
  profileEnrollmentPolicyType,
  continuousAccessPolicyType,
  entityRiskPolicyType,
] as const;
/** The contract of any one policy type. */
export type AnyPolicyTypeContract = (typeof POLICY_TYPE_CONTRACTS)[number];
type Contract = AnyPolicyTypeContract;

const table = <T>(entry: (c: Contract) => [string, unknown]) =>
  Object.fromEntries(POLICY_TYPE_CONTRACTS.map(entry)) as T;

/** Each policy type with the type of its rules. */
export const RULE_TYPE_OF = table<{ readonly [C in Contract as C['policyType']]: C['ruleType'] }>((c) => [
  c.policyType,
  c.ruleType,
]);

/** The contract of each policy type, by policy type. */
export const POLICY_TYPE_CONTRACT = table<{ readonly [C in Contract as C['policyType']]: C }>((c) => [c.policyType, c]);

export const POLICY_TYPES = Object.keys(RULE_TYPE_OF) as readonly (keyof typeof RULE_TYPE_OF)[];
export const PolicyTypeSchema = StringEnum(POLICY_TYPES);
export type PolicyType = Static<typeof PolicyTypeSchema>;

/** The policy types of the identity engine alone (a classic org has none of them). */
export const IE_ONLY_POLICY_TYPES: readonly PolicyType[] = POLICY_TYPE_CONTRACTS.filter((c) => c.ieOnly).map(
  (c) => c.policyType,
);

export const RULE_TYPES: readonly (typeof RULE_TYPE_OF)[keyof typeof RULE_TYPE_OF][] = Object.values(RULE_TYPE_OF);
export const RuleTypeSchema = StringEnum(RULE_TYPES);
export type RuleType = Static<typeof RuleTypeSchema>;

/** The settings schema of each policy type (`NoSettingsSchema` for types without settings). */
export const POLICY_SETTINGS = table<{ readonly [C in Contract as C['policyType']]: C['settings'] }>((c) => [
  c.policyType,
  c.settings,
]);

/**
 * The `actions` object of each rule type. Types whose actions are one object require it; password,
 * entity risk and continuous access rules may leave theirs out (defaults apply).
 */
export const RULE_ACTIONS = table<{ readonly [C in Contract as C['ruleType']]: C['actions'] }>((c) => [
  c.ruleType,
  c.actions,
]);

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** The members of all the given objects in one object type. */
type Merged<U> = { [K in keyof UnionToIntersection<U>]: UnionToIntersection<U>[K] };
const merged = <U>(objects: readonly object[]) => Object.assign({}, ...objects) as Merged<U>;

/** The settings of every policy type in one object (the wire object is flat; members never collide). */
export const PolicySettingsSchema = Type.Object(
  merged<Contract['settings']['properties']>(POLICY_TYPE_CONTRACTS.map((c) => c.settings.properties)),
  Strict,
);
export type PolicySettings = Static<typeof PolicySettingsSchema>;

/** The actions of every rule type in one object, every member optional (the wire object is flat). */
export const RuleActionsSchema = Type.Partial(
  Type.Object(
    merged<Contract['actions']['properties']>(POLICY_TYPE_CONTRACTS.map((c) => c.actions.properties)),
    Strict,
  ),
);
export type RuleActions = Static<typeof RuleActionsSchema>;
