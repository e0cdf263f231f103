// The User Types service: list, read (`default` is an alias of the default type), create,
// replace, partial update and delete, with the limit of 10 types and immutable, unique names.
import { notAllowed, notFound, validationFailed } from '../common/errors.ts';
import { noContent, ok, type Handler } from './handler.ts';
import { newId, now } from '../common/ids.ts';
import { bodyObject, ROUTE_WORDING } from './shared.ts';
import { EMULATOR_ADMIN_USER_ID } from '../org/seed.ts';
import type { OrgStore, StoredUserType } from '../org/store.ts';
import { Check } from '../common/check.ts';
import { toWireUserType } from '../org/wire.ts';
import type { TObject } from '@sinclair/typebox';
import {
  CreateUserTypeInputSchema,
  MAX_USER_TYPES,
  ReplaceUserTypeInputSchema,
  UpdateUserTypeInputSchema,
} from '../../rest/contract/userTypes.ts';
import { type ContractCheckOptions, checkMember } from '../policyTypes/contractCheck.ts';

/** The name's pattern in the service's words. */
const NAME_WORDING: ContractCheckOptions = {
  message: (_path, e) =>
    e.keyword === 'pattern' ? 'must start with a letter and contain only letters, digits or underscores' : undefined,
};

function findType(store: OrgStore, id: string): StoredUserType {
  const t = store.userType(id);
  if (!t) throw notFound(`${id} (UserType)`);
  return t;
}

/**
 * `displayName` or `description` against `body` (the contract's create, replace or update body,
 * which says whether it is required). Both are "Nullable: no" in the spec; as on every other
 * operation, `null` for a member that cannot be null counts as not sent ("is required" where the
 * body requires it, unchanged on a partial update).
 */
function checkText(
  c: Check,
  raw: Record<string, unknown>,
  key: 'displayName' | 'description',
  body: TObject,
): string | undefined {
  return checkMember<string>(body, raw, key, '', c, ROUTE_WORDING);
}

/** `name` may be sent on replace and update, but only unchanged. */
function checkNameUnchanged(c: Check, raw: Record<string, unknown>, t: StoredUserType, required: boolean): void {
  const name = c.string(raw.name, 'name', { required });
  if (name !== undefined && name !== t.name) c.fail('name', `cannot change after creation (it is ${t.name})`);
}

export const listUserTypes: Handler = ({ store, base }) => ok(store.data.userTypes.map((t) => toWireUserType(base, t)));

export const getUserType: Handler = ({ store, base, params }) =>
  ok(toWireUserType(base, findType(store, params.typeId)));

export const createUserType: Handler = ({ store, base, body }) => {
  const raw = bodyObject(body);
  const c = new Check();
  const name = checkMember<string>(CreateUserTypeInputSchema, raw, 'name', '', c, NAME_WORDING);
  if (name && store.data.userTypes.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
    c.fail('name', `a user type named ${name} already exists`);
  }
  const displayName = checkText(c, raw, 'displayName', CreateUserTypeInputSchema);
  const description = checkText(c, raw, 'description', CreateUserTypeInputSchema) ?? '';
  if (store.data.userTypes.length >= MAX_USER_TYPES)
    c.fail('(type)', `the org already has the maximum of ${MAX_USER_TYPES} user types`);
  if (!c.ok) throw validationFailed(c.causes);
  const t = now();
  const created: StoredUserType = {
    id: newId('oty'),
    name: name!,
    displayName: displayName!,
    description,
    default: false,
    createdBy: EMULATOR_ADMIN_USER_ID,
    lastUpdatedBy: EMULATOR_ADMIN_USER_ID,
    created: t,
    lastUpdated: t,
  };
  store.data.userTypes.push(created);
  store.changed();
  return ok(toWireUserType(base, created));
};

export const replaceUserType: Handler = ({ store, base, params, body }) => {
  const existing = findType(store, params.typeId);
  const raw = bodyObject(body);
  const c = new Check();
  checkNameUnchanged(c, raw, existing, true);
  const displayName = checkText(c, raw, 'displayName', ReplaceUserTypeInputSchema);
  const description = checkText(c, raw, 'description', ReplaceUserTypeInputSchema);
  if (!c.ok) throw validationFailed(c.causes);
  Object.assign(existing, { displayName, description, lastUpdated: now(), lastUpdatedBy: EMULATOR_ADMIN_USER_ID });
  store.changed();
  return ok(toWireUserType(base, existing));
};

export const updateUserType: Handler = ({ store, base, params, body }) => {
  const existing = findType(store, params.typeId);
  const raw = bodyObject(body);
  const c = new Check();
  checkNameUnchanged(c, raw, existing, false);
  const displayName = checkText(c, raw, 'displayName', UpdateUserTypeInputSchema);
  const description = checkText(c, raw, 'description', UpdateUserTypeInputSchema);
  if (!c.ok) throw validationFailed(c.causes);
  if (displayName !== undefined) existing.displayName = displayName;
  if (description !== undefined) existing.description = description;
  existing.lastUpdated = now();
  existing.lastUpdatedBy = EMULATOR_ADMIN_USER_ID;
  store.changed();
  return ok(toWireUserType(base, existing));
};

export const deleteUserType: Handler = ({ store, params }) => {
  const t = findType(store, params.typeId);
  if (t.default) throw notAllowed('PROHIBITED', 'the default user type cannot be deleted');
  const users = store.usersOfType(t.id);
  if (users.length)
    throw notAllowed('UNMET_REQUIREMENTS', `${users.length} user(s) of this type exist; the type cannot be deleted`);
  store.data.userTypes = store.data.userTypes.filter((x) => x.id !== t.id);
  store.changed();
  return noContent();
};

/** The handler of each operation of the REST contract on user types (the router is built from them). */
export const HANDLERS = {
  listUserTypes,
  createUserType,
  getUserType,
  replaceUserType,
  updateUserType,
  deleteUserType,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;
