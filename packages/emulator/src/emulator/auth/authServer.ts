// The org's OAuth 2.0 / OpenID Connect authorization server: discovery, keys, the authorization
// code flow with PKCE, the token endpoint (authorization_code, refresh_token with rotation,
// client_credentials), introspection, revocation, client registration and the apps' scope grants;
// and `authenticate`, which the API uses to learn who a request acts for. The issuer is the
// emulator's base URL.
import type { KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendEmpty, sendJson } from '../common/body.ts';
import { ApiError, methodNotAllowed, notFound, serverError } from '../common/errors.ts';
import type { OrgFixture } from '../org/fixture.ts';
import type { OrgStore } from '../org/store.ts';
import { createAuthenticate } from './authenticate.ts';
import { Authorizations } from './authorize.ts';
import { ClientAuthenticator } from './clientAuth.ts';
import { clientScopes, notGranted, type OAuthClient } from '../access/clients.ts';
import { clientOf, isClientOrigin } from './clientStore.ts';
import { GRANTS_PATH, serveGrants } from './grants.ts';
import { discoveryDocument, OAUTH_PATHS } from './discovery.ts';
import { OrgIdentities } from './identities.ts';
import { SigningKeys } from './keys.ts';
import {
  corsHeaders,
  invalidRequest,
  invalidScope,
  NO_STORE,
  OAuthError,
  param,
  readForm,
  sendOAuthError,
  sendPreflight,
  unauthorizedClient,
} from './oauthHttp.ts';
import { type Authenticate, isApiScope } from '../access/principal.ts';
import { CLIENTS_PATH, serveClients } from './registration.ts';
import { SIGN_IN_PATH } from './signInPage.ts';
import { NotYourToken, Tokens } from './tokens.ts';
import { randomSecret } from '../access/secrets.ts';

export interface AuthServerOptions {
  fixture: OrgFixture;
  /** The configured API token (it belongs to the fixture's first SUPER_ADMIN). */
  token: string;
  store(): OrgStore;
  durable(): Promise<void>;
  base(): string;
  accessTokenSeconds: number;
  clockSkewSeconds: number;
  /** Seconds the previous refresh token stays valid after a rotation (0: a reuse ends the grant at once). */
  refreshTokenLeewaySeconds: number;
  /** Made at the first need when absent. */
  signingKey?: KeyObject;
  /** Milliseconds since the epoch (tests move it); default Date.now. */
  now?: () => number;
}

export class AuthorizationServer {
  readonly authenticate: Authenticate;
  private readonly keys: SigningKeys;
  private readonly tokens: Tokens;
  private readonly clientAuth: ClientAuthenticator;
  private readonly authorizations: Authorizations;
  private readonly now: () => number;

  constructor(private readonly options: AuthServerOptions) {
    this.now = options.now ?? Date.now;
    const identities = new OrgIdentities(options.fixture, options.token);
    const client = (id: string) => this.client(id);
    this.keys = new SigningKeys(options.signingKey);
    this.tokens = new Tokens({
      keys: this.keys,
      accessTokenSeconds: options.accessTokenSeconds,
      clockSkewSeconds: options.clockSkewSeconds,
      refreshTokenLeewaySeconds: options.refreshTokenLeewaySeconds,
      base: options.base,
      now: this.now,
      client,
      person: (id) => identities.person(id),
    });
    this.clientAuth = new ClientAuthenticator({
      client,
      now: this.now,
      clockSkewSeconds: options.clockSkewSeconds,
      realm: options.base,
    });
    this.authorizations = new Authorizations({ client, identities, now: this.now });
    this.authenticate = createAuthenticate(identities, (jwt) => this.tokens.authenticate(jwt));
  }

  /** Whether `path` is the authorization server's (everything else is the API's). */
  handles(path: string): boolean {
    return path.startsWith('/oauth2/') || path.startsWith('/.well-known/') || GRANTS_PATH.test(path);
  }

