// Groups, as the platform's groups service has them: create, read, list (`q`: a name prefix), replace
// the profile, delete, and members. A group made here can be named in a policy at once; a deleted
// group leaves every condition that names it (docs/choices.md) and every user's memberships.
import { type GroupInput, GroupInputSchema } from '../../rest/contract/directory.ts';
import { operationPath } from '../../rest/contract/operations.ts';
import { notFound, validationFailed } from '../common/errors.ts';
import { type Handler, noContent, ok } from './handler.ts';
import { newId, now } from '../common/ids.ts';
import type { OrgStore } from '../org/store.ts';
import { Check } from '../common/check.ts';
import { checkContract } from '../policyTypes/contractCheck.ts';
import { directoryFull, type StoredGroup } from '../directory/records.ts';
import { dropReferences } from '../directory/references.ts';
import { toWireGroup, toWireUser } from '../directory/wire.ts';
import { pageOf } from './directoryPaging.ts';
import { bodyObject, ROUTE_WORDING } from './shared.ts';
import { findUser, touchGroups } from './users.ts';

function findGroup(store: OrgStore, id: string): StoredGroup {
  const g = store.group(id);
  if (!g) throw notFound(`${id} (UserGroup)`);
  return g;
}

/** The group's profile from a create or replace body; a name another group has is refused, as the platform does. */
function checkGroupBody(store: OrgStore, body: unknown, self?: string): GroupInput['profile'] {
  const c = new Check();
  const input = checkContract<GroupInput>(GroupInputSchema, bodyObject(body), '', c, ROUTE_WORDING);
  const name = input?.profile.name.toLowerCase();
  const taken = Object.values(store.data.groups).some((g) => g.id !== self && g.profile.name.toLowerCase() === name);
  if (input && taken) c.fail('profile.name', 'An object with this field already exists in the current organization');
  if (!input || !c.ok) throw validationFailed(c.causes);
  return input.profile;
}

export const listGroups: Handler = ({ store, base, query }) => {
  const q = query.get('q')?.toLowerCase();
  const groups = Object.values(store.data.groups).filter((g) => !q || g.profile.name.toLowerCase().startsWith(q));
  return pageOf(groups, base, operationPath('listGroups'), query, (g) => toWireGroup(base, g));
};

export const getGroup: Handler = ({ store, base, params }) => ok(toWireGroup(base, findGroup(store, params.groupId)));

export const createGroup: Handler = ({ store, base, body }) => {
  const profile = checkGroupBody(store, body);
  const full = directoryFull(store.data, 'groups');
  if (full) throw validationFailed([`(group): ${full}`]);
  const t = now();
  const group: StoredGroup = {
    id: newId('00g'),
    type: 'PLATFORM_GROUP',
    created: t,
    lastUpdated: t,
    lastMembershipUpdated: t,
    profile: { name: profile.name, description: profile.description ?? null },
  };
  store.data.groups[group.id] = group;
  store.changed();
  return ok(toWireGroup(base, group));
};

export const replaceGroup: Handler = ({ store, base, params, body }) => {
  const group = findGroup(store, params.groupId);
  const profile = checkGroupBody(store, body, group.id);
  group.profile = { name: profile.name, description: profile.description ?? null };
  group.lastUpdated = now();
  store.changed();
  return ok(toWireGroup(base, group));
};

export const deleteGroup: Handler = ({ store, params }) => {
  const group = findGroup(store, params.groupId);
  delete store.data.groups[group.id];
  for (const user of Object.values(store.data.users)) {
    if (user.groupIds.includes(group.id)) user.groupIds = user.groupIds.filter((id) => id !== group.id);
  }
  dropReferences(store, 'group', group.id);
  store.changed();
  return noContent();
};

export const listGroupUsers: Handler = ({ store, base, params, query, may }) => {
  const group = findGroup(store, params.groupId);
  const members = Object.values(store.data.users).filter((u) => u.groupIds.includes(group.id));
  return pageOf(members, base, operationPath('listGroupUsers', { groupId: group.id }), query, (u) =>
    toWireUser(base, u, may),
  );
};

export const assignUserToGroup: Handler = ({ store, params }) => {
  const group = findGroup(store, params.groupId);
  const user = findUser(store, params.userId);
  if (!user.groupIds.includes(group.id)) {
    user.groupIds = [...user.groupIds, group.id];
    touchGroups(store, [group.id], now());
    store.changed();
  }
  return noContent();
};

export const unassignUserFromGroup: Handler = ({ store, params }) => {
  const group = findGroup(store, params.groupId);
  const user = findUser(store, params.userId);
  if (user.groupIds.includes(group.id)) {
    user.groupIds = user.groupIds.filter((id) => id !== group.id);
    touchGroups(store, [group.id], now());
    store.changed();
  }
  return noContent();
};

/** The handler of each operation on groups (the router is built from them). */
export const HANDLERS = {
  listGroups,
  createGroup,
  getGroup,
  replaceGroup,
  deleteGroup,
  listGroupUsers,
  assignUserToGroup,
  unassignUserFromGroup,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;
