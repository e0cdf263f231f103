// `npx tsx --conditions=emulator-source bench/read-cache.ts`: what the read cache (CACHE_TTL_SECONDS)
// saves on a repeated dashboard, over an emulator whose answers take 20 ms (a real org's order): the
// upstream calls and the latency of one dashboard with the cache off, on in process, and on with its
// versions in Redis (one MGET per read), and what a rename costs the next dashboard. Writes
// docs/reports/read-cache.md.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { startEmulator } from '../packages/emulator/src/emulator/index.ts';
import { RedisLink } from '../src/redis/link.ts';
import { startGateway } from '../src/gateway/server.ts';
import { RedisCacheVersions } from '../src/upstream/cache/redisVersions.ts';
import { UpstreamClient } from '../src/upstream/client.ts';
import { graphqlClient } from '../test/helpers/graphqlClient.ts';
import { silentLogger } from '../test/helpers/logs.ts';
import { startTestRedis } from '../test/helpers/redisServer.ts';
import { percentile } from './report.ts';

const TOKEN = 'bench-token';
const RUNS = 40;
const LATENCY_MS = 20;
const REPORT = 'docs/reports/read-cache.md';
const DASHBOARD = `{
  password: policies(type: PASSWORD) { nodes { id name priority status rules { id name status } } }
  signOn: policies(type: PLATFORM_SIGN_ON) { nodes { id name priority status rules { id name status } } }
  mfa: policies(type: MFA_ENROLL) { nodes { id name priority status rules { id name status } } }
  userTypes { id name displayName }
}`;

interface Row {
  setup: string;
  calls: number;
  p50: number;
  p95: number;
  afterRename: number;
}

const emulator = await startEmulator({ port: 0, token: TOKEN, faults: { latencyMs: LATENCY_MS } });
const redis = await startTestRedis();

async function measure(setup: string, cache: 'off' | 'memory' | 'redis'): Promise<Row> {
  const link = cache === 'redis' ? new RedisLink({ url: redis.url }) : undefined;
  await link?.whenReady();
  const upstream = new UpstreamClient({
    baseUrl: emulator.url,
    cacheTtlSeconds: cache === 'off' ? 0 : 60,
    cacheVersions: link && new RedisCacheVersions(link),
  });
  const gateway = await startGateway({ port: 0, host: '127.0.0.1', upstream, logger: silentLogger() });
  const gql = graphqlClient(gateway.url, `SSWS ${TOKEN}`);
  try {
    // Warm: the credential proven, the cache filled.
    for (let i = 0; i < 3; i++) await gql(DASHBOARD);
    const times: number[] = [];
    let calls = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const answer = await gql(DASHBOARD);
      times.push(performance.now() - start);
      calls += answer.extensions.cost.calls;
    }
    const { data, errors } = await gql(DASHBOARD);
    if (!data) throw new Error(`the dashboard failed: ${JSON.stringify(errors)}`);
    const id = data.password.nodes[0].id;
    await gql('mutation($id: ID!) { updatePolicy(id: $id, input: { description: "renamed" }) { policy { id } } }', {
      id,
    });
    const after = await gql(DASHBOARD);
    return {
      setup,
      calls: calls / RUNS,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      afterRename: after.extensions.cost.calls,
    };
  } finally {
    await gateway.close();
    await upstream.close();
    await link?.close();
  }
}

const rows = [
  await measure('cache off (default)', 'off'),
  await measure('CACHE_TTL_SECONDS=60, in process', 'memory'),
  await measure('CACHE_TTL_SECONDS=60, versions in Redis', 'redis'),
];
await emulator.close();
await redis.stop();

const report = `# What the read cache saves

\`npx tsx --conditions=emulator-source bench/read-cache.ts\`: one dashboard (three policy types with
their rules, and the user types) asked ${RUNS} times by one caller after a warm-up, over the emulator
with ${LATENCY_MS} ms per answer; on ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}, Node ${process.version}.

| Setup | Upstream calls per dashboard | p50 ms | p95 ms | Calls of the first dashboard after a write |
|---|---|---|---|---|
${rows
  .map((r) => `| ${r.setup} | ${r.calls.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.afterRename} |`)
  .join('\n')}

With the cache on, a repeated dashboard makes no upstream call and takes none of the org's rate
limit; the first one after a write reads what the write can have changed (every policy read: see
[caching.md](../caching.md#what-invalidates-it)) and is cached again. With Redis, each read pays one
MGET for the versions.
`;
writeFileSync(REPORT, report);
console.log(report);
