// `npm run scale:fairness`: the org's upstream budget shared between callers, in real time. Two
// gateway processes share one budget through Redis (default CALLER_SHARE and UNPROVEN_SHARE) over one
// emulator limited to 120 requests a minute, each answer taking 100 ms. From now to the end of the
// next whole clock minute, a greedy caller (8 loops on replica A, each sending a read of 10 policies
// as soon as the last one is answered) and an ordinary caller (one read every 2 s on replica B; same
// token, other scheme: another Authorization value, so another caller). Then 130 junk-token
// requests (half distinct tokens, half one token) at once on both replicas, and the ordinary
// caller's read. Prints the results and writes the "Fair share" part of docs/reports/scale.md unless --no-write.
//   npm run scale:fairness -- [--no-write]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type GatewayProcess, startGatewayProcess } from '../test/helpers/gatewayProcess.ts';
import { startTestRedis } from '../test/helpers/redisServer.ts';
import { type QuotaDecision, startRecordedEmulator, writeLatestRun } from './report.ts';
import { WINDOW_MS } from '../src/upstream/rateLimitPolicy.ts';
import { GATEWAY_DEFAULTS } from '../src/config/settings.ts';

const SHARES = GATEWAY_DEFAULTS.shared;
const REPORT = new URL('../docs/reports/scale.md', import.meta.url);
const HEADING = '## Fair share';
const RUN_HEADING = '### Latest run of `npm run scale:fairness`';
const TOKEN = 'fairness-token';
/** Another API token of the same admin: the second gateway's caller. */
const OTHER_TOKEN = 'fairness-other-token';
const LIMIT_PER_MINUTE = 120;
const LATENCY_MS = 100;
const GREEDY_LOOPS = 8;

const { values: args } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });

interface Results {
  ordinaryAsked: number;
  ordinaryServed: number;
  longestRefusalMs: number;
  greedyOperations: number;
  /** Upstream calls the greedy caller made in the window. */
  greedyCalls: number;
  /** Errors of the greedy caller's fields, by code. */
  greedyCodes: Record<string, number>;
  /** Upstream requests the service let through in the whole window, and how many it refused. */
  allowedInWindow: number;
  upstream429s: number;
  junkCalls: number;
  junkCodes: Record<string, number>;
  validServedAfterJunk: boolean;
}

