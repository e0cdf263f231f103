// Export, plan and apply: what the GraphQL fields and the CLI call. A plan compares the document
// with a fresh read of the target org and is kept with that read; an apply reads the org again,
// refuses (STALE_PLAN) when it changed in a way the plan did not make, and otherwise executes what
// is left of the plan, so a retried apply finishes the job without doing anything twice. A delete the
// service states in advance it will refuse (refusals.ts) is marked in the plan, and such a plan is
// never applied: nothing is written rather than everything up to that delete.
import { randomUUID } from 'node:crypto';
import { POLICY_TYPES } from 'policy-service-emulator/contract';
import { GraphQLError } from 'graphql';
import { toUserErrors } from '../errors/userErrors.ts';
import type { IdempotentCreates } from '../idempotency/creates.ts';
import type { PolicyType } from '../rest/types.ts';
import type { RestApi } from '../upstream/client.ts';
import { type ChangeRef, execute, StepFailed, writeCost } from './apply.ts';
import { deepEqual, normalize, type PolicyDocument, referencesOf, toDocument } from './document.ts';
import { diff, type PlanChange, type PlanError, type PlanErrorCode } from './diff.ts';
import type { PlanStore, StoredPlan } from './planStore.ts';
import { readCost, readOrg } from './read.ts';
import { checkReferences } from './references.ts';
import { foresee, foreseeCost, type PlanWarning, refusedErrors } from './refusals.ts';
import { documentProblems } from './schema.ts';

export interface EngineContext {
  api: RestApi;
  idempotency: IdempotentCreates;
  plans: PlanStore;
  /** Digest of the caller's credential; undefined without one. */
  caller: string | undefined;
}

export async function exportPolicies(api: RestApi, types?: readonly PolicyType[] | null): Promise<PolicyDocument> {
  const chosen = types && types.length > 0 ? POLICY_TYPES.filter((t) => types.includes(t)) : POLICY_TYPES;
  return toDocument(await readOrg(api, chosen));
}

export interface PlanResult {
  plan: (StoredPlan & { upstreamCalls: number; warnings: PlanWarning[] }) | null;
  errors: PlanError[];
}

/** The document's managed part of a snapshot's document: its policy types, and user types when it has them. */
function scoped(current: PolicyDocument, target: PolicyDocument): PolicyDocument {
  const out: PolicyDocument = { version: current.version, policies: {} };
  if (target.userTypes) out.userTypes = current.userTypes;
  for (const type of Object.keys(target.policies) as PolicyType[]) out.policies[type] = current.policies[type] ?? [];
  return out;
}

function typesOf(document: PolicyDocument): PolicyType[] {
  return POLICY_TYPES.filter((t) => document.policies[t] !== undefined);
}

export async function planPolicies(ctx: EngineContext, input: unknown, prune: boolean): Promise<PlanResult> {
  const problems = documentProblems(input);
  if (problems.length > 0) {
    return {
      plan: null,
      errors: problems.map((p) => ({
        message: `${p.path}: ${p.message}`,
        code: 'INVALID',
        key: 'document',
        path: p.path.split('/').filter(Boolean),
      })),
    };
  }
  if (ctx.caller === undefined) throw new Error('planPolicies needs a caller');
  const target = normalize(input as PolicyDocument);
  const snapshot = await readOrg(ctx.api, typesOf(target));
  const base = scoped(toDocument(snapshot), target);
  const planned = diff(base, target, prune);
  const errors = planned.errors;
  const references = await checkReferences(ctx.api, referencesOf(target));
  errors.push(...references.errors);
  if (errors.length > 0) return { plan: null, errors };
  const { changes, warnings } = await foresee(ctx.api, snapshot, planned.changes);
  const plan: StoredPlan = { id: randomUUID(), caller: ctx.caller, base, target, prune, changes };
  const kept = await ctx.plans.put(plan);
  if (!kept.kept) {
    return {
      plan: null,
      errors: [
        {
          message: `The plan is ${kept.bytes} bytes; a caller's plans may hold ${kept.limit} (POLICY_PLAN_CALLER_MAX_BYTES). Plan a smaller document (fewer policy types).`,
          code: 'LIMIT_EXCEEDED',
          key: 'document',
          path: null,
        },
      ],
    };
  }
  // An apply of an empty plan, or of one with a refused change, reads nothing.
  const upstreamCalls =
    changes.length === 0 || changes.some((c) => c.refusal)
      ? 0
      : readCost(snapshot) + foreseeCost(changes) + writeCost(changes, target);
  return { plan: { ...plan, upstreamCalls, warnings }, errors: [] };
}

export interface ApplyResult {
  applied: ChangeRef[];
  notApplied: ChangeRef[];
  errors: PlanError[];
}

/** The value at `path` inside `value`; undefined where it has no such member. */
function valueAt(value: unknown, path: string[]): unknown {
  let at = value;
  for (const member of path)
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[member] : undefined;
  return at;
}

/**
 * Whether `found` holds every member `set` sets, with the same value: members `set` leaves out
 * (undefined) are the service's to fill; null is the default, which `found` must hold too.
 */
