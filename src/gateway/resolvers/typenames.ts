// The GraphQL implementation of each REST policy and rule type, for `__resolveType`.
import type { PolicyType, RuleType } from '../../rest/types.ts';
import type { PolicyResolvers, PolicyRuleResolvers } from '../../generated/graphql.ts';

/** The object type names that implement an interface, as the generated `__resolveType` accepts them. */
type ImplementationOf<R extends { __resolveType: (...args: never[]) => unknown }> = NonNullable<
  Awaited<ReturnType<R['__resolveType']>>
>;

export const POLICY_TYPENAME: Record<PolicyType, ImplementationOf<PolicyResolvers>> = {
  PLATFORM_SIGN_ON: 'GlobalSessionPolicy',
  PASSWORD: 'PasswordPolicy',
  MFA_ENROLL: 'MfaEnrollPolicy',
  IDP_DISCOVERY: 'IdpDiscoveryPolicy',
  ACCESS_POLICY: 'AccessPolicy',
  PROFILE_ENROLLMENT: 'ProfileEnrollmentPolicy',
  ENTITY_RISK: 'EntityRiskPolicy',
  CONTINUOUS_ACCESS: 'ContinuousAccessPolicy',
};

export const RULE_TYPENAME: Record<RuleType, ImplementationOf<PolicyRuleResolvers>> = {
  SIGN_ON: 'GlobalSessionRule',
  PASSWORD: 'PasswordRule',
  MFA_ENROLL: 'MfaEnrollRule',
  IDP_DISCOVERY: 'IdpDiscoveryRule',
  ACCESS_POLICY: 'AccessPolicyRule',
  PROFILE_ENROLLMENT: 'ProfileEnrollmentRule',
  ENTITY_RISK: 'EntityRiskRule',
  CONTINUOUS_ACCESS: 'ContinuousAccessRule',
};
