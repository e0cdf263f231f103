// The policy operations: list, create, read, replace, delete, clone, lifecycle and the
// (deprecated) list of applications mapped to a policy.
import type { LifecycleStatus, PolicyType } from '../../rest/types.ts';
import { LIFECYCLE_STATUSES } from '../../rest/types.ts';
import { forbidden, notFound, validationFailed } from '../common/errors.ts';
import { noContent, ok, type Handler, type HandlerContext } from './handler.ts';
import { newId, now } from '../common/ids.ts';
import { insertPolicy } from '../org/seed.ts';
import { bodyObject, checkPolicyType, findPolicy, ROUTE_WORDING, setLifecycleStatus } from './shared.ts';
import type { OrgStore, StoredPolicy } from '../org/store.ts';
import { Check } from '../common/check.ts';
import { checkMember } from '../policyTypes/contractCheck.ts';
import { MAX_EMBEDDED_RULES, PolicyBodyMembersSchema } from '../../rest/contract/policies.ts';
import { fillTemplate, operationPath, POLICY_PAGE_SIZE } from '../../rest/contract/operations.ts';
import { POLICY_TYPE_MODULES, validateConditions } from '../policyTypes/index.ts';
import { toWireApp } from '../directory/apps.ts';
import { APPLICATION_PATH, toWirePolicy, toWireRule } from '../org/wire.ts';
import { policyDeleteRefusal } from '../org/refusals.ts';
import { compareByName, indexAfter } from './policyCursor.ts';

const { default: DEFAULT_PAGE_SIZE, maximum: MAX_PAGE_SIZE } = POLICY_PAGE_SIZE;

interface ParsedPolicy {
  fields: Pick<StoredPolicy, 'type' | 'name' | 'description' | 'status' | 'conditions' | 'settings'>;
  priority?: number;
}

/** Name, description, status and priority, as the contract has them for every type. */
const MEMBERS = PolicyBodyMembersSchema;
const MAX_NAME_LENGTH = MEMBERS.properties.name.maxLength ?? 255;

/** Validates a create or replace body; every violated rule becomes one cause. */
function parsePolicy(store: OrgStore, body: unknown, existing?: StoredPolicy): ParsedPolicy {
  const raw = bodyObject(body);
  const c = new Check();
  const type = checkPolicyType(store, c, raw.type);
  if (existing && type && type !== existing.type) c.fail('type', `cannot change from ${existing.type}`);
  if (existing && raw.id !== undefined && raw.id !== existing.id) c.fail('id', 'does not match the policy in the path');
  const name = checkMember<string>(MEMBERS, raw, 'name', '', c, ROUTE_WORDING);
  const status = checkMember<LifecycleStatus>(MEMBERS, raw, 'status', '', c);
  const priority = checkMember<number>(MEMBERS, raw, 'priority', '', c);
  if (existing?.system) {
    if (status === 'INACTIVE') c.fail('status', 'the default policy cannot be deactivated');
    if (priority !== undefined && priority !== store.policyPriority(existing))
      c.fail('priority', 'the default policy is always last');
  }
  if (!type) throw validationFailed(c.causes);
  const mod = POLICY_TYPE_MODULES[type];
  // A replace may leave the description out (the spec's update body lists it without requiring it).
  const descriptionRequired = !existing && mod.descriptionRequiredOnCreate === true;
  const description =
    descriptionRequired && raw.description == null
      ? void c.fail('description', 'is required')
      : checkMember<string | null>(MEMBERS, raw, 'description', '', c);
  const ctx = { check: c, engine: store.engine, org: store, existing: existing && store.wirePolicy(existing) };
  let conditions = null;
  const hasConditions =
    raw.conditions != null && !(typeof raw.conditions === 'object' && Object.keys(raw.conditions).length === 0);
  if (hasConditions && !mod.policyConditions)
    c.fail('conditions', `policy-level conditions are not supported for ${type} policies`);
  else conditions = validateConditions(raw.conditions, ctx, 'policy');
  // The spec's update body does not list `settings`: a replace without them keeps the stored ones.
  const settings = mod.settings(raw.settings === undefined ? existing?.settings : raw.settings, ctx);
  if (!c.ok) throw validationFailed(c.causes);
  return {
    fields: {
      type,
      name: name!,
      description: description ?? null,
      status: status ?? existing?.status ?? 'ACTIVE',
      conditions,
      ...(settings ? { settings } : {}),
    },
    priority,
  };
}

