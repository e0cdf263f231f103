/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Allow or deny the operation a rule action governs. */
export type AccessDecision =
  /** The operation is allowed. */
  | 'ALLOW'
  /** The operation is denied. */
  | 'DENY';

/** The REST user type body of a create. */
export type CreateUserTypeInput = {
  /** Human-readable description; optional. */
  description?: string | null | undefined;
  /** The display name. */
  displayName: string;
  /** Starts with a letter; letters, digits or underscore; cannot change later. */
  name: string;
};

/** What a client does next about a refused mutation. */
export type UserErrorCode =
  /**
   * The caller may not do this (E0000006 for the caller's rights): the access token lacks the scope
   * `requiredScope` names, or the admin role behind the token does not allow the change. Nothing was
   * written; ask for a token with that scope, or have an admin with a role that allows it make the change.
   */
  | 'ACCESS_DENIED'
  /**
   * The org's state refuses it now (a name already used, E0000142 with reason `UNMET_REQUIREMENTS`): change
   * the other object first, or pick another name.
   */
  | 'CONFLICT'
  /**
   * The operation is never allowed on this object (E0000006, or E0000142 with reason `PROHIBITED`): a system
   * policy or rule, a policy still mapped to applications, the default user type.
   */
  | 'FORBIDDEN'
  /** The idempotency key is not 1 to 255 printable ASCII characters. */
  | 'IDEMPOTENCY_KEY_INVALID'
  /** The idempotency key was used before with a different input: use a new key. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** An input value is not accepted (E0000001, E0000003): fix the member `field` names. */
  | 'INVALID'
  /** A count limit is reached (policies of a type, rules of a policy, user types): delete one first. */
  | 'LIMIT_EXCEEDED'
  /** An id argument names nothing (E0000007): `field` says which one; refetch, the object may have been deleted. */
  | 'NOT_FOUND';

export type DeferredDashboardQueryVariables = Exact<{ [key: string]: never; }>;


export type DeferredDashboardQuery = { password: { __typename: 'PolicyConnection', nodes: Array<
      | { __typename: 'AccessPolicy', id: string, name: string }
      | { __typename: 'ContinuousAccessPolicy', id: string, name: string }
      | { __typename: 'EntityRiskPolicy', id: string, name: string }
      | { __typename: 'GlobalSessionPolicy', id: string, name: string }
      | { __typename: 'IdpDiscoveryPolicy', id: string, name: string }
      | { __typename: 'MfaEnrollPolicy', id: string, name: string }
      | { __typename: 'PasswordPolicy', id: string, name: string }
      | { __typename: 'ProfileEnrollmentPolicy', id: string, name: string }
    > } | null, signOn: { __typename: 'PolicyConnection', nodes: Array<
      | { __typename: 'AccessPolicy', id: string, name: string }
      | { __typename: 'ContinuousAccessPolicy', id: string, name: string }
      | { __typename: 'EntityRiskPolicy', id: string, name: string }
      | { __typename: 'GlobalSessionPolicy', id: string, name: string }
      | { __typename: 'IdpDiscoveryPolicy', id: string, name: string }
      | { __typename: 'MfaEnrollPolicy', id: string, name: string }
      | { __typename: 'PasswordPolicy', id: string, name: string }
      | { __typename: 'ProfileEnrollmentPolicy', id: string, name: string }
    > } | null };

export type PasswordPoliciesQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type PasswordPoliciesQuery = { policies: { nodes: Array<
      | { __typename: 'AccessPolicy', id: string, name: string, priority: number, lastUpdated: string }
      | { __typename: 'ContinuousAccessPolicy', id: string, name: string, priority: number, lastUpdated: string }
      | { __typename: 'EntityRiskPolicy', id: string, name: string, priority: number, lastUpdated: string }
      | { __typename: 'GlobalSessionPolicy', id: string, name: string, priority: number, lastUpdated: string }
      | { __typename: 'IdpDiscoveryPolicy', id: string, name: string, priority: number, lastUpdated: string }
      | { __typename: 'MfaEnrollPolicy', id: string, name: string, priority: number, lastUpdated: string }
      | { __typename: 'PasswordPolicy', id: string, name: string, priority: number, lastUpdated: string, settings: { password: { complexity: { minLength: number | null } | null } | null } | null }
      | { __typename: 'ProfileEnrollmentPolicy', id: string, name: string, priority: number, lastUpdated: string }
    > } | null };

