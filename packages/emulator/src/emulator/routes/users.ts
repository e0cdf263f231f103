// Users, as the platform's users service has them: create (`activate`, a `type` map whose only key
// is `id`), read by id or login, list (`q`, `search`, `filter`), full replace (the only way to change
// the type), partial update (never the type), deactivate, and the two-step delete (a user not yet
// deactivated is deactivated; a deactivated one is deleted and leaves every condition naming it).
import {
  CreateUserInputSchema,
  ReplaceUserInputSchema,
  UpdateUserInputSchema,
  type CreateUserInput,
  type ReplaceUserInput,
  type UpdateUserInput,
} from '../../rest/contract/directory.ts';
import { operationPath } from '../../rest/contract/operations.ts';
import { notFound, validationFailed } from '../common/errors.ts';
import { type Handler, noContent, ok } from './handler.ts';
import { newId, now } from '../common/ids.ts';
import type { OrgStore } from '../org/store.ts';
import { Check } from '../common/check.ts';
import { checkContract } from '../policyTypes/contractCheck.ts';
import { directoryFull, type StoredUser, type UserProfile } from '../directory/records.ts';
import { dropReferences } from '../directory/references.ts';
import { parseUserSearch } from '../directory/userSearch.ts';
import { toWireUser } from '../directory/wire.ts';
import { pageOf } from './directoryPaging.ts';
import { bodyObject, ROUTE_WORDING } from './shared.ts';

/** A user by id, or by login (case-insensitive), as the platform's get-user accepts either. */
export function findUser(store: OrgStore, idOrLogin: string): StoredUser {
  const user = store.user(idOrLogin) ?? userByLogin(store, idOrLogin);
  if (!user) throw notFound(`${idOrLogin} (User)`);
  return user;
}

function userByLogin(store: OrgStore, login: string): StoredUser | undefined {
  const wanted = login.toLowerCase();
  return Object.values(store.data.users).find((u) => u.profile.login.toLowerCase() === wanted);
}

/** The platform's words for a login another user has. */
function checkLoginFree(c: Check, store: OrgStore, login: string | undefined, self?: string): void {
  const other = login === undefined ? undefined : userByLogin(store, login);
  if (other && other.id !== self)
    c.fail('profile.login', 'An object with this field already exists in the current organization');
}

/** `type.id` must name a user type that exists: a deleted one cannot be assigned. */
function checkTypeId(c: Check, store: OrgStore, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const type = store.userType(id);
  if (!type) c.fail('type.id', `names no user type (${id}); a deleted user type cannot be assigned`);
  return type?.id;
}

function checkGroupIds(c: Check, store: OrgStore, ids: string[] | undefined): string[] {
  (ids ?? []).forEach((id, i) => {
    if (!store.hasGroup(id)) c.fail(`groupIds[${i}]`, `names no group (${id})`);
  });
  return [...new Set(ids ?? [])];
}

function activateOf(query: URLSearchParams): boolean {
  const text = query.get('activate');
  if (text === null || text === 'true') return true;
  if (text === 'false') return false;
  throw validationFailed(['activate: must be true or false']);
}

export const listUsers: Handler = ({ store, base, query, may }) => {
  let users = Object.values(store.data.users);
  const q = query.get('q')?.toLowerCase();
  if (q) {
    users = users.filter((u) =>
      [u.profile.firstName, u.profile.lastName, u.profile.email, u.profile.login].some((v) =>
        v?.toLowerCase().startsWith(q),
      ),
    );
  }
  for (const parameter of ['search', 'filter'] as const) {
    const text = query.get(parameter);
    if (text === null) continue;
    const matches = parseUserSearch(text, parameter);
    users = users.filter(matches);
  }
  return pageOf(users, base, operationPath('listUsers'), query, (u) => toWireUser(base, u, may));
};

export const getUser: Handler = ({ store, base, params, may }) =>
  ok(toWireUser(base, findUser(store, params.userId), may));

