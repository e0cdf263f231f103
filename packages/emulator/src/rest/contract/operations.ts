// Every REST operation of the Policy and User Types services, by name: method, the spec's path
// template, query parameters, request body, success status and body, and whether repeating the call
// is safe. The upstream client's route table, the emulator's router and the OpenAPI document are
// all read from this table, so an endpoint is added here once.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ApplicationSchema, PolicyMappingSchema } from './applications.ts';
import {
  CreateUserInputSchema,
  DIRECTORY_PAGE_SIZE,
  GroupInputSchema,
  GroupSchema,
  NetworkZoneInputSchema,
  NetworkZoneSchema,
  ReplaceUserInputSchema,
  UpdateUserInputSchema,
  UserSchema,
} from './directory.ts';
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
const U = '/api/v1/users/{userId}';
const G = '/api/v1/groups/{groupId}';
const Z = '/api/v1/zones/{zoneId}';

const PAGE_HEADERS = { link: 'Pagination links (RFC 8288): `self`, and `next` while another page exists.' };

/** `limit` and `after` of the directory's lists. */
function directoryPaging() {
  return {
    limit: {
      schema: Type.Integer({ minimum: 1, default: DIRECTORY_PAGE_SIZE.default }),
      description: `Page size; above ${DIRECTORY_PAGE_SIZE.maximum}, ${DIRECTORY_PAGE_SIZE.maximum} are answered.`,
    },
    after: { schema: Type.String(), description: 'End-page cursor (from the `next` link).' },
  };
}

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
  // ---------------------------------------------------------------- the directory conditions name
  // Operations of the platform's users, groups, network zones and applications services (no spec file
  // covers them), served so that a test can make what its policies name. The users list is the
  // platform's own (the Users API), and the gateway calls it too: whether a user type still has users,
  // the refusal of its delete the spec states (`search=type.id eq "…"&limit=1`).
  listUsers: {
    method: 'GET',
    path: '/api/v1/users',
    summary: 'List users',
    query: {
      q: { schema: Type.String(), description: 'Prefix of a first name, last name, email or login.' },
      search: {
        schema: Type.String(),
        description:
          'An expression over `id`, `status`, `created`, `lastUpdated`, `type.id` and `profile.*`: `eq`, `ne`, `sw`, `co`, `gt`, `ge`, `lt`, `le`, `pr`, joined by `and`, `or`, `not` and parentheses (e.g. `type.id eq "oty…"`).',
      },
      filter: {
        schema: Type.String(),
        description:
          'The same expressions over `id`, `status`, `lastUpdated`, `profile.login`, `profile.email`, `profile.firstName`, `profile.lastName`.',
      },
      ...directoryPaging(),
    },
    success: { ...json(Type.Array(UserSchema)), headers: PAGE_HEADERS },
    idempotent: true,
    description:
      'The Users API of the platform, not of the two services: the gateway asks it only whether a user type has users (`search=type.id eq "…"&limit=1`), which refuses the type\'s delete.',
  },
  createUser: {
    method: 'POST',
    path: '/api/v1/users',
    summary: 'Create a user',
    query: {
      activate: {
        schema: Type.Boolean({ default: true }),
        description: 'true (default): PROVISIONED, or ACTIVE with a password; false: STAGED.',
      },
    },
    body: CreateUserInputSchema,
    success: json(UserSchema),
    idempotent: false,
    emulatorExtension: true,
    description:
      "`type.id` names a user type that exists (a deleted one cannot be assigned); without `type`, the org's default type.",
  },
  getUser: {
    method: 'GET',
    path: `${U}`,
    summary: 'Get a user (by id or login)',
    success: json(UserSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  replaceUser: {
    method: 'PUT',
    path: `${U}`,
    summary: "Replace a user's profile and type (the only way to change the type)",
    body: ReplaceUserInputSchema,
    success: json(UserSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  updateUser: {
    method: 'POST',
    path: `${U}`,
    summary: "Update a user's profile (partial; the type cannot change here)",
    body: UpdateUserInputSchema,
    success: json(UserSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  deactivateUser: {
    method: 'POST',
    path: `${U}/lifecycle/deactivate`,
    summary: 'Deactivate a user (DEPROVISIONED)',
    success: empty,
    idempotent: true,
    emulatorExtension: true,
  },
  deleteUser: {
    method: 'DELETE',
    path: `${U}`,
    summary: 'Delete a user: a user not yet deactivated is deactivated; a deactivated one is deleted',
    success: empty,
    idempotent: false,
    emulatorExtension: true,
  },
  listGroups: {
    method: 'GET',
    path: '/api/v1/groups',
    summary: 'List groups',
    query: { q: { schema: Type.String(), description: 'Group name prefix.' }, ...directoryPaging() },
    success: { ...json(Type.Array(GroupSchema)), headers: PAGE_HEADERS },
    idempotent: true,
    emulatorExtension: true,
  },
  createGroup: {
    method: 'POST',
    path: '/api/v1/groups',
    summary: 'Create a group',
    body: GroupInputSchema,
    success: json(GroupSchema),
    idempotent: false,
    emulatorExtension: true,
  },
  getGroup: {
    method: 'GET',
    path: G,
    summary: 'Get a group',
    success: json(GroupSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  replaceGroup: {
    method: 'PUT',
    path: G,
    summary: "Replace a group's profile",
    body: GroupInputSchema,
    success: json(GroupSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  deleteGroup: {
    method: 'DELETE',
    path: G,
    summary: 'Delete a group (its id leaves every condition that names it)',
    success: empty,
    idempotent: true,
    emulatorExtension: true,
  },
  listGroupUsers: {
    method: 'GET',
    path: `${G}/users`,
    summary: 'List the members of a group',
    query: directoryPaging(),
    success: { ...json(Type.Array(UserSchema)), headers: PAGE_HEADERS },
    idempotent: true,
    emulatorExtension: true,
  },
  assignUserToGroup: {
    method: 'PUT',
    path: `${G}/users/{userId}`,
    summary: 'Add a user to a group',
    success: empty,
    idempotent: true,
    emulatorExtension: true,
  },
  unassignUserFromGroup: {
    method: 'DELETE',
    path: `${G}/users/{userId}`,
    summary: 'Remove a user from a group',
    success: empty,
    idempotent: true,
    emulatorExtension: true,
  },
  listNetworkZones: {
    method: 'GET',
    path: '/api/v1/zones',
    summary: 'List network zones',
    query: directoryPaging(),
    success: { ...json(Type.Array(NetworkZoneSchema)), headers: PAGE_HEADERS },
    idempotent: true,
    emulatorExtension: true,
  },
  createNetworkZone: {
    method: 'POST',
    path: '/api/v1/zones',
    summary: 'Create an IP network zone',
    body: NetworkZoneInputSchema,
    success: json(NetworkZoneSchema),
    idempotent: false,
    emulatorExtension: true,
  },
  getNetworkZone: {
    method: 'GET',
    path: Z,
    summary: 'Get a network zone',
    success: json(NetworkZoneSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  replaceNetworkZone: {
    method: 'PUT',
    path: Z,
    summary: 'Replace an IP network zone',
    body: NetworkZoneInputSchema,
    success: json(NetworkZoneSchema),
    idempotent: true,
    emulatorExtension: true,
  },
  deleteNetworkZone: {
    method: 'DELETE',
    path: Z,
    summary: 'Delete a network zone (it leaves the rules naming it; refused while it is the only zone of one)',
    success: empty,
    idempotent: true,
    emulatorExtension: true,
  },
  listApplications: {
    method: 'GET',
    path: '/api/v1/apps',
    summary: "List applications (the fixture's, and every registered OAuth client)",
    query: { q: { schema: Type.String(), description: 'Prefix of the name or label.' }, ...directoryPaging() },
    success: { ...json(Type.Array(ApplicationSchema)), headers: PAGE_HEADERS },
    idempotent: true,
    emulatorExtension: true,
  },
  getApplication: {
    method: 'GET',
    path: '/api/v1/apps/{appId}',
    summary: 'Get an application, with the `accessPolicy` link to its authentication policy',
    success: json(ApplicationSchema),
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