  async serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      await this.route(req, res, url);
    } catch (e) {
      if (res.headersSent) return void res.end();
      if (e instanceof OAuthError) return sendOAuthError(res, e, this.cors(req, url.pathname));
      if (e instanceof ApiError) return sendJson(res, e.status, e.toBody(), e.headers);
      console.error(`emulator: internal error in the authorization server: ${(e as Error)?.message ?? e}`);
      sendJson(res, 500, serverError().toBody());
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.replace(/(.)\/$/, '$1');
    const method = req.method ?? 'GET';
    const base = this.options.base();
    if (path === CLIENTS_PATH || path.startsWith(`${CLIENTS_PATH}/`)) {
      return serveClients(req, res, url, {
        authenticate: this.authenticate,
        store: this.options.store,
        durable: this.options.durable,
        seconds: () => Math.floor(this.now() / 1000),
      });
    }
    if (GRANTS_PATH.test(path)) {
      return serveGrants(req, res, path, {
        authenticate: this.authenticate,
        store: this.options.store,
        durable: this.options.durable,
        base,
      });
    }
    const cors = this.cors(req, path);
    if (method === 'OPTIONS') return sendPreflight(res, cors);
    const expect = (allowed: string) => {
      if (method !== allowed) {
        throw methodNotAllowed([allowed]);
      }
    };
    switch (path) {
      case OAUTH_PATHS.openidConfiguration:
      case OAUTH_PATHS.authorizationServerMetadata:
        expect('GET');
        return sendJson(res, 200, discoveryDocument(base), cors);
      case OAUTH_PATHS.keys:
        expect('GET');
        return sendJson(res, 200, await this.keys.jwks(), { ...cors, 'cache-control': 'max-age=300' });
      case OAUTH_PATHS.authorize:
        expect('GET');
        return this.authorizations.start(res, url);
      case SIGN_IN_PATH:
        expect('POST');
        return this.authorizations.signIn(req, res);
      case OAUTH_PATHS.token:
        expect('POST');
        return sendJson(res, 200, await this.token(req, base), { ...NO_STORE, ...cors });
      case OAUTH_PATHS.introspect: {
        expect('POST');
        const { form, client } = await this.authenticatedForm(req, base, OAUTH_PATHS.introspect);
        const token = param(form, 'token');
        if (token === undefined) throw invalidRequest('The token parameter is required.');
        return sendJson(res, 200, await this.tokens.introspect(token, client.client_id), { ...NO_STORE, ...cors });
      }
      case OAUTH_PATHS.revoke: {
        expect('POST');
        const { form, client } = await this.authenticatedForm(req, base, OAUTH_PATHS.revoke);
        const token = param(form, 'token');
        if (token === undefined) throw invalidRequest('The token parameter is required.');
        try {
          await this.tokens.revoke(token, client.client_id);
        } catch (e) {
          if (!(e instanceof NotYourToken)) throw e;
          throw unauthorizedClient('The token was not issued to this client: it cannot revoke it.');
        }
        return sendEmpty(res, 200, { ...NO_STORE, ...cors });
      }
      case OAUTH_PATHS.userinfo:
        if (method !== 'POST') expect('GET');
        return this.userinfo(req, res, cors);
      default:
        throw notFound(url.pathname);
    }
  }

  /** GET or POST /oauth2/v1/userinfo with `Authorization: Bearer <access token>` (RFC 6750 errors). */
  private async userinfo(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): Promise<void> {
    const bearer = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
    const answer = bearer
      ? await this.tokens.userinfo(bearer)
      : { error: 'invalid_request', why: 'The request has no Bearer access token.' };
    if ('claims' in answer) return sendJson(res, 200, answer.claims, { ...NO_STORE, ...cors });
    const status = answer.error === 'insufficient_scope' ? 403 : 401;
    // RFC 6750 §3.1: a request without a token gets the bare challenge.
    const challenge = bearer ? `Bearer error="${answer.error}", error_description="${answer.why}"` : 'Bearer';
    sendJson(
      res,
      status,
      { error: answer.error, error_description: answer.why },
      { ...NO_STORE, ...cors, 'www-authenticate': challenge },
    );
  }

  /** POST /oauth2/v1/token: the token response of one grant. */
  private async token(req: IncomingMessage, base: string): Promise<unknown> {
    const { form, client } = await this.authenticatedForm(req, base, OAUTH_PATHS.token);
    const grantType = param(form, 'grant_type');
    if (grantType === undefined) throw invalidRequest('The grant_type parameter is required.');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token' && grantType !== 'client_credentials') {
      throw new OAuthError(400, 'unsupported_grant_type', `The grant type ${grantType} is not supported.`);
    }
    if (!client.grant_types.includes(grantType)) {
      throw unauthorizedClient(`The client may not use the ${grantType} grant.`);
    }
    const refresh = client.grant_types.includes('refresh_token');
    if (grantType === 'authorization_code') {
      const { grant, nonce } = this.authorizations.redeem(form, client, (id) => this.tokens.revokeGrant(id));
      return this.tokens.issue(grant, { nonce, refresh });
    }
    if (grantType === 'refresh_token') {
      const grant = this.tokens.redeemRefreshToken(param(form, 'refresh_token') ?? '', client.client_id);
      if (!grant) throw new OAuthError(400, 'invalid_grant', 'The refresh token is invalid or expired.');
      const asked = scopesOf(form);
      const outside = asked?.filter((s) => !grant.scopes.includes(s)) ?? [];
      if (outside.length) throw invalidScope(`The refresh token was not granted: ${outside.join(' ')}.`);
      // A scope grant revoked since the sign-in is not renewed.
      const allowed = clientScopes(client);
      const withdrawn = (asked ?? grant.scopes).filter((s) => !allowed.includes(s));
      if (withdrawn.length) throw invalidScope(notGranted(withdrawn));
      return this.tokens.issue(grant, { refresh, scopes: asked });
    }
    return this.tokens.issue(this.serviceGrant(client, form), { refresh: false });
  }

  /** client_credentials: the API scopes asked, each registered for the client. */
  private serviceGrant(client: OAuthClient, form: URLSearchParams) {
    const asked = scopesOf(form);
    if (!asked) throw invalidScope('The scope parameter is required.');
    const allowed = clientScopes(client);
    const notApi = asked.filter((s) => !isApiScope(s));
    if (notApi.length) throw invalidScope(`Client credentials grant only API scopes; not: ${notApi.join(' ')}.`);
    const refused = asked.filter((s) => !allowed.includes(s));
    if (refused.length) throw invalidScope(notGranted(refused));
    if (client.token_endpoint_auth_method !== 'private_key_jwt') {
      throw invalidScope(
        'API scopes are granted to client credentials only with private_key_jwt client authentication.',
      );
    }
    return { id: randomSecret(12), clientId: client.client_id, userId: null, scopes: asked };
  }

  private async authenticatedForm(req: IncomingMessage, base: string, path: string) {
    const form = await readForm(req);
    const client = await this.clientAuth.authenticate(form, req.headers.authorization, `${base}${path}`);
    return { form, client };
  }

  private client(id: string): OAuthClient | undefined {
    return clientOf(this.options.store(), id);
  }

  /**
   * Discovery and keys are public; the token, introspection and revocation endpoints answer a
   * browser only from the origin of a registered redirect URI (the application's own page).
   */
  private cors(req: IncomingMessage, path: string): Record<string, string> {
    const origin = req.headers.origin;
    if (path.startsWith('/.well-known/') || path === OAUTH_PATHS.keys) {
      return origin === undefined ? {} : { 'access-control-allow-origin': '*' };
    }
    // A private-use scheme's redirect URI names no page: no origin is answered for it.
    return corsHeaders(origin, (o) => isClientOrigin(this.options.store(), o));
  }
}

/** The `scope` parameter as a list; undefined when absent. */
function scopesOf(form: URLSearchParams): string[] | undefined {
  const scope = param(form, 'scope');
  return scope === undefined ? undefined : [...new Set(scope.split(' ').filter(Boolean))];
}
