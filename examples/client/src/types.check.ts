// Compile-time checks only (never run): the generated types are precise, not `any`. Every expected
// error below must happen; were the types loose, tsc would report the unused expectation.
import type { ClientCreateUserTypeMutationVariables, PasswordPoliciesQuery } from './gql/graphql.ts';
import possibleTypes from './gql/possibleTypes.ts';

type Policy = NonNullable<PasswordPoliciesQuery['policies']>['nodes'][number];

// @ts-expect-error DateTime is mapped to an ISO 8601 string, not a number (nor any)
export const lastUpdated: number | null = ({} as Policy).lastUpdated;

// @ts-expect-error a field the operation did not select does not exist on the result
export const description = ({} as Policy).description;

// @ts-expect-error only a password policy has settings: narrow by __typename first
export const settings = ({} as Policy).settings;

// @ts-expect-error a required input member (displayName) cannot be left out
export const input: ClientCreateUserTypeMutationVariables = { input: { name: 'partner' } };

export const policyTypes: string[] = possibleTypes.possibleTypes.Policy;
