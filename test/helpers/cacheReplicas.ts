// A gateway with the read cache on (60 s) whose invalidation versions (and refused credentials) live in a shared Redis: start
// two over one emulator and one redis-server to have replicas, as `REDIS_URL` makes them.
import { RedisLink } from '../../src/redis/link.ts';
import { RedisCacheVersions } from '../../src/upstream/cache/redisVersions.ts';
import { RedisRefusals } from '../../src/upstream/redisRefusals.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { TOKEN } from './emulator.ts';
import { type GqlClient, graphqlClient } from './graphqlClient.ts';
import { startTestGateway } from './gateway.ts';

export interface CacheReplica {
  /** GraphQL with the emulator's token unless told otherwise. */
  gql: GqlClient;
  upstream: UpstreamClient;
  link: RedisLink;
  close(): Promise<void>;
}

/** `cacheTtlSeconds` 0: a replica without the read cache (its reads still shared in process unless `sharedReads` is false). */
export async function startCacheReplica(
  upstreamUrl: string,
  redisUrl: string,
  { cacheTtlSeconds = 60, sharedReads = true } = {},
): Promise<CacheReplica> {
  const link = new RedisLink({ url: redisUrl, log: { warn: () => undefined, info: () => undefined } });
  await link.whenReady();
  const refusals = new RedisRefusals(link);
  const upstream = new UpstreamClient({
    baseUrl: upstreamUrl,
    cacheTtlSeconds,
    sharedReads,
    cacheVersions: new RedisCacheVersions(link),
    refusals,
    replicated: true,
  });
  const gateway = await startTestGateway(upstream);
  return {
    gql: graphqlClient(gateway.url, `SSWS ${TOKEN}`),
    upstream,
    link,
    close: async () => {
      await gateway.close();
      await upstream.close();
      await refusals.close();
      await link.close();
    },
  };
}
