// Conditions are read as the service returns them; the userType condition also resolves its ids
// to user types (a batch of two or more ids costs one list call), one entry per id, null where the
// type no longer exists, so a dangling id never reads as "no restriction".
import type { UserType } from '../../rest/types.ts';
import type { GatewayContext } from '../context.ts';
import type { UserTypeConditionResolvers } from '../../generated/graphql.ts';

async function userTypesOf(ids: string[] | undefined, { loaders }: GatewayContext): Promise<(UserType | null)[]> {
  if (!ids?.length) return [];
  return loaders.userType.loadMany(ids).then(rethrowFirstError);
}

/** DataLoader.loadMany reports failures per key; one failure fails the field. */
function rethrowFirstError<T>(results: (T | Error)[]): T[] {
  const failure = results.find((r): r is Error => r instanceof Error);
  if (failure) throw failure;
  return results as T[];
}

export const UserTypeCondition: UserTypeConditionResolvers = {
  includedUserTypes: (condition, _, ctx) => userTypesOf(condition.include, ctx),
  excludedUserTypes: (condition, _, ctx) => userTypesOf(condition.exclude, ctx),
};
