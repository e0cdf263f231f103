// Reading every password policy with its rules as the org grows: 150, 500 and 1,000 password
// policies with 2 rules each, page after page with `first: 200` (the service's largest page), each
// page with its policies' rules. Per size: the upstream calls against the bound, the wall time
// against a parallel REST script doing the same reads (measured in turn, run by run, so that a
// drift of a shared machine's speed weighs on both alike), the gateway's CPU per upstream call
// (which must stay flat as the org grows) and its peak RSS while it reads.
import type { Gql } from './graphql.ts';
import { passwordRule } from './operations.ts';
import type { BenchProcess } from './processes.ts';
import type { Rest } from './rest.ts';

export const PAGE_SIZE = 200;
/**
 * Upstream calls a fresh gateway makes before its CPU per call settles, while V8 compiles its hot
 * code: reading 150 policies (2026-12-08), 1.31 ms per call over its reads 1–7, 0.74 over 8–14,
 * 0.42 over 15–30, 0.30–0.31 from read 30 (~4,500 calls) on.
 */
export const FRESH_WARM_UP_CALLS = 10_000;
export const SCALING_SIZES = [150, 500, 1000];

export interface ScalingRow {
  policies: number;
  calls: number;
  bound: number;
  /** Median wall time of one full read through the gateway, ms. */
  gatewayMs: number;
  /** The same reads by a parallel REST script, page after page: a page, then its rules at once. */
  restMs: number;
  /** gatewayMs / restMs, the median of the runs' own ratios (each gateway run next to a REST run). */
  ratio: number;
  /** The fewest waves: the next page asked for with this page's rules (no GraphQL client can). */
  fewestWavesMs: number;
  /** Gateway CPU time per upstream call over all repetitions, ms. */
  cpuPerCallMs: number;
  /** The gateway's peak RSS while it read (its warm-up and the measured reads), MiB to one decimal. */
  peakMiB: number;
  repetitions: number;
}

const LIST_ALL = `query AllPasswordPolicies($after: String) {
  policies(type: PASSWORD, first: ${PAGE_SIZE}, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id name rules { id name priority } }
  }
}`;

/** Grows the org's password policies to `total`, each with two rules (the default policy gets a second one). */
export async function growPasswordPolicies(rest: Rest, total: number): Promise<void> {
  const existing = await listAll(rest);
  const missing = total - existing.length;
  // Creates in batches: the service orders them itself, as it would for concurrent admins.
  for (let start = 0; start < missing; start += 25) {
    const batch = Array.from({ length: Math.min(25, missing - start) }, (_, i) => existing.length + start + i + 1);
    await Promise.all(
      batch.map(async (n) => {
        const policy = await rest.call<{ id: string }>({
          method: 'POST',
          path: '/api/v1/policies',
          body: { type: 'PASSWORD', name: `Scaled ${n}`, description: `Policy ${n}` },
        });
        for (const rule of ['A', 'B']) {
          await rest.call({
            method: 'POST',
            path: `/api/v1/policies/${policy.id}/rules`,
            body: passwordRule(`${rule} ${n}`),
          });
        }
      }),
    );
  }
  for (const policy of existing) {
    const rules = await rest.call<unknown[]>({ method: 'GET', path: `/api/v1/policies/${policy.id}/rules` });
    for (let n = rules.length; n < 2; n++) {
      await rest.call({
        method: 'POST',
        path: `/api/v1/policies/${policy.id}/rules`,
        body: passwordRule(`Added ${n}`),
      });
    }
  }
}

async function listAll(rest: Rest): Promise<{ id: string }[]> {
  const all: { id: string }[] = [];
  let after = '';
  for (;;) {
    const page = await rest.call<{ id: string }[]>({
      method: 'GET',
      path: `/api/v1/policies?type=PASSWORD&limit=${PAGE_SIZE}${after}`,
    });
    all.push(...page);
    if (page.length < PAGE_SIZE) return all;
    after = `&after=${page.at(-1)!.id}`;
  }
}

interface PolicyPage {
  policies: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
}

export async function listThroughGateway(gql: Gql): Promise<number> {
  let after: string | null = null;
  let policies = 0;
  for (;;) {
    const data: PolicyPage = await gql(LIST_ALL, { after });
    policies += data.policies.nodes.length;
    if (!data.policies.pageInfo.hasNextPage) return policies;
    after = data.policies.pageInfo.endCursor;
  }
}

