// Stored directory objects -> the platform's wire shapes (neutral names), with their `_links`.
import { operationPath } from '../../rest/contract/operations.ts';
import type { Group, NetworkZone, User } from '../../rest/contract/directory.ts';
import type { MayCall } from '../access/rights.ts';
import type { StoredGroup, StoredUser, StoredZone } from './records.ts';

export function toWireUser(base: string, u: StoredUser, may: MayCall): User {
  const { typeId, groupIds: _, ...members } = u;
  const ids = { userId: u.id };
  const links: User['_links'] = {
    self: { href: base + operationPath('getUser', ids) },
    type: { href: base + operationPath('getUserType', { typeId }) },
  };
  if (u.status !== 'DEPROVISIONED' && may('deactivateUser')) {
    links.deactivate = { href: base + operationPath('deactivateUser', ids), hints: { allow: ['POST'] } };
  }
  return {
    ...members,
    type: { id: typeId },
    profile: { ...u.profile },
    credentials: {
      ...(u.passwordChanged ? { password: {} } : {}),
      provider: { type: 'PLATFORM', name: 'PLATFORM' },
    },
    _links: links,
  };
}

export function toWireGroup(base: string, g: StoredGroup): Group {
  const ids = { groupId: g.id };
  return {
    ...g,
    objectClass: ['platform:user_group'],
    profile: { ...g.profile },
    _links: {
      self: { href: base + operationPath('getGroup', ids) },
      users: { href: base + operationPath('listGroupUsers', ids) },
    },
  };
}

export function toWireZone(base: string, z: StoredZone): NetworkZone {
  return {
    ...z,
    gateways: z.gateways?.map((g) => ({ ...g })) ?? null,
    proxies: z.proxies?.map((g) => ({ ...g })) ?? null,
    _links: { self: { href: base + operationPath('getNetworkZone', { zoneId: z.id }) } },
  };
}
