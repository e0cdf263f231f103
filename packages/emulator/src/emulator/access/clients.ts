// OAuth clients in the RFC 7591 shape: what registration accepts, each application type with the
// platform's defaults and checks, what the fixture and the emulator's `oauthClients` option declare,
// and what the org keeps (its state, snapshots and state file hold them as they are: public keys, and
// a client secret only as its digest).
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { API_SCOPES } from './principal.ts';

export const OIDC_SCOPES = ['openid', 'profile', 'offline_access'] as const;
export const SUPPORTED_SCOPES: readonly string[] = [...API_SCOPES, ...OIDC_SCOPES];
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
/** RFC 7591's default first (the platform's too). */
export const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
export const SECRET_METHODS: readonly AuthMethod[] = ['client_secret_basic', 'client_secret_post'];
export const APPLICATION_TYPES = ['web', 'native', 'browser', 'service'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
export const RESPONSE_TYPES = ['code', 'token'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];
/** Signature algorithms of a client's assertion (the key's type decides which one applies). */
export const ASSERTION_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

export interface ClientJwks {
  keys: JsonWebKey[];
}

/** An API scope granted to an app (the platform's OAuth2ScopeConsentGrant, as kept). */
export interface ScopeGrant {
  id: string;
  scopeId: string;
  issuer: string;
  /** ISO 8601. */
  created: string;
}

export interface OAuthClient {
  client_id: string;
  /** Seconds since the epoch. */
  client_id_issued_at: number;
  client_name: string;
  /** Absent in clients kept before it was recorded: see applicationTypeOf. */
  application_type?: ApplicationType;
  redirect_uris: string[];
  grant_types: GrantType[];
  response_types: ResponseType[];
  token_endpoint_auth_method: AuthMethod;
  /** The client's public keys (private_key_jwt only). */
  jwks?: ClientJwks;
  /** The emulator's shortcut: scopes the client may ask for without grants, space-separated. */
  scope?: string;
  /** Client secret methods: 0, the secret does not expire (RFC 7591). */
  client_secret_expires_at?: number;
  /** SHA-256 of the client secret (client secret methods); never answered. */
  client_secret_digest?: string;
  /** The API scopes granted to the app (/api/v1/apps/{appId}/grants); not client metadata, never answered by registration. */
  scope_grants?: ScopeGrant[];
}

export type ClientMetadata = Omit<OAuthClient, 'client_id' | 'client_id_issued_at' | 'scope_grants'>;

/** A client as a fixture or the emulator's `oauthClients` option declares it (defaults as registration's). */
export interface OAuthClientInput {
  client_id: string;
  client_name: string;
  /** Default: inferred (see parseClientMetadata). */
  application_type?: ApplicationType;
  redirect_uris?: string[];
  /** Default ["authorization_code"], ["client_credentials"] for a service app. */
  grant_types?: GrantType[];
  /** Default ["code"], ["token"] for a service app. */
  response_types?: ResponseType[];
  /** Default client_secret_basic, none for a browser app. */
  token_endpoint_auth_method?: AuthMethod;
  jwks?: ClientJwks;
  scope?: string;
  /** The secret of a client secret method (kept as a digest); registration makes its own. */
  client_secret?: string;
}

export const GRAPHIQL_CLIENT_ID = 'graphiql';

/**
 * The public client of the gateway's GraphiQL page: PKCE, the authorization code and refresh token
 * grants, every scope; its redirect URIs are given by whoever starts the emulator.
 */
export function graphiqlClient(redirectUris: string[]): OAuthClientInput {
  return {
    client_id: GRAPHIQL_CLIENT_ID,
    client_name: 'GraphiQL',
    application_type: 'browser',
    redirect_uris: redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: SUPPORTED_SCOPES.join(' '),
  };
}

/** The members a fixture's client may have (registration ignores others, as RFC 7591 says). */
export const CLIENT_KEYS = [
  'client_id',
  'client_name',
  'application_type',
  'redirect_uris',
  'grant_types',
  'response_types',
  'token_endpoint_auth_method',
  'jwks',
  'scope',
  'client_secret',
] as const;

export interface MetadataProblem {
  error: 'invalid_client_metadata' | 'invalid_redirect_uri';
  description: string;
}

/** What each application type may register, as the platform's registration has it. */
interface TypeRules {
  grants: readonly GrantType[];
  defaultGrants: GrantType[];
  responses: readonly ResponseType[];
  methods: readonly AuthMethod[];
  defaultMethod: AuthMethod;
  /** Redirect URIs: web URLs; web URLs or private-use schemes (RFC 8252); none at all. */
  redirects: 'web' | 'native' | 'none';
}

const CONFIDENTIAL: readonly AuthMethod[] = ['client_secret_basic', 'client_secret_post', 'private_key_jwt'];
const TYPE_RULES: Record<ApplicationType, TypeRules> = {
  web: {
    grants: ['authorization_code', 'refresh_token', 'client_credentials'],
    defaultGrants: ['authorization_code'],
    responses: ['code'],
    methods: CONFIDENTIAL,
    defaultMethod: 'client_secret_basic',
    redirects: 'web',
  },
  native: {
    grants: ['authorization_code', 'refresh_token'],
    defaultGrants: ['authorization_code'],
    responses: ['code'],
    methods: [...CONFIDENTIAL, 'none'],
    defaultMethod: 'client_secret_basic',
    redirects: 'native',
  },
  browser: {
    grants: ['authorization_code', 'refresh_token'],
    defaultGrants: ['authorization_code'],
    responses: ['code'],
    methods: ['none'],
    defaultMethod: 'none',
    redirects: 'web',
  },
  service: {
    grants: ['client_credentials'],
    defaultGrants: ['client_credentials'],
    responses: ['token'],
    methods: CONFIDENTIAL,
    defaultMethod: 'client_secret_basic',
    redirects: 'none',
  },
};

const MAX_REDIRECT_URIS = 20;
const MAX_KEYS = 10;
const PRIVATE_KEY_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

/**
 * The application type a body without one stands for: a client that only uses client credentials is
 * a service, a public client a browser app, anything else a web app (the platform's default).
 */
function inferredType(o: Record<string, unknown>): ApplicationType {
  const grants = o.grant_types;
  if (Array.isArray(grants) && grants.length > 0 && grants.every((g) => g === 'client_credentials')) return 'service';
  return o.token_endpoint_auth_method === 'none' ? 'browser' : 'web';
}

/** A stored client's application type (clients kept before it was recorded have it inferred). */
export function applicationTypeOf(client: OAuthClient): ApplicationType {
  return client.application_type ?? inferredType(client as unknown as Record<string, unknown>);
}

/** Checks client metadata (RFC 7591 §2); the metadata when every member is right, else the problems. */
export function parseClientMetadata(raw: unknown): { metadata?: ClientMetadata; problems: MetadataProblem[] } {
  const problems: MetadataProblem[] = [];
  const bad = (description: string) => problems.push({ error: 'invalid_client_metadata', description });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    bad('the client metadata must be a JSON object');
    return { problems };
  }
  const o = raw as Record<string, unknown>;
  const name = o.client_name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100) {
    bad('client_name is required: a text of 1 to 100 characters');
  }
  if (o.jwks_uri !== undefined) bad('jwks_uri is not supported: send the public keys in jwks');
  if (o.application_type !== undefined && !(APPLICATION_TYPES as readonly unknown[]).includes(o.application_type)) {
    bad(`'application_type' must be one of ${APPLICATION_TYPES.join(', ')}`);
    return { problems };
  }
  const type = (o.application_type as ApplicationType | undefined) ?? inferredType(o);
  const rules = TYPE_RULES[type];
  const method = (o.token_endpoint_auth_method ?? rules.defaultMethod) as AuthMethod;
  if (!(AUTH_METHODS as readonly unknown[]).includes(method)) {
    bad(`'token_endpoint_auth_method' must be one of ${AUTH_METHODS.join(', ')}`);
  } else if (!rules.methods.includes(method)) {
    bad(`'token_endpoint_auth_method' must be one of ${rules.methods.join(', ')} when 'application_type' is '${type}'`);
  }
  const grants = listOf(o.grant_types, GRANT_TYPES, 'grant_types', bad) ?? rules.defaultGrants;
  const notForType = grants.filter((g) => !rules.grants.includes(g));
  if (notForType.length) {
    bad(`'grant_types' may hold only ${rules.grants.join(', ')} when 'application_type' is '${type}'`);
  }
  const usesCode = grants.includes('authorization_code');
  if (type !== 'service' && !usesCode) {
    bad(`'grant_types' must contain 'authorization_code' when 'application_type' is '${type}'`);
  }
  const responses = listOf(o.response_types, RESPONSE_TYPES, 'response_types', bad) ?? [...rules.responses];
  if (responses.some((r) => !rules.responses.includes(r))) {
    bad(
      `'response_types' must be ${JSON.stringify(rules.responses)} when 'application_type' is '${type}' (the emulator has no implicit flow)`,
    );
  }
  const redirects = redirectUris(o.redirect_uris, rules.redirects, usesCode, problems);
  const scope = o.scope === undefined ? undefined : scopes(o.scope, bad);
  const jwks = method === 'private_key_jwt' ? publicKeys(o.jwks, bad) : undefined;
  if (method !== 'private_key_jwt' && o.jwks !== undefined) {
    bad('jwks is only for token_endpoint_auth_method private_key_jwt');
  }
  if (problems.length) return { problems };
  return {
    problems,
    metadata: {
      client_name: (name as string).trim(),
      application_type: type,
      redirect_uris: redirects,
      grant_types: [...new Set(grants)],
      response_types: [...new Set(responses)],
      token_endpoint_auth_method: method,
      ...(jwks ? { jwks } : {}),
      ...(scope === undefined ? {} : { scope }),
    },
  };
}