function checkPolicyLimit(store: OrgStore, type: PolicyType): void {
  const max = POLICY_TYPE_MODULES[type].maxPolicies;
  if (max !== undefined && store.countPolicies(type) >= max) {
    throw validationFailed([`type: the org already has the maximum of ${max} ${type} policies`]);
  }
}

export const listPolicies: Handler = ({ store, base, query, may }) => {
  const c = new Check();
  const type = checkPolicyType(store, c, query.get('type') ?? undefined);
  const status = c.enum(query.get('status') ?? undefined, 'status', LIFECYCLE_STATUSES);
  const sortBy = c.enum(query.get('sortBy') ?? undefined, 'sortBy', ['name'] as const);
  const limitText = query.get('limit');
  let limit: number = DEFAULT_PAGE_SIZE;
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1) c.fail('limit', 'must be a positive integer');
    else limit = Math.min(Number(limitText), MAX_PAGE_SIZE);
  }
  if (!c.ok || !type) throw validationFailed(c.causes);
  const q = query.get('q')?.toLowerCase();
  let items = store
    .policiesOf(type)
    .filter((p) => (!status || p.status === status) && (!q || p.name.toLowerCase().startsWith(q)));
  if (sortBy === 'name') {
    items = [...items].sort(
      (a, b) => compareByName(a.name, b.name) || store.policyPriority(a) - store.policyPriority(b),
    );
  }
  const after = query.get('after');
  let start = 0;
  if (after !== null) {
    const index = indexAfter(store, type, items, after, sortBy === 'name');
    if (index === undefined) throw validationFailed(['after: is not a cursor of this listing']);
    start = index;
  }
  const page = items.slice(start, start + limit);
  const links = [`<${pageUrl(base, query, limit, after ?? undefined)}>; rel="self"`];
  if (start + limit < items.length)
    links.push(`<${pageUrl(base, query, limit, page[page.length - 1].id)}>; rel="next"`);
  return ok(
    page.map((p) => toWirePolicy(store, base, p, may)),
    { link: links.join(', ') },
  );
};

function pageUrl(base: string, query: URLSearchParams, limit: number, after?: string): string {
  const q = new URLSearchParams(query);
  q.set('limit', String(limit));
  if (after) q.set('after', after);
  else q.delete('after');
  return `${base}${operationPath('listPolicies')}?${q}`;
}

export const getPolicy: Handler = ({ store, base, params, query, may }) => {
  const p = findPolicy(store, params.policyId);
  const wire = toWirePolicy(store, base, p, may);
  const expand = query.getAll('expand');
  if (expand.some((e) => e !== 'rules')) throw validationFailed(['expand: the only supported value is rules']);
  if (expand.length && store.engine === 'IE') {
    // The spec's "Get a policy with rules (classic only)": refused rather than ignored, so that a
    // client relying on embedded rules finds out against the emulator, not in production.
    throw validationFailed([
      'expand: rules is available only on classic-engine orgs; list the rules with GET /api/v1/policies/{policyId}/rules',
    ]);
  }
  if (expand.length) {
    const rules = store.rules(p.id);
    if (rules.length > MAX_EMBEDDED_RULES) {
      throw validationFailed([
        `expand: the policy has ${rules.length} rules; at most ${MAX_EMBEDDED_RULES} can be embedded`,
      ]);
    }
    wire._embedded = { rules: rules.map((r) => toWireRule(store, base, p, r, may)) };
  }
  return ok(wire);
};

export const createPolicy: Handler = ({ store, base, body, may }) => {
  const { fields, priority } = parsePolicy(store, body);
  checkPolicyLimit(store, fields.type);
  const t = now();
  const p: StoredPolicy = { id: newId('00p'), system: false, ...fields, created: t, lastUpdated: t };
  insertPolicy(store, p, priority);
  store.changed();
  return ok(toWirePolicy(store, base, p, may));
};

