// `npm run scale:callers`: one caller is one caller, measured by an attacker in real time over
// loopback. One emulator limited to 600 requests a minute (each answer taking 50 ms), in this
// process, and a gateway process (dist/main.js, default CALLER_SHARE, UNPROVEN_SHARE and
// UNPROVEN_ADDRESS_SHARE) over it.
//   1. Spellings: for one whole clock-minute window, a greedy caller sends reads of 10 policies in 8
//      loops, each loop with its own spelling of one credential (`SSWS t`, `ssws t`, `SSWS  t`, …),
//      and an ordinary caller (the same token with the other scheme: another credential) one read
//      every 600 ms. Reported: the greedy caller's share of the window and the ordinary caller's
//      success rate.
//   2. Junk flood, `--runs` times (default 5), each in a window of its own with a fresh gateway (so
//      the valid credential is never seen before): from 10 s before the window (so that the flood runs
//      at full speed when the window starts), 8 loops of random junk tokens from 127.0.0.1; at second 3, a valid credential never seen from 127.0.0.2 asks for a
//      read every 100 ms until it is served. Reported: the time from its first request to its first
//      answer. One more run sends the valid credential from the flooding address itself (the limit of
//      what a per-address part can do).
// Every loop stops at the end of its window (a run at most 65 s); the whole run takes about 9 minutes.
// Prints the results and writes the "Latest run" part of docs/reports/callers.md unless --no-write.
// `--runs 0` runs the spellings part alone (about 2 minutes) and only prints it.
//   npm run scale:callers -- [--runs 5] [--no-write]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type GatewayProcess, startGatewayProcess } from '../test/helpers/gatewayProcess.ts';
import { clientFrom, type QuotaDecision, startRecordedEmulator, writeLatestRun } from './report.ts';
import { WINDOW_MS } from '../src/upstream/rateLimitPolicy.ts';
import { GATEWAY_DEFAULTS } from '../src/config/settings.ts';

const SHARES = GATEWAY_DEFAULTS.shared;
const REPORT = new URL('../docs/reports/callers.md', import.meta.url);
const HEADING = '## Measured';
const RUN_HEADING = '### Latest run of `npm run scale:callers`';
const TOKEN = 'callers-token';
const LIMIT_PER_MINUTE = 600;
const LATENCY_MS = 50;
const SPELLINGS = ['SSWS', 'ssws', 'Ssws', 'SSWS ', 'sSwS  ', 'ssws   ', 'SsWs', 'SSWs    '].map(
  (s) => `${s} ${TOKEN}`,
);
/** Another API token of the same admin: another credential, so another caller. */
const OTHER_TOKEN = 'callers-other-token';
const ORDINARY = `SSWS ${OTHER_TOKEN}`;
const ORDINARY_EVERY_MS = 600;
const JUNK_LOOPS = 8;
const NEWCOMER_AT_MS = 3_000;
const NEWCOMER_EVERY_MS = 100;
/** A junk run ends this long after its window's start, served or not. */
const RUN_MS = 65_000;
/** The junk flood starts this long before its window. */
const WARM_UP_MS = 10_000;
const FLOOD_ADDRESS = '127.0.0.1';
const OTHER_ADDRESS = '127.0.0.2';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
/** `--runs 0`: the spellings part alone (about 2 minutes), printed, not written (the report keeps both parts). */
const RUNS = Math.max(0, Math.min(10, Number.isFinite(Number(args.runs)) ? Number(args.runs) : 5));

interface SpellingResults {
  greedyCalls: number;
  greedyOperations: number;
  ordinaryAsked: number;
  ordinaryServed: number;
  ordinaryCodes: Record<string, number>;
  allowed: number;
  refusedUpstream: number;
}

interface FloodRun {
  from: string;
  /** From the newcomer's first request to its first answer; undefined: not served within the run. */
  servedAfterMs: number | undefined;
  newcomerAsked: number;
  junkRequests: number;
  junkPerSecond: number;
  /** Upstream calls in the run's window (junk probes and the newcomer's calls). */
  upstreamCalls: number;
}

