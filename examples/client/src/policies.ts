// What a policy console does, typed end to end: every `graphql(...)` document below has generated
// result and variables types (npm run codegen), so a misspelt field fails the type check.
import { type Execute, present } from './client.ts';
import { graphql } from './gql/index.ts';

const PasswordPolicies = graphql(`
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
`);

const PolicyRules = graphql(`
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
`);

const CreateUserType = graphql(`
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
`);

export interface PolicySummary {
  id: string;
  name: string;
  priority: number | null;
  /** From the DateTime scalar (an ISO 8601 string on the wire). */
  lastUpdated: Date | null;
  /** Only password policies have one. */
  minLength: number | null;
}

/** The password policies in priority order, with their minimum password length. */
export async function passwordPolicies(execute: Execute, first = 20): Promise<PolicySummary[]> {
  const { policies } = await execute(PasswordPolicies, { first });
  return present(policies, 'policies').nodes.map((policy) => ({
    id: policy.id,
    name: policy.name,
    priority: policy.priority ?? null,
    lastUpdated: policy.lastUpdated ? new Date(policy.lastUpdated) : null,
    // Narrowed by __typename: `settings` exists on PasswordPolicy only.
    minLength:
      policy.__typename === 'PasswordPolicy' ? (policy.settings?.password?.complexity?.minLength ?? null) : null,
  }));
}

/** Names of the rules of a policy that allow self-service password reset. */
export async function rulesAllowingReset(execute: Execute, policyId: string): Promise<string[]> {
  const { policy } = await execute(PolicyRules, { id: policyId });
  if (!policy) throw new Error(`no policy ${policyId}`);
  return present(policy.rules, 'policy.rules')
    .filter((rule) => rule.__typename === 'PasswordRule' && rule.actions.selfServicePasswordReset?.access === 'ALLOW')
    .map((rule) => rule.name);
}

/** Creates a user type; a refusal (duplicate name, bad name ...) comes back as a message per field. */
export async function createUserType(
  execute: Execute,
  name: string,
  displayName: string,
): Promise<{ id: string; created: Date | null } | { errors: string[] }> {
  const result = await execute(CreateUserType, { input: { name, displayName } });
  const payload = present(result.createUserType, 'createUserType');
  if (!payload.userType) return { errors: payload.userErrors.map((e) => `${e.field?.join('.') ?? ''}: ${e.message}`) };
  const { created } = payload.userType;
  return { id: payload.userType.id, created: created ? new Date(created) : null };
}
