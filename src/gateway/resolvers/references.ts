// Every rule of the org, through the request's loaders (every policy of every type, then each
// policy's rules): to find a rule by its id alone (`node`), and the rules that name a user type in
// their userType condition, read before that type is deleted.
import { POLICY_TYPES, type PolicyType } from '../../rest/types.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { DEFAULT_USER_TYPE, type Loaders } from '../loaders.ts';
import { type RuleWithPolicyId, rulesWithPolicyId } from './models.ts';
import { policiesOfType } from './payloads.ts';

/** The policies of a type; none for a type the org's engine does not have (the service answers 400). */
async function policiesIfTypeExists(loaders: Loaders, type: PolicyType) {
  try {
    return await policiesOfType(loaders, type);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 400) return [];
    throw error;
  }
}

/** Every rule of the org with its policy id: one list call per policy type, then one rules list per policy. */
export async function everyRule(loaders: Loaders): Promise<RuleWithPolicyId[]> {
  const policies = (await Promise.all(POLICY_TYPES.map((type) => policiesIfTypeExists(loaders, type)))).flat();
  const rules = await Promise.all(
    policies.map(async (policy) => rulesWithPolicyId(policy.id, await loaders.rules.load(policy.id))),
  );
  return rules.flat();
}

/** The rules naming a user type (`default` selects the default type, as in every user type operation). */
export async function rulesNamingUserType(loaders: Loaders, id: string): Promise<RuleWithPolicyId[]> {
  const typeId = id === DEFAULT_USER_TYPE ? (await loaders.userType.load(id))?.id : id;
  if (typeId === undefined) return [];
  return (await everyRule(loaders)).filter(({ conditions }) => {
    const { include = [], exclude = [] } = conditions?.userType ?? {};
    return include.includes(typeId) || exclude.includes(typeId);
  });
}
