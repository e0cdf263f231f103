// Password guessing, limited as the platform's lockout and rate limits do, without letting anyone
// lock a person out: failures are counted per person AND client address, so guesses from one
// address lock that address out of that person's account (for LOCKOUT_SECONDS, after
// MAX_FAILURES), while the person signs in from their own address as before; and each address may
// try at most ATTEMPTS_PER_MINUTE sign-ins a minute, whoever they name. A refused attempt checks
// no password (it costs nothing). The client address is the connection's: a forwarded-for header
// is not believed (anyone could send one).
import { ExpiringMap } from './expiringMap.ts';

/** Failed passwords from one address for one login before that address is locked out of it. */
export const MAX_FAILURES = 10;
/** How long such a lockout lasts, and how long failures are remembered. */
export const LOCKOUT_SECONDS = 15 * 60;
/** Sign-in attempts one address may make a minute (right or wrong, any login). */
export const ATTEMPTS_PER_MINUTE = 300;
const BOUNDS = { count: 50_000, bytes: 16 * 1024 * 1024 };

export type Throttled = { ok: true } | { ok: false; retryAfter: number; why: string };

interface Window {
  count: number;
  /** Seconds since the epoch: the window ends. */
  until: number;
}

export class SignInThrottle {
  /** `<address> <login>` -> failures in the current lockout window. */
  private readonly failures = new ExpiringMap<string, Window>(BOUNDS, (key) => 2 * key.length + 200);
  /** Address -> attempts in the current minute. */
  private readonly attempts = new ExpiringMap<string, Window>(BOUNDS, (key) => 2 * key.length + 200);

  /** Whether `address` may try a password for `login` now (an allowed attempt is counted). */
  check(address: string, login: string, now: number): Throttled {
    const failed = this.failures.get(failureKey(address, login), now);
    if (failed && failed.count >= MAX_FAILURES) {
      return {
        ok: false,
        retryAfter: failed.until - now,
        why: 'Too many failed sign-ins for this user from this address: try again later.',
      };
    }
    const minute = this.attempts.get(address, now) ?? { count: 0, until: now + 60 };
    if (minute.count >= ATTEMPTS_PER_MINUTE) {
      return {
        ok: false,
        retryAfter: minute.until - now,
        why: 'Too many sign-in attempts from this address: try again later.',
      };
    }
    minute.count += 1;
    if (minute.count === 1) this.attempts.set(address, minute, minute.until, now);
    return { ok: true };
  }

  failed(address: string, login: string, now: number): void {
    const key = failureKey(address, login);
    const window = this.failures.get(key, now);
    if (window) window.count += 1;
    else this.failures.set(key, { count: 1, until: now + LOCKOUT_SECONDS }, now + LOCKOUT_SECONDS, now);
  }

  succeeded(address: string, login: string): void {
    this.failures.delete(failureKey(address, login));
  }
}

const failureKey = (address: string, login: string) => `${address} ${login.trim().toLowerCase().slice(0, 200)}`;
