// The org fixture: the directory data (groups, users, zones, apps, extra user types) that the
// policy services refer to but do not manage, and the policies (with their rules) the org starts
// with. Loaded at start; a bad file stops the start with a message that names the offending member,
// and a member the fixture does not know is an error that lists the known ones.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LifecycleStatus, PolicyType } from '../../rest/types.ts';
import {
  type AuthMethod,
  CLIENT_KEYS,
  type ClientMetadata,
  type OAuthClientInput,
  parseClientMetadata,
  SECRET_METHODS,
} from '../access/clients.ts';
import { ADMIN_ROLES, type AdminRole } from '../access/principal.ts';
import { digest, hashPassword } from '../access/secrets.ts';
import { Check } from '../common/check.ts';
import { unknownKeys } from '../common/unknownKeys.ts';
import { gatewayProblem } from './network.ts';

export interface FixtureUserType {
  id: string;
  name: string;
  displayName: string;
  description: string;
}
export interface FixtureGroup {
  id: string;
  name: string;
  description?: string;
}
export interface FixtureUser {
  id: string;
  login: string;
  /** Absent: the login. */
  email?: string;
  firstName?: string;
  lastName?: string;
  groupIds: string[];
  /** Absent: the user has the default user type. */
  typeId?: string;
  /** Absent or null: not an admin (cannot get a token with API scopes). */
  adminRole?: AdminRole | null;
  /** The scrypt hash of the password (the fixture's password is never kept); absent: cannot sign in. */
  passwordHash?: string;
}
/** An API token (`SSWS <token>`) of an admin; only its digest is kept. */
export interface FixtureApiToken {
  id: string;
  userId: string;
  tokenDigest: string;
}
/** An OAuth client the org starts with (RFC 7591 metadata with its client_id). */
export type FixtureOAuthClient = ClientMetadata & { client_id: string };
export interface ZoneGateway {
  type: 'CIDR' | 'RANGE';
  value: string;
}
export interface FixtureZone {
  id: string;
  name: string;
  gateways: ZoneGateway[];
}
export interface FixtureApp {
  id: string;
  name: string;
  label: string;
  status: 'ACTIVE' | 'INACTIVE';
  /** null: mapped to the default authentication policy. */
  accessPolicyId: string | null;
  [extra: string]: unknown;
}
/**
 * A policy the org starts with: the body of a create (checked by the API's own validators when the
 * org is seeded), with its rules. `system: true` replaces the type's default policy (and a rule with
 * `system: true` that policy's default rule) instead of adding one. Without an id, one is made.
 */
export interface FixturePolicy {
  id?: string;
  type: PolicyType;
  name: string;
  description?: string | null;
  status?: LifecycleStatus;
  system?: boolean;
  conditions?: unknown;
  settings?: unknown;
  /** In priority order (the default rule, which stays last, aside). */
  rules?: FixtureRule[];
}
export interface FixtureRule {
  id?: string;
  type: string;
  name: string;
  status?: LifecycleStatus;
  system?: boolean;
  conditions?: unknown;
  actions?: unknown;
}
export interface OrgFixture {
  userTypes: FixtureUserType[];
  groups: FixtureGroup[];
  users: FixtureUser[];
  zones: FixtureZone[];
  apps: FixtureApp[];
  /** In priority order per type (the default policy, which stays last, aside). */
  policies: FixturePolicy[];
  apiTokens: FixtureApiToken[];
  oauthClients: FixtureOAuthClient[];
}

/** A fixture as written: every list optional; an app's label, status and policy have defaults. */
export interface FixtureInput {
  userTypes?: (Omit<FixtureUserType, 'description'> & { description?: string })[];
  groups?: FixtureGroup[];
  users?: (Omit<FixtureUser, 'groupIds' | 'passwordHash'> & {
    groupIds?: string[];
    /** Kept only as a hash. */
    password?: string;
  })[];
  zones?: FixtureZone[];
  apps?: (Pick<FixtureApp, 'id' | 'name'> & Partial<FixtureApp>)[];
  policies?: FixturePolicy[];
  /** Without an id, one is made. */
  apiTokens?: { id?: string; token: string; userId: string }[];
  oauthClients?: OAuthClientInput[];
}

