// `npm run scale:window`: the org's window used by a lone caller, and a newcomer served at once, in
// real time over loopback. One emulator limited to 120 requests a minute (each answer taking 50 ms),
// in this process, and three gateway processes (dist/main.js, REPLICAS=3) sharing one budget
// through a fresh redis-server, in up to three modes (`--modes N`: the first N): the defaults
// (CALLER_SHARE 1, NEWCOMER_RESERVE 0.08, PACE_BURST 0.1), then without the pace (PACE_BURST 1), then
// the older defaults (CALLER_SHARE 0.5, no reserve, no pace), for comparison.
//   - A lone caller starts 15 s before a clock-minute window W: 6 loops (two per replica) of one
//     read each (one upstream call), each read as soon as the last one is answered (100 ms pause after
//     a RATE_LIMITED). It goes on to the end of the next window.
//   - At second 30 of W+1 a second caller (another credential, never seen) asks for a read every
//     100 ms, round-robin over the replicas, until served; then one read every 2 s to the end of W+1.
// Reported per mode: the lone caller's upstream calls in W (alone), the time from the newcomer's
// first request to its first answer, and in W+1 what each of the two got (and the newcomer's most
// refusals in a row). Each mode takes about 2.5 minutes. Prints the results and writes its part of
// docs/reports/callers.md unless --no-write.
//   npm run scale:window -- [--modes 3] [--no-write]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type GatewayProcess, startGatewayProcess } from '../test/helpers/gatewayProcess.ts';
import { startTestRedis } from '../test/helpers/redisServer.ts';
import { WINDOW_MS } from '../src/upstream/rateLimitPolicy.ts';
import { clientFrom, type QuotaDecision, startRecordedEmulator, writeLatestRun } from './report.ts';

const REPORT = new URL('../docs/reports/callers.md', import.meta.url);
const HEADING = '## Measured';
const RUN_HEADING = '### Latest run of `npm run scale:window`';
const TOKEN = 'window-token';
const LIMIT_PER_MINUTE = 120;
const LATENCY_MS = 50;
const REPLICAS = 3;
/** Two concurrent loops per replica. */
const LONE_LOOPS = 6;
const LONE = `SSWS ${TOKEN}`;
/** Another API token of the same admin: another credential, so another caller (`Bearer` carries access tokens only). */
const OTHER_TOKEN = 'window-other-token';
const NEWCOMER = `SSWS ${OTHER_TOKEN}`;
const WARM_UP_MS = 15_000;
const NEWCOMER_AT_MS = 30_000;
const NEWCOMER_RETRY_MS = 100;
const NEWCOMER_EVERY_MS = 2_000;
const READ = '{ userTypes { id } }';

const ALL_MODES: { name: string; env: Record<string, string> }[] = [
  { name: 'defaults: CALLER_SHARE 1, NEWCOMER_RESERVE 0.08, PACE_BURST 0.1', env: {} },
  { name: 'no pace: PACE_BURST 1 (the former defaults)', env: { PACE_BURST: '1' } },
  {
    name: 'former defaults: CALLER_SHARE 0.5, no reserve, no pace',
    env: { CALLER_SHARE: '0.5', NEWCOMER_RESERVE: '0', PACE_BURST: '1' },
  },
];

const { values: args } = parseArgs({
  options: { 'no-write': { type: 'boolean', default: false }, modes: { type: 'string', default: '3' } },
});
/** The first `--modes` modes (default all three): one takes about 2.5 minutes. */
const MODES = ALL_MODES.slice(0, Math.max(1, Math.min(ALL_MODES.length, Number(args.modes) || ALL_MODES.length)));

interface Read {
  caller: 'lone' | 'newcomer';
  answeredAt: number;
  code: string;
}

interface ModeResult {
  mode: string;
  /** Upstream requests let through in W (all the lone caller's: it is alone). */
  loneW: number;
  /** In W+1, before the newcomer came (all the lone caller's). */
  allowedBeforeNewcomer: number;
  /** From the newcomer's first request to its first answer. */
  newcomerFirstAnswerMs: number | undefined;
  newcomerRequestsUntilServed: number;
  loneNext: number;
  newcomerNextAsked: number;
  newcomerNextServed: number;
  /** The newcomer's most refusals in a row once served first (one read every 2 s). */
  newcomerMostRefusedInARow: number;
  allowedNext: number;
  upstream429s: number;
}

async function main(): Promise<void> {
  const { emulator, quota } = await startRecordedEmulator(TOKEN, LIMIT_PER_MINUTE, LATENCY_MS, [OTHER_TOKEN]);
  const redis = await startTestRedis();
  const client = clientFrom('127.0.0.1');
  const results: ModeResult[] = [];
  try {
    for (const mode of MODES) {
      // Each mode starts like a new org and a new deployment: a full quota, an empty Redis.
      emulator.faults.update({ rateLimitPerMinute: LIMIT_PER_MINUTE });
      await redis.flush();
      const env = {
        UPSTREAM_URL: emulator.url,
        REDIS_URL: redis.url,
        REPLICAS: String(REPLICAS),
        LOG_LEVEL: 'info',
        ...mode.env,
      };
      console.log(`window: ${mode.name}: starting ${REPLICAS} gateway processes`);
      const gateways = await Promise.all(Array.from({ length: REPLICAS }, () => startGatewayProcess(env)));
      try {
        results.push(await run(mode.name, gateways, client, quota));
      } finally {
        await Promise.all(gateways.map((g) => g.stop()));
      }
      console.log(`window: ${JSON.stringify(results.at(-1))}`);
    }
  } finally {
    await client.close();
    await redis.stop();
    await emulator.close();
  }
  const report = reportOf(results);
  console.log(report);
  if (!args['no-write']) {
    writeLatestRun(HEADING, RUN_HEADING, report, REPORT, '# Callers');
    console.log('window: docs/reports/callers.md updated');
  }
}

