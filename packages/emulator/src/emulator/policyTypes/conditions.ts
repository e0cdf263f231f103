// Validation of the `conditions` object shared by policies and rules of every type. Each condition
// key has its own reader that checks the shape, the spec's rules and the referenced ids, and returns
// the condition with its defaults filled in. Which keys a given policy type honours is not specified,
// so every key is accepted on every type; the core decides whether a policy accepts conditions at all.
import {
  CONDITION_KEYS,
  PATTERN_MATCH_TYPES,
  PLATFORM_OS_TYPES,
  PLATFORM_TYPES,
  RISK_DETECTION_TYPES,
  type AppCondition,
  type AppConditionEntry,
  type AuthContextCondition,
  type AuthProviderCondition,
  type Conditions,
  type DeviceCondition,
  type ElCondition,
  type EntityRiskCondition,
  type IncludeExclude,
  type NetworkCondition,
  type PeopleCondition,
  type PlatformCondition,
  type PlatformConditionEntry,
  type RiskDetectionTypesCondition,
  type RiskLevel,
  type RiskScoreCondition,
  type UserIdentifierCondition,
  type UserIdentifierPattern,
} from '../../rest/types.ts';
import { compact } from './check.ts';
import { checkReferences, IE_ONLY_MESSAGE } from './common.ts';
import type { ValidationContext } from './registry.ts';

type Level = 'policy' | 'rule';

export const ALL_ZONES = 'ALL_ZONES';
const IE_ONLY_CONDITIONS: readonly string[] = ['userType', 'device', 'entityRisk', 'riskDetectionTypes'];
const RISK_LEVELS = ['ANY', 'LOW', 'MEDIUM', 'HIGH'] as const satisfies readonly RiskLevel[];

/**
 * Validates a whole `conditions` object. Returns null for null/undefined, the normalized
 * conditions otherwise (also when causes were recorded: the caller looks at ctx.check.ok).
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
  const at = (key: string) => `conditions.${key}`;
  const read = <T>(key: string, reader: (v: unknown, path: string) => T | undefined): T | undefined =>
    obj[key] === undefined || obj[key] === null ? undefined : reader(obj[key], at(key));

  return compact<Conditions>({
    people: read('people', (v, p) => people(v, p, ctx, level)),
    userType: read('userType', (v, p) => userType(v, p, ctx)),
    authContext: read('authContext', (v, p) => authContext(v, p, ctx)),
    network: read('network', (v, p) => network(v, p, ctx)),
    authProvider: read('authProvider', (v, p) => authProvider(v, p, ctx)),
    userIdentifier: read('userIdentifier', (v, p) => userIdentifier(v, p, ctx)),
    app: read('app', (v, p) => app(v, p, ctx)),
    platform: read('platform', (v, p) => platform(v, p, ctx)),
    device: read('device', (v, p) => device(v, p, ctx)),
    riskScore: read('riskScore', (v, p) => riskLevel(v, p, ctx)),
    elCondition: read('elCondition', (v, p) => elCondition(v, p, ctx)),
    entityRisk: read('entityRisk', (v, p) => riskLevel(v, p, ctx)),
    riskDetectionTypes: read('riskDetectionTypes', (v, p) => riskDetectionTypes(v, p, ctx)),
  });
}

/**
 * A User or Group Condition. The spec marks both arrays required; a missing one is read as empty
 * (an empty list adds no constraint) so that clients may send only the side they use.
 */
function includeExclude(
  raw: unknown,
  path: string,
  ctx: ValidationContext,
  exists: (id: string) => boolean,
  what: string,
): IncludeExclude | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['include', 'exclude']);
  const include = c.strings(obj.include, `${path}.include`) ?? [];
  const exclude = c.strings(obj.exclude, `${path}.exclude`) ?? [];
  checkReferences(c, include, `${path}.include`, exists, what);
  checkReferences(c, exclude, `${path}.exclude`, exists, what);
  return { include, exclude };
}

function people(raw: unknown, path: string, ctx: ValidationContext, level: Level): PeopleCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['groups', 'users']);
  const empty = () => ({ include: [], exclude: [] });
  const groups = includeExclude(obj.groups, `${path}.groups`, ctx, (id) => ctx.org.hasGroup(id), 'group') ?? empty();
  const users = includeExclude(obj.users, `${path}.users`, ctx, (id) => ctx.org.hasUser(id), 'user') ?? empty();
  if (level === 'policy' && users.include.length > 0) {
    c.fail(`${path}.users.include`, 'a policy can only include groups');
  }
  return { groups, users };
}

