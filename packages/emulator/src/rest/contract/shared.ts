// Building blocks of the REST contract: enums, nullable members, links and the values every
// resource shares. The contract imports only TypeBox, so that it can ship with the emulator alone.
import { Kind, type TObject, type TSchema, type TUnsafe, Type, TypeRegistry } from '@sinclair/typebox';

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

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

/**
 * Marks a member whose value the service assigns and a client never chooses (a profile enrollment
 * rule's `uiSchemaId`): an exported policy document leaves it out. Copies made by Type.Optional keep it.
 */
export const ASSIGNED_BY_SERVICE = Symbol.for('rest.contract.assignedByService');
export function assignedByService<T extends TSchema>(schema: T): T {
  (schema as T & { [ASSIGNED_BY_SERVICE]?: true })[ASSIGNED_BY_SERVICE] = true;
  return schema;
}

/** Types without policy settings: nothing, or an empty object (clients echo what they read). */
export const NoSettingsSchema = named(
  'NoSettings',
  Type.Object({}, { ...Strict, description: 'This policy type has no policy settings.' }),
);

/** Workflows live outside these services, so any id is taken, but not a blank one. */
export const RunWorkflowSchema = Type.Object(
  { action: Type.Literal('RUN_WORKFLOW'), workflow: Type.Object({ id: Type.String({ pattern: '\\S' }) }, Strict) },
  Strict,
);

/** The contract of one policy type: what both the gateway and the emulator read of it. */
export interface PolicyTypeContract<P extends string, R extends string, S extends TObject, A extends TObject> {
  readonly policyType: P;
  readonly ruleType: R;
  /** Policy `settings` (`NoSettingsSchema` when the type has none). */
  readonly settings: S;
  /** Rule `actions`. */
  readonly actions: A;
  /** Priority of a policy's first non-default rule: 1, or 0 for authentication policies. */
  readonly firstRulePriority: 0 | 1;
  /** Whether creating a policy of this type also creates its own system default rule. */
  readonly createsDefaultRule: boolean;
  /** Identity-engine only: the classic engine has no policies of this type (and refuses them). */
  readonly ieOnly: boolean;
  /** The spec's Limits, where it states them: policies of this type per org (the default one included). */
  readonly maxPolicies?: number;
  /** The spec's Limits, where it states them: rules per policy (the default rule included). */
  readonly maxRules?: number;
}

/**
 * Declares the contract of one policy type (a module `policyTypes.<type>.ts`). Its schemas become
 * the components `Settings_<policyType>` and `Actions_<ruleType>` of the OpenAPI document.
 */
export function definePolicyType<const P extends string, const R extends string, S extends TObject, A extends TObject>(
  contract: PolicyTypeContract<P, R, S, A>,
): PolicyTypeContract<P, R, S, A> {
  if (contract.settings !== NoSettingsSchema) named(`Settings_${contract.policyType}`, contract.settings);
  named(`Actions_${contract.ruleType}`, contract.actions);
  return contract;
}
