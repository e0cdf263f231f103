// `npm run bench:limits`: what the cost limits admit and what it costs the gateway, measured on
// this machine with the production build (`node dist/...`) at default settings. Writes the
// "Latest run" section of docs/reports/limits.md (the rest of the file is written by hand):
// - the cost estimate of the canonical console operations, next to the limit;
// - one unit of cost in gateway CPU and memory: pages of 200 policies (10 fields each) in 1 to 30
//   aliases, run one at a time; CPU time, peak RSS above the idle process, upstream bytes;
// - the most expensive document the defaults admit, alone and 20 copies at once: wall time, peak
//   RSS, how many answered whole, how many waited for the memory budget;
// - the variable attack (50 pages of 200 as `$first`): refused, with its time and upstream calls.
//   npm run bench:limits -- [--no-write]
import { parseArgs } from 'node:util';
import { buildSchema, getOperationAST, Kind, parse } from 'graphql';
import { readFileSync } from 'node:fs';
import { estimateCost } from '../src/gateway/costEstimate.ts';
import { QUERY_LIMIT_DEFAULTS } from '../src/gateway/plugins/queryLimits.ts';
import { OPERATION_DEFAULTS } from '../src/upstream/client.ts';
import { MEMORY_BUDGET_DEFAULT } from '../src/gateway/server.ts';
import { assertBuilt } from '../test/helpers/built.ts';
import { dashboard, POLICY_DETAIL, variableAttack, withTypename } from '../test/helpers/consoleOperations.ts';
import { startEmulatorProcess, startGatewayProcess, type BenchProcess } from './performance/processes.ts';
import { createPasswordPolicies, emulatorAdmin, restClient } from './performance/rest.ts';
import { median } from './performance/scaling.ts';
import { writeLatestRun } from './report.ts';

const REPORT = new URL('../docs/reports/limits.md', import.meta.url);
const TOKEN = 'bench-token';
const AUTH = `SSWS ${TOKEN}`;
const POLICIES = 1_200;
const COPIES = 20;
const { values: args } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });

const schema = buildSchema(readFileSync(new URL('../src/generated/schema.graphql', import.meta.url), 'utf8'));

