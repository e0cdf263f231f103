// Validation of an access simulation request (POST /api/v1/policies/simulate): the body as the
// spec's request table describes it, plus the `expand` query. The shape is the contract's
// (contractCheck.ts); this module keeps what a schema cannot say: the policy context's choices
// between members, addresses, and ids that must exist. Every violated rule is reported at once
// (400 E0000001); only a well-formed request is looked up in the org, where an unknown app or user
// is a 404 E0000007.
import { Type } from '@sinclair/typebox';
import {
  SIMULATION_EXPANDS,
  SimulationPolicyContextSchema,
  SimulationRequestSchema,
} from '../../rest/contract/simulation.ts';
import type { SimulationExpand, SimulationRequest } from '../../rest/types.ts';
import { notFound, validationFailed } from '../common/errors.ts';
import { ipFamily } from '../org/network.ts';
import type { OrgView } from '../org/orgView.ts';
import { BODY_NOT_AN_OBJECT, Check, compact, isJsonObject } from '../common/check.ts';
import { checkReferences } from '../policyTypes/common.ts';
import { checkContract, checkMember } from '../policyTypes/contractCheck.ts';
import { isObject } from '../../rest/contract/shared.ts';

type PolicyContext = NonNullable<SimulationRequest['policyContext']>;
/** The request's own members; the policy context is checked member by member with its rules between. */
const RequestMembers = Type.Object(
  { ...SimulationRequestSchema.properties, policyContext: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
);

export function parseSimulationRequest(
  raw: unknown,
  expandQuery: string[],
  org: OrgView,
): { request: SimulationRequest; expand: Set<SimulationExpand> } {
  const c = new Check();
  const expand = parseExpand(c, expandQuery);
  const body = isJsonObject(raw) ? raw : void c.causes.push(BODY_NOT_AN_OBJECT);
  let request: SimulationRequest | undefined;
  if (body) {
    const members = checkContract<SimulationRequest>(RequestMembers, body, '', c);
    const policyContext = parsePolicyContext(c, body.policyContext, org);
    if (members && policyContext)
      request = { appInstance: members.appInstance, policyTypes: members.policyTypes ?? null, policyContext };
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

/**
 * The contract types the context as optional for clients; the service requires it (the spec's
 * request table). Each member is checked against its contract schema, in order, with the rules
 * between members where they belong: who (exactly one of a user or a set of groups, the groups
 * exist), where from (an address or zones, not both, the zones exist), then risk and device.
 */
function parsePolicyContext(c: Check, raw: unknown, org: OrgView): PolicyContext | undefined {
  const path = 'policyContext';
  const o = c.object(raw, path, { required: true });
  if (!o) return undefined;
  c.noUnknown(o, path, Object.keys(SimulationPolicyContextSchema.properties));
  const ok = c.causes.length;
  const read = <K extends keyof PolicyContext>(key: K): PolicyContext[K] | undefined =>
    checkMember<PolicyContext[K]>(SimulationPolicyContextSchema, o, key, path, c);

  if (isObject(o.user) && isObject(o.groups)) c.fail(path, 'must give only one of user.id or groups.ids');
  if (o.user == null && o.groups == null) c.fail(path, 'must give one of user.id or groups.ids');
  const user = read('user');
  const groups = read('groups');
  if (groups) checkReferences(c, groups.ids, `${path}.groups.ids`, (id) => org.hasGroup(id), 'group');

  const ip = read('ip');
  if (ip !== undefined && ipFamily(ip) === undefined)
    c.fail(`${path}.ip`, `must be an IPv4 or IPv6 address (got '${ip}')`);
  const zones = read('zones');
  if (zones) checkReferences(c, zones.ids, `${path}.zones.ids`, (id) => org.hasZone(id), 'zone');
  if (ip !== undefined && isObject(o.zones)) c.fail(path, 'must give only one of ip or zones.ids');

  const context = compact<PolicyContext>({ user, groups, ip, zones, risk: read('risk'), device: read('device') });
  return c.causes.length === ok ? context : undefined;
}
