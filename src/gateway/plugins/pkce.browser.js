// Signing a person in from a browser page with the OAuth 2.0 authorization code flow and PKCE (S256),
// for a public client (no secret): one ES module that GraphiQL's Sign in (served as a GraphiQL asset)
// and the example console (examples/console) both import. Only the PKCE verifier, the state and what
// the page keeps wait in sessionStorage across the redirect; the tokens stay in the page's memory.

const base64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));
const challengeOf = async (verifier) =>
  base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

/**
 * Sends the browser to the authorization server's sign-in page. `pendingKey`: the sessionStorage
 * key the state and verifier wait under; `keep`: more the page wants back after the redirect.
 */
export async function beginSignIn({ authorizationEndpoint, clientId, redirectUri, scope, pendingKey, keep = {} }) {
  const state = randomText();
  const verifier = randomText();
  sessionStorage.setItem(pendingKey, JSON.stringify({ ...keep, state, verifier }));
  const url = new URL(authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await challengeOf(verifier),
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url.toString());
}

/** The record beginSignIn left (null when there is none), removed: a redirect is answered once. */
export function takePending(pendingKey) {
  const pending = JSON.parse(sessionStorage.getItem(pendingKey) ?? 'null');
  sessionStorage.removeItem(pendingKey);
  return pending;
}

/**
 * Back at the redirect URI with its query `params` and the `pending` record: checks the state and
 * exchanges the code for tokens. Returns { accessToken, who, expiresAt }.
 */
export async function exchangeCode({ tokenEndpoint, clientId, redirectUri }, params, pending) {
  if (params.has('error')) {
    throw new Error(`${params.get('error')}: ${params.get('error_description') ?? 'sign-in refused'}`);
  }
  if (!pending || params.get('state') !== pending.state || !params.get('code')) {
    throw new Error('this sign-in was not started from this page (state mismatch): sign in again');
  }
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code'),
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pending.verifier,
    }),
  });
  const tokens = await response.json().catch(() => ({}));
  if (!response.ok || typeof tokens.access_token !== 'string') {
    throw new Error(
      `the token endpoint answered ${response.status}: ${tokens.error_description ?? tokens.error ?? ''}`,
    );
  }
  const id = tokens.id_token ? claimsOf(tokens.id_token) : {};
  const access = claimsOf(tokens.access_token);
  return {
    accessToken: tokens.access_token,
    who: id.preferred_username ?? id.email ?? access.sub ?? id.sub ?? 'unknown',
    expiresAt: Date.now() + (Number(tokens.expires_in) || 3600) * 1000,
  };
}

/** Revokes an access token (best effort: the page forgets it either way). */
export async function revoke({ revocationEndpoint, clientId }, accessToken) {
  if (!revocationEndpoint) return;
  await fetch(revocationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token', client_id: clientId }),
  }).catch(() => undefined);
}

/** A JWT's claims, unverified: only to show who is signed in (the servers verify the token). */
function claimsOf(jwt) {
  try {
    const part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))));
  } catch {
    return {};
  }
}