function listOf<T extends string>(
  v: unknown,
  values: readonly T[],
  name: string,
  bad: (d: string) => void,
): T[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length === 0 || v.some((e) => !(values as readonly unknown[]).includes(e))) {
    bad(`${name} must be a non-empty array of ${values.join(', ')}`);
    return undefined;
  }
  return v as T[];
}

function redirectUris(
  v: unknown,
  kind: TypeRules['redirects'],
  required: boolean,
  problems: MetadataProblem[],
): string[] {
  const bad = (description: string) => problems.push({ error: 'invalid_redirect_uri', description });
  // A service app has no redirect URIs: any sent are ignored (RFC 7591 §2 lets the server do so).
  if (kind === 'none' || (!required && (v === undefined || (Array.isArray(v) && v.length === 0)))) return [];
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_REDIRECT_URIS) {
    bad(`redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URLs (the authorization_code grant needs one)`);
    return [];
  }
  v.forEach((uri, i) => {
    const problem = redirectUriProblem(uri, kind === 'native');
    if (problem) bad(`redirect_uris[${i}] ${problem}`);
  });
  return [...new Set(v as string[])];
}

/** A private-use URI scheme (RFC 8252 §7.1): a reverse domain name, e.g. `com.example.app`. */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/**
 * Absolute http(s), no fragment (RFC 6749 §3.1.2), no user name or password; a native app may also
 * use a private-use scheme (`com.example.app:/callback`, RFC 8252 §7.1).
 */
