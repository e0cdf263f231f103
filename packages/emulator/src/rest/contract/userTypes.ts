// The User Types service's resource and bodies.
import { type Static, Type } from '@sinclair/typebox';
import { Id, named, Strict, Timestamp } from './shared.ts';

/** An org holds at most 10 user types (the default one included). */
export const MAX_USER_TYPES = 10;
/** A name starts with a letter and holds only letters, digits and underscores; it never changes. */
export const USER_TYPE_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]*$';
const TypeName = Type.String({ pattern: USER_TYPE_NAME_PATTERN });
/** Neither is nullable. */
const DisplayName = Type.String({ minLength: 1, maxLength: 1024, pattern: '\\S' });
const Description = Type.String({ maxLength: 1024 });

export const UserTypeLinkSchema = Type.Object(
  { rel: Type.String(), href: Type.String(), method: Type.Literal('GET') },
  Strict,
);
export const UserTypeLinksSchema = Type.Object({ schema: UserTypeLinkSchema, self: UserTypeLinkSchema }, Strict);

export const UserTypeSchema = named(
  'UserType',
  Type.Object(
    {
      id: Id,
      displayName: Type.String(),
      name: TypeName,
      description: Type.String(),
      createdBy: Type.String(),
      lastUpdatedBy: Type.String(),
      default: Type.Boolean(),
      created: Timestamp,
      lastUpdated: Timestamp,
      _links: UserTypeLinksSchema,
    },
    Strict,
  ),
);
export type UserType = Static<typeof UserTypeSchema>;

export const CreateUserTypeInputSchema = Type.Object({
  name: TypeName,
  displayName: DisplayName,
  description: Type.Optional(Type.String({ maxLength: 1024, default: '' })),
});
export type CreateUserTypeInput = Static<typeof CreateUserTypeInputSchema>;

/** A full replace: `name` must equal the stored name. */
export const ReplaceUserTypeInputSchema = Type.Object({
  name: TypeName,
  displayName: DisplayName,
  description: Description,
});
export type ReplaceUserTypeInput = Static<typeof ReplaceUserTypeInputSchema>;

/** A partial update of named members; `name` may be sent, but only unchanged. */
export const UpdateUserTypeInputSchema = Type.Object({
  displayName: Type.Optional(DisplayName),
  description: Type.Optional(Description),
});
export type UpdateUserTypeInput = Static<typeof UpdateUserTypeInputSchema>;
