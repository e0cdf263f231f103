// The org fixture: the directory data (groups, users, zones, apps, extra user types) that the
// policy services refer to but do not manage. Loaded at start; a bad file stops the start with a
// message that names the offending member.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Check } from '../policyTypes/check.ts';
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
}
export interface FixtureUser {
  id: string;
  login: string;
  groupIds: string[];
  /** Absent: the user has the default user type. */
  typeId?: string;
}
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
export interface OrgFixture {
  userTypes: FixtureUserType[];
  groups: FixtureGroup[];
  users: FixtureUser[];
  zones: FixtureZone[];
  apps: FixtureApp[];
}

export const BUILTIN_FIXTURE_PATH = fileURLToPath(new URL('./fixture.default.json', import.meta.url));

export class FixtureError extends Error {}

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

export function parseFixture(raw: unknown, label = 'fixture'): OrgFixture {
  const c = new Check();
  const top = c.object(raw, '(root)', { required: true }) ?? {};
  const list = <T>(key: string, each: (o: Record<string, unknown>, p: string) => T): T[] => {
    const arr = c.array(top[key], key) ?? [];
    const out: T[] = [];
    const seen = new Set<string>();
    arr.forEach((e, i) => {
      const p = `${key}[${i}]`;
      const o = c.object(e, p, { required: true });
      if (!o) return;
      const id = c.string(o.id, `${p}.id`, {
        required: true,
        pattern: ID,
        patternText: 'must be letters, digits, _ or -',
      });
      if (id !== undefined && seen.has(id)) c.fail(`${p}.id`, `duplicates id ${id}`);
      if (id !== undefined) seen.add(id);
      out.push(each(o, p));
    });
    return out;
  };
  const fixture: OrgFixture = {
    userTypes: list('userTypes', (o, p) => ({
      id: o.id as string,
      name:
        c.string(o.name, `${p}.name`, {
          required: true,
          pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
          patternText: 'must start with a letter and hold only letters, digits or _',
        }) ?? '',
      displayName: c.string(o.displayName, `${p}.displayName`, { required: true, nonEmpty: true }) ?? '',
      description: c.string(o.description, `${p}.description`) ?? '',
    })),
    groups: list('groups', (o, p) => ({
      id: o.id as string,
      name: c.string(o.name, `${p}.name`, { required: true }) ?? '',
    })),
    users: list('users', (o, p) => {
      const u: FixtureUser = {
        id: o.id as string,
        login: c.string(o.login, `${p}.login`, { required: true }) ?? '',
        groupIds: c.strings(o.groupIds, `${p}.groupIds`) ?? [],
      };
      const typeId = c.string(o.typeId, `${p}.typeId`, { nullable: true });
      if (typeId) u.typeId = typeId;
      return u;
    }),
    zones: list('zones', (o, p) => ({
      id: o.id as string,
      name: c.string(o.name, `${p}.name`, { required: true }) ?? '',
      gateways: (c.array(o.gateways, `${p}.gateways`) ?? []).map((g, i) => {
        const gp = `${p}.gateways[${i}]`;
        const go = c.object(g, gp, { required: true }) ?? {};
        const type = c.enum(go.type, `${gp}.type`, ['CIDR', 'RANGE'] as const, { required: true }) ?? 'CIDR';
        const value = c.string(go.value, `${gp}.value`, { required: true }) ?? '';
        const problem = value ? gatewayProblem({ type, value }) : undefined;
        if (problem) c.fail(`${gp}.value`, `is not a valid ${type} (${value}): ${problem}`);
        return { type, value };
      }),
    })),
    apps: list('apps', (o, p) => ({
      ...o,
      id: o.id as string,
      name: c.string(o.name, `${p}.name`, { required: true }) ?? '',
      label: c.string(o.label, `${p}.label`) ?? (o.name as string),
      status: c.enum(o.status, `${p}.status`, ['ACTIVE', 'INACTIVE'] as const) ?? 'ACTIVE',
      accessPolicyId: c.string(o.accessPolicyId, `${p}.accessPolicyId`, { nullable: true }) ?? null,
    })),
  };
  // Cross references must resolve.
  const groupIds = new Set(fixture.groups.map((g) => g.id));
  const typeIds = new Set(fixture.userTypes.map((t) => t.id));
  fixture.users.forEach((u, i) => {
    u.groupIds.forEach((g, j) => {
      if (!groupIds.has(g)) c.fail(`users[${i}].groupIds[${j}]`, `names unknown group ${g}`);
    });
    if (u.typeId && !typeIds.has(u.typeId)) c.fail(`users[${i}].typeId`, `names unknown user type ${u.typeId}`);
  });
  if (fixture.userTypes.length > 9) c.fail('userTypes', 'must hold at most 9 types (the default type makes 10)');
  if (!c.ok) throw new FixtureError(`${label} is invalid:\n  - ${c.causes.join('\n  - ')}`);
  return fixture;
}
