// IdP discovery policy (IDP_DISCOVERY): exactly one per org, no settings; its rules route users to
// identity providers (`actions.idp`). The default rule routes to the org's own sign-in page.
import { RULE_ACTIONS, idpDiscoveryPolicyType } from '../../rest/contract/policyTypes.ts';
import type { IdpProviderType, RuleActions } from '../../rest/types.ts';
import { type JsonObject, member } from '../common/check.ts';
import { ieOnlyMember, rejectSettings } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { contractFacts, type PolicyTypeModule, type RuleValidationContext } from './registry.ts';

const PATH = 'actions.idp';
/** Provider types that identify themselves without an IdP id. */
const ID_OPTIONAL_TYPES: readonly IdpProviderType[] = ['PLATFORM', 'AgentlessDSSO', 'IWA'];
/** Provider types that may appear at most once in one action. */
const SINGLETON_TYPES: readonly IdpProviderType[] = ['AgentlessDSSO', 'IWA', 'X509'];

export const idpDiscoveryModule: PolicyTypeModule = {
  ...contractFacts(idpDiscoveryPolicyType),
  defaultPolicyName: 'Idp Discovery Policy',
  mapped: true,
  policyConditions: true,
  defaultRuleReadOnly: () => true,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'an IdP discovery policy'),

  actions: idpActions,

  defaultRule: () => ({
    name: 'Default Rule',
    conditions: null,
    actions: { idp: { providers: [{ type: 'PLATFORM' }], idpSelectionType: 'SPECIFIC' } },
  }),
};

/**
 * The shape, the limit of providers and the default property name come from the contract. The
 * spec's other rules: DYNAMIC picks the provider from the match criteria (so its provider list is
 * empty, and reads as empty when left out) and needs at least one criterion; SPECIFIC names a
 * provider and takes no criteria (an empty list is dropped); classic orgs route to one provider;
 * some provider types appear at most once, and all but three need an IdP id.
 */
function idpActions(raw: unknown, ctx: RuleValidationContext): RuleActions {
  const c = ctx.check;
  if (raw === undefined || raw === null) {
    c.fail('actions', 'is required');
    return {};
  }
  const sent = member(raw, 'idp');
  let idp = sent;
  if (idp?.idpSelectionType === 'DYNAMIC' && (idp.providers === undefined || idp.providers === null)) {
    idp = { ...idp, providers: [] };
  }
  if (idp && ctx.engine !== 'IE' && Array.isArray(idp.providers)) {
    const providers = idp.providers.map((p: unknown, i: number) => {
      const named = member(p);
      if (!named || ieOnlyMember(ctx, named.name, `${PATH}.providers[${i}].name`)) return p;
      const { name: _, ...rest } = named;
      return rest;
    });
    idp = { ...idp, providers };
  }
  const actions = checkContract<RuleActions>(
    RULE_ACTIONS.IDP_DISCOVERY,
    idp === sent ? raw : { ...(raw as JsonObject), idp },
    'actions',
    c,
  );
  const action = actions?.idp;
  if (!action) return {};
  const { providers, idpSelectionType: selection } = action;
  if (selection === 'DYNAMIC' && providers.length > 0) {
    c.fail(`${PATH}.providers`, 'must be empty when idpSelectionType is DYNAMIC');
  }
  if (selection === 'SPECIFIC' && providers.length === 0) {
    c.fail(`${PATH}.providers`, 'must name a provider when idpSelectionType is SPECIFIC');
  }
  if (providers.length > 1 && ctx.engine === 'CLASSIC') {
    c.fail(`${PATH}.providers`, 'multiple providers are available only on the identity engine');
  }
  providers.forEach((p, i) => {
    if (p.id === undefined && !ID_OPTIONAL_TYPES.includes(p.type)) c.fail(`${PATH}.providers[${i}].id`, 'is required');
  });
  for (const type of SINGLETON_TYPES) {
    const indexes = providers.flatMap((p, i) => (p.type === type ? [i] : []));
    if (indexes.length > 1) c.fail(`${PATH}.providers[${indexes[1]}].type`, `at most one ${type} provider is allowed`);
  }
  const criteria = action.matchCriteria;
  if (selection === 'DYNAMIC') {
    if (criteria === undefined) c.fail(`${PATH}.matchCriteria`, 'is required');
    else if (criteria.length === 0) c.fail(`${PATH}.matchCriteria`, 'must hold at least 1 element(s)');
  } else if (criteria !== undefined) {
    if (criteria.length > 0) c.fail(`${PATH}.matchCriteria`, 'is only allowed when idpSelectionType is DYNAMIC');
    delete action.matchCriteria;
  }
  return actions;
}
