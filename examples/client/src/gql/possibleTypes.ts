
      export type PossibleTypesResultData = {
  "possibleTypes": {
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
    