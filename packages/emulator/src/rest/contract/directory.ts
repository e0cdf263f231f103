// The directory that conditions name: users, groups and network zones, in the platform's wire shape
// with the spec's neutral names (`PLATFORM_GROUP` where the wire has the brand). The two spec files
// cover none of these services; the User Types document states the user side (a create-user body's
// `type` map whose only permitted key is `id`, the type on the User object, changed only by a full
// replace). The emulator serves them so that a test can make what its policies name.
import { type Static, Type } from '@sinclair/typebox';
import { Id, LifecycleStatusSchema, LinkSchema, Nullable, named, Strict, StringEnum, Timestamp } from './shared.ts';

// ------------------------------------------------------------------ users

/** The platform's user statuses; the emulator reaches STAGED, PROVISIONED, ACTIVE and DEPROVISIONED. */
export const USER_STATUSES = [
  'STAGED',
  'PROVISIONED',
  'ACTIVE',
  'RECOVERY',
  'PASSWORD_EXPIRED',
  'LOCKED_OUT',
  'SUSPENDED',
  'DEPROVISIONED',
] as const;
export const UserStatusSchema = StringEnum(USER_STATUSES);

const ProfileText = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
/** A login is an email-like name (`local@domain`), as the default user schema requires. */
export const LOGIN_PATTERN = '^[^\\s@]+@[^\\s@]+$';
const Login = Type.String({ minLength: 5, maxLength: 100, pattern: LOGIN_PATTERN });
const Email = Type.String({ minLength: 5, maxLength: 100, format: 'email' });

/** The base attributes of the default user schema; a profile may carry others (kept as sent). */
export const UserProfileSchema = named(
  'UserProfile',
  Type.Object(
    { login: Login, email: Email, firstName: Nullable(ProfileText), lastName: Nullable(ProfileText) },
    { additionalProperties: true },
  ),
);
/** The same members, each optional (a partial update's profile). */
const UserProfilePatchSchema = Type.Object(
  {
    login: Type.Optional(Login),
    email: Type.Optional(Email),
    firstName: Type.Optional(Nullable(ProfileText)),
    lastName: Type.Optional(Nullable(ProfileText)),
  },
  { additionalProperties: true },
);

/** The User Types document: "a `type` map whose only permitted key is `id`". */
export const UserTypeRefSchema = Type.Object({ id: Id }, Strict);

/** `credentials.password.value` on create: the user is ACTIVE at once; a password is never answered. */
export const UserCredentialsInputSchema = Type.Object(
  { password: Type.Optional(Type.Object({ value: Type.String({ minLength: 1, maxLength: 72 }) }, Strict)) },
  Strict,
);

export const UserLinksSchema = Type.Object(
  { self: LinkSchema, type: LinkSchema, deactivate: Type.Optional(LinkSchema) },
  Strict,
);

export const UserSchema = named(
  'User',
  Type.Object(
    {
      id: Id,
      status: UserStatusSchema,
      created: Timestamp,
      activated: Nullable(Timestamp),
      statusChanged: Nullable(Timestamp),
      lastLogin: Nullable(Timestamp),
      lastUpdated: Timestamp,
      passwordChanged: Nullable(Timestamp),
      type: UserTypeRefSchema,
      profile: UserProfileSchema,
      credentials: Type.Object(
        {
          password: Type.Optional(Type.Object({}, Strict)),
          provider: Type.Object({ type: Type.Literal('PLATFORM'), name: Type.Literal('PLATFORM') }, Strict),
        },
        Strict,
      ),
      _links: UserLinksSchema,
    },
    Strict,
  ),
);
export type User = Static<typeof UserSchema>;

/** Create: the profile's four base attributes; `type` optional (the default type). */
export const CreateUserInputSchema = Type.Object(
  {
    profile: UserProfileSchema,
    type: Type.Optional(UserTypeRefSchema),
    credentials: Type.Optional(UserCredentialsInputSchema),
    /** Groups the new user joins. */
    groupIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  },
  Strict,
);
export type CreateUserInput = Static<typeof CreateUserInputSchema>;