async function main(): Promise<void> {
  const { emulator, quota } = await startRecordedEmulator(TOKEN, LIMIT_PER_MINUTE, LATENCY_MS, [OTHER_TOKEN]);
  // LOG_LEVEL info, the default: the start line tells that the gateway is ready.
  const env = { UPSTREAM_URL: emulator.url, LOG_LEVEL: 'info' };
  const flood = clientFrom(FLOOD_ADDRESS);
  const other = clientFrom(OTHER_ADDRESS);
  try {
    const gateway = await startGatewayProcess(env);
    const spellings = await spellingRun(gateway, flood, quota).finally(() => gateway.stop());
    console.log(`callers: spellings done: ${JSON.stringify(spellings)}`);
    const runs: FloodRun[] = [];
    for (let i = 0; RUNS > 0 && i <= RUNS; i++) {
      const from = i < RUNS ? OTHER_ADDRESS : FLOOD_ADDRESS;
      const fresh = await startGatewayProcess(env);
      const run = await floodRun(fresh, flood, from === OTHER_ADDRESS ? other : flood, from, quota).finally(() =>
        fresh.stop(),
      );
      console.log(`callers: junk flood run ${i + 1}: ${JSON.stringify(run)}`);
      runs.push(run);
    }
    const report = reportOf(spellings, runs);
    console.log(report);
    if (!args['no-write'] && RUNS > 0) {
      writeLatestRun(HEADING, RUN_HEADING, report, REPORT, '# Callers');
      console.log('callers: docs/reports/callers.md updated');
    }
  } finally {
    await flood.close();
    await other.close();
    await emulator.close();
  }
}

/** The start of the next clock minute (the emulator's windows are clock minutes). */
function nextWindow(): number {
  return (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
}

async function spellingRun(
  gateway: GatewayProcess,
  client: ReturnType<typeof clientFrom>,
  quota: QuotaDecision[],
): Promise<SpellingResults> {
  const windowStart = nextWindow();
  const end = windowStart + WINDOW_MS;
  console.log(`callers: 8 spellings and an ordinary caller until ${new Date(end).toISOString()}`);
  let greedyOperations = 0;
  let n = 0;
  const greedy = async (auth: string) => {
    while (Date.now() < end) {
      const i = n++;
      const fields = Array.from({ length: 10 }, (_, k) => `p${k}: policy(id: "00pgreedy${i}x${k}") { id }`);
      const sentAt = Date.now();
      const code = await client.read(gateway.url, `{ ${fields.join(' ')} }`, auth);
      if (sentAt >= windowStart) greedyOperations++;
      // A refused operation is answered at once: wait a little rather than spin.
      if (code === 'RATE_LIMITED') await sleep(50);
    }
  };
  let asked = 0;
  let served = 0;
  const ordinaryCodes: Record<string, number> = {};
  const ordinary = async () => {
    for (let due = Date.now(); due < end; due += ORDINARY_EVERY_MS) {
      await sleep(Math.max(0, due - Date.now()));
      const code = await client.read(gateway.url, '{ userTypes { id } }', ORDINARY);
      if (due < windowStart) continue;
      asked++;
      if (code === 'served') served++;
      ordinaryCodes[code] = (ordinaryCodes[code] ?? 0) + 1;
    }
  };
  await Promise.all([ordinary(), ...SPELLINGS.map(greedy)]);
  const inWindow = quota.filter((q) => q.at >= windowStart && q.at < end);
  const allowed = inWindow.filter((q) => q.allowed).length;
  return {
    // Every other request let through in the window was the greedy caller's: each ordinary read is one call.
    greedyCalls: allowed - served,
    greedyOperations,
    ordinaryAsked: asked,
    ordinaryServed: served,
    ordinaryCodes,
    allowed,
    refusedUpstream: inWindow.length - allowed,
  };
}

async function floodRun(
  gateway: GatewayProcess,
  junkClient: ReturnType<typeof clientFrom>,
  newcomerClient: ReturnType<typeof clientFrom>,
  from: string,
  quota: QuotaDecision[],
): Promise<FloodRun> {
  // The flood starts WARM_UP_MS before the window (in the last one), so that it runs at full speed
  // when the window starts and its address's part of the unproven share is new.
  let windowStart = nextWindow();
  if (windowStart - Date.now() < WARM_UP_MS) windowStart += WINDOW_MS;
  const end = windowStart + RUN_MS;
  console.log(`callers: junk flood from ${new Date(windowStart).toISOString()}, a new credential from ${from}`);
  await sleep(windowStart - WARM_UP_MS - Date.now());
  let done = false;
  let junkRequests = 0;
  const junk = async () => {
    while (!done && Date.now() < end) {
      await junkClient.read(gateway.url, '{ userTypes { id } }', `SSWS junk-${randomBytes(12).toString('hex')}`);
      if (Date.now() >= windowStart) junkRequests++;
    }
  };
  let servedAfterMs: number | undefined;
  let newcomerAsked = 0;
  const newcomer = async () => {
    await sleep(windowStart + NEWCOMER_AT_MS - Date.now());
    const first = Date.now();
    while (Date.now() < end) {
      newcomerAsked++;
      if ((await newcomerClient.read(gateway.url, '{ userTypes { id } }', ORDINARY)) === 'served') {
        servedAfterMs = Date.now() - first;
        break;
      }
      await sleep(NEWCOMER_EVERY_MS);
    }
    done = true;
  };
  await Promise.all([newcomer(), ...Array.from({ length: JUNK_LOOPS }, junk)]);
  const seconds = (Date.now() - windowStart) / 1000;
  return {
    from,
    servedAfterMs,
    newcomerAsked,
    junkRequests,
    junkPerSecond: Math.round(junkRequests / seconds),
    upstreamCalls: quota.filter((q) => q.at >= windowStart && q.at < windowStart + WINDOW_MS && q.allowed).length,
  };
}

function reportOf(s: SpellingResults, runs: FloodRun[]): string {
  const percent = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : 0);
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
      ` per answer; one gateway process, default CALLER_SHARE (${SHARES.callerShare}), NEWCOMER_RESERVE (${SHARES.newcomerReserve}), UNPROVEN_SHARE (${SHARES.unprovenShare}) and` +
      ` UNPROVEN_ADDRESS_SHARE (${SHARES.unprovenAddressShare}).`,
    '',
    '**One credential, 8 spellings** (one whole window):',
    '',
    '| measure | value |',
    '| --- | --: |',
    `| greedy caller (8 spellings): upstream calls in the window / share of the limit | ${s.greedyCalls} / ${percent(s.greedyCalls, LIMIT_PER_MINUTE)}% |`,
    `| greedy caller: operations sent in the window | ${s.greedyOperations} |`,
    `| ordinary caller: reads asked / served | ${s.ordinaryAsked} / ${s.ordinaryServed} (${percent(s.ordinaryServed, s.ordinaryAsked)}%) |`,
    `| ordinary caller: answers | ${list(s.ordinaryCodes)} |`,
    `| upstream requests let through in the window / refused by the service | ${s.allowed} / ${s.refusedUpstream} |`,
    ...(runs.length === 0 ? [] : floodReport(runs)),
  ].join('\n');
}

