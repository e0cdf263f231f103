// Applications as the directory serves them: the fixture's, and every registered OAuth client (an
// OpenID Connect app whose id is its client_id). An app's authentication policy is found, as the
// Policy document says, from its `accessPolicy` link, whose href ends in the policy id.
import { operationPath } from '../../rest/contract/operations.ts';
import type { Application } from '../../rest/types.ts';
import type { OAuthClient } from '../access/clients.ts';
import type { FixtureApp } from '../org/fixture.ts';

/** A registered client as an app: the platform names OpenID Connect apps `oidc_client`. */
export function appOfClient(client: OAuthClient): FixtureApp {
  return {
    id: client.client_id,
    name: 'oidc_client',
    label: client.client_name,
    status: 'ACTIVE',
    signOnMode: 'OPENID_CONNECT',
    created: new Date(client.client_id_issued_at * 1000).toISOString(),
    accessPolicyId: null,
  };
}

/**
 * An app as the API answers it: its own members (the fixture's extra ones too) and the link to the
 * authentication policy it is mapped to now (none on a classic org, which has no such policies).
 */
export function toWireApp(base: string, app: FixtureApp, accessPolicyId: string | undefined): Application {
  const { accessPolicyId: _, ...members } = app;
  return {
    ...members,
    _links: accessPolicyId
      ? { accessPolicy: { href: base + operationPath('getPolicy', { policyId: accessPolicyId }) } }
      : {},
  };
}
