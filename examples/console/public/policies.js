// The GraphQL documents the console sends to the gateway, and a small client for them (the
// project's client convention, examples/client/src/client.ts, in plain JavaScript).

export const POLICY_TYPES = ['PASSWORD', 'PLATFORM_SIGN_ON', 'MFA_ENROLL', 'ACCESS_POLICY', 'PROFILE_ENROLLMENT'];

// The `viewerCan*` fields say what the signed-in person may do: the console shows only those buttons.
const POLICIES = `query ConsolePolicies($type: PolicyType!) {
  policies(type: $type) {
    nodes {
      id name status priority system
      viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate
      rules { id name status priority viewerCanUpdate viewerCanDelete }
    }
  }
}`;

const RENAME = `mutation ConsoleRenamePolicy($id: ID!, $name: String!) {
  updatePolicy(id: $id, input: { name: $name }) { policy { id name } userErrors { message code } }
}`;
const ACTIVATE = `mutation ConsoleActivatePolicy($id: ID!) {
  activatePolicy(id: $id) { policy { id status } userErrors { message code } }
}`;
const DEACTIVATE = `mutation ConsoleDeactivatePolicy($id: ID!) {
  deactivatePolicy(id: $id) { policy { id status } userErrors { message code } }
}`;
const DELETE = `mutation ConsoleDeletePolicy($id: ID!) {
  deletePolicy(id: $id) { deletedId userErrors { message code } }
}`;
const DELETE_RULE = `mutation ConsoleDeletePolicyRule($policyId: ID!, $ruleId: ID!) {
  deletePolicyRule(policyId: $policyId, ruleId: $ruleId) { deletedId userErrors { message code } }
}`;

/** Sends one document with the person's access token; throws with the gateway's errors. */
export function createClient(endpoint, authorization) {
  const execute = async (query, variables) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: authorization(),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json().catch(() => ({}));
    if (body.errors?.length) {
      throw new Error(body.errors.map((e) => `${e.message} (${e.extensions?.code ?? 'no code'})`).join('; '));
    }
    if (!body.data) throw new Error(`the gateway answered ${response.status}`);
    return body.data;
  };
  /** A mutation's payload, or an error with its userErrors. */
  const mutate = async (query, variables) => {
    const payload = Object.values(await execute(query, variables))[0];
    if (payload?.userErrors?.length) throw new Error(payload.userErrors.map((e) => e.message).join('; '));
    return payload;
  };
  return {
    policies: async (type) => (await execute(POLICIES, { type })).policies.nodes,
    rename: (id, name) => mutate(RENAME, { id, name }),
    activate: (id) => mutate(ACTIVATE, { id }),
    deactivate: (id) => mutate(DEACTIVATE, { id }),
    delete: (id) => mutate(DELETE, { id }),
    deleteRule: (policyId, ruleId) => mutate(DELETE_RULE, { policyId, ruleId }),
  };
}
