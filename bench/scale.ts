// `npm run scale`: three gateway processes over one emulator limited to 600 requests a minute, under a
// mixed read load at three times what the limit allows, first each on its own (no REDIS_URL), then
// sharing one budget through Redis. Loopback only, bounded: per mode the load runs to the end of the
// next whole clock minute (the service's rate-limit window), then in-flight operations finish (at
// most one operation deadline). Prints, per mode, upstream 429s, upstream requests in the whole
// window, and for the operations sent in that window: served, RATE_LIMITED, p50/p99. Every emulator
// answer takes 150 ms, as a hosted API's would. Writes the "Latest run" section of
// docs/reports/scale.md unless run with --no-write.
//   npm run scale -- [--windows 1] [--no-write]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type GatewayProcess, startGatewayProcess } from '../test/helpers/gatewayProcess.ts';
import { startTestRedis } from '../test/helpers/redisServer.ts';
import { percentile, startRecordedEmulator, writeLatestRun } from './report.ts';
import { WINDOW_MS } from '../src/upstream/rateLimitPolicy.ts';

const REPORT = new URL('../docs/reports/scale.md', import.meta.url);
const HEADING = '## Results';
const RUN_HEADING = '### Latest run of `npm run scale`';
const TOKEN = 'scale-token';
const LIMIT_PER_MINUTE = 600;
const REPLICAS = 3;
/** Upstream requests per second the load asks for: three times the limit. */
const DEMAND_PER_SECOND = (3 * LIMIT_PER_MINUTE) / 60;
const MAX_IN_FLIGHT = 1_000;
/** Added to every emulator answer: a hosted API is some tens of milliseconds away, not on loopback. */
const UPSTREAM_LATENCY_MS = 150;

const { values: args } = parseArgs({
  options: { windows: { type: 'string', default: '1' }, 'no-write': { type: 'boolean', default: false } },
});
const WINDOWS = Math.min(2, Math.max(1, Number(args.windows) || 1));

/** The read mix: each operation with the upstream calls it costs. */
interface Operation {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  upstreamCalls: number;
}

interface Answer {
  /** When the operation was sent (epoch ms). */
  sentAt: number;
  latencyMs: number;
  /** The first error code, or undefined when the operation was served. */
  code: string | undefined;
}

interface ModeResult {
  mode: string;
  upstream429s: number;
  /** Upstream requests the service let through, per whole window measured. */
  allowedPerWindow: number[];
  refusedPerWindow: number[];
  operations: number;
  served: number;
  rateLimited: number;
  otherErrors: Record<string, number>;
  skipped: number;
  p50: number;
  p99: number;
  budgetWarnings: number;
  /** When the service answered 429 (ISO times), to see where in the windows they fall. */
  refusalTimes: string[];
}

async function main(): Promise<void> {
  const { emulator, quota } = await startRecordedEmulator(TOKEN, LIMIT_PER_MINUTE, UPSTREAM_LATENCY_MS);
  // Read from the store, so that no API request is spent before the load.
  const policyId = emulator.store().data.policyOrder.PASSWORD![0];
  const mix: Operation[] = [
    { name: 'userTypes', query: '{ userTypes { id name } }', upstreamCalls: 1 },
    { name: 'policies', query: '{ policies(type: PASSWORD) { nodes { id name } } }', upstreamCalls: 1 },
    {
      name: 'policyWithRules',
      query: 'query($id: ID!) { policy(id: $id) { id name rules { id name } } }',
      variables: { id: policyId },
      upstreamCalls: 2,
    },
    { name: 'defaultUserType', query: '{ userType(id: "default") { id name } }', upstreamCalls: 1 },
  ];
  const redis = await startTestRedis();
  const results: ModeResult[] = [];
  try {
    for (const withRedis of [false, true]) {
      const mode = withRedis ? 'shared budget (REDIS_URL set)' : 'each replica on its own (no REDIS_URL)';
      const env: Record<string, string> = {
        UPSTREAM_URL: emulator.url,
        REPLICAS: String(REPLICAS),
        LOG_LEVEL: 'info',
        // The load is one caller: what is measured is the org's budget, not the share of one caller
        // (bench/fairness.ts measures that).
        CALLER_SHARE: '1',
        ...(withRedis ? { REDIS_URL: redis.url } : {}),
      };
      console.log(`scale: ${mode}: starting ${REPLICAS} gateway processes`);
      // Each mode starts like a new org: a full quota, whatever the previous mode's last calls used.
      emulator.faults.update({ rateLimitPerMinute: LIMIT_PER_MINUTE });
      const gateways = await Promise.all(
        Array.from({ length: REPLICAS }, () => startGatewayProcess(env, `SSWS ${TOKEN}`)),
      );
      try {
        results.push(await runLoad(mode, gateways, mix, quota));
      } finally {
        await Promise.all(gateways.map((g) => g.stop()));
      }
      console.log(format(results.at(-1)!));
    }
  } finally {
    await redis.stop();
    await emulator.close();
  }
  const report = reportOf(results);
  if (!args['no-write']) {
    writeLatestRun(HEADING, RUN_HEADING, report, REPORT, '# Scale-out');
    console.log('scale: docs/reports/scale.md updated');
  }
}

