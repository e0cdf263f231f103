// IP network zones, as the platform's network zones service has them: create, read, list, replace
// and delete, with `gateways` (and `proxies`) of CIDR blocks and address ranges. The network
// condition matches a request's address against the live zones. As the platform does, a deleted zone
// leaves every policy and rule that names it, but a zone that is the only one of a rule's list cannot
// be deleted (403 E0000142 UNMET_REQUIREMENTS, naming the rules).
import { type NetworkZoneInput, NetworkZoneInputSchema } from '../../rest/contract/directory.ts';
import { operationPath } from '../../rest/contract/operations.ts';
import { notAllowed, notFound, validationFailed } from '../common/errors.ts';
import { type Handler, noContent, ok } from './handler.ts';
import { newId, now } from '../common/ids.ts';
import { gatewayProblem } from '../org/network.ts';
import type { OrgStore } from '../org/store.ts';
import { Check } from '../common/check.ts';
import { checkContract } from '../policyTypes/contractCheck.ts';
import { directoryFull, type StoredZone } from '../directory/records.ts';
import { dropReferences, soleReferencesTo } from '../directory/references.ts';
import { toWireZone } from '../directory/wire.ts';
import { pageOf } from './directoryPaging.ts';
import { bodyObject, ROUTE_WORDING } from './shared.ts';

function findZone(store: OrgStore, id: string): StoredZone {
  const z = store.storedZone(id);
  if (!z) throw notFound(`${id} (Zone)`);
  return z;
}

function checkZoneBody(store: OrgStore, body: unknown, self?: string): NetworkZoneInput {
  const c = new Check();
  const input = checkContract<NetworkZoneInput>(NetworkZoneInputSchema, bodyObject(body), '', c, ROUTE_WORDING);
  for (const member of ['gateways', 'proxies'] as const) {
    (input?.[member] ?? []).forEach((g, i) => {
      const problem = gatewayProblem(g);
      if (problem) c.fail(`${member}[${i}].value`, `is not a valid ${g.type} (${g.value}): ${problem}`);
    });
  }
  const name = input?.name.toLowerCase();
  if (input && Object.values(store.data.zones).some((z) => z.id !== self && z.name.toLowerCase() === name)) {
    c.fail('name', 'An object with this field already exists in the current organization');
  }
  if (!input || !c.ok) throw validationFailed(c.causes);
  return input;
}

const gatewaysOf = (list: NetworkZoneInput['gateways']) => (list?.length ? list.map((g) => ({ ...g })) : null);

export const listNetworkZones: Handler = ({ store, base, query }) =>
  pageOf(Object.values(store.data.zones), base, operationPath('listNetworkZones'), query, (z) => toWireZone(base, z));

export const getNetworkZone: Handler = ({ store, base, params }) =>
  ok(toWireZone(base, findZone(store, params.zoneId)));

export const createNetworkZone: Handler = ({ store, base, body }) => {
  const input = checkZoneBody(store, body);
  const full = directoryFull(store.data, 'zones');
  if (full) throw validationFailed([`(zone): ${full}`]);
  const t = now();
  const zone: StoredZone = {
    id: newId('nzo'),
    type: 'IP',
    name: input.name,
    status: 'ACTIVE',
    usage: input.usage ?? 'POLICY',
    system: false,
    created: t,
    lastUpdated: t,
    gateways: gatewaysOf(input.gateways),
    proxies: gatewaysOf(input.proxies),
  };
  store.data.zones[zone.id] = zone;
  store.changed();
  return ok(toWireZone(base, zone));
};

export const replaceNetworkZone: Handler = ({ store, base, params, body }) => {
  const zone = findZone(store, params.zoneId);
  const input = checkZoneBody(store, body, zone.id);
  Object.assign(zone, {
    name: input.name,
    usage: input.usage ?? zone.usage,
    gateways: gatewaysOf(input.gateways),
    proxies: gatewaysOf(input.proxies),
    lastUpdated: now(),
  });
  store.changed();
  return ok(toWireZone(base, zone));
};

export const deleteNetworkZone: Handler = ({ store, params }) => {
  const zone = findZone(store, params.zoneId);
  const names = soleReferencesTo(store, 'zone', zone.id);
  if (names.length) {
    throw notAllowed(
      'UNMET_REQUIREMENTS',
      `the zone is the only zone of ${names.join(', ')}; give them another zone first`,
    );
  }
  delete store.data.zones[zone.id];
  dropReferences(store, 'zone', zone.id);
  store.changed();
  return noContent();
};

/** The handler of each operation on network zones (the router is built from them). */
export const HANDLERS = {
  listNetworkZones,
  createNetworkZone,
  getNetworkZone,
  replaceNetworkZone,
  deleteNetworkZone,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;
