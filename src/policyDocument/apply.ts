// Executes the changes of a plan in an order the service accepts: user types first (rules name
// them), then per policy type creates and moves from the top priority down, member updates, each
// policy's rules the same way, then activations (a policy is activated after its rules exist), and
// deletes last (rules, policies, then the user types they no longer name). Every create carries an
// idempotency key made of the plan id and the change's place in the plan, so two applies of one plan
// never create twice; and each apply works from a fresh read, so a retry does only what is left.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { POLICY_SETTINGS, RULE_ACTIONS, RULE_TYPE_OF } from 'policy-service-emulator/contract';
import type { Policy, PolicyInput, PolicyRule, PolicyRuleInput, PolicyType } from '../rest/types.ts';
import type { RestApi } from '../upstream/client.ts';
import { type PolicyPatch, type PolicyRulePatch, policyUpdateBody, ruleUpdateBody } from '../upstream/updates.ts';
import type { UserErrorShape } from '../errors/userErrors.ts';
import type { IdempotentCreates } from '../idempotency/creates.ts';
import { policiesNamed, rulesNamed, userTypesNamed } from '../idempotency/lookups.ts';
import {
  type DocPolicy,
  type DocRule,
  mapUserTypes,
  type OrgSnapshot,
  type PolicyDocument,
  policyKey,
  ruleKey,
} from './document.ts';
import { firstRulePriority, type PlanChange } from './diff.ts';

export type ChangeRef = Pick<PlanChange, 'action' | 'kind' | 'key' | 'path'>;

export interface ApplyRun {
  api: RestApi;
  idempotency: IdempotentCreates;
  planId: string;
  /** The idempotency key of a create: the plan id and the create's index among the plan's changes. */
  createKey(change: PlanChange): string;
}

/** Thrown by a step: the error, and the changes the step was making. */
export class StepFailed extends Error {
  constructor(
    readonly failure: unknown,
    readonly change: ChangeRef,
  ) {
    super('apply step failed');
  }
}

type Created = { object: { id: string } | null; userErrors: UserErrorShape[] };

/** One org's policies of one type as read: each policy with its rules. */
type StoredPolicies = NonNullable<OrgSnapshot['policies'][PolicyType]>;
/** A write that waits for the rest of the plan: an activation comes after the policy's rules exist. */
type Activation = () => Promise<void>;

/** What the steps of one execute share: the run, the plan's changes, and how a write is reported. */
interface Steps {
  run: ApplyRun;
  api: RestApi;
  changes: PlanChange[];
  /** The plan's changes of one object. */
  of(kind: PlanChange['kind'], key: string): PlanChange[];
  /** Makes a write that covers `covered`: reports each done after it, or throws StepFailed naming the first. */
  step(covered: PlanChange[], write: () => Promise<void>): Promise<void>;
}

/** Runs every change of `changes` (made from `org` towards `target`); reports each one done to `done`. */
export async function execute(
  run: ApplyRun,
  org: OrgSnapshot,
  target: PolicyDocument,
  changes: PlanChange[],
  done: (change: PlanChange) => void,
): Promise<void> {
  const steps = stepsOf(run, changes, done);
  const toId = await applyUserTypes(steps, org, target);
  const activations: Activation[] = [];
  for (const [type, list] of Object.entries(target.policies) as [PolicyType, DocPolicy[]][]) {
    activations.push(...(await applyPolicies(steps, type, list, org.policies[type] ?? [], toId)));
  }
  for (const activate of activations) await activate();
  await applyDeletes(steps, org);
}

function stepsOf(run: ApplyRun, changes: PlanChange[], done: (change: PlanChange) => void): Steps {
  return {
    run,
    api: run.api,
    changes,
    of: (kind, key) => changes.filter((c) => c.kind === kind && c.key === key),
    step: async (covered, write) => {
      if (covered.length === 0) return;
      try {
        await write();
      } catch (error) {
        throw new StepFailed(error, covered[0]);
      }
      for (const c of covered) done(c);
    },
  };
}

/** Creates and updates the document's user types; answers the id of a user type by its name. */
async function applyUserTypes(
  { run, api, of, step }: Steps,
  org: OrgSnapshot,
  target: PolicyDocument,
): Promise<(name: string) => string> {
  const typeIds = new Map(org.userTypes.map((t) => [t.name, t.id]));
  for (const t of target.userTypes ?? []) {
    const mine = of('USER_TYPE', t.name);
    const body = { name: t.name, displayName: t.displayName, description: t.description ?? '' };
    for (const c of mine.filter((c) => c.action === 'CREATE')) {
      await step([c], async () => {
        const made = await createOnce(
          run,
          c,
          'createUserType',
          body,
          () => api.createUserType(body),
          userTypesNamed(api, t.name),
          (id) => api.getUserType(id),
        );
        typeIds.set(t.name, made.id);
      });
    }
    const updates = mine.filter((c) => c.action === 'UPDATE');
    await step(updates, async () => {
      await api.updateUserType(typeIds.get(t.name) as string, {
        displayName: t.displayName,
        description: t.description ?? '',
      });
    });
  }
  return (name) => typeIds.get(name) ?? name;
}