/** Open-loop load from now to the end of the next `WINDOWS` whole windows; then waits for the answers. */
async function runLoad(
  mode: string,
  gateways: GatewayProcess[],
  mix: Operation[],
  quota: { at: number; allowed: boolean }[],
): Promise<ModeResult> {
  const callsPerOperation = mix.reduce((sum, op) => sum + op.upstreamCalls, 0) / mix.length;
  const intervalMs = 1000 / (DEMAND_PER_SECOND / callsPerOperation);
  const firstWindow = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
  const end = firstWindow + WINDOWS * WINDOW_MS;
  console.log(
    `scale: ${mode}: load until ${new Date(end).toISOString()} (${Math.round(1000 / intervalMs)} operations/s)`,
  );
  const answers: Promise<Answer>[] = [];
  let inFlight = 0;
  let skipped = 0;
  const start = Date.now();
  for (let i = 0; Date.now() < end; i++) {
    const due = start + i * intervalMs;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped++;
      continue;
    }
    inFlight++;
    const op = mix[i % mix.length];
    answers.push(send(gateways[i % gateways.length], op).finally(() => inFlight--));
  }
  const windows = Array.from({ length: WINDOWS }, (_, w) => firstWindow + w * WINDOW_MS);
  const inWindow = (at: number, from: number) => at >= from && at < from + WINDOW_MS;
  // Operations sent in the whole windows only, so that both modes are counted over the same time.
  const settled = (await Promise.all(answers)).filter((a) => windows.some((w) => inWindow(a.sentAt, w)));
  const otherErrors: Record<string, number> = {};
  for (const a of settled) {
    if (a.code && a.code !== 'RATE_LIMITED') otherErrors[a.code] = (otherErrors[a.code] ?? 0) + 1;
  }
  const latencies = settled.map((a) => a.latencyMs);
  const modeQuota = quota.filter((q) => q.at >= start);
  return {
    mode,
    upstream429s: modeQuota.filter((q) => !q.allowed).length,
    allowedPerWindow: windows.map((w) => modeQuota.filter((q) => q.allowed && inWindow(q.at, w)).length),
    refusedPerWindow: windows.map((w) => modeQuota.filter((q) => !q.allowed && inWindow(q.at, w)).length),
    operations: settled.length,
    served: settled.filter((a) => a.code === undefined).length,
    rateLimited: settled.filter((a) => a.code === 'RATE_LIMITED').length,
    otherErrors,
    skipped,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    refusalTimes: modeQuota.filter((q) => !q.allowed).map((q) => new Date(q.at).toISOString().slice(11, 23)),
    budgetWarnings: gateways.reduce((n, g) => n + (g.output().match(/redis: .* unavailable/g)?.length ?? 0), 0),
  };
}

async function send(gateway: GatewayProcess, op: Operation): Promise<Answer> {
  const sentAt = Date.now();
  const startedAt = performance.now();
  try {
    const result = await gateway.gql(op.query, op.variables);
    const code = result.errors?.length ? String(result.errors[0].extensions?.code ?? 'UNKNOWN') : undefined;
    return { sentAt, latencyMs: performance.now() - startedAt, code };
  } catch {
    return { sentAt, latencyMs: performance.now() - startedAt, code: 'GATEWAY_UNREACHABLE' };
  }
}

function format(r: ModeResult): string {
  const others = Object.entries(r.otherErrors)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  return [
    `scale: ${r.mode}`,
    `  upstream 429s: ${r.upstream429s} in the whole run, ${r.refusedPerWindow.join(', ')} in the whole window(s)` +
      (r.refusalTimes.length ? ` (at ${r.refusalTimes.slice(0, 12).join(', ')})` : ''),
    `  upstream requests let through per whole window: ${r.allowedPerWindow.join(', ')} (limit ${LIMIT_PER_MINUTE})`,
    `  operations sent in the whole window(s): ${r.operations}, served ${r.served}, RATE_LIMITED ${r.rateLimited}${others ? `, other errors: ${others}` : ''}${r.skipped ? `, not sent (too many in flight) ${r.skipped}` : ''}`,
    `  latency p50 ${r.p50} ms, p99 ${r.p99} ms`,
  ].join('\n');
}

function reportOf(results: ModeResult[]): string {
  const row = (r: ModeResult) => {
    const others = Object.values(r.otherErrors).reduce((a, b) => a + b, 0);
    const allowed = r.allowedPerWindow.join(' / ');
    return `| ${r.mode} | ${r.upstream429s} | ${r.refusedPerWindow.join(' / ')} | ${allowed} | ${r.operations} | ${r.served} | ${r.rateLimited} | ${others} | ${r.p50} | ${r.p99} |`;
  };
  return [
    RUN_HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (2 shared cores). Emulator limit ${LIMIT_PER_MINUTE} requests/min; ${REPLICAS}` +
      ` gateway processes; upstream latency ${UPSTREAM_LATENCY_MS} ms; load ${DEMAND_PER_SECOND} upstream requests/s` +
      ` (3x the limit); ${WINDOWS} whole window(s) measured per mode after a partial first window (operations:` +
      ' those sent in the whole window).',
    '',
    '| mode | upstream 429s, whole run | upstream 429s, whole window | upstream requests let through, whole window | operations | served | RATE_LIMITED | other errors | p50 ms | p99 ms |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...results.map(row),
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(`scale: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