export type PolicyRulesQueryVariables = Exact<{
  id: string | number;
}>;


export type PolicyRulesQuery = { policy:
    | { __typename: 'AccessPolicy', id: string, rules: Array<{ __typename: 'AccessPolicyRule', id: string, name: string, priority: number }> | null }
    | { __typename: 'ContinuousAccessPolicy', id: string, rules: Array<{ __typename: 'ContinuousAccessRule', id: string, name: string, priority: number }> | null }
    | { __typename: 'EntityRiskPolicy', id: string, rules: Array<{ __typename: 'EntityRiskRule', id: string, name: string, priority: number }> | null }
    | { __typename: 'GlobalSessionPolicy', id: string, rules: Array<{ __typename: 'GlobalSessionRule', id: string, name: string, priority: number }> | null }
    | { __typename: 'IdpDiscoveryPolicy', id: string, rules: Array<{ __typename: 'IdpDiscoveryRule', id: string, name: string, priority: number }> | null }
    | { __typename: 'MfaEnrollPolicy', id: string, rules: Array<{ __typename: 'MfaEnrollRule', id: string, name: string, priority: number }> | null }
    | { __typename: 'PasswordPolicy', id: string, rules: Array<{ __typename: 'PasswordRule', id: string, name: string, priority: number, actions: { selfServicePasswordReset: { access: AccessDecision } | null } }> | null }
    | { __typename: 'ProfileEnrollmentPolicy', id: string, rules: Array<{ __typename: 'ProfileEnrollmentRule', id: string, name: string, priority: number }> | null }
   | null };

export type ClientCreateUserTypeMutationVariables = Exact<{
  input: CreateUserTypeInput;
}>;


export type ClientCreateUserTypeMutation = { createUserType: { userType: { id: string, name: string, created: string } | null, userErrors: Array<{ message: string, field: Array<string> | null, code: UserErrorCode }> } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const DeferredDashboardDocument = new TypedDocumentString(`
    query DeferredDashboard {
  password: policies(type: PASSWORD) {
    __typename
    nodes {
      __typename
      id
      name
      ... @defer(label: "passwordRules") {
        rules {
          __typename
          id
          name
        }
      }
    }
  }
  signOn: policies(type: PLATFORM_SIGN_ON) {
    __typename
    nodes {
      __typename
      id
      name
      ... @defer(label: "signOnRules") {
        rules {
          __typename
          id
          name
        }
      }
    }
  }
}
    `, {"hash":"sha256:c761320d451fce96c3c6d3750aee4ace00f223ad8f61205c40b70faec4b325cc"}) as unknown as TypedDocumentString<DeferredDashboardQuery, DeferredDashboardQueryVariables>;
export const PasswordPoliciesDocument = new TypedDocumentString(`
    query PasswordPolicies($first: Int) {
  policies(type: PASSWORD, first: $first) {
    nodes {
      __typename
      id
      name
      priority
      lastUpdated
      ... on PasswordPolicy {
        settings {
          password {
            complexity {
              minLength
            }
          }
        }
      }
    }
  }
}
    `, {"hash":"sha256:40d6e6082b615e570ba259c0943d20cd08efc92048a07bdfcf5d078d4dcc3689"}) as unknown as TypedDocumentString<PasswordPoliciesQuery, PasswordPoliciesQueryVariables>;
export const PolicyRulesDocument = new TypedDocumentString(`
    query PolicyRules($id: ID!) {
  policy(id: $id) {
    __typename
    id
    rules {
      __typename
      id
      name
      priority
      ... on PasswordRule {
        actions {
          selfServicePasswordReset {
            access
          }
        }
      }
    }
  }
}
    `, {"hash":"sha256:04f43f44f27e89ed83013dcd4c43b938482582c0aa58d40bb4e12fcea3f825fa"}) as unknown as TypedDocumentString<PolicyRulesQuery, PolicyRulesQueryVariables>;
export const ClientCreateUserTypeDocument = new TypedDocumentString(`
    mutation ClientCreateUserType($input: CreateUserTypeInput!) {
  createUserType(input: $input) {
    userType {
      id
      name
      created
    }
    userErrors {
      message
      field
      code
    }
  }
}
    `, {"hash":"sha256:fe6110a73518fd1eb446aa731c1f8f609e058bb91df9043563486a2f3e573f31"}) as unknown as TypedDocumentString<ClientCreateUserTypeMutation, ClientCreateUserTypeMutationVariables>;