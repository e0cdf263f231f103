// The shared read cache (CACHE_TTL_SECONDS, off by default): a GET's 2xx answer is kept for the TTL
// under its caller's rights class and URL, and answers the same GET of any caller of that class
// (call/rightsClasses.ts: the service's hints differ between classes, so an administrator's answer
// is never a read-only console's). A caller whose class is not known (a junk token, a credential
// not answered yet or refused since) is never served: it makes its own call and gets its own answer. Every write through the gateway moves on the versions of what it
// can have changed before its answer returns (versions.ts; in Redis for every replica), and an entry
// is served only while the versions it was read under are current, so the next read after a write,
// through any replica, is fresh. Writes made outside the gateway are seen once the entry's TTL ends.
//
// What a write can change, by family: a policy write (update, priority, lifecycle, clone, delete,
// rules) can change any policy of its type and its rules, and the URL of most writes names the
// policy by id only, not its type: so every policy read is one group. A user type write changes the
// user types, and the policies and rules whose conditions name user types: so policy reads depend
// on the user types group too. Users are never kept (their reads have no rights class: rightsClasses.ts),
// and the gateway writes none.
import type { AnswerGuard, UpstreamResponse } from '../call/answer.ts';
import type { PreparedCall } from '../call/request.ts';
import type { RetriedResult } from '../call/retry.ts';
import type { TakenRead } from '../call/sharedReads.ts';
import type { ReadFamily, Route } from '../routes.ts';
import { type RightsClass, RightsClasses, shareKey } from '../call/rightsClasses.ts';
import { type CachedRead, frozen, ReadCacheStore } from './store.ts';
import { type CacheGroup, type CacheVersions, LocalCacheVersions } from './versions.ts';

/**
 * Told of the entry a GET was answered from or kept in; undefined when it was neither (see `read`).
 * Without the read cache, a GET also tells of the shared read it came from (call/sharedReads.ts).
 */
export type ReadUse = (entry: CachedRead | undefined, taken?: TakenRead) => void;

/** The groups a read of each family depends on: a write to any of them can change what it answers. */
const READ_DEPENDS_ON: Record<ReadFamily, readonly CacheGroup[]> = {
  policies: ['policies', 'userTypes'],
  userTypes: ['userTypes'],
  users: ['users'],
};
const ALL_GROUPS: readonly CacheGroup[] = ['policies', 'userTypes', 'users'];

export interface ReadCacheOptions {
  ttlMs: number;
  /** Bytes the entries may hold (least recently used first out; CACHE_MAX_BYTES). */
  maxBytes: number;
  /** Where the invalidation versions live; default in this process. */
  versions?: CacheVersions;
  now?: () => number;
  /** Counts the entries a caller of another class was refused (shared with the flights). */
  rights?: RightsClasses;
}

/** The counts /metrics reports. */
export interface ReadCacheCounters {
  readonly hits: number;
  readonly misses: number;
  readonly invalidations: number;
  readonly bytes: number;
}

/** What a hit needs of its operation: the answer step's view, and its byte budget (a hit counts its bytes as a call would). */
export interface CacheReadGuard extends AnswerGuard {
  takeBytes(count: number): Error | undefined;
}

/**
 * A GET's own upstream result is handed to `keep` (a result shared from another caller's flight never is).
 * `stamp` is the versions captured before it: it may only share a flight read under the same ones, since
 * another replica's write moves them without ending this replica's flights.
 */
export type FreshRead = (keep: (result: RetriedResult) => void, stamp: string | undefined) => Promise<UpstreamResponse>;

export class ReadCache implements ReadCacheCounters {
  private readonly store: ReadCacheStore;
  private readonly versions: CacheVersions;
  /** The versions when they live in this process: a stamp is then known at once (`servesAgain`). */
  private readonly localVersions: LocalCacheVersions | undefined;
  private readonly now: () => number;
  private readonly rights: RightsClasses;
  readonly ttlMs: number;
  hits = 0;
  misses = 0;
  invalidations = 0;

  constructor(options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.store = new ReadCacheStore(options.maxBytes);
    this.versions = options.versions ?? new LocalCacheVersions();
    this.localVersions = this.versions instanceof LocalCacheVersions ? this.versions : undefined;
    // Read at each call, not kept: a test's faked Date moves the cache's clock too.
    this.now = options.now ?? (() => Date.now());
    this.rights = options.rights ?? new RightsClasses();
  }

  get bytes(): number {
    return this.store.bytes;
  }

  /** Whether the versions live in this process (no replicas sharing them through Redis). */
  get inProcess(): boolean {
    return this.localVersions !== undefined;
  }

  /** `listener` is told of every entry that goes (replaced, evicted, invalidated, found stale). */
  onDrop(listener: (entry: CachedRead) => void): void {
    this.store.onDrop = listener;
  }