function estimate(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const fragments = Object.fromEntries(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  return estimateCost(schema, getOperationAST(document) as never, fragments, variables);
}

/** `aliases` pages of 200 password policies, each after another cursor, 10 fields a policy. */
function pages(aliases: number, cursors: string[]): string {
  const fields = 'id type name description status priority system created lastUpdated';
  const selections = Array.from(
    { length: aliases },
    (_, i) =>
      `p${i}: policies(type: PASSWORD, first: 200, after: "${cursors[i % cursors.length]}") { nodes { ${fields} } }`,
  );
  return `{ ${selections.join(' ')} }`;
}

interface Answer {
  data?: unknown;
  errors?: { extensions?: { code?: string } }[];
}

async function post(gateway: BenchProcess, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  return { bytes: Buffer.byteLength(text), answer: JSON.parse(text) as Answer };
}

const mib = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  assertBuilt();
  // The estimate's own price on the hot path, measured first, while nothing else runs.
  const estimateMicros = (query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    const operation = getOperationAST(document) as never;
    for (let i = 0; i < 2_000; i++) estimateCost(schema, operation, {}, variables);
    const started = performance.now();
    const runs = 2_000;
    for (let i = 0; i < runs; i++) estimateCost(schema, operation, {}, variables);
    return ((performance.now() - started) * 1000) / runs;
  };
  const onePolicyMicros = estimateMicros('query($id: ID!) { policy(id: $id) { id name status rules { id name } } }');
  const dashboardMicros = estimateMicros(dashboard('variable').query, { first: 200 });

  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const admin = emulatorAdmin(emulator.url, AUTH);
  const rest = restClient(emulator.url, AUTH, 'parallel');
  // 1,200 password policies, created over REST as a console would.
  await createPasswordPolicies(rest, POLICIES - 1, (n) => `Password policy ${n}`);
  const all = await rest.call<{ id: string }[]>({ method: 'GET', path: '/api/v1/policies?type=PASSWORD&limit=200' });
  const listed: { id: string }[] = [...all];
  for (let after = all.at(-1)?.id; listed.length < POLICIES - 200 && after; ) {
    const page = await rest.call<{ id: string }[]>({
      method: 'GET',
      path: `/api/v1/policies?type=PASSWORD&limit=200&after=${after}`,
    });
    listed.push(...page);
    after = page.at(-1)?.id;
  }
  // Cursors with at least 200 policies after each: every alias reads a full page of its own.
  const cursors = listed
    .slice(0, POLICIES - 220)
    .filter((_, i) => i % 31 === 0)
    .map((p) => p.id);
  const pageBytes = Buffer.byteLength(
    JSON.stringify(
      await rest.call({ method: 'GET', path: `/api/v1/policies?type=PASSWORD&limit=200&after=${cursors[0]}` }),
    ),
  );

  console.error(`org ready: ${listed.length} policies listed, ${cursors.length} cursors`);
  const gateway = await startGatewayProcess({ UPSTREAM_URL: emulator.url });
  const maxCost = QUERY_LIMIT_DEFAULTS.cost;

  // The console operations' estimates.
  const consoleRows = [
    ['8-type dashboard, `first: 200`', dashboard('literal')],
    ['8-type dashboard, `first: $first` = 200', dashboard('variable')],
    ['8-type dashboard, default page size', dashboard('default')],
  ].flatMap(([name, doc]) => {
    const { query, variables } = doc as ReturnType<typeof dashboard>;
    return [
      { name: name as string, ...estimate(query, variables) },
      { name: `${name as string}, Apollo (\`__typename\`)`, ...estimate(withTypename(query), variables) },
    ];
  });
  consoleRows.push({ name: 'policy detail, Apollo', ...estimate(withTypename(POLICY_DETAIL)) });
  const attack = variableAttack();
  consoleRows.push({ name: 'the attack: 50 pages of 200 as `$first`', ...estimate(attack.query, attack.variables) });

  // One unit of cost: pages of 200 policies, one operation at a time.
  const unitRows: {
    aliases: number;
    cost: number;
    cpuMs: number;
    wallMs: number;
    peakAboveIdleMiB: number;
    answerBytes: number;
  }[] = [];
  await post(gateway, pages(1, cursors)); // warm up
  const idle = gateway.rssMiB();
  for (const aliases of [1, 5, 10, 15]) {
    console.error(`pages of 200: ${aliases} aliases`);
    const query = pages(aliases, cursors);
    const cost = estimate(query).size;
    const walls: number[] = [];
    let answerBytes = 0;
    gateway.resetPeak();
    const cpuBefore = gateway.cpuMs();
    const runs = 5;
    for (let r = 0; r < runs; r++) {
      const started = performance.now();
      const { bytes, answer } = await post(gateway, query);
      walls.push(performance.now() - started);
      if (answer.errors) throw new Error(`pages(${aliases}): ${JSON.stringify(answer.errors[0])}`);
      answerBytes = bytes;
    }
    unitRows.push({
      aliases,
      cost,
      cpuMs: (gateway.cpuMs() - cpuBefore) / runs,
      wallMs: median(walls),
      peakAboveIdleMiB: gateway.peakMiB() - idle,
      answerBytes,
    });
  }
  const biggest = unitRows.at(-1)!;
  const cpuPerThousandUnits = (biggest.cpuMs / biggest.cost) * 1000;
  const kibPerThousandUnits = ((biggest.peakAboveIdleMiB * 1024) / biggest.cost) * 1000;

  // The most expensive document the defaults admit and answer whole: as many pages of 200 (10
  // fields) as both the cost limit and the response budget allow.
  const perAlias = estimate(pages(1, cursors)).size;
  const maxAliases = Math.min(
    QUERY_LIMIT_DEFAULTS.aliases,
    Math.floor(maxCost / perAlias),
    Math.floor(OPERATION_DEFAULTS.maxResponseBytes / pageBytes),
  );
  const heaviest = pages(maxAliases, cursors);
  const heaviestCost = estimate(heaviest).size;
  console.error(`the heaviest admitted document: ${maxAliases} aliases, cost ${heaviestCost}`);
  const alone = await post(gateway, heaviest);
  const aloneCodes = (alone.answer.errors ?? []).map((e) => e.extensions?.code);
  gateway.resetPeak();
  const before = gateway.rssMiB();
  const started = performance.now();
  const copies = await Promise.all(
    Array.from({ length: COPIES }, async () => {
      const t = performance.now();
      const { answer } = await post(gateway, heaviest);
      return { ms: performance.now() - t, codes: (answer.errors ?? []).map((e) => e.extensions?.code) };
    }),
  );
  const concurrentWall = performance.now() - started;
  const concurrentPeak = gateway.peakMiB();
  const whole = copies.filter((c) => c.codes.length === 0).length;
  const busy = copies.filter((c) => c.codes.includes('SERVER_BUSY')).length;
  const otherCodes = [...new Set(copies.flatMap((c) => c.codes).filter((code) => code !== 'SERVER_BUSY'))];

  // The attack: refused before any call.
  const counted = await admin.requests();
  const attackStart = performance.now();
  const refused = await post(gateway, attack.query, attack.variables);
  const attackMs = performance.now() - attackStart;
  const attackCalls = (await admin.requests()) - counted;

  await gateway.stop();
  await emulator.stop();
  await rest.close();

  const run = `### Latest run

${new Date().toISOString().slice(0, 10)}, production build, default settings (\`MAX_QUERY_COST\` ${maxCost}, \`MAX_UPSTREAM_CALLS\` ${OPERATION_DEFAULTS.maxCalls}, \`MAX_RESPONSE_BYTES\` ${OPERATION_DEFAULTS.maxResponseBytes}, \`MEMORY_BUDGET_BYTES\` ${MEMORY_BUDGET_DEFAULT}), emulator on loopback with ${POLICIES} password policies; one page of 200 is ${Math.round(pageBytes / 1024)} KiB of upstream JSON (${Math.round(pageBytes / 200)} bytes a policy).

| Operation | Calls (at least) | Cost | Within ${maxCost} |
| --- | ---: | ---: | --- |
${consoleRows.map((r) => `| ${r.name} | ${r.calls} | ${r.size} | ${r.size <= maxCost ? 'yes' : '**refused**'} |`).join('\n')}

One unit of cost (pages of 200 policies with 10 fields, one operation at a time, 5 runs each):

| Aliases | Cost | Gateway CPU ms | Wall ms (median) | Peak RSS above idle MiB | Answer KiB |
| ---: | ---: | ---: | ---: | ---: | ---: |
${unitRows.map((r) => `| ${r.aliases} | ${r.cost} | ${Math.round(r.cpuMs)} | ${Math.round(r.wallMs)} | ${mib(r.peakAboveIdleMiB)} | ${Math.round(r.answerBytes / 1024)} |`).join('\n')}

At ${biggest.aliases} aliases: **${cpuPerThousandUnits.toFixed(1)} ms of gateway CPU and ${Math.round(kibPerThousandUnits)} KiB of peak RSS per 1,000 units** (idle RSS ${mib(idle)} MiB).

The most expensive document the defaults admit and answer whole: ${maxAliases} aliased pages of 200 policies with 10 fields (cost ${heaviestCost}, ${maxAliases * 200} policies, about ${mib((maxAliases * pageBytes) / 1024 / 1024)} MiB of upstream JSON). Alone: ${aloneCodes.length ? `errors ${aloneCodes.join(', ')}` : 'answered whole'}. ${COPIES} copies at once: ${Math.round(concurrentWall)} ms for all (slowest ${Math.round(Math.max(...copies.map((c) => c.ms)))} ms), ${whole} answered whole, ${busy} \`SERVER_BUSY\`${otherCodes.length ? `, the others ${otherCodes.join(', ')}` : ''}, peak RSS **${mib(concurrentPeak)} MiB** (${mib(before)} MiB before).

The estimate itself: ${onePolicyMicros.toFixed(1)} µs for a one-policy query, ${Math.round(dashboardMicros)} µs for the typed 8-type dashboard.

The attack (50 pages of 200 as \`$first\`): ${refused.answer.errors?.[0]?.extensions?.code}, ${attackCalls} upstream calls, ${Math.round(attackMs)} ms.
`;
  console.log(run);
  if (!args['no-write']) writeLatestRun('## Measured', '### Latest run', run, REPORT, '# Limits: measurements');
}

await main();