/** The members each level of a fixture knows (apps are open: extra members are served as they are). */
export const FIXTURE_KEYS = {
  root: ['userTypes', 'groups', 'users', 'zones', 'apps', 'policies', 'apiTokens', 'oauthClients'],
  userTypes: ['id', 'name', 'displayName', 'description'],
  groups: ['id', 'name', 'description'],
  users: ['id', 'login', 'groupIds', 'typeId', 'adminRole', 'password', 'email', 'firstName', 'lastName'],
  apiTokens: ['id', 'token', 'userId'],
  oauthClients: CLIENT_KEYS,
  zones: ['id', 'name', 'gateways'],
  gateways: ['type', 'value'],
  policies: ['id', 'type', 'name', 'description', 'status', 'system', 'conditions', 'settings', 'rules'],
  rules: ['id', 'type', 'name', 'status', 'system', 'conditions', 'actions'],
} as const;

export const BUILTIN_FIXTURE_PATH = fileURLToPath(new URL('./fixture.default.json', import.meta.url));

export class FixtureError extends Error {
  /** What a caught error reports (`err.name`), also where `instanceof` cannot be used (CommonJS). */
  override readonly name = 'FixtureError';
}

/** Reads and validates a fixture file; throws FixtureError with every problem found. */
export function loadFixture(path: string = BUILTIN_FIXTURE_PATH): OrgFixture {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new FixtureError(`fixture ${path}: cannot be read as JSON (${(e as Error).message})`);
  }
  return parseFixture(raw, `fixture ${path}`);
}

const ID = /^[A-Za-z0-9_-]+$/;
const USER_TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Validates a fixture object; throws FixtureError with every problem found. */
export function parseFixture(raw: unknown, label = 'fixture'): OrgFixture {
  const c = new Check();
  const top = c.object(raw, '(root)', { required: true }) ?? {};
  unknownKeys(c, top, '', FIXTURE_KEYS.root);
  const fixture: OrgFixture = {
    userTypes: parseEntries(c, top, 'userTypes', parseUserType, FIXTURE_KEYS.userTypes),
    groups: parseEntries(c, top, 'groups', parseGroup, FIXTURE_KEYS.groups),
    users: parseEntries(c, top, 'users', parseUser, FIXTURE_KEYS.users),
    zones: parseEntries(c, top, 'zones', parseZone, FIXTURE_KEYS.zones),
    apps: parseEntries(c, top, 'apps', parseApp),
    policies: parseEntries(c, top, 'policies', parsePolicy, FIXTURE_KEYS.policies, { idOptional: true }),
    apiTokens: parseEntries(c, top, 'apiTokens', parseApiToken, FIXTURE_KEYS.apiTokens, { idOptional: true }),
    oauthClients: parseOAuthClients(c, top.oauthClients, 'oauthClients'),
  };
  checkCrossReferences(c, fixture);
  if (!c.ok) throw new FixtureError(`${label} is invalid:\n  - ${c.causes.join('\n  - ')}`);
  return fixture;
}

type EntryParser<T> = (c: Check, o: Record<string, unknown> & { id: string }, path: string) => T;

/**
 * One list of the fixture: objects with a unique id each (made later when `idOptional` and absent),
 * with only the `known` members (any when absent), then parsed by `parse`.
 */
function parseEntries<T>(
  c: Check,
  top: Record<string, unknown>,
  key: string,
  parse: EntryParser<T>,
  known?: readonly string[],
  o: { idOptional?: boolean } = {},
): T[] {
  return parseList(c, top[key], key, parse, known, o);
}

/** A list at any level (the rules of a policy too). */

function parseList<T>(
  c: Check,
  list: unknown,
  key: string,
  parse: EntryParser<T>,
  known?: readonly string[],
  { idOptional = false } = {},
): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  (c.array(list, key) ?? []).forEach((entry, i) => {
    const path = `${key}[${i}]`;
    const o = c.object(entry, path, { required: true });
    if (!o) return;
    if (known) unknownKeys(c, o, `${path}.`, known);
    const id = c.string(o.id, `${path}.id`, {
      required: !idOptional,
      pattern: ID,
      patternText: 'must be letters, digits, _ or -',
    });
    if (id !== undefined && seen.has(id)) c.fail(`${path}.id`, `duplicates id ${id}`);
    if (id !== undefined) seen.add(id);
    out.push(parse(c, { ...o, id: id ?? '' }, path));
  });
  return out;
}

