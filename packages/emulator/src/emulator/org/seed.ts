// The org as a new org has it: one system default policy per policy type (each with its system
// default rule), exactly one IdP discovery policy, the default user type, plus the fixture's
// user types, directory (users, groups, zones) and app assignments.
import type { PolicyType } from '../../rest/types.ts';
import { POLICY_TYPES, RULE_TYPE_OF } from '../../rest/types.ts';
import { FixtureError, type OrgFixture } from './fixture.ts';
import { newId, now } from '../common/ids.ts';
import type { OrgStore, OrgData, StoredPolicy, StoredRule } from './store.ts';
import { Check } from '../common/check.ts';
import { POLICY_TYPE_MODULES } from '../policyTypes/index.ts';
import type { Engine } from '../policyTypes/registry.ts';
import { seedDirectory } from '../directory/records.ts';

export const EMULATOR_ADMIN_USER_ID = '00uemulatoradmin';

export function typesOfEngine(engine: Engine): PolicyType[] {
  return POLICY_TYPES.filter((t) => engine === 'IE' || !POLICY_TYPE_MODULES[t].ieOnly);
}

/** Creates the system default rule of a policy (used at seeding and when a policy creates its own). */
export function newDefaultRule(store: OrgStore, policy: StoredPolicy): StoredRule {
  const def = POLICY_TYPE_MODULES[policy.type].defaultRule(store.wirePolicy(policy), store.engine);
  const t = now();
  return {
    id: newId('0pr'),
    type: RULE_TYPE_OF[policy.type],
    name: def.name,
    status: 'ACTIVE',
    system: true,
    created: t,
    lastUpdated: t,
    conditions: def.conditions,
    actions: def.actions,
  };
}

/** Creates a non-system policy and, for the types that have one, its system default rule. */
export function insertPolicy(store: OrgStore, p: StoredPolicy, priority?: number): void {
  store.placePolicy(p, priority);
  if (POLICY_TYPE_MODULES[p.type].createsDefaultRule) store.placeRule(p, newDefaultRule(store, p));
}

/**
 * The settings a policy of `type` gets when none are sent (undefined for types without settings):
 * the contract's defaults, as the type's module reads them for the org's engine (MFA enrollment
 * differs between the engines).
 */
export function defaultSettings(store: OrgStore, type: PolicyType): StoredPolicy['settings'] {
  return POLICY_TYPE_MODULES[type].settings(undefined, { check: new Check(), engine: store.engine, org: store });
}

export function emptyData(): OrgData {
  return {
    policies: {},
    policyOrder: {},
    rules: {},
    userTypes: [],
    appPolicies: {},
    oauthClients: {},
    users: {},
    groups: {},
    zones: {},
  };
}

/** Fills `store` (which must be empty) with a new org's contents (fixture policies and apps come after). */
export function seedOrg(store: OrgStore, fixture: OrgFixture): void {
  const t = now();
  store.data.userTypes.push({
    id: newId('oty'),
    name: 'user',
    displayName: 'User',
    description: 'Default user type',
    default: true,
    createdBy: EMULATOR_ADMIN_USER_ID,
    lastUpdatedBy: EMULATOR_ADMIN_USER_ID,
    created: t,
    lastUpdated: t,
  });
  for (const ut of fixture.userTypes) {
    store.data.userTypes.push({
      ...ut,
      default: false,
      createdBy: EMULATOR_ADMIN_USER_ID,
      lastUpdatedBy: EMULATOR_ADMIN_USER_ID,
      created: t,
      lastUpdated: t,
    });
  }
  Object.assign(store.data, seedDirectory(fixture, store.defaultUserTypeId(), t));
  for (const type of typesOfEngine(store.engine)) {
    const settings = defaultSettings(store, type);
    const policy: StoredPolicy = {
      id: newId('00p'),
      type,
      name: POLICY_TYPE_MODULES[type].defaultPolicyName,
      system: true,
      description: `The default ${type} policy`,
      status: 'ACTIVE',
      conditions: null,
      ...(settings ? { settings } : {}),
      created: t,
      lastUpdated: t,
    };
    store.placePolicy(policy);
    store.placeRule(policy, newDefaultRule(store, policy));
  }
}

/** Maps the fixture's apps to the authentication policies it names (once its policies are seeded). */
export function assignFixtureApps(store: OrgStore, fixture: OrgFixture): void {
  for (const app of fixture.apps) {
    if (app.accessPolicyId === null) continue;
    const p = store.policy(app.accessPolicyId);
    if (p?.type !== 'ACCESS_POLICY') {
      throw new FixtureError(
        `fixture: apps ${app.id}.accessPolicyId names no authentication policy (${app.accessPolicyId})`,
      );
    }
    store.data.appPolicies[app.id] = app.accessPolicyId;
  }
}

/** The fixture's OAuth clients, registered when the org starts. */
export function seedOAuthClients(store: OrgStore, fixture: OrgFixture): void {
  const issuedAt = Math.floor(Date.now() / 1000);
  for (const client of fixture.oauthClients) {
    store.data.oauthClients[client.client_id] = { ...client, client_id_issued_at: issuedAt };
  }
}
