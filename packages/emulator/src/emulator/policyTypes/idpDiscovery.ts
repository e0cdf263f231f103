// IdP discovery policy (IDP_DISCOVERY): exactly one per org, no settings; its rules route users to
// identity providers (`actions.idp`). The default rule routes to the org's own sign-in page.
import { IDP_PROVIDER_TYPES, type IdpAction, type IdpProvider, type IdpProviderType } from '../../rest/types.ts';
import { compact } from './check.ts';
import { ieOnlyMember, rejectSettings, singleAction } from './common.ts';
import type { PolicyTypeModule, RuleValidationContext } from './registry.ts';

const MAX_PROVIDERS = 10;
/** Provider types that identify themselves without an IdP id. */
const ID_OPTIONAL_TYPES: readonly IdpProviderType[] = ['PLATFORM', 'AgentlessDSSO', 'IWA'];
/** Provider types that may appear at most once in one action. */
const SINGLETON_TYPES: readonly IdpProviderType[] = ['AgentlessDSSO', 'IWA', 'X509'];

export const idpDiscoveryModule: PolicyTypeModule = {
  policyType: 'IDP_DISCOVERY',
  ruleType: 'IDP_DISCOVERY',
  ieOnly: false,
  policyConditions: true,
  maxPolicies: 1,
  firstRulePriority: 1,
  createsDefaultRule: false,
  defaultRuleReadOnly: () => true,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'an IdP discovery policy'),

  actions: (raw, ctx) => singleAction(raw, ctx.check, 'idp', (value) => idpAction(value, ctx)),

  defaultRule: () => ({
    name: 'Default Rule',
    conditions: null,
    actions: { idp: { providers: [{ type: 'PLATFORM' }], idpSelectionType: 'SPECIFIC' } },
  }),
};

function idpAction(raw: unknown, ctx: RuleValidationContext): IdpAction | undefined {
  const c = ctx.check;
  const path = 'actions.idp';
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['providers', 'idpSelectionType', 'matchCriteria']);
  const selection = c.enum(obj.idpSelectionType, `${path}.idpSelectionType`, ['SPECIFIC', 'DYNAMIC'] as const, {
    required: true,
  });
  const dynamic = selection === 'DYNAMIC';

  // DYNAMIC picks the provider from the match criteria, so a missing list there reads as empty.
  const list =
    c.array(obj.providers, `${path}.providers`, { required: !dynamic, max: MAX_PROVIDERS }) ??
    (dynamic ? [] : undefined);
  const providers = (list ?? []).map((p, i) => provider(p, `${path}.providers[${i}]`, ctx));
  if (list && dynamic && list.length > 0) c.fail(`${path}.providers`, 'must be empty when idpSelectionType is DYNAMIC');
  if (list && selection === 'SPECIFIC' && list.length === 0)
    c.fail(`${path}.providers`, 'must name a provider when idpSelectionType is SPECIFIC');
  if (list && list.length > 1 && ctx.engine === 'CLASSIC')
    c.fail(`${path}.providers`, 'multiple providers are available only on the identity engine');
  for (const type of SINGLETON_TYPES) {
    const indexes = providers.flatMap((p, i) => (p?.type === type ? [i] : []));
    if (indexes.length > 1) c.fail(`${path}.providers[${indexes[1]}].type`, `at most one ${type} provider is allowed`);
  }

  const matchCriteria = criteria(obj.matchCriteria, `${path}.matchCriteria`, selection, ctx);
  if (!selection || !list || providers.some((p) => p === undefined)) return undefined;
  return compact<IdpAction>({ providers: providers as IdpProvider[], idpSelectionType: selection, matchCriteria });
}

function provider(raw: unknown, path: string, ctx: RuleValidationContext): IdpProvider | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['id', 'type', 'name']);
  const type = c.enum(obj.type, `${path}.type`, IDP_PROVIDER_TYPES, { required: true });
  const id = c.string(obj.id, `${path}.id`, {
    required: type !== undefined && !ID_OPTIONAL_TYPES.includes(type),
    nonEmpty: true,
  });
  const name = ieOnlyMember(ctx, obj.name, `${path}.name`) ? c.string(obj.name, `${path}.name`) : undefined;
  return type ? compact<IdpProvider>({ id, type, name }) : undefined;
}

/**
 * Match criteria belong to DYNAMIC selection only: required (at least one, each with a
 * providerExpression) there, refused with SPECIFIC (an empty list is dropped).
 */
function criteria(
  raw: unknown,
  path: string,
  selection: IdpAction['idpSelectionType'] | undefined,
  ctx: RuleValidationContext,
): IdpAction['matchCriteria'] {
  const c = ctx.check;
  const list = c.array(raw, path, { required: selection === 'DYNAMIC', min: selection === 'DYNAMIC' ? 1 : undefined });
  if (!list) return undefined;
  if (selection === 'SPECIFIC') {
    if (list.length > 0) c.fail(path, 'is only allowed when idpSelectionType is DYNAMIC');
    return undefined;
  }
  const out = list.map((e, i) => {
    const ePath = `${path}[${i}]`;
    const obj = c.object(e, ePath, { required: true });
    if (!obj) return undefined;
    c.noUnknown(obj, ePath, ['providerExpression', 'propertyName']);
    const providerExpression = c.string(obj.providerExpression, `${ePath}.providerExpression`, {
      required: true,
      nonEmpty: true,
    });
    const propertyName = c.string(obj.propertyName, `${ePath}.propertyName`, { nonEmpty: true }) ?? 'name';
    return providerExpression === undefined ? undefined : { providerExpression, propertyName };
  });
  return out.every((m) => m !== undefined) ? (out as NonNullable<IdpAction['matchCriteria']>) : undefined;
}