  /**
   * One GET by a caller of class `rights` (asked before and again after its own read, which may
   * teach it): when `serve` (it did not ask for fresh data) a current entry of its class answers it
   * (`onHit` is told its age); else `read` answers it and its own 2xx answer is kept under its class
   * and the versions captured before it was sent. `onUsed` is told once, when it has settled, of
   * the entry that answered it or now keeps its answer, or undefined when neither.
   */
  async read(
    call: PreparedCall,
    family: ReadFamily,
    rights: () => RightsClass | undefined,
    serve: boolean,
    guard: CacheReadGuard,
    read: FreshRead,
    onHit: (ageMs: number) => void,
    onUsed?: ReadUse,
  ): Promise<UpstreamResponse> {
    let used: CachedRead | undefined;
    try {
      const url = String(call.options.path);
      const startedAt = this.now();
      const stamp = await this.versions.stamp(READ_DEPENDS_ON[family]);
      const before = rights();
      const entry =
        serve && stamp !== undefined && before ? this.current(shareKey(before, url), stamp, startedAt) : undefined;
      if (entry) {
        this.hits++;
        onHit(startedAt - entry.startedAt);
        const response = answerFrom(entry, guard);
        used = entry;
        return response;
      }
      if (serve) this.misses++;
      if (stamp !== undefined) {
        this.rights.countIfRefused(family, before, (other) => this.store.holds(shareKey(other, url), stamp));
      }
      let own: RetriedResult | undefined;
      const response = await read((result) => {
        own = result;
      }, stamp);
      const after = rights();
      if (
        stamp !== undefined &&
        after &&
        own?.ok &&
        own.status >= 200 &&
        own.status < 300 &&
        call.route.accepts(response.body)
      ) {
        const { status, body: text } = own;
        const body = frozen(response.body);
        const kept: CachedRead = {
          url: shareKey(after, url),
          family,
          rights: after,
          status,
          body,
          bodyBytes: Buffer.byteLength(text),
          link: response.link,
          startedAt,
          stamp,
        };
        if (this.store.set(kept)) used = kept;
      }
      return response;
    } finally {
      onUsed?.(used);
    }
  }

  /** Whether `entry` is still the one kept under its key. */
  keeps(entry: CachedRead): boolean {
    return this.store.peek(entry.url) === entry;
  }

  /**
   * Whether every one of `entries` would answer its read again right now for a caller whose class
   * for a family is `rightsOf(family)`, as `read` decides: still the entry kept under its key (not
   * replaced, evicted or invalidated), read under the current versions, younger than the TTL, and
   * of the caller's class. When they all do, each counts as a hit and the oldest one's age is
   * returned; else undefined. Only with the versions in this process (undefined otherwise).
   */
  servesAgain(
    entries: readonly CachedRead[],
    rightsOf: (family: ReadFamily) => RightsClass | undefined,
  ): number | undefined {
    const versions = this.localVersions;
    if (!versions) return undefined;
    const now = this.now();
    let oldest = 0;
    for (const entry of entries) {
      if (rightsOf(entry.family) !== entry.rights) return undefined;
      const stamp = versions.stampNow(READ_DEPENDS_ON[entry.family]);
      if (this.current(entry.url, stamp, now) !== entry) return undefined;
      oldest = Math.max(oldest, now - entry.startedAt);
    }
    this.hits += entries.length;
    return oldest;
  }

  /**
   * A write to its route's family through this gateway ended (answered, failed or unknown: it may have
   * applied): no entry read before it is served again, on any replica. Awaited before the write's
   * answer returns.
   */
  async written(route: Pick<Route, 'method' | 'readOnly' | 'family'>): Promise<void> {
    // A GET, or a POST the contract marks as changing nothing (the access simulation).
    if (route.method === 'GET' || route.readOnly) return;
    await this.invalidate([route.family]);
  }

  /** Everything read so far is stale (the org was reset or loaded from a fixture). */
  invalidateAll(): Promise<void> {
    return this.invalidate(ALL_GROUPS);
  }

  private async invalidate(groups: readonly CacheGroup[]): Promise<void> {
    this.invalidations++;
    this.store.deleteWhere((read) => READ_DEPENDS_ON[read.family].some((group) => groups.includes(group)));
    await this.versions.bump(groups);
  }

  /** The entry of `url` (class and URL) when it was read under `stamp` and is younger than the TTL; a stale one goes. */
  private current(url: string, stamp: string, now: number): CachedRead | undefined {
    const entry = this.store.get(url);
    if (!entry) return undefined;
    if (entry.stamp === stamp && now - entry.startedAt < this.ttlMs) return entry;
    this.store.delete(url);
    return undefined;
  }
}

/** A hit as the call's answer (the kept body itself, frozen), its bytes counted in the caller's operation. */
function answerFrom(entry: CachedRead, guard: CacheReadGuard): UpstreamResponse {
  if (guard.reason) throw guard.reason;
  const overBudget = guard.takeBytes(entry.bodyBytes);
  if (overBudget) throw overBudget;
  return { status: entry.status, body: entry.body, link: entry.link };
}
