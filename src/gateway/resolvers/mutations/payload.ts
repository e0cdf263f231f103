// Every mutation answers with a payload: the changed object, or `userErrors` when the service
// refused the change (400, 403, 404). Any other failure is a GraphQL error.
import {
  type GraphQLInputType,
  type GraphQLResolveInfo,
  getNullableType,
  isInputObjectType,
  isListType,
  isNamedType,
} from 'graphql';
import { type RefusalTarget, toUserErrors, type UserErrorShape } from '../../../errors/userErrors.ts';
import { inputPathOfWirePath } from '../inputs.ts';

/** The mutation's arguments and its resolve info: what a refusal's `field` can name. */
export interface MutationCall {
  args: object;
  info: GraphQLResolveInfo;
}

/**
 * Runs a mutation and wraps its result as `{ [key]: result, userErrors: [] }`; a refusal gives
 * `{ [key]: null, userErrors }`. A cause such as `settings.password.complexity.minLength: ...` gets
 * the field `['input', 'settings', 'password', 'complexity', 'minLength']` when the mutation's
 * `input` argument has that member; a 404 names the id argument the service did not find.
 */
export async function payload<K extends string, T>(
  key: K,
  run: () => Promise<T>,
  call: MutationCall,
): Promise<{ [P in K]: T | null } & { userErrors: UserErrorShape[] }> {
  let result: T | null = null;
  let userErrors: UserErrorShape[] = [];
  try {
    result = await run();
  } catch (error) {
    userErrors = toUserErrors(error, refusalTarget(call));
  }
  return { [key]: result, userErrors } as { [P in K]: T | null } & { userErrors: UserErrorShape[] };
}

function refusalTarget({ args, info }: MutationCall): RefusalTarget {
  const field = info.parentType.getFields()[info.fieldName];
  const ids: Record<string, string> = {};
  let input: RefusalTarget['input'];
  for (const arg of field.args) {
    const value = (args as Record<string, unknown>)[arg.name];
    const type = getNullableType(arg.type);
    if (isNamedType(type) && type.name === 'ID' && typeof value === 'string') ids[arg.name] = value;
    if (isInputObjectType(type)) {
      input = {
        arg: arg.name,
        pathOf: (wirePath) => {
          const path = inputPathOfWirePath(wirePath);
          return hasInputPath(type, path.slice(1)) ? path : null;
        },
      };
    }
  }
  return input ? { ids, input } : { ids };
}

/** True when every member of `path` exists in the input type (list indexes step into the list). */
function hasInputPath(type: GraphQLInputType, path: string[]): boolean {
  let current: GraphQLInputType = getNullableType(type);
  for (const segment of path) {
    if (isListType(current)) {
      if (!/^\d+$/.test(segment)) return false;
      current = getNullableType(current.ofType);
      continue;
    }
    if (!isInputObjectType(current)) return false;
    const member = current.getFields()[segment];
    if (!member) return false;
    current = getNullableType(member.type);
  }
  return true;
}
