// The OpenAPI 3.1 document of both services, produced from the operation table. Schemas marked as
// components (see `named`) are written once under `components.schemas` and referenced elsewhere.
import type { TSchema } from '@sinclair/typebox';
import { ERROR_RESPONSE, OPERATIONS, type Operation, type OperationName, pathParameters } from './operations.ts';
import { OPERATION_SCOPES, type OperationScope, scopeOf } from './scopes.ts';
import { COMPONENT } from './shared.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Named components met while writing schemas as JSON, by name, and how a reference to one is
 * written (in the OpenAPI document `#/components/schemas/Name`; a validator may use its own ids).
 */
export class Components {
  readonly schemas = new Map<string, Json>();
  constructor(readonly refOf: (name: string) => string = (name) => `#/components/schemas/${name}`) {}

  /** A JSON copy of `schema` in which every named component (the schema itself too, unless `root`) is a `$ref`. */
  toJson(schema: unknown, root = false): Json {
    if (Array.isArray(schema)) return schema.map((s) => this.toJson(s));
    if (schema === null || typeof schema !== 'object') return schema as Json;
    const name = (schema as { [COMPONENT]?: string })[COMPONENT];
    if (name !== undefined && !root) {
      if (!this.schemas.has(name)) {
        this.schemas.set(name, {}); // reserved first, so a schema that refers to itself ends
        this.schemas.set(name, this.toJson(schema, true));
      }
      return { $ref: this.refOf(name) };
    }
    const out: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(schema)) out[key] = this.toJson(value);
    return out;
  }
}

/** A schema where it is used: a named one becomes a reference. */
const asJson = (schema: TSchema, components: Components) => components.toJson(schema);

/** Either an API token (its admin's role) or an access token with the operation's scope (`manage` includes `read`). */
function securityOf(name: OperationName): Json {
  const { family, access, scope } = OPERATION_SCOPES[name];
  const oauth: Json[] = [{ oauth2: [scope] }];
  if (access === 'read') oauth.push({ oauth2: [scopeOf(family, 'manage')] });
  return [{ ssws: [] }, ...oauth];
}

function operationObject(name: OperationName, op: Operation, components: Components): Json {
  const parameters: Json[] = pathParameters(op.path).map((param) => ({
    name: param,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1 },
  }));
  for (const [param, q] of Object.entries(op.query ?? {})) {
    const schema = asJson(q.schema, components);
    parameters.push({
      name: param,
      in: 'query',
      required: q.required === true,
      ...(q.description ? { description: q.description } : {}),
      ...(q.repeated ? { schema: { type: 'array', items: schema }, style: 'form', explode: true } : { schema }),
    });
  }
  const headers = Object.entries(op.success.headers ?? {}).map(([header, description]) => [
    header,
    { description, schema: { type: 'string' } },
  ]);
  const success: Json = {
    description: op.success.schema ? 'Success' : 'Success, no content',
    ...(op.success.schema
      ? { content: { 'application/json': { schema: asJson(op.success.schema, components) } } }
      : {}),
    ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
  };
  const out: { [key: string]: Json } = {
    operationId: name,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.emulatorExtension ? { 'x-emulator-extension': true } : {}),
    'x-idempotent': op.idempotent,
    security: securityOf(name),
    parameters,
    responses: {
      [String(op.success.status)]: success,
      default: {
        description: 'An error: 4xx for the request, 5xx for the service',
        headers: {
          allow: { description: 'On 405: the methods the path supports.', schema: { type: 'string' } },
          'retry-after': { description: 'On 429: seconds until the rate limit resets.', schema: { type: 'string' } },
          'www-authenticate': {
            description:
              'On 401 and on 403 insufficient_scope of a Bearer request: the RFC 6750 challenge (`error`, the `scope` needed).',
            schema: { type: 'string' },
          },
        },
        content: { 'application/json': { schema: asJson(ERROR_RESPONSE, components) } },
      },
    },
  };
  if (op.body) {
    out.requestBody = { required: true, content: { 'application/json': { schema: asJson(op.body, components) } } };
  }
  return out;
}

