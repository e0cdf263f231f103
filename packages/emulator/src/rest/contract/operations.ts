// Every REST operation of the Policy and User Types services, by name: method, the spec's path
// template, query parameters, request body, success status and body, and whether repeating the call
// is safe. The upstream client's route table, the emulator's router and the OpenAPI document are
// all read from this table, so an endpoint is added here once.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ApplicationSchema, PolicyMappingSchema } from './applications.ts';
import { ErrorBodySchema } from './errors.ts';
import { AnyPolicySchema, AnyRuleSchema, MAX_EMBEDDED_RULES, PolicyBodySchema, RuleBodySchema } from './policies.ts';
import { SimulationExpandSchema, SimulationRequestSchema, SimulationResponseSchema } from './simulation.ts';
import { LifecycleStatusSchema, StringEnum } from './shared.ts';
import { PolicyTypeSchema } from './policyTypes.ts';
import {
  CreateUserTypeInputSchema,
  ReplaceUserTypeInputSchema,
  UpdateUserTypeInputSchema,
  UserTypeSchema,
} from './userTypes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface QueryParameter {
  schema: TSchema;
  required?: boolean;
  /** The parameter may be sent more than once (`expand=A&expand=B`). */
  repeated?: boolean;
  description?: string;
}

export interface Operation {
  method: HttpMethod;
  /** The spec's path template, e.g. `/api/v1/policies/{policyId}`. */
  path: string;
  summary: string;
  query?: Record<string, QueryParameter>;
  /** The JSON request body; absent when the operation takes none. */
  body?: TSchema;
  /** The success status and what it carries (no schema: an empty body), with the headers it sets. */
  success: { status: 200 | 204; schema?: TSchema; headers?: Record<string, string> };
  /** Repeating the call cannot create a second object: reads, PUT, DELETE, lifecycle changes. */
  idempotent: boolean;
  /** A POST that changes nothing (the access simulation): it needs the read scope, like a GET. */
  readOnly?: boolean;
  /** Served by the emulator only (an operation of another service that its tests need). */
  emulatorExtension?: boolean;
  deprecated?: boolean;
  /** What the spec says that the table cannot (engine, documented status, limits). */
  description?: string;
}

/** The error body every operation answers with on failure. */
export const ERROR_RESPONSE = ErrorBodySchema;

const json = <S extends TSchema>(schema: S) => ({ status: 200 as const, schema });

/**
 * A policy list's page size: when `limit` is left out, and the most one page holds (a larger `limit`
 * is answered with this many). The spec shows neither ("not shown"); these are the emulator's, and
 * what the gateway's whole-list reads and cost estimate assume.
 */
export const POLICY_PAGE_SIZE = { default: 20, maximum: 200 } as const;
const empty = { status: 204 as const };

const P = '/api/v1/policies/{policyId}';
const R = `${P}/rules/{ruleId}`;
const T = '/api/v1/meta/types/user';