function redirectUriProblem(uri: unknown, native: boolean): string | undefined {
  const rule = native
    ? 'must be an absolute http or https URL, or a private-use scheme such as com.example.app:/callback, without user information or fragment'
    : 'must be an absolute http or https URL without user information or fragment';
  if (typeof uri !== 'string' || uri.length > 2000) return rule;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return rule;
  }
  const web = ['http:', 'https:'].includes(url.protocol);
  const privateUse = native && PRIVATE_USE_SCHEME.test(url.protocol);
  if ((!web && !privateUse) || url.username || url.password || uri.includes('#')) return rule;
  if (web && !url.host) return rule;
  return undefined;
}

function scopes(v: unknown, bad: (d: string) => void): string {
  const list = typeof v === 'string' ? v.split(' ').filter(Boolean) : [];
  const unknown = list.filter((s) => !SUPPORTED_SCOPES.includes(s));
  if (typeof v !== 'string' || list.length === 0 || unknown.length) {
    bad(`scope must be space-separated scopes out of ${SUPPORTED_SCOPES.join(' ')}`);
    return '';
  }
  return [...new Set(list)].join(' ');
}

/** Public signing keys only, each readable, at most MAX_KEYS, with distinct `kid`s (needed when several). */
function publicKeys(v: unknown, bad: (d: string) => void): ClientJwks | undefined {
  const keys = (v as { keys?: unknown } | undefined)?.keys;
  if (typeof v !== 'object' || v === null || !Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) {
    bad(`jwks is required for private_key_jwt: {"keys": [1 to ${MAX_KEYS} public JWKs]}`);
    return undefined;
  }
  const kids = new Set<string>();
  const out: JsonWebKey[] = [];
  keys.forEach((key, i) => {
    const kid = (key as JsonWebKey | null)?.kid as string | undefined;
    const problem =
      publicKeyProblem(key, keys.length > 1) ?? (kid !== undefined && kids.has(kid) ? `repeats kid ${kid}` : undefined);
    if (problem) bad(`jwks.keys[${i}] ${problem}`);
    else out.push(key as JsonWebKey);
    if (kid !== undefined) kids.add(kid);
  });
  return { keys: out };
}

