// Apps as the Application entity: by id among the apps of every authentication policy (the
// services have no app lookup by id; the applications service is another team's), for `_entities`
// and for the apps that authentication rules (`conditions.app`) and single logout
// (`slo.appInstanceIds`) name by id. Those are references: with only `id` selected they cost no
// upstream call, and an applications subgraph resolves the rest.
import type { GraphQLResolveInfo } from 'graphql';
import type { Application } from '../../rest/types.ts';
import type { GatewayContext } from '../context.ts';
import type { Loaders } from '../loaders.ts';
import { policiesOfType } from '../resolvers/payloads.ts';
import { APPLICATION_POLICY_TYPE } from '../resolvers/policies.ts';
import { selectedPaths } from '../selection.ts';

/** The fields of a reference known without a call: its key. */
export const REFERENCE_KEY_FIELDS: ReadonlySet<string> = new Set(['id', '__typename']);

/** The app with this id among the apps of every authentication policy; null when none has it. */
export async function applicationById(loaders: Loaders, id: string): Promise<Application | null> {
  const policies = await policiesOfType(loaders, APPLICATION_POLICY_TYPE);
  const lists = await Promise.all(policies.map((policy) => loaders.policyApplications.load(policy.id)));
  for (const apps of lists) {
    const found = apps.find((app) => app.id === id);
    if (found) return found;
  }
  return null;
}

/** The app of `id` for the selection below the field: a reference when only its key is selected. */
function applicationOf(
  id: string,
  loaders: Loaders,
  keyOnly: boolean,
): Application | { id: string } | Promise<Application | null> {
  return keyOnly ? { id } : applicationById(loaders, id);
}

const selectsKeyOnly = (info: GraphQLResolveInfo) =>
  [...selectedPaths(info)].every((path) => REFERENCE_KEY_FIELDS.has(path));

interface AppEntry {
  type: string;
  id?: string;
}

interface Slo {
  appInstanceIds?: string[] | null;
}

export const applicationReferenceResolvers = {
  AppConditionEntry: {
    application: (entry: AppEntry, _: unknown, { loaders }: GatewayContext, info: GraphQLResolveInfo) =>
      entry.type === 'APP' && entry.id ? applicationOf(entry.id, loaders, selectsKeyOnly(info)) : null,
  },
  SloSettings: {
    applications: (slo: Slo, _: unknown, { loaders }: GatewayContext, info: GraphQLResolveInfo) => {
      const keyOnly = selectsKeyOnly(info);
      return slo.appInstanceIds?.map((id) => applicationOf(id, loaders, keyOnly)) ?? null;
    },
  },
};
