// Every mutation answers with a payload: the changed object, or `userErrors` when the service
// refused the change (400, 403, 404). Any other failure is a GraphQL error.
import { toUserErrors, type UserErrorShape } from '../../errors.ts';
import { inputPathOfWirePath } from '../inputs.ts';

/**
 * Runs a mutation and wraps its result as `{ [key]: result, userErrors: [] }`; a refusal gives
 * `{ [key]: null, userErrors }`. `inputArg` names the argument whose paths upstream causes point
 * into, so that a cause such as `settings.password.complexity.minLength: ...` gets the field
 * `['input', 'settings', 'password', 'complexity', 'minLength']`.
 */
export async function payload<K extends string, T>(
  key: K,
  run: () => Promise<T>,
  inputArg?: string,
): Promise<{ [P in K]: T | null } & { userErrors: UserErrorShape[] }> {
  let result: T | null = null;
  let userErrors: UserErrorShape[] = [];
  try {
    result = await run();
  } catch (error) {
    userErrors = toUserErrors(error, inputArg).map((e) =>
      e.field ? { ...e, field: inputPathOfWirePath(e.field) } : e,
    );
  }
  return { [key]: result, userErrors } as { [P in K]: T | null } & { userErrors: UserErrorShape[] };
}
