// The directory as the org keeps it (users, groups and network zones, by id), seeded from the
// fixture when the org starts: these are the objects the API serves and the conditions name.
import type { Static } from '@sinclair/typebox';
import type { LifecycleStatus } from '../../rest/types.ts';
import { MAX_DIRECTORY, type UserProfileSchema, type UserStatusSchema } from '../../rest/contract/directory.ts';
import type { OrgFixture, ZoneGateway } from '../org/fixture.ts';

export type UserStatus = Static<typeof UserStatusSchema>;
export type UserProfile = Static<typeof UserProfileSchema> & { [extra: string]: unknown };

export interface StoredUser {
  id: string;
  status: UserStatus;
  created: string;
  activated: string | null;
  statusChanged: string | null;
  lastLogin: string | null;
  lastUpdated: string;
  passwordChanged: string | null;
  /** Always a type that exists: the default type's id when none was named. */
  typeId: string;
  profile: UserProfile;
  /** The groups the user is a member of (a group's members are the users naming it). */
  groupIds: string[];
}

export interface StoredGroup {
  id: string;
  type: 'PLATFORM_GROUP' | 'APP_GROUP' | 'BUILT_IN';
  created: string;
  lastUpdated: string;
  lastMembershipUpdated: string;
  profile: { name: string; description: string | null };
}

export interface StoredZone {
  id: string;
  type: 'IP';
  name: string;
  status: LifecycleStatus;
  usage: 'POLICY' | 'BLOCKLIST';
  system: boolean;
  created: string;
  lastUpdated: string;
  gateways: ZoneGateway[] | null;
  proxies: ZoneGateway[] | null;
}

/** The members of the org's state that hold the directory. */
export interface DirectoryData {
  users: Record<string, StoredUser>;
  groups: Record<string, StoredGroup>;
  zones: Record<string, StoredZone>;
}

/** Why one more object of `kind` is refused (the org holds the most it may), or undefined. */
export function directoryFull(data: DirectoryData, kind: keyof DirectoryData): string | undefined {
  const max = MAX_DIRECTORY[kind];
  if (Object.keys(data[kind]).length < max) return undefined;
  return `the org already has the maximum of ${max} ${kind === 'zones' ? 'network zones' : kind}`;
}

/**
 * The fixture's directory as the org starts with it: every user ACTIVE, of the fixture's type or the
 * default one (`defaultTypeId`), with the fixture's groups.
 */
export function seedDirectory(fixture: OrgFixture, defaultTypeId: string, at: string): DirectoryData {
  const data: DirectoryData = { users: {}, groups: {}, zones: {} };
  for (const g of fixture.groups) {
    data.groups[g.id] = {
      id: g.id,
      type: 'PLATFORM_GROUP',
      created: at,
      lastUpdated: at,
      lastMembershipUpdated: at,
      profile: { name: g.name, description: g.description ?? null },
    };
  }
  for (const u of fixture.users) {
    data.users[u.id] = {
      id: u.id,
      status: 'ACTIVE',
      created: at,
      activated: at,
      statusChanged: at,
      lastLogin: null,
      lastUpdated: at,
      passwordChanged: u.passwordHash ? at : null,
      typeId: u.typeId ?? defaultTypeId,
      profile: {
        login: u.login,
        email: u.email ?? u.login,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
      },
      groupIds: [...u.groupIds],
    };
  }
  for (const z of fixture.zones) {
    data.zones[z.id] = {
      id: z.id,
      type: 'IP',
      name: z.name,
      status: 'ACTIVE',
      usage: 'POLICY',
      system: false,
      created: at,
      lastUpdated: at,
      gateways: z.gateways.map((g) => ({ ...g })),
      proxies: null,
    };
  }
  return data;
}

/**
 * A state file written before the directory was org state gets the fixture's, its users given the
 * saved org's default type where the start org's default type id (made anew each start) is unknown there.
 */
export function directoryForOlderState(
  saved: Partial<DirectoryData> & { userTypes: { id: string; default: boolean }[] },
  start: DirectoryData,
): void {
  const known = new Set(saved.userTypes.map((t) => t.id));
  const defaultId = saved.userTypes.find((t) => t.default)?.id;
  if (!saved.users) {
    saved.users = structuredClone(start.users);
    for (const u of Object.values(saved.users)) if (!known.has(u.typeId) && defaultId) u.typeId = defaultId;
  }
  saved.groups ??= structuredClone(start.groups);
  saved.zones ??= structuredClone(start.zones);
}
