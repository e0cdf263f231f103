// User type mutations: each calls the service, then primes or forgets the type in the request's loaders.
import { forgetUserType, primeUserType } from '../../loaders.ts';
import { selectedPaths } from '../../selection.ts';
import { rulesNamingUserType } from '../references.ts';
import type { MutationResolvers } from '../../../generated/graphql.ts';
import { toCreateUserTypeBody, toReplaceUserTypeBody, toUpdateUserTypeBody } from '../inputs.ts';
import { userTypesNamed } from '../../../idempotency/lookups.ts';
import { payload } from './payload.ts';

type UserTypeMutations = 'createUserType' | 'replaceUserType' | 'updateUserType' | 'deleteUserType';

export const userTypeMutations: Pick<MutationResolvers, UserTypeMutations> = {
  createUserType: (_, args, { api, loaders, idempotency }, info) =>
    idempotency.run({
      mutation: 'createUserType',
      args,
      resultKey: 'userType',
      load: (id) => loaders.userType.load(id),
      find: userTypesNamed(api, args.input.name),
      run: () =>
        payload(
          'userType',
          async () => {
            const userType = await api.createUserType(toCreateUserTypeBody(args.input));
            primeUserType(loaders, userType);
            return userType;
          },
          { args, info },
        ),
    }),

  replaceUserType: (_, args, { api, loaders }, info) =>
    payload(
      'userType',
      async () => {
        const userType = await api.replaceUserType(args.id, toReplaceUserTypeBody(args.input));
        primeUserType(loaders, userType);
        return userType;
      },
      { args, info },
    ),

  updateUserType: (_, args, { api, loaders }, info) =>
    payload(
      'userType',
      async () => {
        const userType = await api.updateUserType(args.id, toUpdateUserTypeBody(args.input));
        primeUserType(loaders, userType);
        return userType;
      },
      { args, info },
    ),

  deleteUserType: async (_, args, { api, loaders }, info) => {
    const { id } = args;
    // Read before the delete, so the answer names them whatever the service does.
    let referencingRules = null;
    if (selectedPaths(info).has('referencingRules')) {
      referencingRules = await rulesNamingUserType(loaders, id);
    }
    const result = await payload(
      'deletedId',
      async () => {
        await api.deleteUserType(id);
        forgetUserType(loaders, id);
        return id;
      },
      { args, info },
    );
    return { ...result, referencingRules };
  },
};