/**
 * The policies of one type and their rules: member updates, creates and moves, then each policy's
 * rules; answers the activations to make once every type's rules exist.
 */
async function applyPolicies(
  steps: Steps,
  type: PolicyType,
  list: DocPolicy[],
  stored: StoredPolicies,
  toId: (name: string) => string,
): Promise<Activation[]> {
  const existing = new Map(stored.map((e) => [e.policy.name, e]));
  const ids = new Map<string, Policy>([...existing].map(([name, e]) => [name, e.policy]));
  await updatePolicyMembers(steps, type, list, ids, toId);
  const activations = await createAndMovePolicies(steps, type, list, ids, toId);
  for (const p of list) {
    const policy = ids.get(p.name);
    if (!policy) continue;
    await applyRules(steps, type, p, policy, existing.get(p.name)?.rules ?? [], toId);
    activations.push(...policyStatusChanges(steps, type, p, policy));
  }
  return activations;
}

/** Member updates (not status, not priority) first: a move's PUT then carries them already. */
async function updatePolicyMembers(
  { api, of, step }: Steps,
  type: PolicyType,
  list: DocPolicy[],
  ids: Map<string, Policy>,
  toId: (name: string) => string,
): Promise<void> {
  for (const p of list) {
    const updates = of('POLICY', policyKey(type, p.name)).filter(
      (c) => c.action === 'UPDATE' && c.path?.[0] !== 'status',
    );
    await step(updates, async () => {
      const current = ids.get(p.name) as Policy;
      const patch = patchOf(updates, toId) as PolicyPatch;
      ids.set(p.name, await api.replacePolicy(current.id, policyUpdateBody(current, patch)));
    });
  }
}

/**
 * Creates and moves from the top down: each lands at its place, pushing the rest down. A policy
 * created with rules is created inactive; its activation is answered, to be made after its rules.
 */
async function createAndMovePolicies(
  { run, api, of, step }: Steps,
  type: PolicyType,
  list: DocPolicy[],
  ids: Map<string, Policy>,
  toId: (name: string) => string,
): Promise<Activation[]> {
  const activations: Activation[] = [];
  for (const [index, p] of list.entries()) {
    const key = policyKey(type, p.name);
    const priority = index + 1;
    for (const c of of('POLICY', key).filter((c) => c.action === 'CREATE')) {
      const hasRules = (p.rules ?? []).length > 0;
      const status = p.status ?? 'ACTIVE';
      const body = policyCreateBody(type, p, priority, hasRules ? 'INACTIVE' : status, toId);
      await step([c], async () => {
        const made = await createOnce(
          run,
          c,
          'createPolicy',
          body,
          () => api.createPolicy(body),
          policiesNamed(api, type, p.name),
          (id) => api.getPolicy(id),
        );
        ids.set(p.name, made);
      });
      if (hasRules && status === 'ACTIVE') {
        // Part of the create (reported with it); a failure is reported as the create's.
        activations.push(() =>
          api.activatePolicy((ids.get(p.name) as Policy).id).catch((error: unknown) => {
            throw new StepFailed(error, c);
          }),
        );
      }
    }
    for (const c of of('POLICY', key).filter((c) => c.action === 'MOVE')) {
      await step([c], async () => {
        const current = ids.get(p.name) as Policy;
        ids.set(p.name, await api.replacePolicy(current.id, policyUpdateBody(current, { priority })));
      });
    }
  }
  return activations;
}

function policyCreateBody(
  type: PolicyType,
  p: DocPolicy,
  priority: number,
  status: PolicyInput['status'],
  toId: (name: string) => string,
): PolicyInput {
  return {
    type,
    name: p.name,
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(p.conditions ? { conditions: mapUserTypes(p.conditions, toId) } : {}),
    ...(p.settings ? { settings: withRestDefaults(POLICY_SETTINGS[type], p.settings) } : {}),
    priority,
    status,
  } as PolicyInput;
}

/** A policy's activation or deactivation, made with the other activations once every rule exists. */
function policyStatusChanges({ api, of, step }: Steps, type: PolicyType, p: DocPolicy, policy: Policy): Activation[] {
  return of('POLICY', policyKey(type, p.name))
    .filter((c) => c.action === 'UPDATE' && c.path?.[0] === 'status')
    .map((c) => async () => {
      await step([c], () => (c.after === 'INACTIVE' ? api.deactivatePolicy(policy.id) : api.activatePolicy(policy.id)));
    });
}