function holds(found: unknown, set: unknown): boolean {
  if (set === undefined) return true;
  if (set === null || typeof set !== 'object' || Array.isArray(set)) return deepEqual(found ?? null, set);
  if (found === null || typeof found !== 'object' || Array.isArray(found)) return false;
  return Object.entries(set).every(([k, v]) => holds((found as Record<string, unknown>)[k], v));
}

/**
 * Whether the plan's UPDATE `planned` made the drift `found`: the same member or one below it (the
 * plan set a whole member, the service stored it member by member), holding what the plan set
 * there; members the plan left to the service (its defaults, what it fills in) may hold anything.
 */
function covers(planned: PlanChange, found: PlanChange): boolean {
  const path = planned.path ?? [];
  const below = found.path ?? [];
  if (path.length > below.length || path.some((member, i) => below[i] !== member)) return false;
  return holds(found.after, valueAt(planned.after, below.slice(path.length)));
}

/** A change of the org since the plan is the plan's own doing when the plan has it (same member, same value). */
function madeByPlan(change: PlanChange, plan: StoredPlan): boolean {
  const parent = (key: string) => key.slice(0, key.lastIndexOf('/'));
  return plan.changes.some((c) => {
    if (c.kind !== change.kind) return false;
    if (change.action === 'MOVE') {
      // Creates and moves shift the priorities of their neighbours.
      return (
        (c.action === 'MOVE' || c.action === 'CREATE' || c.action === 'DELETE') && parent(c.key) === parent(change.key)
      );
    }
    if (c.key !== change.key || c.action !== change.action) return false;
    if (change.action !== 'UPDATE') return true;
    return covers(c, change);
  });
}

const ref = ({ action, kind, key, path }: PlanChange): ChangeRef => ({ action, kind, key, path });

export async function applyPolicies(ctx: EngineContext, planId: string): Promise<ApplyResult> {
  const plan = await ctx.plans.get(planId);
  if (!plan || plan.caller !== ctx.caller) {
    return {
      applied: [],
      notApplied: [],
      errors: [
        {
          message: `No plan ${planId}: it expired, or was made with another credential. Plan again.`,
          code: 'PLAN_NOT_FOUND',
          key: planId,
          path: null,
        },
      ],
    };
  }
  if (plan.changes.length === 0) return { applied: [], notApplied: [], errors: [] };
  const refused = refusedErrors(plan.changes);
  if (refused.length > 0) return { applied: [], notApplied: plan.changes.map(ref), errors: refused };
  const snapshot = await readOrg(ctx.api, typesOf(plan.target));
  const current = scoped(toDocument(snapshot), plan.target);
  const drift = diff(plan.base, current, true, false).changes.filter((c) => !madeByPlan(c, plan));
  if (drift.length > 0) {
    return {
      applied: [],
      notApplied: plan.changes.map(ref),
      errors: drift.slice(0, 20).map((c) => ({
        message: `The org changed since the plan (${c.action} ${c.key}${c.path ? ` ${c.path.join('.')}` : ''}); nothing was written. Plan again.`,
        code: 'STALE_PLAN',
        key: c.key,
        path: c.path,
      })),
    };
  }
  const left = diff(current, plan.target, plan.prune);
  if (left.errors.length > 0) return { applied: [], notApplied: plan.changes.map(ref), errors: left.errors };
  // The org may have changed outside what the plan compares (a user given the type to delete since).
  const refusedNow = refusedErrors((await foresee(ctx.api, snapshot, left.changes)).changes);
  if (refusedNow.length > 0) return { applied: [], notApplied: plan.changes.map(ref), errors: refusedNow };
  const applied: ChangeRef[] = [];
  const indexOf = (c: PlanChange) =>
    plan.changes.findIndex((p) => p.action === c.action && p.kind === c.kind && p.key === c.key);
  try {
    await execute(
      {
        api: ctx.api,
        idempotency: ctx.idempotency,
        planId,
        createKey: (c) => `policy-plan:${planId}:${indexOf(c)}`,
      },
      snapshot,
      plan.target,
      left.changes,
      (c) => applied.push(ref(c)),
    );
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    const done = new Set(applied.map((c) => JSON.stringify(c)));
    const { code, message } = failureOf(error.failure);
    return {
      applied,
      notApplied: left.changes.map(ref).filter((c) => !done.has(JSON.stringify(c))),
      errors: [
        {
          message: `${error.change.key}: ${message} The changes before it were applied; apply this plan again, or plan again, to finish.`,
          code,
          key: error.change.key,
          path: error.change.path,
        },
      ],
    };
  }
  return { applied, notApplied: [], errors: [] };
}

/** A refusal of the service as a user error's code; any other failure as the gateway's error code. */
function failureOf(error: unknown): { code: PlanErrorCode; message: string } {
  try {
    const [first] = toUserErrors(error);
    return { code: (first?.code ?? 'CONFLICT') as PlanErrorCode, message: first?.message ?? 'Refused.' };
  } catch (thrown) {
    const code = thrown instanceof GraphQLError ? thrown.extensions.code : undefined;
    return {
      code: code === 'UPSTREAM_OUTCOME_UNKNOWN' ? 'UPSTREAM_OUTCOME_UNKNOWN' : 'UPSTREAM_UNAVAILABLE',
      message: thrown instanceof Error ? thrown.message : String(thrown),
    };
  }
}