const parseUserType: EntryParser<FixtureUserType> = (c, o, p) => ({
  id: o.id,
  name:
    c.string(o.name, `${p}.name`, {
      required: true,
      pattern: USER_TYPE_NAME,
      patternText: 'must start with a letter and hold only letters, digits or _',
    }) ?? '',
  displayName: c.string(o.displayName, `${p}.displayName`, { required: true, nonEmpty: true }) ?? '',
  description: c.string(o.description, `${p}.description`) ?? '',
});

const parseGroup: EntryParser<FixtureGroup> = (c, o, p) => {
  const group: FixtureGroup = { id: o.id, name: c.string(o.name, `${p}.name`, { required: true }) ?? '' };
  const description = c.string(o.description, `${p}.description`);
  if (description !== undefined) group.description = description;
  return group;
};

const parseUser: EntryParser<FixtureUser> = (c, o, p) => {
  const user: FixtureUser = {
    id: o.id,
    login: c.string(o.login, `${p}.login`, { required: true }) ?? '',
    groupIds: c.strings(o.groupIds, `${p}.groupIds`) ?? [],
  };
  const adminRole = c.enum(o.adminRole, `${p}.adminRole`, ADMIN_ROLES, { nullable: true });
  if (adminRole) user.adminRole = adminRole;
  const typeId = c.string(o.typeId, `${p}.typeId`, { nullable: true });
  if (typeId) user.typeId = typeId;
  for (const key of ['email', 'firstName', 'lastName'] as const) {
    const value = c.string(o[key], `${p}.${key}`, { nonEmpty: true });
    if (value !== undefined) user[key] = value;
  }
  const password = c.string(o.password, `${p}.password`, { nonEmpty: true });
  if (password) user.passwordHash = hashPassword(password);
  return user;
};

// Printable ASCII without spaces, as the configured token; its value is never echoed.
const TOKEN = /^[\x21-\x7e]+$/;

const parseApiToken: EntryParser<FixtureApiToken> = (c, o, p) => {
  const token = c.string(o.token, `${p}.token`, {
    required: true,
    pattern: TOKEN,
    patternText: 'must be printable ASCII without spaces',
  });
  return {
    id: o.id || `00T${digest(token ?? '').slice(0, 17)}`,
    userId: c.string(o.userId, `${p}.userId`, { required: true }) ?? '',
    tokenDigest: digest(token ?? ''),
  };
};

const CLIENT_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/** OAuth clients (the fixture's, or the emulator's `oauthClients` option), checked as registration checks them. */
export function parseOAuthClients(c: Check, list: unknown, key: string): FixtureOAuthClient[] {
  const out: FixtureOAuthClient[] = [];
  const seen = new Set<string>();
  (c.array(list, key) ?? []).forEach((entry, i) => {
    const path = `${key}[${i}]`;
    const o = c.object(entry, path, { required: true });
    if (!o) return;
    unknownKeys(c, o, `${path}.`, CLIENT_KEYS);
    const id = c.string(o.client_id, `${path}.client_id`, {
      required: true,
      pattern: CLIENT_ID,
      patternText: 'must be 1 to 100 letters, digits, _, . or -',
    });
    if (id !== undefined && seen.has(id)) c.fail(`${path}.client_id`, `duplicates client_id ${id}`);
    if (id !== undefined) seen.add(id);
    const { metadata, problems } = parseClientMetadata(o);
    for (const problem of problems) c.fail(path, problem.description);
    const secret = metadata && clientSecretOf(c, o.client_secret, metadata.token_endpoint_auth_method, path);
    if (metadata && id) out.push({ client_id: id, ...metadata, ...secret });
  });
  return out;
}