/** OpenAPI 3.1 paths use no trailing slash but the spec's create-user-type path has one. */
export function openApiDocument(options: { emulatorExtensions?: boolean; serverUrl?: string } = {}): Json {
  const components = new Components();
  const paths: { [path: string]: { [method: string]: Json } } = {};
  for (const [name, op] of Object.entries(OPERATIONS) as [OperationName, Operation][]) {
    if (op.emulatorExtension && options.emulatorExtensions === false) continue;
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(name, op, components);
  }
  const schemas = Object.fromEntries([...components.schemas].sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Policy and User Types services',
      version: '1',
      description:
        'The REST contract of the Policy and User Types services as the emulator serves it. Operations marked ' +
        '`x-emulator-extension` belong to another service and are served by the emulator for its tests.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ ssws: [] }, { oauth2: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        ssws: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "An administrator API token: `SSWS <API_TOKEN>`. It has every scope and acts with its admin's role " +
            '(a READ_ONLY_ADMIN reads only: a write is 403 E0000006 naming the role).',
        },
        oauth2: oauth2Scheme(options.serverUrl?.replace(/\/$/, '') ?? ''),
      },
    },
  };
}

const API_SCOPE_DOCS = {
  'okta.policies.read': 'Read policies, rules, app mappings; simulate access',
  'okta.policies.manage': 'Create, change and delete policies and rules (includes reading)',
  'okta.userTypes.read': 'Read user types',
  'okta.userTypes.manage': 'Create, change and delete user types (includes reading)',
  'okta.users.read': 'Read users',
  'okta.users.manage': 'Create, change, deactivate and delete users (includes reading)',
  'okta.groups.read': 'Read groups and their members',
  'okta.groups.manage': 'Create, change and delete groups and their memberships (includes reading)',
  'okta.networkZones.read': 'Read network zones',
  'okta.networkZones.manage': 'Create, change and delete network zones (includes reading)',
  'okta.apps.read': 'Read applications',
  'okta.apps.manage': 'Manage applications (includes reading)',
} satisfies Record<OperationScope, string>;

/** The scopes some operation needs (`okta.apps.manage` is granted, but no served operation needs it). */
function usedScopeDocs(): Record<string, string> {
  const used = new Set(Object.values(OPERATION_SCOPES).map((need) => need.scope));
  return Object.fromEntries(Object.entries(API_SCOPE_DOCS).filter(([scope]) => used.has(scope as OperationScope)));
}

/**
 * The org's authorization server (discovery at `/.well-known/openid-configuration`): a person's
 * token (authorization code with PKCE) or a service's (client credentials with private_key_jwt).
 */
function oauth2Scheme(base: string): Json {
  const tokenUrl = `${base}/oauth2/v1/token`;
  return {
    type: 'oauth2',
    description:
      "A Bearer access token of the org authorization server. A person's token allows what both its scopes " +
      "and the person's admin role allow; a service's token what its scopes allow. An app is granted only the " +
      'API scopes an admin granted it (`POST /api/v1/apps/{appId}/grants`). Each operation names the ' +
      'scope it needs. 401 invalid_token (expired, wrongly signed, revoked, or an API token sent as Bearer) and ' +
      '403 insufficient_scope carry a `WWW-Authenticate: Bearer` challenge naming the scope.',
    flows: {
      authorizationCode: {
        authorizationUrl: `${base}/oauth2/v1/authorize`,
        tokenUrl,
        refreshUrl: tokenUrl,
        scopes: {
          ...usedScopeDocs(),
          openid: 'An ID token',
          profile: 'The name and login in the ID token',
          offline_access: 'A refresh token',
        },
      },
      clientCredentials: { tokenUrl, scopes: usedScopeDocs() },
    },
  };
}
