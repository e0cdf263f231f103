// The read-only view of the org that the evaluation engine and validators work on. The store
// implements it; tests can implement it with plain arrays.
import type { Policy, PolicyRule, PolicyType } from '../../rest/types.ts';
import type { FixtureApp, FixtureGroup, FixtureUser, FixtureZone } from './fixture.ts';
import type { OrgLookup } from '../policyTypes/registry.ts';

export interface OrgView extends OrgLookup {
  /** Policies of one type in ascending priority (1 first). */
  policiesOfType(type: PolicyType): Policy[];
  /** Rules of one policy in ascending priority. */
  rulesOf(policyId: string): PolicyRule[];
  /** A user that is not deleted: its groups and its type (absent: the default type). */
  user(id: string): Pick<FixtureUser, 'id' | 'groupIds' | 'typeId'> | undefined;
  group(id: string): Pick<FixtureGroup, 'id'> | undefined;
  zone(id: string): FixtureZone | undefined;
  zones(): FixtureZone[];
  app(id: string): FixtureApp | undefined;
  /** The authentication policy an app is mapped to (an unmapped app has the default one). */
  accessPolicyIdOfApp(appId: string): string | undefined;
  /** Id of the org's default user type (users without a type have it). */
  defaultUserTypeId(): string;
}