/** A declared client's secret (client secret methods only), kept as its digest. */
function clientSecretOf(c: Check, secret: unknown, method: AuthMethod, path: string) {
  if (!SECRET_METHODS.includes(method)) {
    if (secret !== undefined) c.fail(`${path}.client_secret`, `is only for client_secret_basic or client_secret_post`);
    return {};
  }
  const given = c.string(secret, `${path}.client_secret`, {
    required: true,
    pattern: /^[\x21-\x7e]{14,100}$/,
    patternText: 'must be 14 to 100 printable ASCII characters without spaces',
  });
  return given === undefined ? {} : { client_secret_expires_at: 0, client_secret_digest: digest(given) };
}

const parseZone: EntryParser<FixtureZone> = (c, o, p) => ({
  id: o.id,
  name: c.string(o.name, `${p}.name`, { required: true }) ?? '',
  gateways: (c.array(o.gateways, `${p}.gateways`) ?? []).map((g, i) => parseGateway(c, g, `${p}.gateways[${i}]`)),
});

/** A policy's own members are checked when the org is seeded, by the API's validators. */
const parsePolicy: EntryParser<FixturePolicy> = (c, o, p) => {
  const { id, rules, ...rest } = o;
  const policy = { ...(id ? { id } : {}), ...rest } as unknown as FixturePolicy;
  const parsed = parseList(c, rules, `${p}.rules`, parseRule, FIXTURE_KEYS.rules, { idOptional: true });
  if (rules !== undefined) policy.rules = parsed;
  return policy;
};

const parseRule: EntryParser<FixtureRule> = (_c, o) => {
  const { id, ...rest } = o;
  return { ...(id ? { id } : {}), ...rest } as unknown as FixtureRule;
};

function parseGateway(c: Check, raw: unknown, path: string): ZoneGateway {
  const o = c.object(raw, path, { required: true }) ?? {};
  unknownKeys(c, o, `${path}.`, FIXTURE_KEYS.gateways);
  const type = c.enum(o.type, `${path}.type`, ['CIDR', 'RANGE'] as const, { required: true }) ?? 'CIDR';
  const value = c.string(o.value, `${path}.value`, { required: true }) ?? '';
  const problem = value ? gatewayProblem({ type, value }) : undefined;
  if (problem) c.fail(`${path}.value`, `is not a valid ${type} (${value}): ${problem}`);
  return { type, value };
}

const parseApp: EntryParser<FixtureApp> = (c, o, p) => ({
  ...o,
  name: c.string(o.name, `${p}.name`, { required: true }) ?? '',
  label: c.string(o.label, `${p}.label`) ?? (o.name as string),
  status: c.enum(o.status, `${p}.status`, ['ACTIVE', 'INACTIVE'] as const) ?? 'ACTIVE',
  accessPolicyId: c.string(o.accessPolicyId, `${p}.accessPolicyId`, { nullable: true }) ?? null,
});

/** Users name existing groups and user types; the default type makes at most 10 types in all. */
function checkCrossReferences(c: Check, fixture: OrgFixture): void {
  const groupIds = new Set(fixture.groups.map((g) => g.id));
  const typeIds = new Set(fixture.userTypes.map((t) => t.id));
  fixture.users.forEach((u, i) => {
    u.groupIds.forEach((g, j) => {
      if (!groupIds.has(g)) c.fail(`users[${i}].groupIds[${j}]`, `names unknown group ${g}`);
    });
    if (u.typeId && !typeIds.has(u.typeId)) c.fail(`users[${i}].typeId`, `names unknown user type ${u.typeId}`);
  });
  if (fixture.userTypes.length > 9) c.fail('userTypes', 'must hold at most 9 types (the default type makes 10)');
  const logins = new Set<string>();
  fixture.users.forEach((u, i) => {
    const login = u.login.toLowerCase();
    if (logins.has(login)) c.fail(`users[${i}].login`, `duplicates login ${u.login}`);
    logins.add(login);
  });
  const tokens = new Set<string>();
  fixture.apiTokens.forEach((t, i) => {
    const owner = fixture.users.find((u) => u.id === t.userId);
    if (!owner?.adminRole) c.fail(`apiTokens[${i}].userId`, `must name a user with an adminRole (${t.userId})`);
    if (tokens.has(t.tokenDigest)) c.fail(`apiTokens[${i}].token`, 'repeats the token of another entry');
    tokens.add(t.tokenDigest);
  });
}
