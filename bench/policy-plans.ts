// `npm run bench:plans`: what policy plans cost the gateway's memory, measured on this machine with
// the production build (`node dist/...`) at default settings, over an org of 200 password policies:
// - 1,000 plans of a document whose one policy has a 900 KB description (refused by the document's
//   limits): their codes, upstream calls, RSS before and after;
// - plans the limits admit (200 policies with 1,000-character descriptions, about 0.5 MB a plan)
//   from one caller: RSS as the caller's byte budget fills and stays full;
// - a plan's cost estimate next to the calls its planning made.
// Writes the "Latest run" section of docs/reports/policy-plans.md.
//   npm run bench:plans -- [--no-write]
import { parseArgs } from 'node:util';
import { GATEWAY_DEFAULTS } from '../src/config/settings.ts';
import { assertBuilt } from '../test/helpers/built.ts';
import { type BenchProcess, startEmulatorProcess, startGatewayProcess } from './performance/processes.ts';
import { createPasswordPolicies, emulatorAdmin, restClient } from './performance/rest.ts';
import { writeLatestRun } from './report.ts';

const REPORT = new URL('../docs/reports/policy-plans.md', import.meta.url);
const TOKEN = 'bench-token';
const AUTH = `SSWS ${TOKEN}`;
const POLICIES = 200;
const REFUSED_PLANS = 1_000;
const ADMITTED_PLANS = 60;
const { values: args } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });

const PLAN = 'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code } } }';

interface Answer {
  data?: { planPolicies: { plan: { id: string } | null; userErrors: { code: string }[] } };
  errors?: { extensions?: { code?: string } }[];
  extensions?: { cost?: { estimate: { calls: number }; calls: number } };
}

async function plan(gateway: BenchProcess, document: unknown): Promise<Answer> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: JSON.stringify({ query: PLAN, variables: { d: document } }),
  });
  return (await res.json()) as Answer;
}

const codeOf = (a: Answer) => a.errors?.[0]?.extensions?.code ?? a.data?.planPolicies.userErrors[0]?.code ?? 'kept';
const mib = (n: number) => Math.round(n * 10) / 10;

function tally(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${n} ${code}`).join(', ');
}

async function main(): Promise<void> {
  assertBuilt();
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const admin = emulatorAdmin(emulator.url, AUTH);
  const rest = restClient(emulator.url, AUTH, 'parallel');
  // The org's default password policy and the others, POLICIES in all.
  await createPasswordPolicies(rest, POLICIES - 1);
  const gateway = await startGatewayProcess({ UPSTREAM_URL: emulator.url });

  // The plan: one policy with a 900 KB description.
  const bulky = { version: 1, policies: { PASSWORD: [{ name: 'Bulky', description: 'x'.repeat(900 * 1024) }] } };
  await plan(gateway, { version: 1, policies: {} }); // warm up
  const idle = gateway.rssMiB();
  gateway.resetPeak();
  let counted = await admin.requests();
  const refusedCodes: string[] = [];
  for (let wave = 0; wave < REFUSED_PLANS / 10; wave++) {
    const answers = await Promise.all(Array.from({ length: 10 }, () => plan(gateway, bulky)));
    refusedCodes.push(...answers.map(codeOf));
  }
  const refusedCalls = (await admin.requests()) - counted;
  const afterRefused = gateway.rssMiB();
  const refusedPeak = gateway.peakMiB();

  // Plans the limits admit: every policy of the org named, with a description of 1,000 characters.
  const names = Array.from({ length: POLICIES - 1 }, (_, i) => `Bench ${i + 1}`);
  const admitted = (i: number) => ({
    version: 1,
    policies: {
      PASSWORD: [
        ...names.map((name) => ({ name, description: `${i} ${'y'.repeat(1000)}` })),
        { name: 'Default Policy', system: true, rules: [{ name: 'Default Rule', system: true }] },
      ],
    },
  });
  const first = await plan(gateway, admitted(0));
  const estimate = first.extensions?.cost;
  gateway.resetPeak();
  const before = gateway.rssMiB();
  counted = await admin.requests();
  const admittedCodes: string[] = [codeOf(first)];
  const rss: number[] = [];
  for (let i = 1; i < ADMITTED_PLANS; i++) {
    admittedCodes.push(codeOf(await plan(gateway, admitted(i))));
    if (i % 20 === 19) rss.push(gateway.rssMiB());
  }
  const admittedCalls = (await admin.requests()) - counted;
  const admittedPeak = gateway.peakMiB();
  const planBytes = Buffer.byteLength(JSON.stringify(admitted(0)));

  await gateway.stop();
  await emulator.stop();
  await rest.close();

  const shared = GATEWAY_DEFAULTS.shared;
  const run = `### Latest run

${new Date().toISOString().slice(0, 10)}, production build, default settings (\`POLICY_PLAN_TTL_SECONDS\` ${shared.policyPlanTtlSeconds}, \`POLICY_PLAN_MAX_BYTES\` ${shared.policyPlanMaxBytes}, \`POLICY_PLAN_CALLER_MAX_BYTES\` ${shared.policyPlanCallerMaxBytes}), emulator on loopback with ${POLICIES} password policies, one caller.

| Plans | Document | Answers | Upstream calls | Gateway RSS MiB (before → after, peak) |
| --- | --- | --- | ---: | --- |
| ${REFUSED_PLANS}, 10 at a time | one policy, 900 KB description | ${tally(refusedCodes)} | ${refusedCalls} | ${mib(idle)} → ${mib(afterRefused)}, peak ${mib(refusedPeak)} |
| ${ADMITTED_PLANS}, one at a time | ${POLICIES} policies, 1,000-character descriptions (${Math.round(planBytes / 1024)} KiB) | ${tally(admittedCodes)} | ${admittedCalls} | ${mib(before)} → ${rss.map(mib).join(' → ')}, peak ${mib(admittedPeak)} |

The plan of ${POLICIES} policies: estimate ${estimate?.estimate.calls} calls, made ${estimate?.calls}.
`;
  console.log(run);
  if (!args['no-write']) writeLatestRun('## Measured', '### Latest run', run, REPORT, '# Policy plans: measurements');
}

await main();
