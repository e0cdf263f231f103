/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query DeferredDashboard {\n    password: policies(type: PASSWORD) {\n      __typename\n      nodes {\n        __typename\n        id\n        name\n        ... @defer(label: \"passwordRules\") {\n          rules {\n            __typename\n            id\n            name\n          }\n        }\n      }\n    }\n    signOn: policies(type: PLATFORM_SIGN_ON) {\n      __typename\n      nodes {\n        __typename\n        id\n        name\n        ... @defer(label: \"signOnRules\") {\n          rules {\n            __typename\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.DeferredDashboardDocument,
    "\n  query PasswordPolicies($first: Int) {\n    policies(type: PASSWORD, first: $first) {\n      nodes {\n        __typename\n        id\n        name\n        priority\n        lastUpdated\n        ... on PasswordPolicy {\n          settings {\n            password {\n              complexity {\n                minLength\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PasswordPoliciesDocument,
    "\n  query PolicyRules($id: ID!) {\n    policy(id: $id) {\n      __typename\n      id\n      rules {\n        __typename\n        id\n        name\n        priority\n        ... on PasswordRule {\n          actions {\n            selfServicePasswordReset {\n              access\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PolicyRulesDocument,
    "\n  mutation ClientCreateUserType($input: CreateUserTypeInput!) {\n    createUserType(input: $input) {\n      userType {\n        id\n        name\n        created\n      }\n      userErrors {\n        message\n        field\n        code\n      }\n    }\n  }\n": typeof types.ClientCreateUserTypeDocument,
};
const documents: Documents = {
    "\n  query DeferredDashboard {\n    password: policies(type: PASSWORD) {\n      __typename\n      nodes {\n        __typename\n        id\n        name\n        ... @defer(label: \"passwordRules\") {\n          rules {\n            __typename\n            id\n            name\n          }\n        }\n      }\n    }\n    signOn: policies(type: PLATFORM_SIGN_ON) {\n      __typename\n      nodes {\n        __typename\n        id\n        name\n        ... @defer(label: \"signOnRules\") {\n          rules {\n            __typename\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.DeferredDashboardDocument,
    "\n  query PasswordPolicies($first: Int) {\n    policies(type: PASSWORD, first: $first) {\n      nodes {\n        __typename\n        id\n        name\n        priority\n        lastUpdated\n        ... on PasswordPolicy {\n          settings {\n            password {\n              complexity {\n                minLength\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PasswordPoliciesDocument,
    "\n  query PolicyRules($id: ID!) {\n    policy(id: $id) {\n      __typename\n      id\n      rules {\n        __typename\n        id\n        name\n        priority\n        ... on PasswordRule {\n          actions {\n            selfServicePasswordReset {\n              access\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PolicyRulesDocument,
    "\n  mutation ClientCreateUserType($input: CreateUserTypeInput!) {\n    createUserType(input: $input) {\n      userType {\n        id\n        name\n        created\n      }\n      userErrors {\n        message\n        field\n        code\n      }\n    }\n  }\n": types.ClientCreateUserTypeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeferredDashboard {\n    password: policies(type: PASSWORD) {\n      __typename\n      nodes {\n        __typename\n        id\n        name\n        ... @defer(label: \"passwordRules\") {\n          rules {\n            __typename\n            id\n            name\n          }\n        }\n      }\n    }\n    signOn: policies(type: PLATFORM_SIGN_ON) {\n      __typename\n      nodes {\n        __typename\n        id\n        name\n        ... @defer(label: \"signOnRules\") {\n          rules {\n            __typename\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').DeferredDashboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PasswordPolicies($first: Int) {\n    policies(type: PASSWORD, first: $first) {\n      nodes {\n        __typename\n        id\n        name\n        priority\n        lastUpdated\n        ... on PasswordPolicy {\n          settings {\n            password {\n              complexity {\n                minLength\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').PasswordPoliciesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PolicyRules($id: ID!) {\n    policy(id: $id) {\n      __typename\n      id\n      rules {\n        __typename\n        id\n        name\n        priority\n        ... on PasswordRule {\n          actions {\n            selfServicePasswordReset {\n              access\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').PolicyRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClientCreateUserType($input: CreateUserTypeInput!) {\n    createUserType(input: $input) {\n      userType {\n        id\n        name\n        created\n      }\n      userErrors {\n        message\n        field\n        code\n      }\n    }\n  }\n"): typeof import('./graphql.js').ClientCreateUserTypeDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