export const createUser: Handler = ({ store, base, query, body, may }) => {
  const activate = activateOf(query);
  const c = new Check();
  const input = checkContract<CreateUserInput>(CreateUserInputSchema, bodyObject(body), '', c, ROUTE_WORDING);
  checkLoginFree(c, store, input?.profile.login);
  const typeId = checkTypeId(c, store, input?.type?.id) ?? store.defaultUserTypeId();
  const groupIds = checkGroupIds(c, store, input?.groupIds);
  const full = directoryFull(store.data, 'users');
  if (full) c.fail('(user)', full);
  if (!input || !c.ok) throw validationFailed(c.causes);
  const t = now();
  const withPassword = input.credentials?.password !== undefined;
  const status = !activate ? 'STAGED' : withPassword ? 'ACTIVE' : 'PROVISIONED';
  const user: StoredUser = {
    id: newId('00u'),
    status,
    created: t,
    activated: activate ? t : null,
    statusChanged: activate ? t : null,
    lastLogin: null,
    lastUpdated: t,
    // The password itself is not kept: API-made users do not sign in to the authorization server.
    passwordChanged: withPassword ? t : null,
    typeId,
    profile: input.profile as UserProfile,
    groupIds,
  };
  store.data.users[user.id] = user;
  touchGroups(store, groupIds, t);
  store.changed();
  return ok(toWireUser(base, user, may));
};

export const replaceUser: Handler = ({ store, base, params, body, may }) => {
  const user = findUser(store, params.userId);
  const c = new Check();
  const input = checkContract<ReplaceUserInput>(ReplaceUserInputSchema, bodyObject(body), '', c, ROUTE_WORDING);
  checkLoginFree(c, store, input?.profile.login, user.id);
  const typeId = checkTypeId(c, store, input?.type?.id);
  if (!input || !c.ok) throw validationFailed(c.causes);
  user.profile = input.profile as UserProfile;
  if (typeId) user.typeId = typeId;
  user.lastUpdated = now();
  store.changed();
  return ok(toWireUser(base, user, may));
};

export const updateUser: Handler = ({ store, base, params, body, may }) => {
  const user = findUser(store, params.userId);
  const raw = bodyObject(body);
  const c = new Check();
  const input = checkContract<UpdateUserInput>(UpdateUserInputSchema, raw, '', c, ROUTE_WORDING);
  const sentType = (raw.type as { id?: unknown } | undefined)?.id;
  if (raw.type !== undefined && sentType !== user.typeId) {
    c.fail('type', "a partial update cannot change a user's type; replace the user (PUT) to change it");
  }
  checkLoginFree(c, store, input?.profile.login, user.id);
  if (!input || !c.ok) throw validationFailed(c.causes);
  user.profile = { ...user.profile, ...(input.profile as Partial<UserProfile>) };
  user.lastUpdated = now();
  store.changed();
  return ok(toWireUser(base, user, may));
};

function deactivate(user: StoredUser): void {
  const t = now();
  user.status = 'DEPROVISIONED';
  user.statusChanged = t;
  user.lastUpdated = t;
}

export const deactivateUser: Handler = ({ store, params }) => {
  const user = findUser(store, params.userId);
  if (user.status !== 'DEPROVISIONED') {
    deactivate(user);
    store.changed();
  }
  return noContent();
};

export const deleteUser: Handler = ({ store, params }) => {
  const user = findUser(store, params.userId);
  if (user.status !== 'DEPROVISIONED') deactivate(user);
  else {
    delete store.data.users[user.id];
    touchGroups(store, user.groupIds, now());
    dropReferences(store, 'user', user.id);
  }
  store.changed();
  return noContent();
};

/** Groups whose members changed. */
export function touchGroups(store: OrgStore, groupIds: readonly string[], at: string): void {
  for (const id of groupIds) {
    const g = store.group(id);
    if (g) g.lastMembershipUpdated = at;
  }
}

/** The handler of each operation on users (the router is built from them). */
export const HANDLERS = {
  listUsers,
  createUser,
  getUser,
  replaceUser,
  updateUser,
  deactivateUser,
  deleteUser,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;