// The order is the routing order of the emulator (it only shapes the `Allow` header of a 405).
export const OPERATIONS = {
  listPolicies: {
    method: 'GET',
    path: '/api/v1/policies',
    summary: 'List policies by type',
    query: {
      type: { schema: PolicyTypeSchema, required: true },
      status: { schema: LifecycleStatusSchema },
      q: { schema: Type.String(), description: 'Policy name prefix.' },
      sortBy: { schema: StringEnum(['name'] as const), description: 'Sorts by name ascending.' },
      limit: {
        schema: Type.Integer({ minimum: 1, default: POLICY_PAGE_SIZE.default }),
        description: `Page size; above ${POLICY_PAGE_SIZE.maximum}, ${POLICY_PAGE_SIZE.maximum} are answered.`,
      },
      after: { schema: Type.String(), description: 'End-page cursor (from the `next` link).' },
    },
    success: {
      ...json(Type.Array(AnyPolicySchema)),
      headers: { link: 'Pagination links (RFC 8288): `self`, and `next` while another page exists.' },
    },
    idempotent: true,
  },
  createPolicy: {
    method: 'POST',
    path: '/api/v1/policies',
    summary: 'Create a policy',
    body: PolicyBodySchema,
    success: json(AnyPolicySchema),
    idempotent: false,
    description: 'The spec documents status 204 together with a Policy body; the policy is answered with 200.',
  },
  simulate: {
    method: 'POST',
    path: '/api/v1/policies/simulate',
    summary: 'Access simulation (IE)',
    query: {
      expand: {
        schema: SimulationExpandSchema,
        repeated: true,
        description: 'EVALUATED adds evaluated but unmatched policies and rules; RULE adds rule condition detail.',
      },
    },
    body: SimulationRequestSchema,
    success: json(SimulationResponseSchema),
    idempotent: true,
    readOnly: true,
  },
  getPolicy: {
    method: 'GET',
    path: P,
    summary: 'Get a policy',
    query: {
      expand: {
        schema: StringEnum(['rules'] as const),
        description: `Classic orgs only: embeds up to ${MAX_EMBEDDED_RULES} rules; more is an error.`,
      },
    },
    success: json(AnyPolicySchema),
    idempotent: true,
  },
  replacePolicy: {
    method: 'PUT',
    path: P,
    summary: 'Update a policy',
    body: PolicyBodySchema,
    success: json(AnyPolicySchema),
    idempotent: true,
  },
  deletePolicy: {
    method: 'DELETE',
    path: P,
    summary: 'Delete a policy',
    success: empty,
    idempotent: true,
  },
  clonePolicy: {
    method: 'POST',
    path: `${P}/clone`,
    summary: 'Clone a policy (IE, authentication policies only)',
    success: json(AnyPolicySchema),
    idempotent: false,
    description: 'The spec documents status 204 together with a Policy body; the copy is answered with 200.',
  },
  activatePolicy: {
    method: 'POST',
    path: `${P}/lifecycle/activate`,
    summary: 'Activate a policy',
    success: empty,
    idempotent: true,
  },
  deactivatePolicy: {
    method: 'POST',
    path: `${P}/lifecycle/deactivate`,
    summary: 'Deactivate a policy',
    success: empty,
    idempotent: true,
  },
  listPolicyApplications: {
    method: 'GET',
    path: `${P}/app`,
    summary: 'List applications of a policy',
    success: json(Type.Array(ApplicationSchema)),
    idempotent: true,
    deprecated: true,
  },
  listPolicyMappings: {
    method: 'GET',
    path: `${P}/mappings`,
    summary: 'List the resources mapped to a policy',
    description:
      "The target of a policy's `mappings` link. Read only here: resources are mapped through the applications service.",
    success: json(Type.Array(PolicyMappingSchema)),
    idempotent: true,
  },
  listRules: {
    method: 'GET',
    path: `${P}/rules`,
    summary: 'List rules',
    success: json(Type.Array(AnyRuleSchema)),
    idempotent: true,
  },
  createRule: {
    method: 'POST',
    path: `${P}/rules`,
    summary: 'Create a rule',
    body: RuleBodySchema,
    success: json(AnyRuleSchema),
    idempotent: false,
  },
  getRule: {
    method: 'GET',
    path: R,
    summary: 'Get a rule',
    success: json(AnyRuleSchema),
    idempotent: true,
  },
  replaceRule: {
    method: 'PUT',
    path: R,
    summary: 'Update a rule',
    body: RuleBodySchema,
    success: json(AnyRuleSchema),
    idempotent: true,
  },
  deleteRule: {
    method: 'DELETE',
    path: R,
    summary: 'Delete a rule',
    success: empty,
    idempotent: true,
  },
  activateRule: {
    method: 'POST',
    path: `${R}/lifecycle/activate`,
    summary: 'Activate a rule',
    success: empty,
    idempotent: true,
  },
  deactivateRule: {
    method: 'POST',
    path: `${R}/lifecycle/deactivate`,
    summary: 'Deactivate a rule',
    success: empty,
    idempotent: true,
  },
  listUserTypes: {
    method: 'GET',
    path: T,
    summary: 'Get all user types',
    success: json(Type.Array(UserTypeSchema)),
    idempotent: true,
  },
  // The spec writes the create path with a trailing slash.
  createUserType: {
    method: 'POST',
    path: `${T}/`,
    summary: 'Create a user type',
    body: CreateUserTypeInputSchema,
    success: json(UserTypeSchema),
    idempotent: false,
  },
  getUserType: {
    method: 'GET',
    path: `${T}/{typeId}`,
    summary: 'Get a user type (`default` selects the default type)',
    success: json(UserTypeSchema),
    idempotent: true,
  },
  replaceUserType: {
    method: 'PUT',
    path: `${T}/{typeId}`,
    summary: 'Replace a user type',
    body: ReplaceUserTypeInputSchema,
    success: json(UserTypeSchema),
    idempotent: true,
  },
  // A partial update, but of named members only: repeating it gives the same result.
  updateUserType: {
    method: 'POST',
    path: `${T}/{typeId}`,
    summary: 'Update a user type',
    body: UpdateUserTypeInputSchema,
    success: json(UserTypeSchema),
    idempotent: true,
  },
  deleteUserType: {
    method: 'DELETE',
    path: `${T}/{typeId}`,
    summary: 'Delete a user type',
    success: empty,
    idempotent: true,
  },
  assignAppPolicy: {
    method: 'PUT',
    path: '/api/v1/apps/{appId}/policies/{policyId}',
    summary: "Assign an authentication policy to an app (the applications service's update-application-policy)",
    success: empty,
    idempotent: true,
    emulatorExtension: true,
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

/** The operations of the two spec files, without the emulator's extensions. */
export type ServiceOperationName = {
  [K in OperationName]: (typeof OPERATIONS)[K] extends { emulatorExtension: true } ? never : K;
}[OperationName];

// ------------------------------------------------------------------ the types of one call

type OperationOf<N extends OperationName> = (typeof OPERATIONS)[N];

/** The names of the `{name}` segments of a path template, as a union of string literals. */
type PathParameterName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameterName<Rest>
  : never;

/** An operation's path parameters: one string per `{name}` segment of its path; none, an empty object. */
export type OperationParams<N extends OperationName> = [PathParameterName<OperationOf<N>['path']>] extends [never]
  ? Record<string, never>
  : { [K in PathParameterName<OperationOf<N>['path']>]: string };

type QueryValue<P> = P extends { schema: infer S extends TSchema }
  ? P extends { repeated: true }
    ? Static<S>[]
    : Static<S>
  : never;
type Flat<T> = { [K in keyof T]: T[K] };

/** An operation's query: its required parameters as members, the others as optional members. */
export type OperationQuery<N extends OperationName> =
  OperationOf<N> extends { query: infer Q }
    ? Flat<
        { -readonly [K in keyof Q as Q[K] extends { required: true } ? K : never]: QueryValue<Q[K]> } & {
          -readonly [K in keyof Q as Q[K] extends { required: true } ? never : K]?: QueryValue<Q[K]>;
        }
      >
    : Record<string, never>;

/** An operation's request body; undefined when it takes none. */
export type OperationBody<N extends OperationName> =
  OperationOf<N> extends { body: infer B extends TSchema } ? Static<B> : undefined;

/** What an operation's success carries; undefined when its body is empty. */
export type OperationResult<N extends OperationName> = OperationOf<N>['success'] extends {
  schema: infer S extends TSchema;
}
  ? Static<S>
  : undefined;

/** The names of the `{name}` segments of a path template, in order. */
export function pathParameters(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * A path template with its `{name}` segments filled in, each value encoded as one path segment
 * (the application and user schema links name resources the contract has no operation for).
 */
export function fillTemplate(template: string, params: Readonly<Record<string, string>>): string {
  const parts = templateParts(template);
  let path = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const value = params[parts[i]];
    if (value === undefined) throw new TypeError(`path parameter ${parts[i]} missing for ${template}`);
    path += encodeURIComponent(value) + parts[i + 1];
  }
  return path;
}

// Every answer's `_links` fill a few templates per object: each is split once into its text and
// parameter names (text, name, text, … — odd indexes are names).
const splitTemplates = new Map<string, string[]>();

function templateParts(template: string): string[] {
  let parts = splitTemplates.get(template);
  if (parts === undefined) {
    parts = template.split(/\{(\w+)\}/);
    splitTemplates.set(template, parts);
  }
  return parts;
}

/** The path of a named operation with its parameters, as the service's `_links` name it. */
export function operationPath(name: OperationName, params: Readonly<Record<string, string>> = {}): string {
  return fillTemplate(OPERATIONS[name].path, params);
}
