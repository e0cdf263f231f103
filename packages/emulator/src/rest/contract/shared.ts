// Building blocks of the REST contract: enums, nullable members, links and the values every
// resource shares. The contract imports only TypeBox, so that it can ship with the emulator alone.
import { Kind, type Static, type TSchema, type TUnsafe, Type, TypeRegistry } from '@sinclair/typebox';

// TypeBox's own value functions (Value.Check, Value.Default) know a string enum by this kind.
if (!TypeRegistry.Has('StringEnum')) {
  TypeRegistry.Set<{ enum: string[] }>('StringEnum', (schema, value) => {
    return typeof value === 'string' && schema.enum.includes(value);
  });
}

/**
 * A string enum as JSON Schema's `enum` (what OpenAPI tools read best), typed as the union of its
 * values.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ [Kind]: 'StringEnum', type: 'string', enum: [...values], ...options });
}

/** A string enum typed as any string: the service, not the type, refuses the other values. */
export function LooseStringEnum(values: readonly string[]): TUnsafe<string> {
  return Type.Unsafe<string>({ [Kind]: 'StringEnum', type: 'string', enum: [...values] });
}

/** The spec's "may be null": the value or JSON null. */
export const Nullable = <T extends TSchema>(schema: T, options: { default?: null } = {}) =>
  Type.Union([schema, Type.Null()], options);

/** Objects of the contract reject members they do not name, as the services do. */
export const Strict = { additionalProperties: false } as const;

/** Each policy type with the type of its rules (the spec lists both in this order). */
export const RULE_TYPE_OF = {
  PLATFORM_SIGN_ON: 'SIGN_ON',
  PASSWORD: 'PASSWORD',
  MFA_ENROLL: 'MFA_ENROLL',
  IDP_DISCOVERY: 'IDP_DISCOVERY',
  ACCESS_POLICY: 'ACCESS_POLICY',
  PROFILE_ENROLLMENT: 'PROFILE_ENROLLMENT',
  CONTINUOUS_ACCESS: 'CONTINUOUS_ACCESS',
  ENTITY_RISK: 'ENTITY_RISK',
} as const;

export const POLICY_TYPES = Object.keys(RULE_TYPE_OF) as readonly (keyof typeof RULE_TYPE_OF)[];
export const PolicyTypeSchema = StringEnum(POLICY_TYPES);
export type PolicyType = Static<typeof PolicyTypeSchema>;

export const RULE_TYPES: readonly (typeof RULE_TYPE_OF)[keyof typeof RULE_TYPE_OF][] = Object.values(RULE_TYPE_OF);
export const RuleTypeSchema = StringEnum(RULE_TYPES);
export type RuleType = Static<typeof RuleTypeSchema>;

export const LIFECYCLE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const LifecycleStatusSchema = StringEnum(LIFECYCLE_STATUSES);

export const ACCESS_DECISIONS = ['ALLOW', 'DENY'] as const;
export const AccessDecisionSchema = StringEnum(ACCESS_DECISIONS);

/** `{access}` with the spec's default DENY (password rule actions). */
export const AccessOnlySchema = Type.Object({ access: StringEnum(ACCESS_DECISIONS, { default: 'DENY' }) }, Strict);

/** ISO 8601 UTC with milliseconds, assigned by the service. */
export const Timestamp = Type.String({ format: 'date-time' });

/** Identifiers are opaque strings; a path identifier is never empty. */
export const Id = Type.String({ minLength: 1 });

/** An object name as the services accept it (policies and rules: 1 to 255 characters). */
export const Name = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });

export const LinkSchema = Type.Object(
  { href: Type.String(), hints: Type.Optional(Type.Object({ allow: Type.Array(Type.String()) }, Strict)) },
  Strict,
);

/** Marks a schema as a named component of the OpenAPI document (copies made by Type.Optional keep it). */
export const COMPONENT = Symbol.for('rest.contract.component');
export function named<T extends TSchema>(name: string, schema: T): T {
  (schema as T & { [COMPONENT]?: string })[COMPONENT] = name;
  return schema;
}
