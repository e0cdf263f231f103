// Signing a person in from the console: OpenID Connect discovery, then the authorization code flow
// with PKCE (S256) for a public client, through the gateway's browser module (pkce.js, the same file
// GraphiQL's Sign in runs). The tokens stay in the page's memory.
import { beginSignIn as redirect, exchangeCode, revoke as revokeToken, takePending } from './pkce.js';

const PENDING = 'console.signIn.pending';

/** The authorization server's endpoints, from its discovery document. */
export async function discover(issuer) {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const doc = await response.json();
  if (!doc.code_challenge_methods_supported?.includes('S256')) throw new Error('the server offers no PKCE S256');
  return doc;
}

/** Sends the browser to the authorization server's sign-in page. */
export function beginSignIn({ server, clientId, redirectUri, scope }) {
  return redirect({
    authorizationEndpoint: server.authorization_endpoint,
    clientId,
    redirectUri,
    scope,
    pendingKey: PENDING,
  });
}

/** Back at the redirect URI: exchanges the code for tokens. Returns { accessToken, who, expiresAt }. */
export function completeSignIn({ server, clientId, redirectUri }, params) {
  return exchangeCode({ tokenEndpoint: server.token_endpoint, clientId, redirectUri }, params, takePending(PENDING));
}

/** Revokes the access token (best effort: the page forgets it either way). */
export function revoke({ server, clientId }, accessToken) {
  return revokeToken({ revocationEndpoint: server.revocation_endpoint, clientId }, accessToken);
}