/** Deletes last: rules, then policies, then the user types no longer named. */
async function applyDeletes({ api, changes, step }: Steps, org: OrgSnapshot): Promise<void> {
  const deleteOf = (kind: PlanChange['kind'], key: string) =>
    changes.find((x) => x.action === 'DELETE' && x.kind === kind && x.key === key);
  const stored = Object.entries(org.policies) as [PolicyType, StoredPolicies | undefined][];
  for (const [type, entries] of stored) {
    for (const { policy, rules } of entries ?? []) {
      for (const r of rules) {
        const c = deleteOf('RULE', ruleKey(type, policy.name, r.name));
        if (c) await step([c], () => api.deleteRule(policy.id, r.id));
      }
    }
  }
  for (const [type, entries] of stored) {
    for (const { policy } of entries ?? []) {
      const c = deleteOf('POLICY', policyKey(type, policy.name));
      if (c) await step([c], () => api.deletePolicy(policy.id));
    }
  }
  for (const t of org.userTypes) {
    const c = deleteOf('USER_TYPE', t.name);
    if (c) await step([c], () => api.deleteUserType(t.id));
  }
}

/** One policy's rules: updates (a new policy's default rule set whole first), creates and moves, then statuses. */
async function applyRules(
  steps: Steps,
  type: PolicyType,
  p: DocPolicy,
  policy: Policy,
  existingRules: PolicyRule[],
  toId: (name: string) => string,
): Promise<void> {
  const rules = new Map(existingRules.map((r) => [r.name, r]));
  const policyRules: PolicyRules = {
    type,
    p,
    policy,
    rules,
    toId,
    of: (name) => steps.of('RULE', ruleKey(type, p.name, name)),
  };
  await updateRules(steps, policyRules);
  await createAndMoveRules(steps, policyRules);
  await changeRuleStatuses(steps, policyRules);
}

/** The rules of one policy as the rule steps share them: `rules` holds each rule as last stored. */
interface PolicyRules {
  type: PolicyType;
  p: DocPolicy;
  policy: Policy;
  rules: Map<string, PolicyRule>;
  toId: (name: string) => string;
  /** The plan's changes of one of the policy's rules, by its name. */
  of(name: string): PlanChange[];
}

async function updateRules({ api, step }: Steps, { type, p, policy, rules, toId, of }: PolicyRules): Promise<void> {
  const wholeRule = (r: DocRule): PolicyRulePatch => ({
    conditions: (mapUserTypes(r.conditions, toId) ?? null) as PolicyRulePatch['conditions'],
    actions: (r.actions
      ? withRestDefaults(RULE_ACTIONS[RULE_TYPE_OF[type]], r.actions)
      : null) as PolicyRulePatch['actions'],
  });
  for (const r of p.rules ?? []) {
    const mine = of(r.name);
    // A new policy's default rule: made by the service with the policy, then set whole.
    const whole = mine.filter((c) => c.action === 'UPDATE' && c.path === null);
    await step(whole, async () => {
      const made = (await api.listRules(policy.id)).find((x) => x.system);
      if (!made) throw new Error(`${ruleKey(type, p.name, r.name)}: the service made no default rule`);
      rules.set(
        r.name,
        await api.replaceRule(policy.id, made.id, { ...ruleUpdateBody(made, wholeRule(r)), name: r.name }),
      );
      if ((r.status ?? 'ACTIVE') !== made.status) {
        await (r.status === 'INACTIVE' ? api.deactivateRule(policy.id, made.id) : api.activateRule(policy.id, made.id));
      }
    });
    const updates = mine.filter((c) => c.action === 'UPDATE' && c.path !== null && c.path[0] !== 'status');
    await step(updates, async () => {
      const current = rules.get(r.name) as PolicyRule;
      rules.set(
        r.name,
        await api.replaceRule(
          policy.id,
          current.id,
          ruleUpdateBody(current, patchOf(updates, toId) as PolicyRulePatch),
        ),
      );
    });
  }
}

