// What the long runs under bench/ share: latency percentiles, writing a run's results into its
// section of a report under docs/reports/ (docs/reports/reliability.md unless told) without touching the rest of the
// file, an emulator with a rate limit that records each of its quota decisions, and a GraphQL client
// bound to one local address.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'undici';
import { type RunningEmulator, startEmulator } from '../packages/emulator/src/emulator/index.ts';
import { builtInOrgWithTokens, CAROL } from '../test/helpers/orgTokens.ts';

/** One quota decision of the emulator: when, and whether the request was let through (else 429). */
export interface QuotaDecision {
  at: number;
  allowed: boolean;
}

/**
 * An emulator limited to `perMinute` API requests, each answer taking `latencyMs`. Every API request
 * takes a quota slot first: recording the decisions counts the service's 429s where they happen.
 * `otherTokens`: more API tokens of the same SUPER_ADMIN (other callers with the same rights).
 */
export async function startRecordedEmulator(
  token: string,
  perMinute: number,
  latencyMs: number,
  otherTokens: string[] = [],
): Promise<{ emulator: RunningEmulator; quota: QuotaDecision[] }> {
  const emulator = await startEmulator({
    port: 0,
    token,
    fixture: builtInOrgWithTokens(otherTokens.map((other) => ({ token: other, userId: CAROL }))),
    rateLimitPerMinute: perMinute,
    faults: { latencyMs },
  });
  const quota: QuotaDecision[] = [];
  const takeQuota = emulator.faults.takeQuota.bind(emulator.faults);
  emulator.faults.takeQuota = (nowMs?: number) => {
    const result = takeQuota(nowMs);
    quota.push({ at: Date.now(), allowed: result.allowed });
    return result;
  };
  return { emulator, quota };
}

/** A GraphQL POST from one local address (any of 127/8 on loopback): the answer's first error code, or `served`. */
export function clientFrom(address: string) {
  const agent = new Agent({ localAddress: address, connections: 16 });
  return {
    async read(gatewayUrl: string, query: string, auth: string): Promise<string> {
      const res = await agent.request({
        origin: gatewayUrl,
        path: '/graphql',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth },
        body: JSON.stringify({ query }),
      });
      const body = (await res.body.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
      return body.errors?.[0]?.extensions?.code ?? 'served';
    },
    close: () => agent.close(),
  };
}

export const RELIABILITY_REPORT = new URL('../docs/reports/reliability.md', import.meta.url);

/** The value at quantile `q` (0..1) of the measured latencies, rounded to whole milliseconds. */
export function percentile(latencies: number[], q: number): number {
  if (!latencies.length) return 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
}

/**
 * Replaces the latest-run part (from `runHeading` to the next heading) of the `heading` section of
 * docs/reports/reliability.md (the text above it is written by hand), creating the section when it is
 * missing; other sections stay as they are.
 */
export function writeLatestRun(
  heading: string,
  runHeading: string,
  run: string,
  report: URL = RELIABILITY_REPORT,
  title = '# Reliability',
): void {
  let text = existsSync(report) ? readFileSync(report, 'utf8') : `${title}\n`;
  if (!text.includes(heading)) text = `${text.trimEnd()}\n\n${heading}\n`;
  const section = text.indexOf(heading);
  const sectionEnd = nextHeading(text, section + heading.length, '\n## ');
  const start = text.indexOf(runHeading, section);
  const [from, to] =
    start >= 0 && start < sectionEnd
      ? [start, Math.min(sectionEnd, nextHeading(text, start + runHeading.length, '\n### ') + 1)]
      : [sectionEnd, sectionEnd];
  const before = text.slice(0, from).trimEnd();
  const after = text.slice(to).trimStart();
  mkdirSync(new URL('.', report), { recursive: true });
  writeFileSync(report, `${before}\n\n${run.trim()}\n${after ? `\n${after.trimEnd()}\n` : ''}`);
}

function nextHeading(text: string, from: number, marker: string): number {
  const at = text.indexOf(marker, from);
  return at < 0 ? text.length : at;
}
