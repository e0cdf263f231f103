// Validation of an access simulation request (POST /api/v1/policies/simulate): the body as the
// spec's request table describes it, plus the `expand` query. Every violated rule is reported at
// once (400 E0000001); only a well-formed request is looked up in the org, where an unknown app or
// user is a 404 E0000007.
import { SIMULATION_EXPANDS } from '../../rest/contract/simulation.ts';
import { SIMULATION_POLICY_TYPES, type SimulationExpand, type SimulationRequest } from '../../rest/types.ts';
import { notFound, validationFailed } from '../http/errors.ts';
import { ipFamily } from '../org/network.ts';
import type { OrgView } from '../org/orgView.ts';
import { Check, type JsonObject } from '../policyTypes/check.ts';
import { checkReferences } from '../policyTypes/common.ts';

const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
type PolicyContext = NonNullable<SimulationRequest['policyContext']>;

export function parseSimulationRequest(
  raw: unknown,
  expandQuery: string[],
  org: OrgView,
): { request: SimulationRequest; expand: Set<SimulationExpand> } {
  const c = new Check();
  const expand = parseExpand(c, expandQuery);
  const body = c.object(raw, 'body', { required: true });
  let request: SimulationRequest | undefined;
  if (body) {
    c.noUnknown(body, '', ['policyTypes', 'appInstance', 'policyContext']);
    const policyTypes = c.enums(body.policyTypes, 'policyTypes', SIMULATION_POLICY_TYPES, { nullable: true, min: 1 });
    const appInstance = c.string(body.appInstance, 'appInstance', { required: true, nonEmpty: true });
    const policyContext = parsePolicyContext(c, body.policyContext, org);
    if (appInstance !== undefined) {
      request = { appInstance, policyTypes: policyTypes ?? null };
      if (policyContext) request.policyContext = policyContext;
    }
  }
  if (!c.ok || !request) throw validationFailed(c.causes);

  if (!org.app(request.appInstance)) throw notFound(`${request.appInstance} (AppInstance)`);
  const userId = request.policyContext?.user?.id;
  if (userId !== undefined && !org.user(userId)) throw notFound(`${userId} (User)`);
  return { request, expand };
}

/** `expand` may be repeated and may hold comma-separated values; values are case-sensitive. */
function parseExpand(c: Check, values: string[]): Set<SimulationExpand> {
  const out = new Set<SimulationExpand>();
  for (const value of values.flatMap((v) => v.split(','))) {
    if (value === '') continue;
    if ((SIMULATION_EXPANDS as readonly string[]).includes(value)) out.add(value as SimulationExpand);
    else c.fail('expand', `must be one of ${SIMULATION_EXPANDS.join(', ')} (got '${value}')`);
  }
  return out;
}

function parsePolicyContext(c: Check, raw: unknown, org: OrgView): PolicyContext | undefined {
  const path = 'policyContext';
  const o = c.object(raw, path, { required: true });
  if (!o) return undefined;
  c.noUnknown(o, path, ['user', 'groups', 'ip', 'zones', 'risk', 'device']);
  return {
    ...parseWho(c, o, path, org),
    ...parseWhereFrom(c, o, path, org),
    ...parseRisk(c, o, path),
    ...parseDevice(c, o, path),
  };
}

/** Who: exactly one of a user or a set of groups. */
function parseWho(c: Check, o: JsonObject, path: string, org: OrgView): Pick<PolicyContext, 'user' | 'groups'> {
  const out: Pick<PolicyContext, 'user' | 'groups'> = {};
  const user = member(c, o, path, 'user', ['id']);
  const groups = member(c, o, path, 'groups', ['ids']);
  if (user && groups) c.fail(path, 'must give only one of user.id or groups.ids');
  if (!user && !groups && o.user == null && o.groups == null) c.fail(path, 'must give one of user.id or groups.ids');
  if (user) {
    const id = c.string(user.id, `${path}.user.id`, { required: true, nonEmpty: true });
    if (id !== undefined) out.user = { id };
  }
  const groupIds = groups && knownIds(c, groups, `${path}.groups`, (id) => org.hasGroup(id), 'group');
  if (groupIds) out.groups = { ids: groupIds };
  return out;
}

/** Where from: an address or zones, not both. */
function parseWhereFrom(c: Check, o: JsonObject, path: string, org: OrgView): Pick<PolicyContext, 'ip' | 'zones'> {
  const out: Pick<PolicyContext, 'ip' | 'zones'> = {};
  const ip = c.string(o.ip, `${path}.ip`, { nullable: true });
  if (ip !== undefined) {
    if (ipFamily(ip) === undefined) c.fail(`${path}.ip`, `must be an IPv4 or IPv6 address (got '${ip}')`);
    else out.ip = ip;
  }
  const zones = member(c, o, path, 'zones', ['ids']);
  const zoneIds = zones && knownIds(c, zones, `${path}.zones`, (id) => org.hasZone(id), 'zone');
  if (zoneIds) out.zones = { ids: zoneIds };
  if (ip !== undefined && zones) c.fail(path, 'must give only one of ip or zones.ids');
  return out;
}

function parseRisk(c: Check, o: JsonObject, path: string): Pick<PolicyContext, 'risk'> {
  const risk = member(c, o, path, 'risk', ['level']);
  const level = risk && c.enum(risk.level, `${path}.risk.level`, RISK_LEVELS, { required: true });
  return level ? { risk: { level } } : {};
}

function parseDevice(c: Check, o: JsonObject, path: string): Pick<PolicyContext, 'device'> {
  const device = member(c, o, path, 'device', ['registered', 'managed', 'platform', 'assuranceId']);
  if (!device) return {};
  const p = `${path}.device`;
  const d: NonNullable<PolicyContext['device']> = {};
  const registered = c.boolean(device.registered, `${p}.registered`, { nullable: true });
  const managed = c.boolean(device.managed, `${p}.managed`, { nullable: true });
  const platform = c.string(device.platform, `${p}.platform`, { nullable: true, nonEmpty: true });
  const assuranceId = c.string(device.assuranceId, `${p}.assuranceId`, { nullable: true, nonEmpty: true });
  if (registered !== undefined) d.registered = registered;
  if (managed !== undefined) d.managed = managed;
  if (platform !== undefined) d.platform = platform;
  if (assuranceId !== undefined) d.assuranceId = assuranceId;
  return { device: d };
}

/** The required, non-empty `ids` of a member, each of which must exist in the org. */
function knownIds(
  c: Check,
  o: JsonObject,
  path: string,
  exists: (id: string) => boolean,
  kind: string,
): string[] | undefined {
  const ids = c.strings(o.ids, `${path}.ids`, { required: true, min: 1 });
  if (ids) checkReferences(c, ids, `${path}.ids`, exists, kind);
  return ids;
}

/** A nested object member (null counts as absent), with its unknown properties reported. */
function member(
  c: Check,
  parent: JsonObject,
  path: string,
  key: string,
  known: readonly string[],
): JsonObject | undefined {
  const o = c.object(parent[key], `${path}.${key}`, { nullable: true });
  if (o) c.noUnknown(o, `${path}.${key}`, known);
  return o;
}