async function main(): Promise<void> {
  const { emulator, quota } = await startRecordedEmulator(TOKEN, LIMIT_PER_MINUTE, LATENCY_MS, [OTHER_TOKEN]);
  const redis = await startTestRedis();
  const env = { UPSTREAM_URL: emulator.url, REDIS_URL: redis.url, REPLICAS: '2', LOG_LEVEL: 'info' };
  const [a, b] = await Promise.all([
    startGatewayProcess(env, `SSWS ${TOKEN}`),
    startGatewayProcess(env, `SSWS ${OTHER_TOKEN}`),
  ]);
  try {
    const results = await run(a, b, emulator.counter, quota);
    const report = reportOf(results);
    console.log(report);
    if (!args['no-write']) {
      writeLatestRun(HEADING, RUN_HEADING, report, REPORT, '# Scale-out');
      console.log('fairness: docs/reports/scale.md updated');
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
    await emulator.close();
  }
}

async function run(
  greedyReplica: GatewayProcess,
  ordinaryReplica: GatewayProcess,
  counter: { total: number },
  quota: QuotaDecision[],
): Promise<Results> {
  const windowStart = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
  const end = windowStart + WINDOW_MS;
  console.log(`fairness: two callers until ${new Date(end).toISOString()}`);
  let greedyOperations = 0;
  const greedyCodes: Record<string, number> = {};
  let n = 0;
  const greedy = async () => {
    while (Date.now() < end) {
      const i = n++;
      const fields = Array.from({ length: 10 }, (_, k) => `p${k}: policy(id: "00pgreedy${i}x${k}") { id }`);
      const sentAt = Date.now();
      const body = await greedyReplica.gql(`{ ${fields.join(' ')} }`);
      if (sentAt < windowStart) continue;
      greedyOperations++;
      for (const e of body.errors ?? []) greedyCodes[e.extensions?.code] = (greedyCodes[e.extensions?.code] ?? 0) + 1;
      // A refused operation is answered at once: wait a little rather than spin.
      if (body.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')) await sleep(50);
    }
  };
  let asked = 0;
  let served = 0;
  let refusedSince: number | undefined;
  let longestRefusalMs = 0;
  const ordinary = async () => {
    for (let due = Date.now(); due < end; due += 2_000) {
      await sleep(Math.max(0, due - Date.now()));
      const body = await ordinaryReplica.gql('{ userTypes { id } }');
      if (due < windowStart) continue;
      asked++;
      if (body.data?.userTypes) {
        served++;
        if (refusedSince !== undefined) longestRefusalMs = Math.max(longestRefusalMs, Date.now() - refusedSince);
        refusedSince = undefined;
      } else refusedSince ??= Date.now();
    }
    if (refusedSince !== undefined) longestRefusalMs = Math.max(longestRefusalMs, Date.now() - refusedSince);
  };
  await Promise.all([ordinary(), ...Array.from({ length: GREEDY_LOOPS }, greedy)]);
  const inWindow = quota.filter((q) => q.at >= windowStart && q.at < end);

  console.log('fairness: 130 junk-token requests');
  const before = counter.total;
  const junk = Array.from({ length: 130 }, (_, i) => (i % 2 ? `SSWS junk${i}` : 'SSWS junk'));
  const answers = await Promise.all(
    junk.map((auth, i) => (i % 2 ? greedyReplica : ordinaryReplica).gql('{ userTypes { id } }', undefined, { auth })),
  );
  const junkCalls = counter.total - before;
  const junkCodes: Record<string, number> = {};
  for (const body of answers) {
    const code = String(body.errors?.[0]?.extensions?.code ?? 'served');
    junkCodes[code] = (junkCodes[code] ?? 0) + 1;
  }
  // The ordinary caller: the greedy one (same token, other caller) has spent its share of the window.
  const valid = await ordinaryReplica.gql('{ userTypes { id } }');
  return {
    ordinaryAsked: asked,
    ordinaryServed: served,
    longestRefusalMs,
    greedyOperations,
    greedyCodes,
    // Every other request in the window was the greedy caller's (calls of its operations sent
    // before the window, which waited for its reset, included).
    greedyCalls: inWindow.filter((q) => q.allowed).length - served,
    allowedInWindow: inWindow.filter((q) => q.allowed).length,
    upstream429s: quota.filter((q) => !q.allowed).length,
    junkCalls,
    junkCodes,
    validServedAfterJunk: Boolean(valid.data?.userTypes),
  };
}

function reportOf(r: Results): string {
  const share = r.ordinaryAsked ? Math.round((100 * r.ordinaryServed) / r.ordinaryAsked) : 0;
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([code, count]) => `${code} ${count}`)
      .join(', ');
  return [
    RUN_HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (2 shared cores). Emulator limit ${LIMIT_PER_MINUTE} requests/min, ${LATENCY_MS} ms` +
      ` per answer; 2 gateway processes sharing Redis, default CALLER_SHARE (${SHARES.callerShare}), NEWCOMER_RESERVE` +
      ` (${SHARES.newcomerReserve}) and UNPROVEN_SHARE (${SHARES.unprovenShare});` +
      ` one whole window measured.`,
    '',
    '| measure | value |',
    '| --- | --: |',
    `| ordinary caller: reads asked / served | ${r.ordinaryAsked} / ${r.ordinaryServed} (${share}%) |`,
    `| ordinary caller: longest time refused | ${(r.longestRefusalMs / 1000).toFixed(1)} s |`,
    `| greedy caller: operations sent in the window / upstream calls in the window | ${r.greedyOperations} / ${r.greedyCalls} |`,
    `| greedy caller: field errors | ${list(r.greedyCodes)} |`,
    `| upstream requests let through in the window | ${r.allowedInWindow} of ${LIMIT_PER_MINUTE} |`,
    `| upstream 429s, whole run | ${r.upstream429s} |`,
    `| 130 junk-token requests: upstream calls | ${r.junkCalls} |`,
    `| 130 junk-token requests: answers | ${list(r.junkCodes)} |`,
    `| ordinary caller served right after | ${r.validServedAfterJunk ? 'yes' : 'no'} |`,
  ].join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

main().catch((error: unknown) => {
  console.error(`fairness: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
