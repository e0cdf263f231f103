// Twenty consoles opening the same dashboard at the same moment. An emulator process with an org of
// `policies` password policies (one rule each) answering `latencyMs` late, and a gateway process with
// its default settings (no read cache). Each console's credential is first proven (one small read),
// then: one dashboard alone (its upstream calls and its answer), then `consoles` dashboards at once,
// once with as many distinct API tokens (of the same SUPER_ADMIN) and once all with one token. For
// each: the upstream calls, how many operations waited in the memory admission's line, how many
// reads were answered from another operation's call, and whether every answer is whole (no error,
// the same data as the one alone).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { dashboard } from '../../test/helpers/consoleOperations.ts';
import { largeOrgFixture } from '../../test/helpers/largeOrg.ts';
import { CAROL } from '../../test/helpers/orgTokens.ts';
import { metricSum } from './metrics.ts';
import { type BenchProcess, startEmulatorProcess, startGatewayProcess } from './processes.ts';
import { emulatorAdmin } from './rest.ts';

export interface ConsolesOptions {
  consoles: number;
  policies: number;
  latencyMs: number;
  /** Each at-once run is repeated this many times; the table shows every repeat. */
  repeats: number;
}

export interface ConsolesRun {
  credentials: 'distinct' | 'one';
  /** Upstream calls of all the dashboards. */
  calls: number;
  /** calls / the calls of one dashboard alone. */
  ratio: number;
  /** Operations that waited for their share of the memory budget. */
  queued: number;
  /** Upstream reads answered from another operation's call. */
  shared: number;
  /** Answers with an error, or whose data differ from the dashboard's alone. */
  notWhole: number;
  wallMs: number;
}

export interface ConsolesResult extends ConsolesOptions {
  /** Upstream calls of one dashboard alone. */
  aloneCalls: number;
  runs: ConsolesRun[];
}

export const CONSOLES_DEFAULTS: ConsolesOptions = { consoles: 20, policies: 150, latencyMs: 20, repeats: 3 };

/** The bench's own metric counters (summed over their series), read from the gateway's /metrics. */
const QUEUED_METRIC = 'gateway_memory_admission_waits_total';
const SHARED_METRIC = 'gateway_upstream_shared_reads_total';

export const PROVE_QUERY = 'query Prove { policies(type: PASSWORD, first: 1) { nodes { id } } }';

interface Answer {
  data?: unknown;
  errors?: unknown[];
}

export async function measureConsoles(options: ConsolesOptions = CONSOLES_DEFAULTS): Promise<ConsolesResult> {
  const tokens = Array.from({ length: options.consoles }, (_, i) => `console-token-${i + 1}`);
  const emulator = await startDashboardOrg(options.policies, tokens);
  const gateway = await startGatewayProcess({ UPSTREAM_URL: emulator.url });
  const admin = emulatorAdmin(emulator.url, `SSWS ${tokens[0]}`);
  const pool = new Pool(gateway.url, { connections: options.consoles * 2 });
  const { query, variables } = dashboard('variable');
  const post = async (token: string, text: string, vars: Record<string, unknown> = {}): Promise<Answer> => {
    const res = await pool.request({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${token}` },
      body: JSON.stringify({ query: text, variables: vars }),
    });
    return (await res.body.json()) as Answer;
  };
  const counter = (name: string) => metricSum(gateway.url, name);
  try {
    await admin.setLatency(options.latencyMs);
    // Every credential proven for policies (the service answered it a read), as a console's would be.
    await Promise.all(tokens.map((token) => post(token, PROVE_QUERY)));
    let before = await admin.requests();
    const alone = await post(tokens[0], query, variables);
    const aloneCalls = (await admin.requests()) - before;
    if (alone.errors || !alone.data) throw new Error(`the dashboard alone failed: ${JSON.stringify(alone.errors)}`);
    const expected = JSON.stringify(alone.data);

    const runs: ConsolesRun[] = [];
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      for (const credentials of ['distinct', 'one'] as const) {
        const [queuedBefore, sharedBefore] = [await counter(QUEUED_METRIC), await counter(SHARED_METRIC)];
        before = await admin.requests();
        const started = performance.now();
        const answers = await Promise.all(
          tokens.map((token) => post(credentials === 'distinct' ? token : tokens[0], query, variables)),
        );
        const wallMs = Math.round(performance.now() - started);
        const calls = (await admin.requests()) - before;
        runs.push({
          credentials,
          calls,
          ratio: Math.round((calls / aloneCalls) * 100) / 100,
          queued: (await counter(QUEUED_METRIC)) - queuedBefore,
          shared: (await counter(SHARED_METRIC)) - sharedBefore,
          notWhole: answers.filter((a) => a.errors || JSON.stringify(a.data) !== expected).length,
          wallMs,
        });
        console.log('consoles', JSON.stringify(runs.at(-1)));
      }
    }
    return { ...options, aloneCalls, runs };
  } finally {
    await pool.close();
    await Promise.all([gateway.stop(), emulator.stop()]);
  }
}

/**
 * An emulator process over an org of `policies` password policies (one rule each) whose API
 * `tokens` are all a SUPER_ADMIN's; its fixture file is removed when it stops.
 */
export async function startDashboardOrg(policies: number, tokens: string[]): Promise<BenchProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-org-'));
  const fixturePath = join(dir, 'org.json');
  // The default password policy is one of the org's `policies`.
  const fixture = largeOrgFixture(policies - 1, 1);
  writeFileSync(
    fixturePath,
    JSON.stringify({ ...fixture, apiTokens: tokens.map((token) => ({ token, userId: CAROL })) }),
  );
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: tokens[0], EMULATOR_FIXTURE: fixturePath });
  return {
    ...emulator,
    stop: async () => {
      await emulator.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The report's lines: the runs' table and the target. */
export function consolesReport(r: ConsolesResult, target: number): string[] {
  const worst = Math.max(...r.runs.map((run) => run.ratio));
  const whole = r.runs.every((run) => run.notWhole === 0);
  return [
    `${r.consoles} consoles open the 8-type dashboard (\`first: 200\`, typed settings and rule actions) at the same moment, on an org of ${r.policies} password policies, the upstream ${r.latencyMs} ms away; the gateway with its default settings (no read cache). One dashboard alone: **${r.aloneCalls} upstream calls**.`,
    '',
    '| credentials | upstream calls | / one dashboard | waited for memory | reads shared | answers not whole | wall |',
    '|---|---|---|---|---|---|---|',
    ...r.runs.map(
      (run) =>
        `| ${run.credentials === 'distinct' ? `${r.consoles} API tokens` : 'one API token'} | ${run.calls} | ${run.ratio}x | ${run.queued} of ${r.consoles} | ${run.shared} | ${run.notWhole} | ${run.wallMs} ms |`,
    ),
    '',
    `- ${r.consoles} dashboards ≤ ${target}x one dashboard's calls, every answer whole: ${worst <= target && whole ? 'met' : '**missed**'} (worst ${worst}x)`,
  ];
}
