// Validation of the `conditions` object shared by policies and rules of every type. Each condition
// key is checked against its contract schema (shape, enums, limits, defaults; contractCheck.ts); the
// rules here are what a schema cannot say: references into the org, the spec's rules between members
// and engine differences. Which keys a given policy type honours is not specified, so every key is
// accepted on every type; the core decides whether a policy accepts conditions at all.
import type { TSchema } from '@sinclair/typebox';
import { ConditionsSchema } from '../../rest/contract/conditions.ts';
import {
  CONDITION_KEYS,
  type AppCondition,
  type AuthProviderCondition,
  type Conditions,
  type DeviceCondition,
  type IncludeExclude,
  type NetworkCondition,
  type PeopleCondition,
  type RiskDetectionTypesCondition,
  type UserIdentifierCondition,
} from '../../rest/types.ts';
import { checkReferences, IE_ONLY_MESSAGE } from './common.ts';
import { checkContract } from './contractCheck.ts';
import type { ValidationContext } from './registry.ts';

type Level = 'policy' | 'rule';

export const ALL_ZONES = 'ALL_ZONES';
const IE_ONLY_CONDITIONS: readonly string[] = ['userType', 'device', 'entityRisk', 'riskDetectionTypes'];

/** The rules of one condition key beyond its schema; may normalize the checked value in place. */
type Rules<K extends keyof Conditions> = (
  value: NonNullable<Conditions[K]>,
  path: string,
  ctx: ValidationContext,
  level: Level,
) => Conditions[K] | undefined;

const RULES: { [K in keyof Conditions]?: Rules<K> } = {
  people,
  userType,
  network,
  authProvider,
  userIdentifier,
  app,
  device,
  riskDetectionTypes,
};

/**
 * Validates a whole `conditions` object. Returns null for null/undefined, the normalized
 * conditions otherwise (also when causes were recorded: the caller looks at ctx.check.ok). Each key
 * is checked on its own, so that one request names what is wrong in every condition.
 */
export function validateConditions(raw: unknown, ctx: ValidationContext, level: Level): Conditions | null {
  const c = ctx.check;
  if (raw === undefined || raw === null) return null;
  const obj = c.object(raw, 'conditions');
  if (!obj) return null;
  c.noUnknown(obj, 'conditions', CONDITION_KEYS);
  if (ctx.engine === 'CLASSIC') {
    for (const key of IE_ONLY_CONDITIONS) if (obj[key] !== undefined) c.fail(`conditions.${key}`, IE_ONLY_MESSAGE);
  }
  const conditions: Record<string, unknown> = {};
  for (const key of CONDITION_KEYS) {
    if (obj[key] === undefined || obj[key] === null) continue;
    const path = `conditions.${key}`;
    const value = checkContract<NonNullable<Conditions[typeof key]>>(schemaOf(key), obj[key], path, c);
    if (value === undefined) continue;
    const rules = RULES[key] as Rules<typeof key> | undefined;
    conditions[key] = rules ? rules(value, path, ctx, level) : value;
  }
  return conditions as Conditions;
}

const schemaOf = (key: keyof Conditions): TSchema => ConditionsSchema.properties[key];

/** Every id of a User or Group Condition names an existing object. */
function checkIncludeExclude(
  value: IncludeExclude,
  path: string,
  ctx: ValidationContext,
  exists: (id: string) => boolean,
  what: string,
): void {
  checkReferences(ctx.check, value.include, `${path}.include`, exists, what);
  checkReferences(ctx.check, value.exclude, `${path}.exclude`, exists, what);
}

/** Both members are answered, empty when not sent (the contract's defaults). */
function people(value: PeopleCondition, path: string, ctx: ValidationContext, level: Level): PeopleCondition {
  const groups = value.groups ?? { include: [], exclude: [] };
  const users = value.users ?? { include: [], exclude: [] };
  checkIncludeExclude(groups, `${path}.groups`, ctx, (id) => ctx.org.hasGroup(id), 'group');
  checkIncludeExclude(users, `${path}.users`, ctx, (id) => ctx.org.hasUser(id), 'user');
  if (level === 'policy' && users.include.length > 0) {
    ctx.check.fail(`${path}.users.include`, 'a policy can only include groups');
  }
  return { groups, users };
}

/**
 * A user type may be deleted while rules name it (the spec allows it). A replace of such a rule may
 * keep naming it, as the rule already does (a read shows it, and a read-modify-write sends it back);
 * only a newly named type must exist.
 */
