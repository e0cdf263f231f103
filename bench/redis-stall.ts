// `npm run scale:redis-stall`: what a stalled Redis costs two replicas of the production build
// (`node dist/main.js`) under 20 clients (10 per replica, the one-policy query), against an
// emulator process. Four phases of the same load: Redis answering; Redis stalled by SIGSTOP (the
// connection stays open, nothing is answered) after the first timeout has opened the circuit;
// Redis resumed (SIGCONT) once the circuit has closed again; Redis killed (connections refused).
// The line it checks: stalled, operations answer at their usual speed (p50 within 2x of Redis
// killed), and a plan made before the stall is PLAN_UNAVAILABLE (retryable), never PLAN_NOT_FOUND.
// Prints a Markdown report and writes its "Latest run" to docs/reports/reliability.md.
//   npm run scale:redis-stall -- [--seconds 5] [--no-write]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { assertBuilt } from '../test/helpers/built.ts';
import { startTestRedis } from '../test/helpers/redisServer.ts';
import { closedLoop, combined, type LoadRequest, type LoadResult } from './performance/load.ts';
import { type BenchProcess, startEmulatorProcess, startGatewayProcess } from './performance/processes.ts';
import { ONE_POLICY_QUERY } from './performance/throughput.ts';
import { writeLatestRun } from './report.ts';

const TOKEN = 'redis-stall-token';
const AUTH = `SSWS ${TOKEN}`;
const CLIENTS_PER_REPLICA = 10;
/** Rounds of stall, resume, kill, restart: phases compared are interleaved, so load elsewhere on the machine falls on each alike. */
const ROUNDS = 4;
const PLAN = 'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code } } }';
const APPLY = 'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
const timing = { durationMs: Number(args.seconds) * 1000, warmupMs: 1000 };

async function gql(url: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: an answer read by the bench only
  return (await res.json()) as any;
}

/** The value of one unlabelled gauge or counter on a replica's /metrics. */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

