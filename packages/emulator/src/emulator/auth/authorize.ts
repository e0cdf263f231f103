// The authorization code flow with PKCE (RFC 6749 §4.1, RFC 7636): the request is checked (a bad
// client or redirect_uri gets an error page, never a redirect; anything else an error redirect),
// kept under an opaque short-lived transaction id, and the sign-in form answers with that id only.
// There are no sessions: `prompt=none` is answered with `login_required` at once (OpenID Connect
// Core §3.1.2.6). A code is one-time, lives 60 s and is bound to its client, redirect_uri and
// code_challenge. Transactions and codes live in this process's memory, bounded (ExpiringMap: the
// oldest go first), with `state`, `nonce` and `login_hint` limited in size; password guesses are
// throttled (SignInThrottle).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientScopes, notGranted, type OAuthClient, SUPPORTED_SCOPES } from '../access/clients.ts';
import { ENTRY_OVERHEAD_BYTES, ExpiringMap, textBytes } from './expiringMap.ts';
import type { OrgIdentities } from './identities.ts';
import { invalidGrant, OAuthError, param, readForm, single } from './oauthHttp.ts';
import { isApiScope } from '../access/principal.ts';
import { digest, randomSecret } from '../access/secrets.ts';
import { sendErrorPage, sendSignInPage } from './signInPage.ts';
import { SignInThrottle } from './signInThrottle.ts';
import type { Grant } from './tokens.ts';

export const CODE_SECONDS = 60;
/** Time to fill in the sign-in form. */
export const TRANSACTION_SECONDS = 600;
/** A transaction is dropped after this many wrong passwords (the application must start again). */
const MAX_SIGN_IN_ATTEMPTS = 5;
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** The longest `state`, `nonce` and `login_hint` kept (characters). */
export const MAX_PARAMETER_LENGTH = { state: 2048, nonce: 2048, login_hint: 256 } as const;
export const TRANSACTION_BOUNDS = { count: 10_000, bytes: 16 * 1024 * 1024 };
export const CODE_BOUNDS = { count: 10_000, bytes: 16 * 1024 * 1024 };
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export interface AuthorizeContext {
  client(id: string): OAuthClient | undefined;
  identities: OrgIdentities;
  /** Milliseconds since the epoch. */
  now(): number;
}

interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  loginHint?: string;
  codeChallenge: string;
}

const requestBytes = (r: AuthorizationRequest) =>
  ENTRY_OVERHEAD_BYTES * 2 +
  textBytes(r.clientId) +
  textBytes(r.redirectUri) +
  r.scopes.reduce((n, s) => n + textBytes(s) + 16, 0) +
  textBytes(r.state) +
  textBytes(r.nonce) +
  textBytes(r.loginHint) +
  textBytes(r.codeChallenge);

interface Transaction extends AuthorizationRequest {
  attempts: number;
}

interface IssuedCode extends AuthorizationRequest {
  grant: Grant;
  used: boolean;
}

/** An error to send back to the client's redirect_uri. */
class RedirectError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export class Authorizations {
  /** By the digest of the transaction id / the code. */
  private readonly transactions = new ExpiringMap<string, Transaction>(
    TRANSACTION_BOUNDS,
    (k, t) => textBytes(k) + requestBytes(t),
  );
  private readonly codes = new ExpiringMap<string, IssuedCode>(
    CODE_BOUNDS,
    (k, c) => textBytes(k) + requestBytes(c) + 200,
  );
  private readonly throttle = new SignInThrottle();

  constructor(private readonly ctx: AuthorizeContext) {}

  private seconds(): number {
    return Math.floor(this.ctx.now() / 1000);
  }