function floodReport(runs: FloodRun[]): string[] {
  const time = (ms: number | undefined) => (ms === undefined ? 'not served' : `${(ms / 1000).toFixed(2)} s`);
  const others = runs.filter((r) => r.from === OTHER_ADDRESS);
  const worst = Math.max(...others.map((r) => r.servedAfterMs ?? Number.POSITIVE_INFINITY));
  return [
    '',
    `**A new valid credential behind a junk flood** (${JUNK_LOOPS} loops of random junk tokens from ${FLOOD_ADDRESS}` +
      ` from ${WARM_UP_MS / 1000} s before the window; the new credential from second ${NEWCOMER_AT_MS / 1000}, one read every` +
      ` ${NEWCOMER_EVERY_MS} ms until served):`,
    '',
    '| run | new credential from | time to its first answer | its requests | junk requests in the window, until then (per second) | upstream calls in the window |',
    '| --: | --- | --: | --: | --: | --: |',
    ...runs.map(
      (r, i) =>
        `| ${i + 1} | ${r.from === FLOOD_ADDRESS ? `${r.from} (the flooding address)` : r.from} | ${time(r.servedAfterMs)} | ${r.newcomerAsked} | ${r.junkRequests} (${r.junkPerSecond}/s) | ${r.upstreamCalls} |`,
    ),
    '',
    `Worst of the ${others.length} runs from another address: ${time(Number.isFinite(worst) ? worst : undefined)}.`,
  ];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

main().catch((error: unknown) => {
  console.error(`callers: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
