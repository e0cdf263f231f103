// The facts the conditions are tested against, resolved once per simulation from the request and
// the org fixture. A member left undefined is a fact the request does not give; conditions that
// need it evaluate to UNDEFINED.
import type { SimulationRequest } from '../../rest/types.ts';
import type { FixtureApp } from '../org/fixture.ts';
import { ipInGateways } from '../org/network.ts';
import type { OrgView } from '../org/orgView.ts';

export interface EvaluationFacts {
  appId: string;
  /** The fixture app behind `appInstance` (its name is what APP_TYPE entries compare with). */
  app: FixtureApp | undefined;
  /** Undefined when the request names groups instead of a user. */
  userId?: string;
  /** The user's groups from the fixture, or the request's group ids. */
  groupIds: ReadonlySet<string>;
  /** The user's type (the default type when the fixture gives none); undefined without a user. */
  userTypeId?: string;
  /** Zones the request's ip falls in, or the request's zone ids; undefined when neither is given. */
  zoneIds?: ReadonlySet<string>;
  riskLevel?: 'LOW' | 'MEDIUM' | 'HIGH';
  deviceRegistered?: boolean;
  deviceManaged?: boolean;
  /** Upper-cased, to compare with a platform condition's `os.type`. */
  devicePlatform?: string;
}

export function resolveFacts(org: OrgView, request: SimulationRequest): EvaluationFacts {
  const ctx = request.policyContext ?? {};
  const user = ctx.user ? org.user(ctx.user.id) : undefined;
  const facts: EvaluationFacts = {
    appId: request.appInstance,
    app: org.app(request.appInstance),
    groupIds: new Set(user ? user.groupIds : (ctx.groups?.ids ?? [])),
  };
  if (ctx.user) {
    facts.userId = ctx.user.id;
    facts.userTypeId = user?.typeId ?? org.defaultUserTypeId();
  }
  if (ctx.ip !== undefined) {
    const ip = ctx.ip;
    facts.zoneIds = new Set(
      org
        .zones()
        .filter((z) => ipInGateways(ip, z.gateways))
        .map((z) => z.id),
    );
  } else if (ctx.zones) {
    facts.zoneIds = new Set(ctx.zones.ids);
  }
  if (ctx.risk) facts.riskLevel = ctx.risk.level;
  if (ctx.device) {
    facts.deviceRegistered = ctx.device.registered;
    facts.deviceManaged = ctx.device.managed;
    facts.devicePlatform = ctx.device.platform?.toUpperCase();
  }
  return facts;
}
