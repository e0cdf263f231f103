// The invalidation versions of the read cache: one counter per group of resources. A read captures
// the versions of the groups it depends on before it is sent (its stamp); a write moves its group's
// version on before its answer returns; an entry is served only while its stamp is still current,
// so no entry read before a write is served after it. In process here; in Redis for replicas
// (redisVersions.ts), where every replica sees every other's writes.
import type { ReadFamily } from '../routes.ts';

/** A group of resources a write can change together; a family is one (see readCache.ts). */
export type CacheGroup = ReadFamily;

export interface CacheVersions {
  /** The groups' versions now, as one string; undefined when they cannot be known (nothing is then served). */
  stamp(groups: readonly CacheGroup[]): Promise<string | undefined>;
  /** Moves the groups' versions on: every stamp taken before is stale from now on. */
  bump(groups: readonly CacheGroup[]): Promise<void>;
}

export class LocalCacheVersions implements CacheVersions {
  private readonly versions = new Map<CacheGroup, number>();

  stamp(groups: readonly CacheGroup[]): Promise<string> {
    return Promise.resolve(this.stampNow(groups));
  }

  stampNow(groups: readonly CacheGroup[]): string {
    return groups.map((group) => this.versions.get(group) ?? 0).join(':');
  }

  bump(groups: readonly CacheGroup[]): Promise<void> {
    for (const group of groups) this.versions.set(group, (this.versions.get(group) ?? 0) + 1);
    return Promise.resolve();
  }
}
