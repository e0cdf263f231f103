// Throughput and latency of the one-policy query at each concurrency: the gateway, a trivial
// graphql-yoga answering the same shape from memory (the framework's floor), and the REST GET it
// makes, sent directly. The limit a gateway adding nothing to the framework and its one upstream
// call could reach is 1 / (1/floor + 1/REST): both costs paid for each request on the same cores.
// One more reference shows what that "nothing" costs in practice: the same yoga making the one
// undici GET itself (no plugins, no logging, no guards). And, when installed for the bench, GraphQL
// Mesh over the same service (mesh.ts), in the same rounds. And gateways started with other
// settings or builds (`variants`: the read cache on, shared reads off, tracing on, the build without
// the tracing code), each compared with the limit or the floor, and round by round with each other.
import type { BenchProcess } from './processes.ts';
import { closedLoop, combined, type LoadRequest, type LoadResult } from './load.ts';
import { meshOnePolicyRequest } from './mesh.ts';
import { metricSum } from './metrics.ts';
import { middle } from './scaling.ts';

/** Rounds of the measurements at each concurrency: ratios of two servers are medians over them. */
const ROUNDS = 5;

export interface ThroughputRow {
  concurrency: number;
  gateway: LoadResult;
  /** The gateway's req/s in each round: see roundsRatio. */
  gatewayRounds: number[];
  trivialYoga: LoadResult;
  directRest: LoadResult;
  /** Trivial yoga whose resolver makes the one upstream GET with undici. */
  minimalGateway: LoadResult;
  /** 1 / (1/floor + 1/REST), requests per second. */
  limit: number;
  /** gateway / limit. */
  ratio: number;
  /** Peak RSS of the gateway during its run at this concurrency, MiB (one decimal). */
  gatewayPeakMiB: number;
  /**
   * The gateway's upstream GETs per operation in these rounds (its metrics, warm-ups included):
   * below 1 when operations take the same read of another (call/sharedReads.ts).
   */
  gatewayCallsPerOperation: number;
  /** GraphQL Mesh over the same service, and gateway / Mesh; absent when Mesh is not installed. */
  mesh?: LoadResult;
  meshRatio?: number;
  variants: VariantRow[];
}

/** A gateway started with other settings, measured in the same rounds as the default one. */
export interface GatewayVariant {
  label: string;
  gateway: BenchProcess;
  /** What it is compared with: the limit (floor + one REST call), or the floor alone (no upstream call expected). */
  reference: 'limit' | 'floor';
}

export interface VariantRow {
  label: string;
  reference: 'limit' | 'floor';
  result: LoadResult;
  /** result / the reference. */
  ratio: number;
  /** Its req/s in each round: see roundsRatio. */
  rounds: number[];
}

/**
 * a / b, two servers' req/s of the same rounds: the median of each round's own ratio, so that a
 * change of the machine's speed between rounds cancels out (to 3 decimals: a line may be 2%).
 */
export function roundsRatio(a: number[], b: number[]): number {
  return Math.round(middle(a.map((x, round) => x / b[round])) * 1000) / 1000;
}

/** The one-policy query as a load request; an answer counts when it holds the policy and no error. */
function onePolicyRequest(policyId: string, authorization: string | undefined): LoadRequest {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query: ONE_POLICY_QUERY, variables: { id: policyId } }),
    accept: (text) => text.includes(policyId) && !text.includes('"errors"'),
  };
}

export const ONE_POLICY_QUERY = 'query OnePolicy($id: ID!) { policy(id: $id) { id name status priority type } }';