/** Creates and moves from the top down, after the service's own rules. */
async function createAndMoveRules(
  { run, api, step }: Steps,
  { type, p, policy, rules, toId, of }: PolicyRules,
): Promise<void> {
  const first = firstRulePriority(type);
  for (const [index, r] of (p.rules ?? []).entries()) {
    const priority = first + index;
    for (const c of of(r.name).filter((c) => c.action === 'CREATE')) {
      const body = {
        type: RULE_TYPE_OF[type],
        name: r.name,
        status: r.status ?? 'ACTIVE',
        priority,
        ...(r.conditions ? { conditions: mapUserTypes(r.conditions, toId) } : {}),
        ...(r.actions ? { actions: withRestDefaults(RULE_ACTIONS[RULE_TYPE_OF[type]], r.actions) } : {}),
      } as PolicyRuleInput;
      await step([c], async () => {
        const made = await createOnce(
          run,
          c,
          'createRule',
          { policy: policyKey(type, p.name), body },
          () => api.createRule(policy.id, body),
          rulesNamed(api, policy.id, r.name),
          (id) => api.getRule(policy.id, id),
        );
        rules.set(r.name, made);
      });
    }
    for (const c of of(r.name).filter((c) => c.action === 'MOVE')) {
      await step([c], async () => {
        const current = rules.get(r.name) as PolicyRule;
        rules.set(r.name, await api.replaceRule(policy.id, current.id, ruleUpdateBody(current, { priority })));
      });
    }
  }
}

async function changeRuleStatuses({ api, step }: Steps, { p, policy, rules, of }: PolicyRules): Promise<void> {
  for (const r of p.rules ?? []) {
    for (const c of of(r.name).filter((c) => c.action === 'UPDATE' && c.path?.[0] === 'status')) {
      const current = rules.get(r.name) as PolicyRule;
      await step([c], () =>
        c.after === 'INACTIVE' ? api.deactivateRule(policy.id, current.id) : api.activateRule(policy.id, current.id),
      );
    }
  }
}

/**
 * The merge patch of an object's member changes: each changed member set (null where the document
 * leaves it out, so the service's default comes back), user type names turned into ids. Members the
 * document does not change keep their stored value.
 */
function patchOf(changes: PlanChange[], toId: (name: string) => string): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const c of changes) {
    const path = c.path ?? [];
    let value = c.after;
    if (path[0] === 'conditions' && path[1] === 'userType') {
      // The document names user types; the service wants their ids.
      const mapped = mapUserTypes({ userType: path.length === 2 ? value : { [path[2]]: value } }, toId)
        ?.userType as Record<string, unknown>;
      value = path.length === 2 ? mapped : mapped?.[path[2]];
    }
    let at = patch;
    for (const member of path.slice(0, -1)) {
      at[member] ??= {};
      at = at[member] as Record<string, unknown>;
    }
    at[path[path.length - 1]] = value ?? null;
  }
  return patch;
}

/** A create under the plan's idempotency key: a second apply of the plan gets the first one's object. */
async function createOnce<T extends { id: string }>(
  run: ApplyRun,
  change: PlanChange,
  mutation: string,
  input: unknown,
  make: () => Promise<T>,
  find: (since: number) => Promise<{ id: string }[]>,
  load: (id: string) => Promise<T>,
): Promise<T> {
  const result = await run.idempotency.run<Created>({
    mutation: `applyPolicies.${mutation}`,
    args: { idempotencyKey: run.createKey(change), input },
    resultKey: 'object',
    run: async () => ({ object: await make(), userErrors: [] }),
    load,
    find,
  });
  if (!result.object) throw new Error(result.userErrors.map((e) => e.message).join('; ') || 'The create was refused.');
  return result.object as T;
}

/** Upstream calls the changes cost (the apply's read comes on top). */
export function writeCost(changes: PlanChange[], target: PolicyDocument): number {
  const objects = new Set<string>();
  let calls = 0;
  for (const c of changes) {
    if (c.action === 'UPDATE' && c.path === null) {
      calls += 2; // list the new policy's rules, replace its default rule
      const status = (c.after as { status?: string }).status;
      if (status === 'INACTIVE') calls += 1;
      continue;
    }
    if (c.action === 'UPDATE' && c.path?.[0] !== 'status') {
      objects.add(`${c.kind}:${c.key}`); // one PUT per object, whatever the number of members
      continue;
    }
    calls += 1;
    if (c.action === 'CREATE' && c.kind === 'POLICY') {
      const p = (Object.entries(target.policies) as [PolicyType, DocPolicy[]][])
        .flatMap(([type, list]) => list.filter((x) => policyKey(type, x.name) === c.key))
        .at(0);
      if (p && (p.rules ?? []).length > 0 && (p.status ?? 'ACTIVE') === 'ACTIVE') calls += 1;
    }
  }
  return calls + objects.size;
}

/**
 * A document's settings or actions with the REST defaults it left out put back inside the objects it
 * sends: a default may be one the service fills in only when the whole object is left out (a sent
 * recovery question needs its status), so a sent object carries every member again.
 */
function withRestDefaults<T>(schema: TSchema, value: T): T {
  return Value.Default(schema, structuredClone(value)) as T;
}
