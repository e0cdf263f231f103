// Listing every policy of a type with its rules, as the org grows: 10, 100, 1,000 password
// policies with 2 rules each. Pages of 200 (the service's largest page), each with its policies'
// rules. The gateway's CPU per upstream call must stay flat as the org grows.
import type { Gql } from './graphql.ts';
import { passwordRule } from './operations.ts';
import type { BenchProcess } from './processes.ts';
import type { Rest } from './rest.ts';

export const PAGE_SIZE = 200;

export interface ScalingRow {
  policies: number;
  calls: number;
  bound: number;
  /** Median wall time of one full listing through the gateway, ms. */
  gatewayMs: number;
  /** The same calls by hand: the next page and the rules of this one in the same wave. */
  handWrittenMs: number;
  /** Gateway CPU time per upstream call over all repetitions, ms. */
  cpuPerCallMs: number;
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
 * By hand: each page's rules are fetched in the same wave as the next page. It stops after
 * `total` policies, as a client reading the Link header stops when there is no next page.
 */
export async function listByHand(rest: Rest, total: number): Promise<number> {
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
    if (policies >= total) break;
    after = `&after=${page.at(-1)!.id}`;
  }
  await rulesOfLastPage;
  return policies;
}

export async function measureScaling(
  sizes: number[],
  { gql, rest, gateway, requests }: { gql: Gql; rest: Rest; gateway: BenchProcess; requests: () => Promise<number> },
): Promise<ScalingRow[]> {
  const rows: ScalingRow[] = [];
  for (const size of sizes) {
    await growPasswordPolicies(rest, size);
    // Enough repetitions for ~1,000 upstream calls: CPU time is counted in 10 ms steps.
    const repetitions = Math.max(1, Math.round(1000 / size));
    // One list call per page of 200, one rules list per policy.
    const bound = Math.ceil(size / PAGE_SIZE) + size;
    // Warm-up, as many listings as are measured: the process may be fresh, its code not yet compiled.
    for (let r = 0; r < repetitions; r++) await listThroughGateway(gql);
    const cpuBefore = gateway.cpuMs();
    const callsBefore = await requests();
    const gatewayTimes: number[] = [];
    for (let r = 0; r < repetitions; r++) {
      const started = performance.now();
      const listed = await listThroughGateway(gql);
      gatewayTimes.push(performance.now() - started);
      if (listed !== size) throw new Error(`listed ${listed} policies of ${size}`);
    }
    const calls = ((await requests()) - callsBefore) / repetitions;
    const cpuMs = gateway.cpuMs() - cpuBefore;
    const handTimes: number[] = [];
    for (let r = 0; r < repetitions; r++) {
      const started = performance.now();
      await listByHand(rest, size);
      handTimes.push(performance.now() - started);
    }
    rows.push({
      policies: size,
      calls,
      bound,
      gatewayMs: median(gatewayTimes),
      handWrittenMs: median(handTimes),
      cpuPerCallMs: Math.round((cpuMs / (calls * repetitions)) * 1000) / 1000,
      repetitions,
    });
  }
  return rows;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return Math.round(value * 10) / 10;
}
