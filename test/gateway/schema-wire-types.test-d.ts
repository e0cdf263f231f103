// The REST wire types must fit the GraphQL output types wherever resolvers hand a wire object to
// GraphQL's default field resolvers (settings, actions, conditions, links, scalar members). `npm run
// typecheck` (tsc over the project, part of `npm test`) checks these assertions: a
// schema field whose type or nullability disagrees with the wire contract fails its test.
import { describe, expectTypeOf, it } from 'vitest';
import type * as Gen from '../../src/generated/graphql.ts';
import type * as Wire from '../../src/rest/types.ts';

type PolicyScalars =
  | 'id'
  | 'type'
  | 'name'
  | 'description'
  | 'priority'
  | 'status'
  | 'system'
  | 'created'
  | 'lastUpdated';
type RuleScalars = 'id' | 'type' | 'name' | 'status' | 'priority' | 'system' | 'created' | 'lastUpdated';

describe('wire types fit the GraphQL output types', () => {
  it('policy and rule members', () => {
    expectTypeOf<Pick<Wire.Policy, PolicyScalars>>().toExtend<Pick<Gen.PasswordPolicy, PolicyScalars>>();
    expectTypeOf<Pick<Wire.PolicyRule, RuleScalars>>().toExtend<Pick<Gen.PasswordRule, RuleScalars>>();
    expectTypeOf<Wire.PolicyLinks>().toExtend<Gen.PolicyLinks>();
    expectTypeOf<Wire.RuleLinks>().toExtend<Gen.PolicyRuleLinks>();
  });

  it('policy settings', () => {
    expectTypeOf<Wire.PasswordPolicySettings>().toExtend<Gen.PasswordPolicySettings>();
    expectTypeOf<Wire.MfaEnrollPolicySettings>().toExtend<Gen.MfaEnrollPolicySettings>();
  });

  it('conditions (the userType condition adds resolved fields)', () => {
    expectTypeOf<Omit<Wire.Conditions, 'userType'>>().toExtend<Omit<Gen.PolicyConditions, 'userType'>>();
    expectTypeOf<Wire.AppConditionEntry>().toExtend<Gen.AppConditionEntry>();
  });

  it('rule actions, the flattened one-of objects included', () => {
    expectTypeOf<Pick<Wire.RuleActions, 'signon'>>().toExtend<Gen.GlobalSessionRuleActions>();
    expectTypeOf<
      Pick<Wire.RuleActions, 'passwordChange' | 'selfServiceUnlock' | 'selfServicePasswordReset'>
    >().toExtend<Gen.PasswordRuleActions>();
    expectTypeOf<Pick<Wire.RuleActions, 'enroll'>>().toExtend<Gen.MfaEnrollRuleActions>();
    expectTypeOf<Pick<Wire.RuleActions, 'idp'>>().toExtend<Gen.IdpDiscoveryRuleActions>();
    expectTypeOf<Pick<Wire.RuleActions, 'appSignOn'>>().toExtend<Gen.AccessPolicyRuleActions>();
    expectTypeOf<Pick<Wire.RuleActions, 'profileEnrollment'>>().toExtend<Gen.ProfileEnrollmentRuleActions>();
    expectTypeOf<Pick<Wire.RuleActions, 'entityRisk'>>().toExtend<Gen.EntityRiskRuleActions>();
    expectTypeOf<Pick<Wire.RuleActions, 'continuousAccess'>>().toExtend<Gen.ContinuousAccessRuleActions>();
  });

  it('user types and simulation items', () => {
    type UserTypeScalars =
      | 'id'
      | 'name'
      | 'displayName'
      | 'description'
      | 'default'
      | 'createdBy'
      | 'lastUpdatedBy'
      | 'created'
      | 'lastUpdated';
    expectTypeOf<Pick<Wire.UserType, UserTypeScalars>>().toExtend<Pick<Gen.UserType, UserTypeScalars>>();
    expectTypeOf<Wire.UserTypeLinks>().toExtend<Gen.UserTypeLinks>();
    expectTypeOf<Pick<Wire.SimulatedCondition, 'status'>>().toExtend<Pick<Gen.SimulatedCondition, 'status'>>();
    expectTypeOf<Pick<Wire.SimulatedRule, 'name' | 'status'>>().toExtend<Pick<Gen.SimulatedRule, 'name' | 'status'>>();
  });
});