/**
 * A full replace (PUT): the whole profile, and the type, which only this operation changes. Members
 * a client read (`id`, `status`, timestamps, `_links`) may be echoed; only `profile` and `type` are read.
 */
export const ReplaceUserInputSchema = Type.Object(
  { profile: UserProfileSchema, type: Type.Optional(UserTypeRefSchema) },
  { additionalProperties: true },
);
export type ReplaceUserInput = Static<typeof ReplaceUserInputSchema>;

/** A partial update (POST): the profile members sent replace those stored; `type` is refused. */
export const UpdateUserInputSchema = Type.Object({ profile: UserProfilePatchSchema }, { additionalProperties: true });
export type UpdateUserInput = Static<typeof UpdateUserInputSchema>;

// ------------------------------------------------------------------ groups

/** Groups made through the API are the platform's own (`PLATFORM_GROUP`). */
export const GROUP_TYPES = ['PLATFORM_GROUP', 'APP_GROUP', 'BUILT_IN'] as const;

const GroupName = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });

export const GroupProfileSchema = named(
  'GroupProfile',
  Type.Object({ name: GroupName, description: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))) }, Strict),
);

export const GroupSchema = named(
  'Group',
  Type.Object(
    {
      id: Id,
      created: Timestamp,
      lastUpdated: Timestamp,
      lastMembershipUpdated: Timestamp,
      objectClass: Type.Array(Type.String()),
      type: StringEnum(GROUP_TYPES),
      profile: GroupProfileSchema,
      _links: Type.Object({ self: LinkSchema, users: LinkSchema }, Strict),
    },
    Strict,
  ),
);
export type Group = Static<typeof GroupSchema>;

/** Create and full replace: the profile; echoed read-only members are ignored. */
export const GroupInputSchema = Type.Object({ profile: GroupProfileSchema }, { additionalProperties: true });
export type GroupInput = Static<typeof GroupInputSchema>;

// ------------------------------------------------------------------ network zones

export const ZONE_GATEWAY_TYPES = ['CIDR', 'RANGE'] as const;
export const ZoneGatewaySchema = Type.Object(
  { type: StringEnum(ZONE_GATEWAY_TYPES), value: Type.String({ minLength: 1, maxLength: 100 }) },
  Strict,
);
/** Gateways and proxies per zone (the platform's limit). */
export const MAX_ZONE_GATEWAYS = 150;
const Gateways = Type.Array(ZoneGatewaySchema, { maxItems: MAX_ZONE_GATEWAYS });

export const NetworkZoneSchema = named(
  'NetworkZone',
  Type.Object(
    {
      id: Id,
      type: Type.Literal('IP'),
      name: Type.String(),
      status: LifecycleStatusSchema,
      usage: StringEnum(['POLICY', 'BLOCKLIST'] as const),
      system: Type.Boolean(),
      created: Timestamp,
      lastUpdated: Timestamp,
      gateways: Nullable(Gateways),
      proxies: Nullable(Gateways),
      _links: Type.Object({ self: LinkSchema }, Strict),
    },
    Strict,
  ),
);
export type NetworkZone = Static<typeof NetworkZoneSchema>;

/** Create and full replace of an IP zone; echoed read-only members are ignored. */
export const NetworkZoneInputSchema = Type.Object(
  {
    type: Type.Literal('IP'),
    name: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' }),
    usage: Type.Optional(StringEnum(['POLICY', 'BLOCKLIST'] as const, { default: 'POLICY' })),
    gateways: Type.Optional(Nullable(Gateways)),
    proxies: Type.Optional(Nullable(Gateways)),
  },
  { additionalProperties: true },
);
export type NetworkZoneInput = Static<typeof NetworkZoneInputSchema>;

/**
 * The most users, groups and zones one org holds: the emulator's bounds (the platform publishes none
 * this low), so that a flood of creates cannot grow the emulator without end.
 */
export const MAX_DIRECTORY = { users: 20_000, groups: 5_000, zones: 1_000 } as const;

/** Users, groups and zones per list page: the default and the most a `limit` gives. */
export const DIRECTORY_PAGE_SIZE = { default: 200, maximum: 200 } as const;