  /** GET /oauth2/v1/authorize: the sign-in page, an error redirect, or an error page. */
  start(res: ServerResponse, url: URL): void {
    let query: URLSearchParams;
    try {
      query = single(url.searchParams);
    } catch (e) {
      return sendErrorPage(res, 400, 'invalid_request', (e as OAuthError).description);
    }
    const client = this.ctx.client(param(query, 'client_id') ?? '');
    if (!client) return sendErrorPage(res, 400, 'invalid_client', 'The client_id is missing or not registered.');
    const redirectUri = param(query, 'redirect_uri');
    if (redirectUri === undefined || !client.redirect_uris.includes(redirectUri)) {
      return sendErrorPage(
        res,
        400,
        'invalid_request',
        'The redirect_uri is missing or is not one the client registered.',
      );
    }
    const state = param(query, 'state');
    if (state !== undefined && state.length > MAX_PARAMETER_LENGTH.state) {
      // Not sent back: a redirect would carry it.
      return sendErrorPage(
        res,
        400,
        'invalid_request',
        `state must be at most ${MAX_PARAMETER_LENGTH.state} characters.`,
      );
    }
    try {
      const request = this.checkRequest(client, redirectUri, query);
      const transaction = randomSecret();
      const now = this.seconds();
      this.transactions.set(digest(transaction), { ...request, attempts: 0 }, now + TRANSACTION_SECONDS, now);
      sendSignInPage(res, { transaction, clientName: client.client_name, login: request.loginHint });
    } catch (e) {
      if (!(e instanceof RedirectError)) throw e;
      redirect(res, redirectUri, { error: e.error, error_description: e.description, state });
    }
  }

  private checkRequest(client: OAuthClient, redirectUri: string, query: URLSearchParams): AuthorizationRequest {
    if (param(query, 'response_type') !== 'code') {
      throw new RedirectError('unsupported_response_type', 'response_type must be code.');
    }
    const mode = param(query, 'response_mode');
    if (mode !== undefined && mode !== 'query')
      throw new RedirectError('invalid_request', 'response_mode must be query.');
    if (!client.grant_types.includes('authorization_code')) {
      throw new RedirectError('unauthorized_client', 'The client may not use the authorization code grant.');
    }
    const scopes = [...new Set((param(query, 'scope') ?? '').split(' ').filter(Boolean))];
    if (scopes.length === 0) throw new RedirectError('invalid_scope', 'The scope parameter is required.');
    const allowed = clientScopes(client);
    const unknown = scopes.filter((s) => !SUPPORTED_SCOPES.includes(s));
    if (unknown.length) throw new RedirectError('invalid_scope', `The scopes are unknown: ${unknown.join(' ')}.`);
    const refused = scopes.filter((s) => !allowed.includes(s));
    if (refused.length) throw new RedirectError('invalid_scope', notGranted(refused));
    const codeChallenge = param(query, 'code_challenge');
    if (codeChallenge === undefined)
      throw new RedirectError('invalid_request', 'PKCE is required: send code_challenge.');
    if (param(query, 'code_challenge_method') !== 'S256') {
      throw new RedirectError('invalid_request', 'code_challenge_method must be S256.');
    }
    if (!CODE_CHALLENGE.test(codeChallenge)) {
      throw new RedirectError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier.');
    }
    for (const name of ['nonce', 'login_hint'] as const) {
      const value = param(query, name);
      if (value !== undefined && value.length > MAX_PARAMETER_LENGTH[name]) {
        throw new RedirectError('invalid_request', `${name} must be at most ${MAX_PARAMETER_LENGTH[name]} characters.`);
      }
    }
    const prompt = (param(query, 'prompt') ?? '').split(' ').filter(Boolean);
    if (prompt.includes('none') && prompt.length > 1) {
      throw new RedirectError('invalid_request', 'prompt=none cannot be combined with another prompt value.');
    }
    // No session is ever kept: a request that may not show the sign-in page cannot be answered.
    if (prompt.includes('none')) {
      throw new RedirectError('login_required', 'The user is not signed in, and prompt=none forbids the sign-in page.');
    }
    return {
      clientId: client.client_id,
      redirectUri,
      scopes,
      state: param(query, 'state'),
      nonce: param(query, 'nonce'),
      loginHint: param(query, 'login_hint'),
      codeChallenge,
    };
  }

