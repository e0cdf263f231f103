// The authorization server's metadata (RFC 8414 and OpenID Connect Discovery): one document served
// at both well-known paths, every endpoint under the issuer (the emulator's base URL).
import { ASSERTION_ALGORITHMS, AUTH_METHODS, GRANT_TYPES, SUPPORTED_SCOPES } from '../access/clients.ts';
import { SIGNING_ALGORITHM } from './keys.ts';

export const OAUTH_PATHS = {
  openidConfiguration: '/.well-known/openid-configuration',
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  authorize: '/oauth2/v1/authorize',
  token: '/oauth2/v1/token',
  keys: '/oauth2/v1/keys',
  introspect: '/oauth2/v1/introspect',
  revoke: '/oauth2/v1/revoke',
  clients: '/oauth2/v1/clients',
  userinfo: '/oauth2/v1/userinfo',
} as const;

export function discoveryDocument(issuer: string): Record<string, unknown> {
  const endpointAuth = { methods: [...AUTH_METHODS], algorithms: ASSERTION_ALGORITHMS };
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    jwks_uri: `${issuer}${OAUTH_PATHS.keys}`,
    introspection_endpoint: `${issuer}${OAUTH_PATHS.introspect}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
    registration_endpoint: `${issuer}${OAUTH_PATHS.clients}`,
    userinfo_endpoint: `${issuer}${OAUTH_PATHS.userinfo}`,
    scopes_supported: SUPPORTED_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: endpointAuth.methods,
    token_endpoint_auth_signing_alg_values_supported: endpointAuth.algorithms,
    introspection_endpoint_auth_methods_supported: endpointAuth.methods,
    introspection_endpoint_auth_signing_alg_values_supported: endpointAuth.algorithms,
    revocation_endpoint_auth_methods_supported: endpointAuth.methods,
    revocation_endpoint_auth_signing_alg_values_supported: endpointAuth.algorithms,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'name', 'preferred_username'],
  };
}