function userType(value: NonNullable<Conditions['userType']>, path: string, ctx: ValidationContext) {
  const stored = (ctx as { existing?: { conditions?: Conditions | null } }).existing?.conditions?.userType;
  const named = new Set([...(stored?.include ?? []), ...(stored?.exclude ?? [])]);
  const lists = { include: value.include ?? [], exclude: value.exclude };
  checkIncludeExclude(lists, path, ctx, (id) => named.has(id) || ctx.org.hasUserType(id), 'user type');
  return lists;
}

/**
 * `connection` is optional in the spec; when absent it is read as ZONE if zones are listed and as
 * ANYWHERE otherwise, and the result always carries it. Empty arrays on ANYWHERE are dropped.
 */
function network(value: NetworkCondition, path: string, ctx: ValidationContext): NetworkCondition {
  const c = ctx.check;
  const { include, exclude } = value;
  const listsZones = (include?.length ?? 0) > 0 || (exclude?.length ?? 0) > 0;
  const connection = value.connection ?? (listsZones ? 'ZONE' : 'ANYWHERE');

  if (connection === 'ANYWHERE') {
    if (include?.length) c.fail(`${path}.include`, 'is not allowed when connection is ANYWHERE');
    if (exclude?.length) c.fail(`${path}.exclude`, 'is not allowed when connection is ANYWHERE');
    return { connection };
  }
  if (!listsZones) c.fail(`${path}.include`, 'include or exclude must list at least one zone when connection is ZONE');
  for (const [list, listPath] of [
    [include, `${path}.include`],
    [exclude, `${path}.exclude`],
  ] as const) {
    if (!list) continue;
    if (list.includes(ALL_ZONES) && list.length > 1) c.fail(listPath, `${ALL_ZONES} must be the only element`);
    checkReferences(c, list, listPath, (id) => ctx.org.hasZone(id), 'zone', [ALL_ZONES]);
  }
  return { connection, ...(include && { include }), ...(exclude && { exclude }) };
}

/** `provider` is required with a default: a missing one is filled with PLATFORM. */
function authProvider(value: AuthProviderCondition, path: string, ctx: ValidationContext): AuthProviderCondition {
  if (value.provider === 'PLATFORM' && value.include?.length) {
    ctx.check.fail(
      `${path}.include`,
      'lists directory integrations and is only used when provider is DIRECTORY_SERVICE',
    );
  }
  return value;
}

/**
 * The spec: "`attribute` (string, optional, only used when type is ATTRIBUTE)". With IDENTIFIER it
 * is accepted and kept (a client can send back what it read), and evaluation ignores it.
 */
function userIdentifier(value: UserIdentifierCondition, path: string, ctx: ValidationContext): UserIdentifierCondition {
  const c = ctx.check;
  const { type, patterns } = value;
  const hasExpression = patterns.some((p) => p.matchType === 'EXPRESSION');
  if (patterns.length > 1 && (type === 'ATTRIBUTE' || hasExpression)) {
    c.fail(
      `${path}.patterns`,
      `must hold exactly one pattern ${type === 'ATTRIBUTE' ? 'when type is ATTRIBUTE' : 'with matchType EXPRESSION'}`,
    );
  }
  patterns.forEach((p, i) => {
    if (p.matchType === 'EXPRESSION' && !isRegex(p.value)) {
      c.fail(`${path}.patterns[${i}].value`, 'must be a valid regular expression');
    }
  });
  return value;
}

function isRegex(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** Both arrays are required by the spec; a missing one is read as empty (both empty: every app). */
function app(value: AppCondition, path: string, ctx: ValidationContext): AppCondition {
  for (const key of ['include', 'exclude'] as const) {
    value[key].forEach((entry, i) => {
      if (entry.type === 'APP' && !ctx.org.hasApp(entry.id)) {
        ctx.check.fail(`${path}.${key}[${i}].id`, `application '${entry.id}' does not exist`);
      }
    });
  }
  return value;
}

function device(value: DeviceCondition, path: string, ctx: ValidationContext): DeviceCondition {
  if (value.managed !== undefined && value.registered !== true) {
    ctx.check.fail(`${path}.registered`, 'must be sent and be true when managed is sent');
  }
  return value;
}

/** Exactly one of include and exclude, naming at least one detection type. */
function riskDetectionTypes(
  value: RiskDetectionTypesCondition,
  path: string,
  ctx: ValidationContext,
): RiskDetectionTypesCondition | undefined {
  const given = (['include', 'exclude'] as const).filter((k) => value[k] !== undefined);
  if (given.length === 2) return void ctx.check.fail(`${path}.exclude`, 'include and exclude cannot both be given');
  if (given.length === 0) return void ctx.check.fail(`${path}.include`, 'include or exclude is required');
  return value;
}
