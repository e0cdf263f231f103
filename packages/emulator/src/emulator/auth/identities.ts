// The org's identities: people who may sign in (login, password hash, admin role) and the API
// tokens, each belonging to an admin. Built from the fixture and the configured token; read-only
// while the emulator runs.
import type { FixtureUser, OrgFixture } from '../org/fixture.ts';
import { EMULATOR_ADMIN_USER_ID } from '../org/seed.ts';
import type { AdminRole } from '../access/principal.ts';
import { digest, hashPassword, passwordMatches, randomSecret } from '../access/secrets.ts';

export interface Person {
  id: string;
  login: string;
  role: AdminRole | null;
}

/**
 * The admin that owns the configured token when the fixture has no SUPER_ADMIN: not a user of the
 * directory (no policy can name it) and without a password (nobody signs in as it).
 */
export const ORG_OWNER: Person = { id: EMULATOR_ADMIN_USER_ID, login: 'owner@emulator.invalid', role: 'SUPER_ADMIN' };

export class OrgIdentities {
  /** Token digest -> the admin's user id. */
  private readonly tokens = new Map<string, string>();
  private readonly people = new Map<string, FixtureUser>();

  /** `configuredToken` (`--token`) belongs to the fixture's first SUPER_ADMIN, or to ORG_OWNER. */
  constructor(
    private readonly fixture: OrgFixture,
    configuredToken: string,
  ) {
    for (const user of fixture.users) this.people.set(user.id, user);
    for (const t of fixture.apiTokens) this.tokens.set(t.tokenDigest, t.userId);
    const owner = fixture.users.find((u) => u.adminRole === 'SUPER_ADMIN')?.id ?? ORG_OWNER.id;
    this.tokens.set(digest(configuredToken), owner);
  }

  person(id: string): Person | undefined {
    if (id === ORG_OWNER.id && !this.people.has(id)) return ORG_OWNER;
    const user = this.people.get(id);
    return user && { id: user.id, login: user.login, role: user.adminRole ?? null };
  }

  /** The admin an API token belongs to. */
  adminOfToken(token: string): Person | undefined {
    const id = this.tokens.get(digest(token));
    return id === undefined ? undefined : this.person(id);
  }

  /** The person with this login and password; undefined for a wrong pair (which of the two is not said). */
  async signIn(login: string, password: string): Promise<Person | undefined> {
    const user = this.fixture.users.find((u) => u.login.toLowerCase() === login.trim().toLowerCase());
    // An unknown login costs a hash too, so the time taken does not tell which logins exist.
    const matches = await passwordMatches(password, user?.passwordHash ?? unknownLoginHash());
    return matches && user?.passwordHash ? this.person(user.id) : undefined;
  }
}

let unknownLogin: string | undefined;
/** A hash no password matches, made once. */
function unknownLoginHash(): string {
  unknownLogin ??= hashPassword(randomSecret());
  return unknownLogin;
}
