// Signing a person in from a browser app: OpenID Connect discovery, then the authorization code flow
// with PKCE (S256) for a public client (no secret). The tokens stay in the page's memory; only the
// PKCE verifier and the state wait in sessionStorage across the redirect, removed when it returns.

const PENDING = 'console.signIn.pending';

/** The authorization server's endpoints, from its discovery document. */
export async function discover(issuer) {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const doc = await response.json();
  if (!doc.code_challenge_methods_supported?.includes('S256')) throw new Error('the server offers no PKCE S256');
  return doc;
}

const base64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

async function challengeOf(verifier) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** Sends the browser to the authorization server's sign-in page. */
export async function beginSignIn({ server, clientId, redirectUri, scope }) {
  const state = randomText();
  const verifier = randomText();
  sessionStorage.setItem(PENDING, JSON.stringify({ state, verifier }));
  const url = new URL(server.authorization_endpoint);
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

/**
 * Back at the redirect URI: checks the state, exchanges the code for tokens and forgets the
 * verifier. Returns { accessToken, who, expiresAt }.
 */
export async function completeSignIn({ server, clientId, redirectUri }, params) {
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null');
  sessionStorage.removeItem(PENDING);
  if (params.has('error')) throw new Error(`${params.get('error')}: ${params.get('error_description') ?? ''}`);
  if (!pending || params.get('state') !== pending.state || !params.get('code')) {
    throw new Error('this sign-in was not started here (state mismatch)');
  }
  const response = await fetch(server.token_endpoint, {
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

/** Revokes the access token (best effort: the page forgets it either way). */
export async function revoke({ server, clientId }, accessToken) {
  if (!server.revocation_endpoint) return;
  await fetch(server.revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token', client_id: clientId }),
  }).catch(() => undefined);
}

/** A JWT's claims, unverified: only to show who is signed in (the gateway's upstream verifies the token). */
function claimsOf(jwt) {
  try {
    const part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))));
  } catch {
    return {};
  }
}