export const replacePolicy: Handler = ({ store, base, params, body, may }) => {
  const existing = findPolicy(store, params.policyId);
  const { fields, priority } = parsePolicy(store, body, existing);
  const p: StoredPolicy = { ...existing, ...fields, lastUpdated: now() };
  if (!fields.settings) delete p.settings;
  store.placePolicy(p, priority ?? store.policyPriority(existing));
  store.changed();
  return ok(toWirePolicy(store, base, p, may));
};

export const deletePolicy: Handler = ({ store, params }) => {
  const p = findPolicy(store, params.policyId);
  const refusal = policyDeleteRefusal(store, p);
  if (refusal) throw forbidden([refusal]);
  store.removePolicy(p.id);
  store.changed();
  return noContent();
};

function setPolicyStatus(ctx: HandlerContext, status: LifecycleStatus) {
  return setLifecycleStatus(ctx.store, findPolicy(ctx.store, ctx.params.policyId), status, 'policy');
}
export const activatePolicy: Handler = (ctx) => setPolicyStatus(ctx, 'ACTIVE');
export const deactivatePolicy: Handler = (ctx) => setPolicyStatus(ctx, 'INACTIVE');

export const clonePolicy: Handler = ({ store, base, params, may }) => {
  const source = findPolicy(store, params.policyId);
  if (source.type !== 'ACCESS_POLICY')
    throw validationFailed([`type: only authentication policies can be cloned, not ${source.type}`]);
  checkPolicyLimit(store, source.type);
  const t = now();
  const copy: StoredPolicy = {
    ...structuredClone(source),
    id: newId('00p'),
    // Within the 255 characters every policy name is held to, so the copy can be replaced as it is.
    name: `Copy of ${source.name}`.slice(0, MAX_NAME_LENGTH),
    system: false,
    created: t,
    lastUpdated: t,
  };
  store.placePolicy(copy);
  for (const r of store.rules(source.id))
    store.placeRule(copy, { ...structuredClone(r), id: newId('0pr'), created: t, lastUpdated: t });
  store.changed();
  return ok(toWirePolicy(store, base, copy, may));
};

export const listPolicyApps: Handler = ({ store, base, params }) => {
  const p = findPolicy(store, params.policyId);
  return ok(store.appsOfPolicy(p).map((app) => toWireApp(base, app, p.id)));
};

/**
 * The resources mapped to a policy, which its `mappings` link names (read only: mapping is done
 * through the applications service). One mapping per application, as the real service lists them.
 * A mapping links its application and its policy but no `self`: the spec names no operation that
 * reads one mapping, and a link must lead somewhere that answers.
 */
export const listPolicyMappings: Handler = ({ store, base, params }) => {
  const p = findPolicy(store, params.policyId);
  const policyHref = base + operationPath('getPolicy', { policyId: p.id });
  return ok(
    store.appsOfPolicy(p).map((app) => ({
      id: `rpm${app.id}`,
      _links: {
        application: { href: base + fillTemplate(APPLICATION_PATH, { appId: app.id }) },
        policy: { href: policyHref },
      },
    })),
  );
};

/** The applications service's update-application-policy operation (authentication policies only). */
export const assignAppPolicy: Handler = ({ store, params }) => {
  const app = store.app(params.appId);
  if (!app) throw notFound(`${params.appId} (App)`);
  const p = findPolicy(store, params.policyId);
  if (p.type !== 'ACCESS_POLICY')
    throw validationFailed([
      `policyId: ${p.type} policies cannot be assigned to applications; use an ACCESS_POLICY policy`,
    ]);
  store.data.appPolicies[app.id] = p.id;
  store.changed();
  return noContent();
};

/** The handler of each operation of the REST contract on policies (the router is built from them). */
export const HANDLERS = {
  listPolicies,
  createPolicy,
  getPolicy,
  replacePolicy,
  deletePolicy,
  clonePolicy,
  activatePolicy,
  deactivatePolicy,
  listPolicyApplications: listPolicyApps,
  listPolicyMappings,
  assignAppPolicy,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;