async function run(
  mode: string,
  gateways: GatewayProcess[],
  client: ReturnType<typeof clientFrom>,
  quota: QuotaDecision[],
): Promise<ModeResult> {
  let w = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
  if (w - Date.now() < WARM_UP_MS) w += WINDOW_MS;
  const end = w + 2 * WINDOW_MS;
  console.log(`window: ${mode}: the lone caller from ${new Date(w - WARM_UP_MS).toISOString()}`);
  await sleep(w - WARM_UP_MS - Date.now());
  const reads: Read[] = [];
  const read = async (caller: Read['caller'], gateway: GatewayProcess) => {
    const code = await client.read(gateway.url, READ, caller === 'lone' ? LONE : NEWCOMER);
    reads.push({ caller, answeredAt: Date.now(), code });
    return code;
  };
  const lone = async (loop: number) => {
    while (Date.now() < end) {
      if ((await read('lone', gateways[loop % REPLICAS])) !== 'served') await sleep(100);
    }
  };
  let firstAnswerMs: number | undefined;
  let untilServed = 0;
  let mostRefusedInARow = 0;
  const newcomer = async () => {
    await sleep(w + WINDOW_MS + NEWCOMER_AT_MS - Date.now());
    const first = Date.now();
    for (let i = 0; firstAnswerMs === undefined && Date.now() < end; i++) {
      untilServed++;
      if ((await read('newcomer', gateways[i % REPLICAS])) === 'served') firstAnswerMs = Date.now() - first;
      else await sleep(NEWCOMER_RETRY_MS);
    }
    let inARow = 0;
    for (let i = 0, due = Date.now(); due < end; i++, due += NEWCOMER_EVERY_MS) {
      await sleep(due - Date.now());
      if ((await read('newcomer', gateways[i % REPLICAS])) === 'served') inARow = 0;
      else mostRefusedInARow = Math.max(mostRefusedInARow, ++inARow);
    }
  };
  await Promise.all([newcomer(), ...Array.from({ length: LONE_LOOPS }, (_, i) => lone(i))]);
  const allowedIn = (from: number, to: number) => quota.filter((q) => q.allowed && q.at >= from && q.at < to).length;
  // Each served newcomer read is one upstream call, counted in the window its request reached the
  // service (a read may have waited for a reset; the answer takes LATENCY_MS); every other call let
  // through is the lone caller's.
  const newcomerReads = (from: number, to: number) =>
    reads.filter((r) => r.caller === 'newcomer' && r.answeredAt - LATENCY_MS >= from && r.answeredAt - LATENCY_MS < to);
  const newcomerIn = (from: number, to: number) => newcomerReads(from, to).filter((r) => r.code === 'served').length;
  const next = w + WINDOW_MS;
  return {
    mode,
    loneW: allowedIn(w, next),
    allowedBeforeNewcomer: allowedIn(next, next + NEWCOMER_AT_MS),
    newcomerFirstAnswerMs: firstAnswerMs,
    newcomerRequestsUntilServed: untilServed,
    loneNext: allowedIn(next, end) - newcomerIn(next, end),
    newcomerNextAsked: newcomerReads(next, end).length,
    newcomerNextServed: newcomerIn(next, end),
    newcomerMostRefusedInARow: mostRefusedInARow,
    allowedNext: allowedIn(next, end),
    upstream429s: quota.filter((q) => !q.allowed && q.at >= w - WARM_UP_MS && q.at < end).length,
  };
}

function reportOf(results: ModeResult[]): string {
  const time = (ms: number | undefined) => (ms === undefined ? 'not served' : `${(ms / 1000).toFixed(2)} s`);
  const row = (label: string, value: (r: ModeResult) => string | number) =>
    `| ${label} | ${results.map((r) => value(r)).join(' | ')} |`;
  return [
    RUN_HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (2 shared cores). Emulator limit ${LIMIT_PER_MINUTE} requests/min, ${LATENCY_MS} ms` +
      ` per answer; ${REPLICAS} gateway processes sharing one budget through Redis (REPLICAS=${REPLICAS}). W is the` +
      ` first whole window of the lone caller (${LONE_LOOPS} loops, from ${WARM_UP_MS / 1000} s before it), alone; the` +
      ` newcomer (another credential, never seen) from second ${NEWCOMER_AT_MS / 1000} of W+1, then one read every 2 s.`,
    '',
    `| measure | ${results.map((r) => r.mode).join(' | ')} |`,
    `| --- | ${results.map(() => '--:').join(' | ')} |`,
    row('lone caller, alone: upstream calls in W (of 120)', (r) => r.loneW),
    row('W+1: upstream calls before the newcomer came (all the lone caller’s)', (r) => r.allowedBeforeNewcomer),
    row('newcomer: time from its first request to its first answer', (r) => time(r.newcomerFirstAnswerMs)),
    row('newcomer: requests until served', (r) => r.newcomerRequestsUntilServed),
    row('W+1: lone caller’s upstream calls', (r) => r.loneNext),
    row(
      'W+1: newcomer’s reads asked / served (most refusals in a row after its first answer)',
      (r) => `${r.newcomerNextAsked} / ${r.newcomerNextServed} (${r.newcomerMostRefusedInARow})`,
    ),
    row('W+1: upstream calls, all callers', (r) => r.allowedNext),
    row('upstream 429s, whole run', (r) => r.upstream429s),
  ].join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

main().catch((error: unknown) => {
  console.error(`window: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
