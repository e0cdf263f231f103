// Policy mutations: each calls the service, then primes or forgets what it changed in the
// request's loaders, so the rest of the operation (the payload's `policiesOfType` included) reads
// the policies as they now are.
import type { Policy } from '../../../rest/types.ts';
import type { RestApi } from '../../../upstream/client.ts';
import { notFoundError } from '../../../upstream/errors.ts';
import { policyUpdateBody } from '../../../upstream/updates.ts';
import { forgetPolicy, type Loaders, primePolicy } from '../../loaders.ts';
import { selectedPaths } from '../../selection.ts';
import type { MutationResolvers } from '../../../generated/graphql.ts';
import { toPolicyBody, toPolicyPatch } from '../inputs.ts';
import { policiesNamed } from '../../../idempotency/lookups.ts';
import { payload } from './payload.ts';

type PolicyMutations =
  | 'createPolicy'
  | 'replacePolicy'
  | 'updatePolicy'
  | 'deletePolicy'
  | 'activatePolicy'
  | 'deactivatePolicy'
  | 'clonePolicy';

/** The policy as the request's loaders have it (one GET at most), or a not-found refusal. */
export async function currentPolicy(loaders: Loaders, id: string): Promise<Policy> {
  const policy = await loaders.policy.load(id);
  if (!policy) throw notFoundError(`${id} (Policy)`);
  return policy;
}

/**
 * Lifecycle operations answer 204: the policy is read again to return it as it now is, when the
 * payload asks for it (a console that only checks `userErrors` pays one call, not two).
 */
function policyLifecycle(change: (api: RestApi, id: string) => Promise<void>): MutationResolvers['activatePolicy'] {
  return (_, args, { api, loaders }, info) =>
    payload(
      'policy',
      async () => {
        await change(api, args.id);
        forgetPolicy(loaders, args.id);
        return selectedPaths(info).has('policy') ? loaders.policy.load(args.id) : null;
      },
      { args, info },
    );
}

export const policyMutations: Pick<MutationResolvers, PolicyMutations> = {
  createPolicy: (_, args, { api, loaders, idempotency }, info) =>
    idempotency.run({
      mutation: 'createPolicy',
      args,
      resultKey: 'policy',
      load: (id) => loaders.policy.load(id),
      find: policiesNamed(api, args.input.type, args.input.name),
      run: () =>
        payload(
          'policy',
          async () => {
            const policy = await api.createPolicy(toPolicyBody(args.input));
            primePolicy(loaders, policy);
            return policy;
          },
          { args, info },
        ),
    }),

  replacePolicy: (_, args, { api, loaders }, info) =>
    payload(
      'policy',
      async () => {
        const { id, input } = args;
        const type = input.type ?? (await currentPolicy(loaders, id)).type;
        const policy = await api.replacePolicy(id, toPolicyBody({ ...input, type }));
        primePolicy(loaders, policy);
        return policy;
      },
      { args, info },
    ),

  updatePolicy: (_, args, { api, loaders }, info) =>
    payload(
      'policy',
      async () => {
        const { id, input } = args;
        const current = await currentPolicy(loaders, id);
        const policy = await api.replacePolicy(id, policyUpdateBody(current, toPolicyPatch(input)));
        primePolicy(loaders, policy);
        return policy;
      },
      { args, info },
    ),

  deletePolicy: async (_, args, { api, loaders }, info) => {
    const { id } = args;
    // The type of a deleted policy can no longer be read: learn it first, when the answer needs it.
    let policyType = null;
    const result = await payload(
      'deletedId',
      async () => {
        if (selectedPaths(info).has('policiesOfType')) policyType = (await currentPolicy(loaders, id)).type;
        await api.deletePolicy(id);
        forgetPolicy(loaders, id);
        return id;
      },
      { args, info },
    );
    return { ...result, policyType: result.deletedId === null ? null : policyType };
  },

  activatePolicy: policyLifecycle((api, id) => api.activatePolicy(id)),
  deactivatePolicy: policyLifecycle((api, id) => api.deactivatePolicy(id)),

  clonePolicy: (_, args, { api, loaders, idempotency }, info) =>
    idempotency.run({
      mutation: 'clonePolicy',
      args,
      resultKey: 'policy',
      load: (id) => loaders.policy.load(id),
      run: () =>
        payload(
          'policy',
          async () => {
            const clone = await api.clonePolicy(args.id);
            primePolicy(loaders, clone);
            return clone;
          },
          { args, info },
        ),
    }),
};
