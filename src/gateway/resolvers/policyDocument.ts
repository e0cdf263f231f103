// Policy as code: thin resolvers over src/policyDocument/ (export, plan, apply).
import { GraphQLError } from 'graphql';
import type { MutationResolvers, QueryResolvers } from '../../generated/graphql.ts';
import { applyPolicies, exportPolicies, planPolicies } from '../../policyDocument/engine.ts';
import type { GatewayContext } from '../context.ts';
import { type PolicyDocument, policyKey, ruleKey } from '../../policyDocument/document.ts';

async function engineOf(ctx: GatewayContext) {
  const caller = await ctx.caller();
  if (caller === undefined) {
    throw new GraphQLError(
      'This field needs upstream data: send an Authorization header `SSWS <token>` or `Bearer <token>`.',
      {
        extensions: { code: 'UNAUTHENTICATED' },
      },
    );
  }
  return { api: ctx.api, idempotency: ctx.idempotency, plans: ctx.policyPlans, caller };
}

export const policyDocumentQueries: Pick<QueryResolvers, 'exportPolicies'> = {
  exportPolicies: async (_, args, ctx) => ({ document: await exportPolicies(ctx.api, args.types) }),
};

export const policyDocumentMutations: Pick<MutationResolvers, 'planPolicies' | 'applyPolicies'> = {
  planPolicies: async (_, args, ctx) => {
    const { plan, errors } = await planPolicies(await engineOf(ctx), args.document, args.prune ?? false);
    if (!plan) return { plan: null, userErrors: errors };
    const count = (action: string) => plan.changes.filter((c) => c.action === action).length;
    return {
      plan: {
        id: plan.id,
        changes: plan.changes,
        warnings: plan.warnings,
        upstreamCalls: plan.upstreamCalls,
        summary: {
          create: count('CREATE'),
          update: count('UPDATE'),
          delete: count('DELETE'),
          move: count('MOVE'),
          unchanged: unchangedObjects(plan.target, new Set(plan.changes.map((c) => c.key))),
          refused: plan.changes.filter((c) => c.refusal).length,
        },
      },
      userErrors: [],
    };
  },
  applyPolicies: async (_, args, ctx) => {
    const { applied, notApplied, errors } = await applyPolicies(await engineOf(ctx), args.planId);
    return { applied, notApplied, userErrors: errors };
  },
};

/** The document's objects (user types, policies, rules) that no change touches. */
function unchangedObjects(target: PolicyDocument, changed: Set<string>): number {
  let n = (target.userTypes ?? []).filter((t) => !changed.has(t.name)).length;
  for (const [type, list] of Object.entries(target.policies)) {
    for (const p of list ?? []) {
      if (!changed.has(policyKey(type, p.name))) n++;
      for (const r of p.rules ?? []) if (!changed.has(ruleKey(type, p.name, r.name))) n++;
    }
  }
  return n;
}
