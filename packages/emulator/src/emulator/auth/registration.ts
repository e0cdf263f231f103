// RFC 7591 client registration, authorised by an admin's API token (`SSWS <token>`): SUPER_ADMIN
// and ORG_ADMIN register and delete clients, READ_ONLY_ADMIN reads them. Bad metadata is refused
// with the RFC's error body and stores nothing. A client of a client secret method gets its secret
// in the registration answer only (the org keeps its digest). Clients are org state: persisted,
// snapshotted, reset, and bounded (CLIENT_BOUNDS; a body over MAX_REGISTRATION_BYTES is refused).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendEmpty, sendJson } from '../common/body.ts';
import { ApiError, forbidden, methodNotAllowed, notFound, unauthenticated } from '../common/errors.ts';
import { newId } from '../common/ids.ts';
import type { OrgStore } from '../org/store.ts';
import { type OAuthClient, parseClientMetadata, SECRET_METHODS } from '../access/clients.ts';
import { clientOf, clientsOf, clientView, noRoomFor, putClient, removeClient } from './clientStore.ts';
import { NO_STORE } from './oauthHttp.ts';
import type { Authenticate, Principal } from '../access/principal.ts';
import { digest, randomSecret } from '../access/secrets.ts';

export const CLIENTS_PATH = '/oauth2/v1/clients';
const MANAGERS = ['SUPER_ADMIN', 'ORG_ADMIN'];
/** The largest registration body: ten 4096-bit keys and twenty long redirect URIs fit in it. */
export const MAX_REGISTRATION_BYTES = 64 * 1024;

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
  await requireAdmin(req, ctx.authenticate, writes);
  const store = ctx.store();
  if (id === undefined && method === 'GET') return sendJson(res, 200, clientsOf(store).map(clientView), NO_STORE);
  if (id === undefined && method === 'POST') return register(req, res, ctx);
  if (id !== undefined && !id.includes('/') && (method === 'GET' || method === 'DELETE')) {
    const client = clientOf(store, id);
    if (!client) throw notFound(`${CLIENTS_PATH}/${id}`);
    if (method === 'GET') return sendJson(res, 200, clientView(client), NO_STORE);
    removeClient(store, id);
    store.changed();
    await ctx.durable();
    return sendEmpty(res, 204);
  }
  throw methodNotAllowed(id === undefined ? ['GET', 'POST'] : ['GET', 'DELETE']);
}

/** The admin behind an API token; writes need a role that may manage. `what` names the operation in a refusal. */
export async function requireAdmin(
  req: IncomingMessage,
  authenticate: Authenticate,
  writes: boolean,
  what = 'Client registration',
): Promise<Principal> {
  const auth = await authenticate(req.headers.authorization);
  if (!auth.ok) throw unauthenticated();
  const { principal } = auth;
  if (principal.kind !== 'apiToken' || principal.role === null) {
    throw forbidden([`${what} needs the API token of an administrator (SSWS)`]);
  }
  if (writes && !MANAGERS.includes(principal.role)) {
    throw forbidden([`The admin role ${principal.role} does not allow this operation`]);
  }
  return principal;
}

const refuse = (res: ServerResponse, description: string) =>
  sendJson(res, 400, { error: 'invalid_client_metadata', error_description: description }, NO_STORE);

async function register(req: IncomingMessage, res: ServerResponse, ctx: RegistrationContext): Promise<void> {
  const tooLarge = `The client metadata is larger than ${MAX_REGISTRATION_BYTES} bytes.`;
  if (Number(req.headers['content-length']) > MAX_REGISTRATION_BYTES) {
    // The body is not read: the connection cannot carry another request.
    res.setHeader('connection', 'close');
    return refuse(res, tooLarge);
  }
  // At the bound, the body is drained unread: a flood of registrations costs no parsing.
  const declared = Number(req.headers['content-length']);
  const noRoom = Number.isInteger(declared) && declared >= 0 ? noRoomFor(ctx.store(), declared) : undefined;
  if (noRoom) {
    await drain(req);
    return refuse(res, `The client cannot be registered: ${noRoom}.`);
  }
  let body: unknown;
  try {
    const sent = await readJsonBody(req);
    if (sent.bytes > MAX_REGISTRATION_BYTES) return refuse(res, tooLarge);
    body = sent.value;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400) throw e;
    return refuse(res, 'The body is not valid JSON.');
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
  const secret = SECRET_METHODS.includes(client.token_endpoint_auth_method) ? newClientSecret() : undefined;
  if (secret) Object.assign(client, { client_secret_expires_at: 0, client_secret_digest: digest(secret) });
  const store = ctx.store();
  const full = putClient(store, client);
  if (full) return refuse(res, `The client cannot be registered: ${full}.`);
  store.changed();
  await ctx.durable();
  sendJson(res, 201, { ...clientView(client), ...(secret ? { client_secret: secret } : {}) }, NO_STORE);
}

/** A client secret as the platform issues them: 40 characters of base64url (30 random bytes). */
export const newClientSecret = () => randomSecret(30);

/** Reads a body to its end without keeping it (its declared length is at most MAX_REGISTRATION_BYTES). */
async function drain(req: IncomingMessage): Promise<void> {
  try {
    for await (const _chunk of req as AsyncIterable<Buffer>) {
      // dropped
    }
  } catch {
    // A body that was not received completely changes nothing.
  }
}
