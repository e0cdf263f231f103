// The authorization code flow with PKCE (RFC 6749 §4.1, RFC 7636): the request is checked (a bad
// client or redirect_uri gets an error page, never a redirect; anything else an error redirect),
// kept under an opaque short-lived transaction id, and the sign-in form answers with that id only.
// A code is one-time, lives 60 s and is bound to its client, redirect_uri and code_challenge.
// Transactions and codes live in this process's memory.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientScopes, type OAuthClient, SUPPORTED_SCOPES } from './clients.ts';
import type { OrgIdentities } from './identities.ts';
import { invalidGrant, OAuthError, param, readForm, single } from './oauthHttp.ts';
import { isApiScope } from './principal.ts';
import { digest, randomSecret } from './secrets.ts';
import { sendErrorPage, sendSignInPage } from './signInPage.ts';
import type { Grant } from './tokens.ts';

export const CODE_SECONDS = 60;
/** Time to fill in the sign-in form. */
export const TRANSACTION_SECONDS = 600;
/** A transaction is dropped after this many wrong passwords (the application must start again). */
const MAX_SIGN_IN_ATTEMPTS = 5;
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
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
  codeChallenge: string;
}

interface Transaction extends AuthorizationRequest {
  expiresAt: number;
  attempts: number;
}

interface IssuedCode extends AuthorizationRequest {
  grant: Grant;
  expiresAt: number;
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
  private readonly transactions = new Map<string, Transaction>();
  private readonly codes = new Map<string, IssuedCode>();

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
    try {
      const request = this.checkRequest(client, redirectUri, query);
      const transaction = randomSecret();
      this.sweep();
      this.transactions.set(digest(transaction), {
        ...request,
        expiresAt: this.seconds() + TRANSACTION_SECONDS,
        attempts: 0,
      });
      sendSignInPage(res, { transaction, clientName: client.client_name });
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
    const refused = scopes.filter((s) => !SUPPORTED_SCOPES.includes(s) || !allowed.includes(s));
    if (refused.length) {
      throw new RedirectError('invalid_scope', `The client may not ask for: ${refused.join(' ')}.`);
    }
    const codeChallenge = param(query, 'code_challenge');
    if (codeChallenge === undefined)
      throw new RedirectError('invalid_request', 'PKCE is required: send code_challenge.');
    if (param(query, 'code_challenge_method') !== 'S256') {
      throw new RedirectError('invalid_request', 'code_challenge_method must be S256.');
    }
    if (!CODE_CHALLENGE.test(codeChallenge)) {
      throw new RedirectError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier.');
    }
    return {
      clientId: client.client_id,
      redirectUri,
      scopes,
      state: param(query, 'state'),
      nonce: param(query, 'nonce'),
      codeChallenge,
    };
  }

  /** POST of the sign-in form: the code redirect, the form again with an error, or an error page. */
  async signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      return sendErrorPage(res, 400, e.error, e.description);
    }
    const key = digest(param(form, 'transaction') ?? '');
    const tx = this.transactions.get(key);
    const client = tx && this.ctx.client(tx.clientId);
    if (!tx || !client || tx.expiresAt <= this.seconds()) {
      this.transactions.delete(key);
      return sendErrorPage(
        res,
        400,
        'invalid_request',
        'This sign-in has expired or is unknown: start again from the application.',
      );
    }
    const login = param(form, 'login') ?? '';
    const person = await this.ctx.identities.signIn(login, param(form, 'password') ?? '');
    if (!person) {
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
    this.transactions.delete(key);
    if (person.role === null && tx.scopes.some(isApiScope)) {
      return redirect(res, tx.redirectUri, {
        error: 'access_denied',
        error_description: 'The user is not an administrator: the Okta API scopes cannot be granted.',
        state: tx.state,
      });
    }
    const code = randomSecret();
    const now = this.seconds();
    const { attempts: _a, expiresAt: _e, ...request } = tx;
    this.codes.set(digest(code), {
      ...request,
      grant: { id: randomSecret(12), clientId: tx.clientId, userId: person.id, scopes: tx.scopes, authTime: now },
      expiresAt: now + CODE_SECONDS,
      used: false,
    });
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
    const issued = this.codes.get(digest(param(form, 'code') ?? ''));
    if (!issued || issued.expiresAt <= this.seconds()) {
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

  /** Drops expired transactions and codes (a used code is kept until it expires, to see it reused). */
  private sweep(): void {
    const now = this.seconds();
    for (const map of [this.transactions, this.codes] as Map<string, { expiresAt: number }>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
    }
  }
}

function redirect(res: ServerResponse, redirectUri: string, params: Record<string, string | undefined>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  res.writeHead(303, { location: target.href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  res.end();
}