/** Waits (polling /metrics) until every replica's circuit is in `open` state. */
async function circuitsAre(replicas: BenchProcess[], open: boolean, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const states = await Promise.all(replicas.map((r) => metric(r.url, 'gateway_redis_circuit_open')));
    if (states.every((s) => s === (open ? 1 : 0))) return Math.round(performance.now() - started);
    if (performance.now() - started > withinMs) throw new Error(`circuits still ${states} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let probes = 0;

/** Until a plan made on one replica applies on the other: both are connected to Redis again. */
async function untilShared(from: string, to: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const name = `Shared ${++probes}`;
    const planned = await gql(from, PLAN, { d: { version: 1, policies: { PASSWORD: [{ name }] } } });
    const applied = await gql(to, APPLY, { id: planned.data.planPolicies.plan.id });
    if (applied.data?.applyPolicies?.userErrors?.length === 0) return;
    if (performance.now() - started > 15_000) throw new Error('replicas did not share a plan within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The same load on both replicas at once, as one result. */
async function load(replicas: BenchProcess[], request: LoadRequest): Promise<LoadResult> {
  const runs = await Promise.all(
    replicas.map((r) => closedLoop(r.url, request, { concurrency: CLIENTS_PER_REPLICA, ...timing })),
  );
  return combined(runs);
}

async function main(): Promise<void> {
  assertBuilt();
  const redis = await startTestRedis();
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const env = { UPSTREAM_URL: emulator.url, REDIS_URL: redis.url, REPLICAS: '2' };
  const replicas = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
  try {
    const [a, b] = replicas;
    const listed = await gql(a.url, '{ policies(type: PASSWORD, first: 1) { nodes { id } } }');
    const policyId = listed.data.policies.nodes[0].id as string;
    const request: LoadRequest = {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization: AUTH },
      body: JSON.stringify({ query: ONE_POLICY_QUERY, variables: { id: policyId } }),
      accept: (text) => text.includes(policyId) && !text.includes('"errors"'),
    };
    const document = { version: 1, policies: { PASSWORD: [{ name: 'Stalled', description: 'Planned before' }] } };
    const planId = (await gql(a.url, PLAN, { d: document })).data.planPolicies.plan.id as string;

    // Warm-up, 15 s: the first seconds of a new caller's load are slower (compiled code, the paced
    // window's start), and every phase compared comes after them.
    await Promise.all(
      replicas.map((r) =>
        closedLoop(r.url, request, { concurrency: CLIENTS_PER_REPLICA, durationMs: 15_000, warmupMs: 0 }),
      ),
    );
    const healthy = await load(replicas, request);

    // Two rounds of stall, resume, kill, restart: the phases compared run at the same stage.
    const stalledRuns: LoadResult[] = [];
    const resumedRuns: LoadResult[] = [];
    const killedRuns: LoadResult[] = [];
    const opened: number[][] = [];
    let closedMs = 0;
    let stalledApplyCode: string | undefined;
    let resumedApplied = false;
    for (let round = 0; round < ROUNDS; round++) {
      redis.pause();
      // The load goes on through the stall: the first operation that asks Redis waits out one command
      // timeout and opens its replica's circuit; two seconds of it are not measured.
      await Promise.all(
        replicas.map((r) =>
          closedLoop(r.url, request, { concurrency: CLIENTS_PER_REPLICA, durationMs: 2_000, warmupMs: 0 }),
        ),
      );
      opened.push(await Promise.all(replicas.map((r) => metric(r.url, 'gateway_redis_circuit_open'))));
      stalledRuns.push(await load(replicas, request));
      if (round === 0) {
        const stalledApply = await gql(b.url, APPLY, { id: planId });
        stalledApplyCode =
          stalledApply.data?.applyPolicies?.userErrors?.[0]?.code ?? stalledApply.errors?.[0]?.extensions?.code;
      }

      redis.resume();
      closedMs = Math.max(closedMs, await circuitsAre(replicas, false, 10_000));
      resumedRuns.push(await load(replicas, request));
      if (round === 0) {
        const resumedApply = await gql(b.url, APPLY, { id: planId });
        resumedApplied = (resumedApply.data?.applyPolicies?.applied?.length ?? 0) > 0;
      }

      await redis.stop();
      await Promise.all(replicas.map((r) => gql(r.url, ONE_POLICY_QUERY, { id: policyId })));
      killedRuns.push(await load(replicas, request));
      await redis.start();
      await untilShared(a.url, b.url);
    }
    const [stalled, resumed, killed] = [stalledRuns, resumedRuns, killedRuns].map(combined);

    const ratio = Math.round((stalled.p50Ms / Math.max(1, killed.p50Ms)) * 100) / 100;
    const met = ratio <= 2 && stalledApplyCode === 'PLAN_UNAVAILABLE' && resumedApplied;
    const row = (name: string, r: LoadResult) =>
      `| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.failed} |`;
    const load1 = loadavg()[0].toFixed(1);
    const report = [
      `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, loopback, load average ${load1} at the end.`,
      '',
      `Two replicas, ${2 * CLIENTS_PER_REPLICA} clients (the one-policy query), ${args.seconds} s a phase after 15 s of warm-up; the stalled, resumed and killed rows are ${ROUNDS} rounds each:`,
      '',
      '| Redis | requests/s | p50 ms | p99 ms | failed |',
      '|---|---|---|---|---|',
      row('answering', healthy),
      row('stalled (SIGSTOP), circuit open', stalled),
      row('resumed (SIGCONT), circuit closed', resumed),
      row('killed', killed),
      '',
      `- Circuits open (1) after two seconds of each stall, per round and replica: ${JSON.stringify(opened)}.`,
      `- Stalled p50 / killed p50: **${ratio}x** (the line: within 2x).`,
      `- A plan made before the stall, applied while stalled: \`${stalledApplyCode}\`; applied after SIGCONT: ${resumedApplied ? 'applied' : 'NOT applied'}. Circuits closed at most ${closedMs} ms after SIGCONT.`,
      `- ${met ? 'Every line met.' : 'A line was NOT met.'}`,
    ].join('\n');
    console.log(report);
    if (!args['no-write']) {
      writeLatestRun('## A stalled Redis under load', '### Latest run of `npm run scale:redis-stall`', report);
    }
    if (!met) process.exitCode = 1;
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await emulator.stop();
    await redis.stop();
  }
}

await main();
