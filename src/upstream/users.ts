// The one question the gateway asks the platform's Users API: whether any user has a user type. The
// User Types service refuses to delete a type that non-deleted users still have (403 E0000142
// UNMET_REQUIREMENTS), and a plan foresees that refusal with this read. One user is enough to
// know, so it asks for one (`limit=1`): the answer never carries the org's users.
import type { RestApi } from './client.ts';

/** The Users API's search expression for the users of one type (`type.id eq "oty…"`). */
export function usersOfTypeSearch(typeId: string): string {
  return `type.id eq "${typeId.replace(/["\\]/g, '\\$&')}"`;
}

/** Whether at least one user has the type. Throws the call's error (a 403: the caller may not read users). */
export async function userTypeHasUsers(api: RestApi, typeId: string): Promise<boolean> {
  const users = await api.listUsers({ search: usersOfTypeSearch(typeId), limit: 1 });
  return users.length > 0;
}
