// Whether the target org has the groups, zones, apps and users a document names. The services have
// no read of those objects, but the simulation refuses unknown ones (groups and zones with a
// validation error naming them, an app or user with a 404), so a few simulation calls check them
// before anything is written.
import { splitCause } from '../errors/causes.ts';
import { UpstreamError } from '../upstream/errors.ts';
import type { RestApi } from '../upstream/client.ts';
import type { References } from './document.ts';
import type { PlanError } from './diff.ts';

/** An app id no org has: with no app named, a 404 for it means the groups and zones passed. */
const PROBE_APP = 'policy-document-reference-check';

export interface ReferenceCheck {
  errors: PlanError[];
  calls: number;
}

export async function checkReferences(api: RestApi, refs: References): Promise<ReferenceCheck> {
  const errors: PlanError[] = [];
  let calls = 0;
  const apps = refs.apps ?? [];
  const groups = refs.groups ?? [];
  const zones = refs.zones ?? [];
  const missing = (kind: string, id: string) =>
    errors.push({
      message: `The org has no ${kind} ${id}, which the document names: create it, or change the document, before applying.`,
      code: 'REFERENCE_NOT_FOUND',
      key: `references/${kind}s/${id}`,
      path: null,
    });
  /** Runs one simulation; true when it answered, false on the 404 of its app or user. */
  const simulate = async (
    appInstance: string,
    policyContext: Record<string, unknown>,
  ): Promise<UpstreamError | undefined> => {
    calls++;
    try {
      await api.simulate({ appInstance, policyContext } as never, []);
      return undefined;
    } catch (error) {
      if (error instanceof UpstreamError && (error.status === 400 || error.status === 404)) return error;
      throw error;
    }
  };
  const app = apps[0] ?? PROBE_APP;
  if (groups.length > 0 || zones.length > 0 || apps.length > 0) {
    const context: Record<string, unknown> = { groups: { ids: groups } };
    if (zones.length > 0) context.zones = { ids: zones };
    const refused = await simulate(app, context);
    if (refused?.status === 400) {
      // Each refused id is a cause at its own path: `policyContext.groups.ids[2]: …`.
      const listed: Record<string, { kind: string; ids: string[] }> = {
        groups: { kind: 'group', ids: groups },
        zones: { kind: 'zone', ids: zones },
      };
      for (const cause of refused.causes) {
        const [root, list, member, index] = splitCause(cause).path ?? [];
        const id = root === 'policyContext' && member === 'ids' ? listed[list]?.ids[Number(index)] : undefined;
        if (id !== undefined) missing(listed[list].kind, id);
      }
      if (errors.length === 0) throw refused;
    } else if (refused?.status === 404 && apps.length > 0) {
      missing('app', app);
    }
  }
  for (const other of apps.slice(1)) {
    if ((await simulate(other, { groups: { ids: [] } }))?.status === 404) missing('app', other);
  }
  // A user is checked against a known app (the simulation looks up the app first).
  if (apps.length > 0 && !errors.some((e) => e.key === `references/apps/${app}`)) {
    for (const id of refs.users ?? []) {
      if ((await simulate(app, { user: { id } }))?.status === 404) missing('user', id);
    }
  }
  return { errors, calls };
}