/**
 * A parallel REST script doing the gateway's reads: a page, then the rules of each of its policies
 * at once, then the next page. `overlap`: the next page is asked for with this page's rules, in the
 * same wave (the fewest waves; a GraphQL client asks for the next page once it has this one). It
 * stops after `total` policies, as a client reading the Link header stops when there is no next page.
 */
export async function listByHand(rest: Rest, total: number, overlap = false): Promise<number> {
  let after = '';
  let policies = 0;
  let rulesOfLastPage: Promise<unknown[]> = Promise.resolve([]);
  for (;;) {
    const page = await rest.call<{ id: string }[]>({
      method: 'GET',
      path: `/api/v1/policies?type=PASSWORD&limit=${PAGE_SIZE}${after}`,
    });
    await rulesOfLastPage;
    policies += page.length;
    rulesOfLastPage = rest.all(page.map((p) => ({ method: 'GET' as const, path: `/api/v1/policies/${p.id}/rules` })));
    if (!overlap) await rulesOfLastPage;
    if (policies >= total) break;
    after = `&after=${page.at(-1)!.id}`;
  }
  await rulesOfLastPage;
  return policies;
}

/**
 * Measured reads of an org of `size` (as many warm-up reads go before them): at least ~1,000
 * upstream calls through the gateway (CPU time is counted in 10 ms steps), and `minimumRuns` reads
 * of each kind for the medians.
 */
function repetitionsFor(size: number, minimumRuns = 5): number {
  return Math.max(minimumRuns, Math.round(1000 / size));
}

export async function measureScaling(
  sizes: number[],
  { gql, rest, gateway, requests }: { gql: Gql; rest: Rest; gateway: BenchProcess; requests: () => Promise<number> },
  minimumRuns = 5,
): Promise<ScalingRow[]> {
  const rows: ScalingRow[] = [];
  for (const [index, size] of sizes.entries()) {
    await growPasswordPolicies(rest, size);
    const repetitions = repetitionsFor(size, minimumRuns);
    // One list call per page of 200, one rules list per policy.
    const bound = Math.ceil(size / PAGE_SIZE) + size;
    gateway.resetPeak();
    // Warm-up: as many reads as are measured, and at the first size (a fresh process) enough for
    // FRESH_WARM_UP_CALLS, so that every row measures the compiled code.
    const warmUpReads = index === 0 ? Math.max(repetitions, Math.ceil(FRESH_WARM_UP_CALLS / bound)) : repetitions;
    for (let r = 0; r < warmUpReads; r++) await listThroughGateway(gql);
    for (let r = 0; r < 2; r++) await listByHand(rest, size);
    const gatewayTimes: number[] = [];
    const restTimes: number[] = [];
    const overlapTimes: number[] = [];
    const ratios: number[] = [];
    let calls = 0;
    let cpuMs = 0;
    for (let r = 0; r < repetitions; r++) {
      const cpuBefore = gateway.cpuMs();
      const callsBefore = await requests();
      let started = performance.now();
      const listed = await listThroughGateway(gql);
      const gatewayMs = performance.now() - started;
      cpuMs += gateway.cpuMs() - cpuBefore;
      calls += (await requests()) - callsBefore;
      if (listed !== size) throw new Error(`listed ${listed} policies of ${size}`);
      started = performance.now();
      await listByHand(rest, size);
      const restMs = performance.now() - started;
      started = performance.now();
      await listByHand(rest, size, true);
      overlapTimes.push(performance.now() - started);
      gatewayTimes.push(gatewayMs);
      restTimes.push(restMs);
      ratios.push(gatewayMs / restMs);
    }
    rows.push({
      policies: size,
      calls: calls / repetitions,
      bound,
      gatewayMs: median(gatewayTimes),
      restMs: median(restTimes),
      ratio: Math.round(middle(ratios) * 100) / 100,
      fewestWavesMs: median(overlapTimes),
      cpuPerCallMs: Math.round((cpuMs / calls) * 1000) / 1000,
      peakMiB: Math.round(gateway.peakMiB() * 10) / 10,
      repetitions,
    });
  }
  return rows;
}

/** The median, to one decimal. */
export function median(values: number[]): number {
  return Math.round(middle(values) * 10) / 10;
}

/** The median, unrounded. */
export function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