/**
 * A user type may be deleted while rules name it (the spec allows it). A replace of such a rule may
 * keep naming it, as the rule already does (a read shows it, and a read-modify-write sends it back);
 * only a newly named type must exist.
 */
function userType(raw: unknown, path: string, ctx: ValidationContext): Conditions['userType'] {
  const stored = (ctx as { existing?: { conditions?: Conditions | null } }).existing?.conditions?.userType;
  const named = new Set([...(stored?.include ?? []), ...(stored?.exclude ?? [])]);
  return includeExclude(raw, path, ctx, (id) => named.has(id) || ctx.org.hasUserType(id), 'user type');
}

function authContext(raw: unknown, path: string, ctx: ValidationContext): AuthContextCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['authType']);
  return { authType: c.enum(obj.authType, `${path}.authType`, ['ANY', 'LDAP_INTERFACE'] as const) ?? 'ANY' };
}

/**
 * `connection` is optional in the spec; when absent it is read as ZONE if zones are listed and as
 * ANYWHERE otherwise, and the result always carries it. Empty arrays on ANYWHERE are dropped.
 */
function network(raw: unknown, path: string, ctx: ValidationContext): NetworkCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['connection', 'include', 'exclude']);
  const include = c.strings(obj.include, `${path}.include`);
  const exclude = c.strings(obj.exclude, `${path}.exclude`);
  const listsZones = (include?.length ?? 0) > 0 || (exclude?.length ?? 0) > 0;
  const connection =
    c.enum(obj.connection, `${path}.connection`, ['ANYWHERE', 'ZONE'] as const) ?? (listsZones ? 'ZONE' : 'ANYWHERE');

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
  return compact<NetworkCondition>({ connection, include, exclude });
}

/** `provider` is required with a default: a missing one is filled with PLATFORM. */
function authProvider(raw: unknown, path: string, ctx: ValidationContext): AuthProviderCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['provider', 'include']);
  const provider = c.enum(obj.provider, `${path}.provider`, ['PLATFORM', 'DIRECTORY_SERVICE'] as const) ?? 'PLATFORM';
  const include = c.strings(obj.include, `${path}.include`);
  if (provider === 'PLATFORM' && include?.length) {
    c.fail(`${path}.include`, 'lists directory integrations and is only used when provider is DIRECTORY_SERVICE');
  }
  return compact<AuthProviderCondition>({ provider, include });
}

function userIdentifier(raw: unknown, path: string, ctx: ValidationContext): UserIdentifierCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['type', 'patterns', 'attribute']);
  const type = c.enum(obj.type, `${path}.type`, ['IDENTIFIER', 'ATTRIBUTE'] as const, { required: true });
  // The spec: "`attribute` (string, optional, only used when type is ATTRIBUTE)". With IDENTIFIER it
  // is accepted and kept (a client can send back what it read), and evaluation ignores it.
  const attribute = c.string(obj.attribute, `${path}.attribute`, { nonEmpty: true });

  const list = c.array(obj.patterns, `${path}.patterns`, { required: true, min: 1 });
  const patterns = (list ?? []).map((p, i) => pattern(p, `${path}.patterns[${i}]`, ctx));
  const hasExpression = patterns.some((p) => p?.matchType === 'EXPRESSION');
  if (list && list.length > 1 && (type === 'ATTRIBUTE' || hasExpression)) {
    c.fail(
      `${path}.patterns`,
      `must hold exactly one pattern ${type === 'ATTRIBUTE' ? 'when type is ATTRIBUTE' : 'with matchType EXPRESSION'}`,
    );
  }
  if (!type || !list || patterns.some((p) => p === undefined)) return undefined;
  return compact<UserIdentifierCondition>({ type, patterns: patterns as UserIdentifierPattern[], attribute });
}

