
      export type PossibleTypesResultData = {
  "possibleTypes": {
    "Node": [
      "AccessPolicy",
      "AccessPolicyRule",
      "ContinuousAccessPolicy",
      "ContinuousAccessRule",
      "EntityRiskPolicy",
      "EntityRiskRule",
      "GlobalSessionPolicy",
      "GlobalSessionRule",
      "IdpDiscoveryPolicy",
      "IdpDiscoveryRule",
      "MfaEnrollPolicy",
      "MfaEnrollRule",
      "PasswordPolicy",
      "PasswordRule",
      "ProfileEnrollmentPolicy",
      "ProfileEnrollmentRule",
      "UserType"
    ],
    "Policy": [
      "AccessPolicy",
      "ContinuousAccessPolicy",
      "EntityRiskPolicy",
      "GlobalSessionPolicy",
      "IdpDiscoveryPolicy",
      "MfaEnrollPolicy",
      "PasswordPolicy",
      "ProfileEnrollmentPolicy"
    ],
    "PolicyRule": [
      "AccessPolicyRule",
      "ContinuousAccessRule",
      "EntityRiskRule",
      "GlobalSessionRule",
      "IdpDiscoveryRule",
      "MfaEnrollRule",
      "PasswordRule",
      "ProfileEnrollmentRule"
    ]
  }
};
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "Node": [
      "AccessPolicy",
      "AccessPolicyRule",
      "ContinuousAccessPolicy",
      "ContinuousAccessRule",
      "EntityRiskPolicy",
      "EntityRiskRule",
      "GlobalSessionPolicy",
      "GlobalSessionRule",
      "IdpDiscoveryPolicy",
      "IdpDiscoveryRule",
      "MfaEnrollPolicy",
      "MfaEnrollRule",
      "PasswordPolicy",
      "PasswordRule",
      "ProfileEnrollmentPolicy",
      "ProfileEnrollmentRule",
      "UserType"
    ],
    "Policy": [
      "AccessPolicy",
      "ContinuousAccessPolicy",
      "EntityRiskPolicy",
      "GlobalSessionPolicy",
      "IdpDiscoveryPolicy",
      "MfaEnrollPolicy",
      "PasswordPolicy",
      "ProfileEnrollmentPolicy"
    ],
    "PolicyRule": [
      "AccessPolicyRule",
      "ContinuousAccessRule",
      "EntityRiskRule",
      "GlobalSessionRule",
      "IdpDiscoveryRule",
      "MfaEnrollRule",
      "PasswordRule",
      "ProfileEnrollmentRule"
    ]
  }
};
      export default result;
    