  /** POST of the sign-in form: the code redirect, the form again with an error, or an error page. */
  async signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = req.socket.remoteAddress ?? 'unknown';
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      return sendErrorPage(res, 400, e.error, e.description);
    }
    const key = digest(param(form, 'transaction') ?? '');
    const now = this.seconds();
    const tx = this.transactions.get(key, now);
    const client = tx && this.ctx.client(tx.clientId);
    if (!tx || !client) {
      this.transactions.delete(key);
      return sendErrorPage(
        res,
        400,
        'invalid_request',
        'This sign-in has expired or is unknown: start again from the application.',
      );
    }
    const login = (param(form, 'login') ?? '').slice(0, 256);
    const throttled = this.throttle.check(address, login, now);
    if (!throttled.ok) {
      return sendSignInPage(
        res,
        { transaction: param(form, 'transaction') ?? '', clientName: client.client_name, login, error: throttled.why },
        { status: 429, retryAfter: throttled.retryAfter },
      );
    }
    const person = await this.ctx.identities.signIn(login, param(form, 'password') ?? '');
    if (!person) {
      this.throttle.failed(address, login, this.seconds());
      tx.attempts += 1;
      if (tx.attempts >= MAX_SIGN_IN_ATTEMPTS) {
        this.transactions.delete(key);
        return redirect(res, tx.redirectUri, {
          error: 'access_denied',
          error_description: 'Too many failed sign-in attempts.',
          state: tx.state,
        });
      }
      return sendSignInPage(res, {
        transaction: param(form, 'transaction') ?? '',
        clientName: client.client_name,
        login,
        error: 'Sign-in failed: the username or the password is wrong.',
      });
    }
    this.throttle.succeeded(address, login);
    this.transactions.delete(key);
    if (person.role === null && tx.scopes.some(isApiScope)) {
      return redirect(res, tx.redirectUri, {
        error: 'access_denied',
        error_description: 'The user is not an administrator: the Okta API scopes cannot be granted.',
        state: tx.state,
      });
    }
    const code = randomSecret();
    const issuedAt = this.seconds();
    const { attempts: _a, ...request } = tx;
    this.codes.set(
      digest(code),
      {
        ...request,
        grant: {
          id: randomSecret(12),
          clientId: tx.clientId,
          userId: person.id,
          scopes: tx.scopes,
          authTime: issuedAt,
        },
        used: false,
      },
      issuedAt + CODE_SECONDS,
      issuedAt,
    );
    redirect(res, tx.redirectUri, { code, state: tx.state });
  }

  /**
   * The token endpoint's half: the grant of a code, checked against the client, the redirect_uri and
   * the PKCE verifier. A code is spent by its first redemption, right or wrong; a second one ends
   * the grant (`revoke`) with every token issued under it (RFC 6749 §4.1.2).
   */
  redeem(
    form: URLSearchParams,
    client: OAuthClient,
    revoke: (grantId: string) => void,
  ): { grant: Grant; nonce?: string } {
    const issued = this.codes.get(digest(param(form, 'code') ?? ''), this.seconds());
    if (!issued) {
      throw invalidGrant('The authorization code is invalid or has expired.');
    }
    if (issued.used) {
      revoke(issued.grant.id);
      throw invalidGrant('The authorization code was already used.');
    }
    issued.used = true;
    if (issued.clientId !== client.client_id)
      throw invalidGrant('The authorization code was issued to another client.');
    if (param(form, 'redirect_uri') !== issued.redirectUri) {
      throw invalidGrant('The redirect_uri does not match the authorization request.');
    }
    const verifier = param(form, 'code_verifier');
    if (verifier === undefined || !CODE_VERIFIER.test(verifier)) {
      throw invalidGrant('PKCE verification failed: code_verifier is missing or malformed.');
    }
    const challenge = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
    if (!timingSafeEqual(challenge, Buffer.from(issued.codeChallenge))) {
      throw invalidGrant('PKCE verification failed: the code_verifier does not match the code_challenge.');
    }
    return { grant: issued.grant, nonce: issued.nonce };
  }
}

function redirect(res: ServerResponse, redirectUri: string, params: Record<string, string | undefined>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  res.writeHead(303, { location: target.href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  res.end();
}
