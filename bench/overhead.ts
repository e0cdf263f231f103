// The one-policy query's throughput next to its limit (the trivial yoga floor and the direct REST
// GET, as in `npm run bench`), and the gateway's idle and peak RSS, for one or more builds of the
// gateway measured in the same run, interleaved round by round so that a drift of a shared
// machine's speed weighs on all alike: a quick A/B check of a change to the per-request path.
//   tsx --conditions=emulator-source bench/overhead.ts [--rounds 3] [--seconds 2] [--variant dist/main.js]...
// A variant is a built entry point (a copy of dist/ elsewhere in the repository runs too), optionally
// preceded by settings and followed by node flags:
// `--variant "UPSTREAM_SHARED_READS=false dist/main.js --max-semi-space-size=4"`.
import { parseArgs } from 'node:util';
import { assertBuilt } from '../test/helpers/built.ts';
import { closedLoop, type LoadResult, sleep } from './performance/load.ts';
import {
  type BenchProcess,
  startBenchProcess,
  startEmulatorProcess,
  startTrivialYoga,
} from './performance/processes.ts';
import { ONE_POLICY_QUERY } from './performance/throughput.ts';
import { firstPasswordPolicy } from './performance/rest.ts';
import { variantSpec } from './performance/variants.ts';

const TOKEN = 'bench-token';
const AUTH = `SSWS ${TOKEN}`;

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '2' },
    variant: { type: 'string', multiple: true, default: ['dist/main.js'] },
    concurrency: { type: 'string', multiple: true, default: ['20', '50'] },
  },
});
const ROUNDS = Number(args.rounds);
const LOAD_MS = Number(args.seconds) * 1000;
const CONCURRENCIES = args.concurrency.map(Number);

interface Variant {
  name: string;
  process: BenchProcess;
  idleMiB: number;
  /** Per concurrency: the ratio to the limit, and to the floor, of each round, and the peak RSS of all its rounds. */
  ratios: Map<number, number[]>;
  floorRatios: Map<number, number[]>;
  peakMiB: Map<number, number>;
  /** Per concurrency: the gateway's CPU time per answered request in each round, µs (less noisy than req/s on a shared machine). */
  cpuPerRequestUs: Map<number, number[]>;
}

async function main(): Promise<void> {
  assertBuilt();
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const floor = await startTrivialYoga();
  const policyId = await firstPasswordPolicy(emulator.url, AUTH);
  const variants: Variant[] = [];
  try {
    for (const spec of args.variant) {
      const { settings, script, nodeArgs } = variantSpec(spec);
      const process = await startBenchProcess(
        script,
        { PORT: '0', UPSTREAM_URL: emulator.url, MAX_UPSTREAM_CALLS: '250', ...settings },
        /GraphQL and GraphiQL at (http:\/\/[^\s/]+)\/graphql/,
        nodeArgs,
      );
      await sleep(500);
      variants.push({
        name: spec,
        process,
        idleMiB: process.rssMiB(),
        ratios: new Map(),
        floorRatios: new Map(),
        peakMiB: new Map(),
        cpuPerRequestUs: new Map(),
      });
    }
    const graphql = (auth: boolean) => ({
      method: 'POST' as const,
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: AUTH } : {}) },
      body: JSON.stringify({ query: ONE_POLICY_QUERY, variables: { id: policyId } }),
      accept: (text: string) => text.includes(policyId) && !text.includes('"errors"'),
    });
    const rest = {
      method: 'GET' as const,
      path: `/api/v1/policies/${policyId}`,
      headers: { accept: 'application/json', authorization: AUTH },
      accept: (text: string) => text.includes(policyId),
    };
    const warmUp = { concurrency: 20, durationMs: 1_500, warmupMs: 0 };
    await closedLoop(floor.url, graphql(false), warmUp);
    await closedLoop(emulator.url, rest, warmUp);
    for (const v of variants) await closedLoop(v.process.url, graphql(true), warmUp);
    // The floor's own CPU time per request: what a gateway's would be if it added nothing.
    const floorCpuUs = new Map<number, number[]>();
    for (const concurrency of CONCURRENCIES) {
      for (const v of variants) v.process.resetPeak();
      const load = { concurrency, durationMs: LOAD_MS, warmupMs: 300 };
      for (let round = 0; round < ROUNDS; round++) {
        // Each variant between a floor and a REST run of its own: its limit is taken next to it. The
        // order turns round by round: measured first or after another, a variant fared differently.
        for (const v of variants.map((_, i) => variants[(i + round) % variants.length])) {
          const floorCpuBefore = floor.cpuMs();
          const trivial = await closedLoop(floor.url, graphql(false), { ...load, warmupMs: 0 });
          push(floorCpuUs, concurrency, ((floor.cpuMs() - floorCpuBefore) * 1000) / trivial.completed);
          const direct = await closedLoop(emulator.url, rest, load);
          // No warm-up of its own (it is warm): the CPU time it takes is all for the requests counted.
          const cpuBefore = v.process.cpuMs();
          const gateway = await closedLoop(v.process.url, graphql(true), { ...load, warmupMs: 0 });
          push(v.cpuPerRequestUs, concurrency, ((v.process.cpuMs() - cpuBefore) * 1000) / gateway.completed);
          const limit = 1 / (1 / trivial.requestsPerSecond + 1 / direct.requestsPerSecond);
          const ratio = gateway.requestsPerSecond / limit;
          push(v.ratios, concurrency, ratio);
          push(v.floorRatios, concurrency, gateway.requestsPerSecond / trivial.requestsPerSecond);
          console.log(
            `c=${concurrency} round ${round + 1} ${v.name}: ${rps(gateway)} req/s (${Math.round(v.cpuPerRequestUs.get(concurrency)!.at(-1)!)} µs CPU each), limit ${Math.round(limit)} (floor ${rps(trivial)} at ${Math.round(floorCpuUs.get(concurrency)!.at(-1)!)} µs CPU each, REST ${rps(direct)}): ${ratio.toFixed(2)}x the limit, ${(gateway.requestsPerSecond / trivial.requestsPerSecond).toFixed(2)}x the floor`,
          );
        }
      }
      for (const v of variants) v.peakMiB.set(concurrency, v.process.peakMiB());
    }
    const floorCells = CONCURRENCIES.map((c) => `c=${c} ${Math.round(median(floorCpuUs.get(c) ?? []))} µs`);
    console.log(`\nthe floor's median CPU per request: ${floorCells.join(', ')}`);
    console.log('median ratio to the limit and to the floor, median CPU per request, idle and peak RSS (MiB):');
    for (const v of variants) {
      const cells = CONCURRENCIES.map(
        (c) =>
          `c=${c} ${median(v.ratios.get(c) ?? []).toFixed(2)}x (floor ${median(v.floorRatios.get(c) ?? []).toFixed(2)}x) ${Math.round(median(v.cpuPerRequestUs.get(c) ?? []))} µs peak ${Math.round(v.peakMiB.get(c) ?? 0)}`,
      );
      console.log(
        `${v.name}: idle ${Math.round(v.idleMiB)}, ${cells.join(', ')}, now ${Math.round(v.process.rssMiB())}`,
      );
    }
  } finally {
    await Promise.all([...variants.map((v) => v.process.stop()), floor.stop(), emulator.stop()]);
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

function rps(result: LoadResult): number {
  return result.requestsPerSecond;
}

await main();
