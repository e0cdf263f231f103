// GraphiQL's "Sign in": what the page needs to sign a person in with the upstream's authorization
// server (an OAuth 2.0 authorization code flow with PKCE S256, run by the browser), read once from the
// upstream's OpenID Connect discovery document, and the script that runs the flow in the page.
import { readFileSync } from 'node:fs';
import type { YogaLogger } from 'graphql-yoga';

/** Where the authorization server sends the browser back; GraphiQL's page is served there too. */
export const OAUTH_CALLBACK_SEGMENT = '/oauth-callback';

/** After a failed discovery, page loads go without Sign in for this long before it is asked again. */
const RETRY_AFTER_MS = 60_000;
const DISCOVERY_TIMEOUT_MS = 5_000;

export interface GraphiQLSignInOptions {
  /** The authorization server's issuer: the upstream's base URL (the org authorization server). */
  issuer: string;
  /** The public client (token_endpoint_auth_method none, PKCE) the page signs in as. */
  clientId: string;
  /** The scopes asked for, space-separated. */
  scope: string;
}

/** What the page's script is given (JSON in the page). */
export interface SignInPageConfig {
  clientId: string;
  scope: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Absent when the server offers no revocation: Sign out then only forgets the token. */
  revocationEndpoint?: string;
  /** The path the authorization server redirects to (on the page's own origin). */
  callbackPath: string;
  /** The path GraphiQL lives at: where the page goes once the code is exchanged. */
  graphqlPath: string;
}

/**
 * The sign-in configuration of the page, from the upstream's discovery document: fetched on the
 * first page load, kept once read; a failure (no discovery, no PKCE S256, a wrong issuer) is logged
 * and the page goes without Sign in, asked again at a page load a minute later at the earliest.
 */
export function signInConfigSource(
  options: GraphiQLSignInOptions,
  graphqlPath: string,
  logger: () => YogaLogger | Console,
): () => Promise<SignInPageConfig | undefined> {
  let known: SignInPageConfig | undefined;
  let pending: Promise<SignInPageConfig | undefined> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (known) return Promise.resolve(known);
    if (Date.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve(undefined);
    pending ??= discover(options, graphqlPath)
      .then(
        (config) => {
          known = config;
          return config;
        },
        (error: unknown) => {
          failedAt = Date.now();
          logger().warn(
            `GraphiQL: no Sign in for now: ${error instanceof Error ? error.message : String(error)} (asked again in ${RETRY_AFTER_MS / 1000} s)`,
          );
          return undefined;
        },
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

async function discover(options: GraphiQLSignInOptions, graphqlPath: string): Promise<SignInPageConfig> {
  const issuer = options.issuer.replace(/\/+$/, '');
  const where = `${issuer}/.well-known/openid-configuration`;
  let document: unknown;
  try {
    const response = await fetch(where, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    document = await response.json();
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return pageConfigOf(document, { ...options, issuer }, graphqlPath);
}

/** Checks a discovery document (OpenID Connect Discovery 1.0 §4.3, RFC 8414) and takes what the page needs. */
export function pageConfigOf(document: unknown, options: GraphiQLSignInOptions, graphqlPath: string): SignInPageConfig {
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/+$/, '') !== options.issuer) {
    throw new Error(`the discovery document names issuer ${JSON.stringify(doc.issuer)}, not ${options.issuer}`);
  }
  const endpoint = (name: string): string | undefined => {
    const value = doc[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) {
      throw new Error(`the discovery document's ${name} is not an http(s) URL`);
    }
    return value;
  };
  const authorizationEndpoint = endpoint('authorization_endpoint');
  const tokenEndpoint = endpoint('token_endpoint');
  if (!authorizationEndpoint || !tokenEndpoint) {
    throw new Error('the discovery document names no authorization_endpoint or token_endpoint');
  }
  const methods = doc.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256')) {
    throw new Error('the authorization server does not offer PKCE with S256 (code_challenge_methods_supported)');
  }
  return {
    clientId: options.clientId,
    scope: options.scope,
    authorizationEndpoint,
    tokenEndpoint,
    revocationEndpoint: endpoint('revocation_endpoint'),
    callbackPath: graphqlPath + OAUTH_CALLBACK_SEGMENT,
    graphqlPath,
  };
}

/** The page's sign-in script (a browser script of its own, served as a GraphiQL asset). */
export function signInScript(): Buffer {
  return readFileSync(new URL('./graphiqlSignIn.browser.js', import.meta.url));
}

/** The PKCE flow the sign-in script imports (an ES module, also the example console's). */
export function pkceModule(): Buffer {
  return readFileSync(new URL('./pkce.browser.js', import.meta.url));
}

/**
 * The callback URLs of a gateway listening on `host`:`port`, as a browser on the same machine may
 * name it (a loopback or any-address gateway is opened as localhost or 127.0.0.1).
 */
export function callbackUrls(host: string, port: number, graphqlPath: string): string[] {
  const path = graphqlPath + OAUTH_CALLBACK_SEGMENT;
  const local = ['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1'].includes(host);
  const hosts = local ? ['localhost', '127.0.0.1'] : [host.includes(':') ? `[${host}]` : host];
  return hosts.map((name) => `http://${name}:${port}${path}`);
}
