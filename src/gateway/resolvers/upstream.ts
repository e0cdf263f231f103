// How query resolvers wait for upstream data: every failure becomes a GraphQL error on the field
// being resolved (with extensions.code and extensions.upstream), so the rest of the query resolves.
import { toGraphQLError } from '../errors.ts';

export async function fromUpstream<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw toGraphQLError(error);
  }
}
