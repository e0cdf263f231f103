// The org's OAuth clients (an app's client_id is its app id): reads for every module that needs a
// client (the authorization server, the apps and grants routes), and the writes of registration and
// grants, which keep the clients within CLIENT_BOUNDS. The usage is counted once per org object
// (after a start, reset or restore) and then kept up to date by these writes, so a registration
// costs the size of its own client, never a walk over every client.
import type { OrgStore } from '../org/store.ts';
import type { OAuthClient } from '../access/clients.ts';

/** The most clients an org keeps, and their bytes as JSON together. */
export const CLIENT_BOUNDS = { count: 2000, bytes: 4 * 1024 * 1024 } as const;

interface Usage {
  count: number;
  bytes: number;
}

/** By the org's client map (a new map after a reset or restore gets counted anew). */
const usages = new WeakMap<object, Usage>();

const bytesOf = (client: OAuthClient) => Buffer.byteLength(JSON.stringify(client));

function usage(store: OrgStore): Usage {
  const clients = store.data.oauthClients;
  let found = usages.get(clients);
  if (!found) {
    const all = Object.values(clients);
    found = { count: all.length, bytes: all.reduce((sum, c) => sum + bytesOf(c), 0) };
    usages.set(clients, found);
  }
  return found;
}

/** The origins of every registered web redirect URI, by the org's client map (dropped on each write). */
const origins = new WeakMap<object, Set<string>>();

/** Whether `origin` is that of a registered http(s) redirect URI (the CORS check), without a walk per request. */
export function isClientOrigin(store: OrgStore, origin: string): boolean {
  const clients = store.data.oauthClients;
  let found = origins.get(clients);
  if (!found) {
    found = new Set<string>();
    for (const client of Object.values(clients)) {
      for (const uri of client.redirect_uris) {
        const url = new URL(uri);
        if (url.protocol === 'http:' || url.protocol === 'https:') found.add(url.origin);
      }
    }
    origins.set(clients, found);
  }
  return found.has(origin);
}

export function clientOf(store: OrgStore, id: string): OAuthClient | undefined {
  const clients = store.data.oauthClients;
  return Object.hasOwn(clients, id) ? clients[id] : undefined;
}

export function clientsOf(store: OrgStore): OAuthClient[] {
  return Object.values(store.data.oauthClients);
}

/** A client as registration answers it: its metadata, never the secret's digest nor the grants. */
export function clientView(client: OAuthClient): Omit<OAuthClient, 'client_secret_digest' | 'scope_grants'> {
  const { client_secret_digest: _d, scope_grants: _g, ...metadata } = client;
  return metadata;
}

/**
 * Why a new client of about `bytes` cannot be kept, before its body is even read (undefined when it
 * may fit): a flood of registrations at the bound then costs no parsing.
 */
export function noRoomFor(store: OrgStore, bytes: number): string | undefined {
  const used = usage(store);
  if (used.count >= CLIENT_BOUNDS.count) return fullCount();
  if (used.bytes + bytes > CLIENT_BOUNDS.bytes) return fullBytes();
  return undefined;
}

const fullCount = () => `the org already holds ${CLIENT_BOUNDS.count} clients, the emulator's limit: delete one first`;
const fullBytes = () =>
  `the org's clients would take more than ${CLIENT_BOUNDS.bytes} bytes, the emulator's limit: delete one first`;

/** Why `client` cannot be kept (the bounds); undefined when it was stored. Does not call `changed()`. */
export function putClient(store: OrgStore, client: OAuthClient): string | undefined {
  const used = usage(store);
  const before = clientOf(store, client.client_id);
  const bytes = bytesOf(client);
  const count = used.count + (before ? 0 : 1);
  const total = used.bytes + bytes - (before ? bytesOf(before) : 0);
  if (count > CLIENT_BOUNDS.count) return fullCount();
  if (total > CLIENT_BOUNDS.bytes) return fullBytes();
  store.data.oauthClients[client.client_id] = client;
  origins.delete(store.data.oauthClients);
  used.count = count;
  used.bytes = total;
  return undefined;
}

/** Removes a client (and its grants); false when there is none. Does not call `changed()`. */
export function removeClient(store: OrgStore, id: string): boolean {
  const client = clientOf(store, id);
  if (!client) return false;
  const used = usage(store);
  delete store.data.oauthClients[id];
  origins.delete(store.data.oauthClients);
  used.count -= 1;
  used.bytes -= bytesOf(client);
  return true;
}
