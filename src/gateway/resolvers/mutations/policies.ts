// Policy mutations: each calls the service, then primes or forgets what it changed in the
// request's loaders, so the rest of the operation reads the policy as it now is.
import { forgetPolicy, primePolicy } from '../../loaders.ts';
import type { MutationResolvers } from '../../../generated/graphql.ts';
import { toPolicyBody } from '../inputs.ts';
import { payload } from './payload.ts';

type PolicyMutations =
  | 'createPolicy'
  | 'replacePolicy'
  | 'deletePolicy'
  | 'activatePolicy'
  | 'deactivatePolicy'
  | 'clonePolicy';

export const policyMutations: Pick<MutationResolvers, PolicyMutations> = {
  createPolicy: (_, { input }, { api, loaders }) =>
    payload(
      'policy',
      async () => {
        const policy = await api.createPolicy(toPolicyBody(input));
        primePolicy(loaders, policy);
        return policy;
      },
      'input',
    ),

  replacePolicy: (_, { id, input }, { api, loaders }) =>
    payload(
      'policy',
      async () => {
        const policy = await api.replacePolicy(id, toPolicyBody(input));
        primePolicy(loaders, policy);
        return policy;
      },
      'input',
    ),

  deletePolicy: (_, { id }, { api, loaders }) =>
    payload('deletedId', async () => {
      await api.deletePolicy(id);
      forgetPolicy(loaders, id);
      return id;
    }),

  // Lifecycle operations answer 204: the policy is read again to return it as it now is.
  activatePolicy: (_, { id }, { api, loaders }) =>
    payload('policy', async () => {
      await api.activatePolicy(id);
      forgetPolicy(loaders, id);
      return loaders.policy.load(id);
    }),

  deactivatePolicy: (_, { id }, { api, loaders }) =>
    payload('policy', async () => {
      await api.deactivatePolicy(id);
      forgetPolicy(loaders, id);
      return loaders.policy.load(id);
    }),

  clonePolicy: (_, { id }, { api, loaders }) =>
    payload('policy', async () => {
      const clone = await api.clonePolicy(id);
      primePolicy(loaders, clone);
      return clone;
    }),
};