function publicKeyProblem(key: unknown, needsKid: boolean): string | undefined {
  if (typeof key !== 'object' || key === null || Array.isArray(key)) return 'must be a JWK object';
  const jwk = key as JsonWebKey;
  if (PRIVATE_KEY_MEMBERS.some((m) => m in jwk)) return 'must be a public key (it holds private key members)';
  if (!['RSA', 'EC', 'OKP'].includes(jwk.kty as string)) return 'must be an RSA, EC or OKP key';
  if (jwk.use !== undefined && jwk.use !== 'sig') return 'must be a signing key (use "sig")';
  if (jwk.alg !== undefined && !ASSERTION_ALGORITHMS.includes(jwk.alg as string)) {
    return `has alg ${String(jwk.alg)}; supported: ${ASSERTION_ALGORITHMS.join(', ')}`;
  }
  if (jwk.kid !== undefined && (typeof jwk.kid !== 'string' || jwk.kid === '' || jwk.kid.length > 200)) {
    return 'has a kid that is not a text of 1 to 200 characters';
  }
  if (needsKid && jwk.kid === undefined) return 'needs a kid (the set holds several keys)';
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return 'is not a valid public key';
  }
  return undefined;
}

/**
 * The scopes a client may ask for: the API scopes granted to it (/api/v1/apps/{appId}/grants) and
 * the OpenID Connect scopes; with the emulator's `scope` shortcut, the shortcut's scopes instead of
 * the OpenID Connect ones, and the grants besides.
 */
export function clientScopes(client: OAuthClient): string[] {
  const granted = (client.scope_grants ?? []).map((g) => g.scopeId);
  const base = client.scope === undefined ? [...OIDC_SCOPES] : client.scope.split(' ');
  return [...new Set([...base, ...granted])];
}

/** invalid_scope's description for scopes the app may not ask for. */
export const notGranted = (scopes: string[]) =>
  `The scopes were not granted to the app: ${scopes.join(' ')} (an API scope is granted with POST /api/v1/apps/{appId}/grants).`;