export async function measureThroughput(
  targets: {
    gateway: BenchProcess;
    trivialYoga: BenchProcess;
    minimalGateway: BenchProcess;
    emulator: BenchProcess;
    mesh?: BenchProcess;
    variants?: GatewayVariant[];
  },
  auth: string,
  policyId: string,
  concurrencies: number[],
  timing: { durationMs: number; warmupMs: number },
): Promise<ThroughputRow[]> {
  const graphql = (withAuth: boolean) => onePolicyRequest(policyId, withAuth ? auth : undefined);
  const rest = {
    method: 'GET' as const,
    path: `/api/v1/policies/${policyId}`,
    headers: { accept: 'application/json', authorization: auth },
    accept: (text: string) => text.includes(policyId),
  };
  // Each server runs its hot path a while first, so that none is measured before the JIT compiled it.
  const warmUp = { concurrency: concurrencies[0], durationMs: timing.warmupMs * 2, warmupMs: 0 };
  await closedLoop(targets.trivialYoga.url, graphql(false), warmUp);
  await closedLoop(targets.emulator.url, rest, warmUp);
  await closedLoop(targets.minimalGateway.url, graphql(true), warmUp);
  await closedLoop(targets.gateway.url, graphql(true), warmUp);
  const mesh = meshOnePolicyRequest(policyId, auth);
  if (targets.mesh) await closedLoop(targets.mesh.url, mesh, warmUp);
  const variants = targets.variants ?? [];
  // A variant with the read cache on is warm from here on.
  for (const variant of variants) await closedLoop(variant.gateway.url, graphql(true), warmUp);
  const rows: ThroughputRow[] = [];
  for (const concurrency of concurrencies) {
    // In rounds, each server in turn: a drift of the machine's speed during the measurement weighs
    // on all four alike, and the limit is computed from numbers taken at the same moments.
    const load = { concurrency, durationMs: timing.durationMs / ROUNDS, warmupMs: timing.warmupMs / ROUNDS };
    const runs: Record<'trivialYoga' | 'directRest' | 'minimalGateway' | 'gateway' | 'mesh', LoadResult[]> = {
      trivialYoga: [],
      directRest: [],
      minimalGateway: [],
      gateway: [],
      mesh: [],
    };
    const variantRuns: LoadResult[][] = variants.map(() => []);
    targets.gateway.resetPeak();
    const gatewayCount = () =>
      Promise.all(
        ['gateway_upstream_requests_total', 'gateway_operations_total'].map((name) =>
          metricSum(targets.gateway.url, name),
        ),
      );
    const [callsBefore, operationsBefore] = await gatewayCount();
    for (let round = 0; round < ROUNDS; round++) {
      runs.trivialYoga.push(await closedLoop(targets.trivialYoga.url, graphql(false), load));
      runs.directRest.push(await closedLoop(targets.emulator.url, rest, load));
      runs.minimalGateway.push(await closedLoop(targets.minimalGateway.url, graphql(true), load));
      if (targets.mesh) runs.mesh.push(await closedLoop(targets.mesh.url, mesh, load));
      // The gateway and its variants in an order that turns round by round: none always runs next to
      // another, or first after the references.
      const gateways = [targets.gateway, ...variants.map((v) => v.gateway)];
      for (let k = 0; k < gateways.length; k++) {
        const i = (k + round) % gateways.length;
        const result = await closedLoop(gateways[i].url, graphql(true), load);
        if (i === 0) runs.gateway.push(result);
        else variantRuns[i - 1].push(result);
      }
    }
    const gatewayPeakMiB = targets.gateway.peakMiB();
    const [callsAfter, operationsAfter] = await gatewayCount();
    const [trivialYoga, directRest, minimalGateway, gateway] = [
      runs.trivialYoga,
      runs.directRest,
      runs.minimalGateway,
      runs.gateway,
    ].map(combined);
    const limit = 1 / (1 / trivialYoga.requestsPerSecond + 1 / directRest.requestsPerSecond);
    const meshResult = targets.mesh ? combined(runs.mesh) : undefined;
    const variantRows = variants.map(({ label, reference }, i): VariantRow => {
      const result = combined(variantRuns[i]);
      const base = reference === 'limit' ? limit : trivialYoga.requestsPerSecond;
      return {
        label,
        reference,
        result,
        ratio: Math.round((result.requestsPerSecond / base) * 100) / 100,
        rounds: variantRuns[i].map((run) => run.requestsPerSecond),
      };
    });
    rows.push({
      concurrency,
      gateway,
      gatewayRounds: runs.gateway.map((run) => run.requestsPerSecond),
      trivialYoga,
      directRest,
      minimalGateway,
      limit: Math.round(limit),
      ratio: Math.round((gateway.requestsPerSecond / limit) * 100) / 100,
      gatewayPeakMiB: Math.round(gatewayPeakMiB * 10) / 10,
      gatewayCallsPerOperation:
        Math.round(((callsAfter - callsBefore) / (operationsAfter - operationsBefore)) * 100) / 100,
      ...(meshResult && {
        mesh: meshResult,
        meshRatio: Math.round((gateway.requestsPerSecond / meshResult.requestsPerSecond) * 100) / 100,
      }),
      variants: variantRows,
    });
  }
  return rows;
}

export interface TunedRun {
  nodeArgs: string[];
  result: LoadResult;
  peakMiB: number;
}

/**
 * The one-policy load at `concurrency` against a gateway started with other V8 heap settings (a
 * fresh process, warmed up like the others): what trading speed for memory buys.
 */
export async function measureTunedGateway(
  start: (nodeArgs: string[]) => Promise<BenchProcess>,
  nodeArgs: string[],
  auth: string,
  policyId: string,
  concurrency: number,
  timing: { durationMs: number; warmupMs: number },
): Promise<TunedRun> {
  const gateway = await start(nodeArgs);
  try {
    const request = onePolicyRequest(policyId, auth);
    await closedLoop(gateway.url, request, { concurrency: 20, durationMs: timing.warmupMs * 2, warmupMs: 0 });
    await closedLoop(gateway.url, request, { concurrency: 20, ...timing });
    gateway.resetPeak();
    const result = await closedLoop(gateway.url, request, { concurrency, ...timing });
    return { nodeArgs, result, peakMiB: Math.round(gateway.peakMiB() * 10) / 10 };
  } finally {
    await gateway.stop();
  }
}
