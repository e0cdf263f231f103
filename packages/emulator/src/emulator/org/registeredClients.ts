// The registered OAuth clients as other parts of the emulator read them (the directory serves each
// as an application whose id is its client_id): read-only, through these two functions only.
import type { OrgData } from './store.ts';
import type { OAuthClient } from '../access/clients.ts';

export function registeredClients(data: Pick<OrgData, 'oauthClients'>): OAuthClient[] {
  return Object.values(data.oauthClients ?? {});
}

export function registeredClient(data: Pick<OrgData, 'oauthClients'>, clientId: string): OAuthClient | undefined {
  const clients = data.oauthClients ?? {};
  return Object.hasOwn(clients, clientId) ? clients[clientId] : undefined;
}
