// `npm run scale:fairness`: the org's upstream budget shared between callers, in real time. Two
// gateway processes share one budget through Redis (the default shares and pace) over one emulator
// limited to 120 requests a minute, each answer taking 100 ms. A greedy caller (8 loops on replica
// A, each sending a read of 20 policies, 20 upstream calls, as soon as the last one is answered) has
// the window to itself for 10 s; then, beside it, 3 runs of an ordinary caller asking one read every
// 2 s, 15 reads a run, on replica B (same token, other scheme: another Authorization value, so
// another caller), about 100 s in all. Then 130 junk-token requests (half distinct tokens, half one
// token) at once on both replicas, and the ordinary caller's read. Prints the results and writes the
// "Fair share" part of docs/reports/scale.md unless --no-write.
//   npm run scale:fairness -- [--no-write]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type GatewayProcess, startGatewayProcess } from '../test/helpers/gatewayProcess.ts';
import { startTestRedis } from '../test/helpers/redisServer.ts';
import { type QuotaDecision, startRecordedEmulator, writeLatestRun } from './report.ts';
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
/** Upstream calls of one greedy operation (reads of that many policies). */
const GREEDY_CALLS = 20;
/** The greedy caller has the window to itself this long first. */
const GREEDY_ALONE_MS = 10_000;
const ORDINARY_RUNS = 3;
const ORDINARY_ASKS = 15;
const ORDINARY_EVERY_MS = 2_000;

const { values: args } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });

interface OrdinaryRun {
  asked: number;
  served: number;
  mostRefusedInARow: number;
}

interface Results {
  /** The ordinary caller's runs of ORDINARY_ASKS reads. */
  runs: OrdinaryRun[];
  greedyOperations: number;
  /** Upstream calls the greedy caller made while measured. */
  greedyCalls: number;
  /** Errors of the greedy caller's fields, by code. */
  greedyCodes: Record<string, number>;
  /** How long was measured, and the upstream requests the service let through then; how many it refused in the whole run. */
  measuredMs: number;
  allowed: number;
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
  const start = Date.now();
  const ordinaryFrom = start + GREEDY_ALONE_MS;
  const end = ordinaryFrom + ORDINARY_RUNS * ORDINARY_ASKS * ORDINARY_EVERY_MS;
  console.log(
    `fairness: the greedy caller alone, then ${ORDINARY_RUNS} runs of the ordinary one, until ${new Date(end).toISOString()}`,
  );
  let greedyOperations = 0;
  const greedyCodes: Record<string, number> = {};
  let n = 0;
  const greedy = async () => {
    while (Date.now() < end) {
      const i = n++;
      const fields = Array.from({ length: GREEDY_CALLS }, (_, k) => `p${k}: policy(id: "00pgreedy${i}x${k}") { id }`);
      const body = await greedyReplica.gql(`{ ${fields.join(' ')} }`);
      greedyOperations++;
      for (const e of body.errors ?? []) greedyCodes[e.extensions?.code] = (greedyCodes[e.extensions?.code] ?? 0) + 1;
      // A refused operation is answered at once: wait a little rather than spin.
      if (body.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')) await sleep(50);
    }
  };
  const runs: OrdinaryRun[] = Array.from({ length: ORDINARY_RUNS }, () => ({
    asked: 0,
    served: 0,
    mostRefusedInARow: 0,
  }));
  const ordinary = async () => {
    let inARow = 0;
    for (let ask = 0; ask < ORDINARY_RUNS * ORDINARY_ASKS; ask++) {
      const run = runs[Math.floor(ask / ORDINARY_ASKS)];
      if (ask % ORDINARY_ASKS === 0) inARow = 0;
      await sleep(ordinaryFrom + ask * ORDINARY_EVERY_MS - Date.now());
      const body = await ordinaryReplica.gql('{ userTypes { id } }');
      run.asked++;
      if (body.data?.userTypes) {
        run.served++;
        inARow = 0;
      } else run.mostRefusedInARow = Math.max(run.mostRefusedInARow, ++inARow);
    }
  };
  await Promise.all([ordinary(), ...Array.from({ length: GREEDY_LOOPS }, greedy)]);
  const measured = quota.filter((q) => q.at >= start && q.at < end);
  const served = runs.reduce((sum, r) => sum + r.served, 0);

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
    runs,
    greedyOperations,
    greedyCodes,
    // Every other request was the greedy caller's.
    greedyCalls: measured.filter((q) => q.allowed).length - served,
    measuredMs: end - start,
    allowed: measured.filter((q) => q.allowed).length,
    upstream429s: quota.filter((q) => !q.allowed).length,
    junkCalls,
    junkCodes,
    validServedAfterJunk: Boolean(valid.data?.userTypes),
  };
}

function reportOf(r: Results): string {
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
      ` (${SHARES.newcomerReserve}), PACE_BURST (${SHARES.paceBurst}) and UNPROVEN_SHARE (${SHARES.unprovenShare}).` +
      ` The greedy caller (${GREEDY_LOOPS} loops of ${GREEDY_CALLS} calls an operation, back to back) alone for` +
      ` ${GREEDY_ALONE_MS / 1000} s, then ${ORDINARY_RUNS} runs of an ordinary caller asking one read every` +
      ` ${ORDINARY_EVERY_MS / 1000} s (${ORDINARY_ASKS} reads a run) beside it.`,
    '',
    '| ordinary caller | served | most refusals in a row |',
    '| --- | --: | --: |',
    ...r.runs.map((run, i) => `| run ${i + 1} | ${run.served} of ${run.asked} | ${run.mostRefusedInARow} |`),
    '',
    '| measure | value |',
    '| --- | --: |',
    `| greedy caller: operations / upstream calls in the ${Math.round(r.measuredMs / 1000)} s measured | ${r.greedyOperations} / ${r.greedyCalls} |`,
    `| greedy caller: field errors | ${list(r.greedyCodes)} |`,
    `| upstream requests let through in the ${Math.round(r.measuredMs / 1000)} s (${LIMIT_PER_MINUTE}/min) | ${r.allowed} |`,
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
