// Validation of an access simulation request (POST /api/v1/policies/simulate): the body as the
// spec's request table describes it, plus the `expand` query. Every violated rule is reported at
// once (400 E0000001); only a well-formed request is looked up in the org, where an unknown app or
// user is a 404 E0000007.
import { SIMULATION_POLICY_TYPES, type SimulationExpand, type SimulationRequest } from '../../rest/types.ts';
import { notFound, validationFailed } from '../http/errors.ts';
import { ipFamily } from '../org/network.ts';
import type { OrgView } from '../org/orgView.ts';
import { Check, type JsonObject } from '../policyTypes/check.ts';
import { checkReferences } from '../policyTypes/common.ts';

export const SIMULATION_EXPANDS = ['EVALUATED', 'RULE'] as const satisfies readonly SimulationExpand[];
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
  const out: PolicyContext = {};

  // Who: exactly one of a user or a set of groups.
  const user = member(c, o, path, 'user', ['id']);
  const groups = member(c, o, path, 'groups', ['ids']);
  if (user && groups) c.fail(path, 'must give only one of user.id or groups.ids');
  if (!user && !groups && o.user == null && o.groups == null) c.fail(path, 'must give one of user.id or groups.ids');
  if (user) {
    const id = c.string(user.id, `${path}.user.id`, { required: true, nonEmpty: true });
    if (id !== undefined) out.user = { id };
  }
  if (groups) {
    const ids = c.strings(groups.ids, `${path}.groups.ids`, { required: true, min: 1 });
    if (ids) {
      checkReferences(c, ids, `${path}.groups.ids`, (id) => org.hasGroup(id), 'group');
      out.groups = { ids };
    }
  }

  // Where from: an address or zones, not both.
  const ip = c.string(o.ip, `${path}.ip`, { nullable: true });
  if (ip !== undefined) {
    if (ipFamily(ip) === undefined) c.fail(`${path}.ip`, `must be an IPv4 or IPv6 address (got '${ip}')`);
    else out.ip = ip;
  }
  const zones = member(c, o, path, 'zones', ['ids']);
  if (zones) {
    const ids = c.strings(zones.ids, `${path}.zones.ids`, { required: true, min: 1 });
    if (ids) {
      checkReferences(c, ids, `${path}.zones.ids`, (id) => org.hasZone(id), 'zone');
      out.zones = { ids };
    }
  }
  if (ip !== undefined && zones) c.fail(path, 'must give only one of ip or zones.ids');

  const risk = member(c, o, path, 'risk', ['level']);
  if (risk) {
    const level = c.enum(risk.level, `${path}.risk.level`, RISK_LEVELS, { required: true });
    if (level) out.risk = { level };
  }

  const device = member(c, o, path, 'device', ['registered', 'managed', 'platform', 'assuranceId']);
  if (device) {
    const d: NonNullable<PolicyContext['device']> = {};
    const registered = c.boolean(device.registered, `${path}.device.registered`, { nullable: true });
    const managed = c.boolean(device.managed, `${path}.device.managed`, { nullable: true });
    const platform = c.string(device.platform, `${path}.device.platform`, { nullable: true, nonEmpty: true });
    const assuranceId = c.string(device.assuranceId, `${path}.device.assuranceId`, { nullable: true, nonEmpty: true });
    if (registered !== undefined) d.registered = registered;
    if (managed !== undefined) d.managed = managed;
    if (platform !== undefined) d.platform = platform;
    if (assuranceId !== undefined) d.assuranceId = assuranceId;
    out.device = d;
  }
  return out;
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
