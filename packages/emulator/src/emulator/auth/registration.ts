// RFC 7591 client registration, authorised by an admin's API token (`SSWS <token>`): SUPER_ADMIN
// and ORG_ADMIN register and delete clients, READ_ONLY_ADMIN reads them. Bad metadata is refused
// with the RFC's error body and stores nothing. Clients are org state: persisted, snapshotted, reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendEmpty, sendJson } from '../http/body.ts';
import { ApiError, forbidden, methodNotAllowed, notFound, unauthenticated } from '../http/errors.ts';
import { newId } from '../org/ids.ts';
import type { OrgStore } from '../org/store.ts';
import { type OAuthClient, parseClientMetadata } from './clients.ts';
import { NO_STORE } from './oauthHttp.ts';
import type { Authenticate, Principal } from './principal.ts';

export const CLIENTS_PATH = '/oauth2/v1/clients';
const MANAGERS = ['SUPER_ADMIN', 'ORG_ADMIN'];

export interface RegistrationContext {
  authenticate: Authenticate;
  store(): OrgStore;
  /** Resolves once the org's changes are on disk. */
  durable(): Promise<void>;
  /** Seconds since the epoch. */
  seconds(): number;
}

/** Serves /oauth2/v1/clients[/<id>]; throws ApiError for the API's own errors (401, 403, 404, 405). */
export async function serveClients(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RegistrationContext,
): Promise<void> {
  const method = req.method ?? 'GET';
  const id =
    url.pathname === CLIENTS_PATH ? undefined : decodeURIComponent(url.pathname.slice(CLIENTS_PATH.length + 1));
  const writes = method !== 'GET';
  await admin(req, ctx, writes);
  const clients = ctx.store().data.oauthClients;
  if (id === undefined && method === 'GET') return sendJson(res, 200, Object.values(clients), NO_STORE);
  if (id === undefined && method === 'POST') return register(req, res, ctx);
  if (id !== undefined && !id.includes('/') && (method === 'GET' || method === 'DELETE')) {
    const client = Object.hasOwn(clients, id) ? clients[id] : undefined;
    if (!client) throw notFound(`${CLIENTS_PATH}/${id}`);
    if (method === 'GET') return sendJson(res, 200, client, NO_STORE);
    delete clients[id];
    ctx.store().changed();
    await ctx.durable();
    return sendEmpty(res, 204);
  }
  throw methodNotAllowed(id === undefined ? ['GET', 'POST'] : ['GET', 'DELETE']);
}

/** The admin behind an API token; writes need a role that may manage. */
async function admin(req: IncomingMessage, ctx: RegistrationContext, writes: boolean): Promise<Principal> {
  const auth = await ctx.authenticate(req.headers.authorization);
  if (!auth.ok) throw unauthenticated();
  const { principal } = auth;
  if (principal.kind !== 'apiToken' || principal.role === null) {
    throw forbidden(['Client registration needs the API token of an administrator (SSWS)']);
  }
  if (writes && !MANAGERS.includes(principal.role)) {
    throw forbidden([`The admin role ${principal.role} does not allow this operation`]);
  }
  return principal;
}

async function register(req: IncomingMessage, res: ServerResponse, ctx: RegistrationContext): Promise<void> {
  let body: unknown;
  try {
    body = (await readJsonBody(req)).value;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400) throw e;
    return sendJson(
      res,
      400,
      { error: 'invalid_client_metadata', error_description: 'The body is not valid JSON.' },
      NO_STORE,
    );
  }
  const { metadata, problems } = parseClientMetadata(body);
  if (!metadata) {
    // RFC 7591 §3.2.2: one error code; a bad redirect URI is named as such.
    const error = problems.some((p) => p.error === 'invalid_redirect_uri')
      ? 'invalid_redirect_uri'
      : 'invalid_client_metadata';
    const description = problems.map((p) => p.description).join('; ');
    return sendJson(res, 400, { error, error_description: description }, NO_STORE);
  }
  const client: OAuthClient = { client_id: newId('0oa'), client_id_issued_at: ctx.seconds(), ...metadata };
  const store = ctx.store();
  store.data.oauthClients[client.client_id] = client;
  store.changed();
  await ctx.durable();
  sendJson(res, 201, client, NO_STORE);
}
