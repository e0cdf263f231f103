// OAuth clients in the RFC 7591 shape: what registration accepts, what the fixture and the
// emulator's `oauthClients` option declare, and what the org keeps (its state, snapshots and
// state file hold them as they are: a client has public keys only, never a secret).
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { API_SCOPES } from './principal.ts';

export const OIDC_SCOPES = ['openid', 'profile', 'offline_access'] as const;
export const SUPPORTED_SCOPES: readonly string[] = [...API_SCOPES, ...OIDC_SCOPES];
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const AUTH_METHODS = ['none', 'private_key_jwt'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
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

export interface OAuthClient {
  client_id: string;
  /** Seconds since the epoch. */
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: GrantType[];
  response_types: 'code'[];
  token_endpoint_auth_method: AuthMethod;
  /** The client's public keys (private_key_jwt only). */
  jwks?: ClientJwks;
  /** The scopes the client may ask for, space-separated. */
  scope: string;
}

export type ClientMetadata = Omit<OAuthClient, 'client_id' | 'client_id_issued_at'>;

/** A client as a fixture or the emulator's `oauthClients` option declares it (defaults as RFC 7591). */
export interface OAuthClientInput {
  client_id: string;
  client_name: string;
  redirect_uris?: string[];
  /** Default ["authorization_code"]. */
  grant_types?: GrantType[];
  /** Default ["code"] with authorization_code. */
  response_types?: 'code'[];
  token_endpoint_auth_method: AuthMethod;
  jwks?: ClientJwks;
  scope: string;
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
  'redirect_uris',
  'grant_types',
  'response_types',
  'token_endpoint_auth_method',
  'jwks',
  'scope',
] as const;

export interface MetadataProblem {
  error: 'invalid_client_metadata' | 'invalid_redirect_uri';
  description: string;
}

const MAX_REDIRECT_URIS = 20;
const MAX_KEYS = 10;
const PRIVATE_KEY_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

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
  const method = o.token_endpoint_auth_method;
  if (!(AUTH_METHODS as readonly unknown[]).includes(method)) {
    bad(`token_endpoint_auth_method is required: ${AUTH_METHODS.join(' or ')} (client secrets are not supported)`);
  }
  const grants = listOf(o.grant_types, GRANT_TYPES, 'grant_types', bad) ?? ['authorization_code'];
  const responses = listOf(o.response_types, ['code'] as const, 'response_types', bad) ?? [];
  const usesCode = grants.includes('authorization_code');
  const responseTypes: 'code'[] = o.response_types === undefined && usesCode ? ['code'] : responses;
  if (usesCode !== responseTypes.includes('code')) {
    bad('response_types must be ["code"] exactly when grant_types holds authorization_code');
  }
  if (grants.includes('refresh_token') && !usesCode) bad('grant_types: refresh_token needs authorization_code');
  if (grants.includes('client_credentials') && method === 'none') {
    bad('grant_types: client_credentials needs token_endpoint_auth_method private_key_jwt');
  }
  const redirects = redirectUris(o.redirect_uris, usesCode, problems);
  const scope = scopes(o.scope, bad);
  const jwks = method === 'private_key_jwt' ? publicKeys(o.jwks, bad) : undefined;
  if (method === 'none' && o.jwks !== undefined) bad('jwks is only for token_endpoint_auth_method private_key_jwt');
  if (problems.length) return { problems };
  return {
    problems,
    metadata: {
      client_name: (name as string).trim(),
      redirect_uris: redirects,
      grant_types: [...new Set(grants)],
      response_types: [...new Set(responseTypes)],
      token_endpoint_auth_method: method as AuthMethod,
      ...(jwks ? { jwks } : {}),
      scope,
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

function redirectUris(v: unknown, required: boolean, problems: MetadataProblem[]): string[] {
  const bad = (description: string) => problems.push({ error: 'invalid_redirect_uri', description });
  if (v === undefined && !required) return [];
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_REDIRECT_URIS) {
    bad(`redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URLs (the authorization_code grant needs one)`);
    return [];
  }
  v.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) bad(`redirect_uris[${i}] ${problem}`);
  });
  return [...new Set(v as string[])];
}

/** Absolute http(s), no fragment (RFC 6749 §3.1.2), no user name or password. */
function redirectUriProblem(uri: unknown): string | undefined {
  const rule = 'must be an absolute http or https URL without user information or fragment';
  if (typeof uri !== 'string' || uri.length > 2000) return rule;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return rule;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || uri.includes('#')) return rule;
  return undefined;
}

function scopes(v: unknown, bad: (d: string) => void): string {
  const list = typeof v === 'string' ? v.split(' ').filter(Boolean) : [];
  const unknown = list.filter((s) => !SUPPORTED_SCOPES.includes(s));
  if (typeof v !== 'string' || list.length === 0 || unknown.length) {
    bad(`scope is required: space-separated scopes out of ${SUPPORTED_SCOPES.join(' ')}`);
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
  if (needsKid && (typeof jwk.kid !== 'string' || jwk.kid === '')) return 'needs a kid (the set holds several keys)';
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return 'is not a valid public key';
  }
  return undefined;
}

/** The client's scopes as a list. */
export const clientScopes = (client: OAuthClient): string[] => client.scope.split(' ');
