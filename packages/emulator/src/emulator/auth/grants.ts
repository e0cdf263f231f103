// The apps' scope grants, as the platform's Application Grants API has them: an admin grants an
// OAuth app (its app id is its client_id) an API scope of the org authorization server
// (`POST /api/v1/apps/{appId}/grants` with `issuer` and `scopeId`), lists, reads and revokes them;
// the token endpoint then grants the app those scopes, and no others. Guarded like registration
// (an administrator's API token; READ_ONLY_ADMIN reads). Grants are kept in their client, so they
// are persisted, snapshotted, reset and deleted with it, within the clients' bounds.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendEmpty, sendJson } from '../common/body.ts';
import { methodNotAllowed, notFound, validationFailed } from '../common/errors.ts';
import { newId } from '../common/ids.ts';
import type { OrgStore } from '../org/store.ts';
import type { OAuthClient, ScopeGrant } from '../access/clients.ts';
import { clientOf, putClient } from './clientStore.ts';
import { API_SCOPES, type Authenticate, isApiScope } from '../access/principal.ts';
import { requireAdmin } from './registration.ts';

/** `/api/v1/apps/{appId}/grants[/{grantId}]`. */
export const GRANTS_PATH = /^\/api\/v1\/apps\/([^/]+)\/grants(?:\/([^/]+))?\/?$/;

export interface GrantsContext {
  authenticate: Authenticate;
  store(): OrgStore;
  durable(): Promise<void>;
  /** The org's URL: the issuer a grant names. */
  base: string;
}

/** A grant as the platform answers it (OAuth2ScopeConsentGrant). */
export function grantView(base: string, client: OAuthClient, grant: ScopeGrant): Record<string, unknown> {
  const app = `${base}/api/v1/apps/${encodeURIComponent(client.client_id)}`;
  return {
    id: grant.id,
    status: 'ACTIVE',
    created: grant.created,
    lastUpdated: grant.created,
    issuer: grant.issuer,
    clientId: client.client_id,
    scopeId: grant.scopeId,
    source: 'ADMIN',
    _links: {
      app: { href: app },
      client: { href: `${base}/oauth2/v1/clients/${encodeURIComponent(client.client_id)}` },
      self: { href: `${app}/grants/${grant.id}` },
    },
  };
}

export async function serveGrants(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: GrantsContext,
): Promise<void> {
  const [, rawApp, rawGrant] = GRANTS_PATH.exec(path) ?? [];
  const appId = decodeURIComponent(rawApp ?? '');
  const grantId = rawGrant === undefined ? undefined : decodeURIComponent(rawGrant);
  const method = req.method ?? 'GET';
  const allowed = grantId === undefined ? ['GET', 'POST'] : ['GET', 'DELETE'];
  if (!allowed.includes(method)) throw methodNotAllowed(allowed);
  await requireAdmin(req, ctx.authenticate, method !== 'GET', 'Granting scopes to an app');
  const store = ctx.store();
  const client = clientOf(store, appId);
  if (!client) throw notFound(`/api/v1/apps/${appId}`);
  const grants = client.scope_grants ?? [];
  if (grantId === undefined && method === 'GET') {
    return sendJson(
      res,
      200,
      grants.map((g) => grantView(ctx.base, client, g)),
    );
  }
  if (grantId === undefined) return grant(req, res, ctx, client);
  const found = grants.find((g) => g.id === grantId);
  if (!found) throw notFound(`/api/v1/apps/${appId}/grants/${grantId}`);
  if (method === 'GET') return sendJson(res, 200, grantView(ctx.base, client, found));
  await save(ctx, { ...client, scope_grants: grants.filter((g) => g !== found) });
  sendEmpty(res, 204);
}

async function grant(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GrantsContext,
  client: OAuthClient,
): Promise<void> {
  const body = (await readJsonBody(req)).value as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed(['body: must be a JSON object with issuer and scopeId']);
  }
  const { issuer, scopeId } = body;
  const causes: string[] = [];
  if (typeof issuer !== 'string' || issuer.replace(/\/$/, '') !== ctx.base) {
    causes.push(`issuer: must be the org's URL, ${ctx.base}`);
  }
  if (typeof scopeId !== 'string' || !isApiScope(scopeId)) {
    causes.push(`scopeId: must be an API scope of the org: ${API_SCOPES.join(', ')}`);
  }
  const grants = client.scope_grants ?? [];
  const existing = grants.find((g) => g.scopeId === scopeId);
  if (existing) causes.push(`scopeId: ${String(scopeId)} is already granted to the app (grant ${existing.id})`);
  if (causes.length) throw validationFailed(causes);
  const made: ScopeGrant = {
    id: newId('oag'),
    scopeId: scopeId as string,
    issuer: ctx.base,
    created: new Date().toISOString(),
  };
  await save(ctx, { ...client, scope_grants: [...grants, made] });
  sendJson(res, 201, grantView(ctx.base, client, made));
}

async function save(ctx: GrantsContext, client: OAuthClient): Promise<void> {
  const store = ctx.store();
  const full = putClient(store, client);
  if (full) throw validationFailed([`scopeId: the grant cannot be kept: ${full}`]);
  store.changed();
  await ctx.durable();
}