function pattern(raw: unknown, path: string, ctx: ValidationContext): UserIdentifierPattern | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['matchType', 'value']);
  const matchType = c.enum(obj.matchType, `${path}.matchType`, PATTERN_MATCH_TYPES, { required: true });
  const value = c.string(obj.value, `${path}.value`, { required: true, nonEmpty: true });
  if (matchType === 'EXPRESSION' && value !== undefined && !isRegex(value)) {
    c.fail(`${path}.value`, 'must be a valid regular expression');
  }
  return matchType && value !== undefined ? { matchType, value } : undefined;
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
function app(raw: unknown, path: string, ctx: ValidationContext): AppCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['include', 'exclude']);
  const entries = (key: 'include' | 'exclude') =>
    (c.array(obj[key], `${path}.${key}`) ?? []).map((e, i) => appEntry(e, `${path}.${key}[${i}]`, ctx));
  const include = entries('include');
  const exclude = entries('exclude');
  if ([...include, ...exclude].some((e) => e === undefined)) return undefined;
  return { include: include as AppConditionEntry[], exclude: exclude as AppConditionEntry[] };
}

function appEntry(raw: unknown, path: string, ctx: ValidationContext): AppConditionEntry | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  const type = c.enum(obj.type, `${path}.type`, ['APP_TYPE', 'APP'] as const, { required: true });
  if (type === 'APP_TYPE') {
    c.noUnknown(obj, path, ['type', 'name']);
    const name = c.string(obj.name, `${path}.name`, { required: true, nonEmpty: true });
    return name === undefined ? undefined : { type, name };
  }
  if (type === 'APP') {
    c.noUnknown(obj, path, ['type', 'id']);
    const id = c.string(obj.id, `${path}.id`, { required: true, nonEmpty: true });
    if (id !== undefined && !ctx.org.hasApp(id)) c.fail(`${path}.id`, `application '${id}' does not exist`);
    return id === undefined ? undefined : { type, id };
  }
  return undefined;
}

/** `include` is required and must name at least one platform (an empty list would match nothing). */
function platform(raw: unknown, path: string, ctx: ValidationContext): PlatformCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['include']);
  const list = c.array(obj.include, `${path}.include`, { required: true, min: 1 });
  const include = (list ?? []).map((e, i) => platformEntry(e, `${path}.include[${i}]`, ctx));
  if (!list || include.some((e) => e === undefined)) return undefined;
  return { include: include as PlatformConditionEntry[] };
}

function platformEntry(raw: unknown, path: string, ctx: ValidationContext): PlatformConditionEntry | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['type', 'os']);
  const type = c.enum(obj.type, `${path}.type`, PLATFORM_TYPES, { required: true });
  const os = c.object(obj.os, `${path}.os`, { required: true });
  if (os) c.noUnknown(os, `${path}.os`, ['type']);
  const osType = os ? c.enum(os.type, `${path}.os.type`, PLATFORM_OS_TYPES, { required: true }) : undefined;
  return type && osType ? { type, os: { type: osType } } : undefined;
}

function device(raw: unknown, path: string, ctx: ValidationContext): DeviceCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['registered', 'managed']);
  const registered = c.boolean(obj.registered, `${path}.registered`);
  const managed = c.boolean(obj.managed, `${path}.managed`);
  if (managed !== undefined && registered !== true) {
    c.fail(`${path}.registered`, 'must be sent and be true when managed is sent');
  }
  return compact<DeviceCondition>({ registered, managed });
}

function riskLevel(
  raw: unknown,
  path: string,
  ctx: ValidationContext,
): (RiskScoreCondition & EntityRiskCondition) | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['level']);
  const level = c.enum(obj.level, `${path}.level`, RISK_LEVELS, { required: true });
  return level ? { level } : undefined;
}

function elCondition(raw: unknown, path: string, ctx: ValidationContext): ElCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['condition']);
  const condition = c.string(obj.condition, `${path}.condition`, { required: true, nonEmpty: true });
  return condition === undefined ? undefined : { condition };
}

/** Exactly one of include and exclude, naming at least one detection type. */
function riskDetectionTypes(
  raw: unknown,
  path: string,
  ctx: ValidationContext,
): RiskDetectionTypesCondition | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['include', 'exclude']);
  const given = (['include', 'exclude'] as const).filter((k) => obj[k] !== undefined && obj[k] !== null);
  if (given.length === 2) {
    c.fail(`${path}.exclude`, 'include and exclude cannot both be given');
    return undefined;
  }
  if (given.length === 0) {
    c.fail(`${path}.include`, 'include or exclude is required');
    return undefined;
  }
  const key = given[0];
  const values = c.enums(obj[key], `${path}.${key}`, RISK_DETECTION_TYPES, { min: 1 });
  return values ? { [key]: values } : undefined;
}
