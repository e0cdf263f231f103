// The refusals of a plan's deletes that the service states before any write, foreseen so that an
// apply never stops part-way on them: a user type that users still have (the User Types service
// refuses its delete, 403 UNMET_REQUIREMENTS: asked of the platform's Users API, one user at most),
// and a policy whose `_links` offer its update but not its delete (the service will not delete it, e.g.
// an authentication policy still assigned to applications). System objects never reach here: the diff
// refuses their delete as the document's error. A credential that may not read users gets a warning
// instead of the check, and the plan stays valid.
import { linkAllows } from '../upstream/links.ts';
import { UpstreamError } from '../upstream/errors.ts';
import type { RestApi } from '../upstream/client.ts';
import { userTypeHasUsers } from '../upstream/users.ts';
import type { PolicyType } from '../rest/types.ts';
import type { PolicyPlanWarningCode } from '../generated/enums.ts';
import { type OrgSnapshot, policyKey } from './document.ts';
import type { ChangeRefusal, PlanChange, PlanError } from './diff.ts';

export interface PlanWarning {
  code: PolicyPlanWarningCode;
  key: string;
  message: string;
}

export interface Foreseen {
  /** The changes, each refused one with its `refusal`. */
  changes: PlanChange[];
  warnings: PlanWarning[];
}

/** Upstream calls `foresee` makes for these changes: one users read per user type to delete. */
export function foreseeCost(changes: PlanChange[]): number {
  return changes.filter(isUserTypeDelete).length;
}

/** The changes with the refusals the service states in advance, read from `org` (as the changes were made from) and the Users API. */
export async function foresee(api: RestApi, org: OrgSnapshot, changes: PlanChange[]): Promise<Foreseen> {
  const warnings: PlanWarning[] = [];
  const refusals = await Promise.all(
    changes.map(async (change) => {
      if (isUserTypeDelete(change)) return userTypeRefusal(api, org, change, warnings);
      if (change.action === 'DELETE' && change.kind === 'POLICY') return policyRefusal(org, change.key);
      return undefined;
    }),
  );
  return {
    changes: changes.map((change, i) => (refusals[i] ? { ...change, refusal: refusals[i] } : change)),
    warnings,
  };
}

function isUserTypeDelete(change: PlanChange): boolean {
  return change.action === 'DELETE' && change.kind === 'USER_TYPE';
}

async function userTypeRefusal(
  api: RestApi,
  org: OrgSnapshot,
  change: PlanChange,
  warnings: PlanWarning[],
): Promise<ChangeRefusal | undefined> {
  const type = org.userTypes.find((t) => t.name === change.key);
  if (!type) return undefined;
  try {
    if (!(await userTypeHasUsers(api, type.id))) return undefined;
  } catch (error) {
    if (!(error instanceof UpstreamError && error.status === 403)) throw error;
    const scope = error.access?.requiredScope ?? 'okta.users.read';
    warnings.push({
      code: 'USERS_NOT_READ',
      key: change.key,
      message: `Not checked whether users have the type ${change.key}: the credential may not read users (${scope}, or its admin role). The apply stops at its delete if any do.`,
    });
    return undefined;
  }
  return { code: 'CONFLICT', message: '1 or more users have this type' };
}

/** A policy whose self link offers PUT but not DELETE: the service says it will not delete it. */
function policyRefusal(org: OrgSnapshot, key: string): ChangeRefusal | undefined {
  for (const [type, entries] of Object.entries(org.policies) as [PolicyType, OrgSnapshot['policies'][PolicyType]][]) {
    const found = entries?.find(({ policy }) => policyKey(type, policy.name) === key)?.policy;
    if (!found) continue;
    const self = found._links?.self;
    // Without hints (a proxy may drop them) nothing is foreseen; without PUT the caller may write nothing.
    if (!linkAllows(self, 'PUT') || linkAllows(self, 'DELETE')) return undefined;
    return { code: 'FORBIDDEN', message: 'its links offer no delete (it is still assigned to applications, for one)' };
  }
  return undefined;
}

/** The plan's refused changes as the apply's user errors: nothing was written. */
export function refusedErrors(changes: PlanChange[]): PlanError[] {
  return changes.flatMap((c) =>
    c.refusal
      ? [
          {
            message: `${c.action} ${c.kind} ${c.key}: refused by the service, ${c.refusal.message}. Nothing was written: change the org (or keep the object in the document), then plan again.`,
            code: c.refusal.code,
            key: c.key,
            path: c.path,
          },
        ]
      : [],
  );
}
