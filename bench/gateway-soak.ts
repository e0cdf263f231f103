// `npm run soak`: mixed GraphQL reads and writes through the gateway over the emulator with faults
// on (503s, connection resets, latency), bounded in operations and in time, loopback only. Prints
// operations, errors by code, p50/p99 and peak memory, then checks every write with the faults off:
// duplicates and lost writes must be 0 (exit code 1 otherwise). Writes the "Gateway soak" section
// of docs/reports/reliability.md unless run with --no-write.
//   npm run soak -- [--operations 2000] [--concurrency 16] [--seconds 180] [--seed 1] [--no-write]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type FaultSettings, NO_FAULTS } from '../packages/emulator/src/emulator/http/faults.ts';
import { startEmulator } from '../packages/emulator/src/emulator/index.ts';
import { startGateway } from '../src/gateway/server.ts';
import { silentLogger } from '../test/helpers/logs.ts';
import { UpstreamClient } from '../src/upstream/client.ts';
import { seededRandom } from '../test/helpers/random.ts';
import { percentile, RELIABILITY_REPORT, writeLatestRun } from './report.ts';

const HEADING = '## Gateway soak';
const RUN_HEADING = '### Latest run of `npm run soak`';
const TOKEN = 'soak-token';
const FAULTS: Omit<FaultSettings, 'rateLimitPerMinute'> = {
  ...NO_FAULTS,
  errorRate: 0.15,
  status: 503,
  resetRate: 0.05,
  latencyMs: 2,
  jitterMs: 10,
};

const { values: args } = parseArgs({
  options: {
    operations: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '180' },
    seed: { type: 'string', default: '1' },
    'no-write': { type: 'boolean', default: false },
  },
});
const OPERATIONS = Number(args.operations);
const CONCURRENCY = Number(args.concurrency);
const MAX_SECONDS = Number(args.seconds);
const SEED = Number(args.seed);
for (const [name, value] of Object.entries({ OPERATIONS, CONCURRENCY, MAX_SECONDS, SEED })) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name.toLowerCase()}: must be a positive integer`);
}

type Kind = 'list' | 'read' | 'userTypes' | 'create' | 'lifecycle' | 'update' | 'delete';
/** Each kind's share of the operations. */
const MIX: [Kind, number][] = [
  ['list', 0.35],
  ['read', 0.15],
  ['userTypes', 0.1],
  ['create', 0.2],
  ['lifecycle', 0.08],
  ['update', 0.07],
  ['delete', 0.05],
];

/** The kind whose share of MIX the roll (0..1) falls in. */
function pickKind(roll: number): Kind {
  let below = 0;
  for (const [kind, share] of MIX) {
    below += share;
    if (roll < below) return kind;
  }
  return 'list';
}

interface Outcome {
  kind: Kind;
  ms: number;
  /** Error codes of the answer (GraphQL `extensions.code`, or HTTP_<status> / CLIENT_<name>). */
  codes: string[];
  data?: SoakData;
}

/** The members of the answers that the soak reads. */
interface SoakData {
  policies?: { nodes?: { id: string }[] } | null;
  createPolicy?: { policy?: { id: string } | null } | null;
  deletePolicy?: { deletedId?: string | null } | null;
}

interface GqlBody {
  data?: SoakData;
  errors?: { extensions?: { code?: string } }[];
}

async function main(): Promise<void> {
  const emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    faults: FAULTS,
    faultHooks: { random: seededRandom(SEED + 1) },
  });
  const upstream = new UpstreamClient({ baseUrl: emulator.url, random: seededRandom(SEED + 2) });
  const gateway = await startGateway({ port: 0, upstream, logger: silentLogger() });
  const pick = seededRandom(SEED);
  const memory = { rss: 0, heap: 0 };
  const sampleMemory = () => {
    const { rss, heapUsed } = process.memoryUsage();
    memory.rss = Math.max(memory.rss, rss);
    memory.heap = Math.max(memory.heap, heapUsed);
  };
  const sampler = setInterval(sampleMemory, 100);

  const run = `${Date.now().toString(36)}`;
  /** Policies whose create was answered done and not deleted since: targets of the other writes. */
  const live: string[] = [];
  const created = new Map<string, string>(); // name -> id, answered done
  const refused: string[] = []; // names of creates answered with an error that says nothing was written
  const unknown: string[] = []; // names of creates answered UPSTREAM_OUTCOME_UNKNOWN
  const deleted: string[] = []; // ids whose delete was answered done
  const outcomes: Outcome[] = [];
  let defaultPolicyId = '';

  const gql = async (kind: Kind, query: string, variables: Record<string, unknown> = {}): Promise<Outcome> => {
    const started = performance.now();
    let codes: string[] = [];
    let data: SoakData | undefined;
    try {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json()) as GqlBody;
      data = body.data;
      codes = (body.errors ?? []).map((e) => e.extensions?.code ?? 'NO_CODE');
      if (res.status !== 200) codes.push(`HTTP_${res.status}`);
    } catch (error) {
      codes = [`CLIENT_${(error as Error).name}`];
    }
    const outcome = { kind, ms: performance.now() - started, codes, data };
    outcomes.push(outcome);
    return outcome;
  };

  const target = () => (live.length ? live[Math.floor(pick() * live.length)] : defaultPolicyId);

  async function operation(n: number): Promise<void> {
    const kind = pickKind(pick());
    if (kind === 'list') {
      await gql(kind, '{ policies(type: PASSWORD, first: 20) { nodes { id name rules { id name } } } }');
    } else if (kind === 'read') {
      await gql(kind, 'query($id: ID!) { policy(id: $id) { id name status } }', { id: target() });
    } else if (kind === 'userTypes') {
      await gql(kind, '{ userTypes { id name } }');
    } else if (kind === 'create') {
      const name = `Soak ${run} ${n}`;
      const { data, codes } = await gql(
        kind,
        'mutation($name: String!) { createPolicy(input: { type: PASSWORD, name: $name }) { policy { id } userErrors { message } } }',
        { name },
      );
      const id = data?.createPolicy?.policy?.id;
      if (id) {
        created.set(name, id);
        live.push(id);
      } else if (codes.includes('UPSTREAM_OUTCOME_UNKNOWN')) unknown.push(name);
      else refused.push(name);
    } else if (kind === 'lifecycle') {
      const verb = pick() < 0.5 ? 'deactivatePolicy' : 'activatePolicy';
      await gql(kind, `mutation($id: ID!) { ${verb}(id: $id) { policy { status } userErrors { message } } }`, {
        id: target(),
      });
    } else if (kind === 'update') {
      await gql(
        kind,
        'mutation($id: ID!, $d: String!) { updatePolicy(id: $id, input: { description: $d }) { policy { description } userErrors { message } } }',
        { id: target(), d: `soak update ${n}` },
      );
    } else if (live.length) {
      // A delete takes its policy out of the pool first, so no later write aims at it.
      const id = live.splice(Math.floor(pick() * live.length), 1)[0];
      const { data } = await gql(
        kind,
        'mutation($id: ID!) { deletePolicy(id: $id) { deletedId userErrors { message } } }',
        { id },
      );
      if (data?.deletePolicy?.deletedId === id) deleted.push(id);
    }
  }

  const started = performance.now();
  const requestsBefore = emulator.counter.total;
  try {
    const first = await gql('list', '{ policies(type: PASSWORD) { nodes { id } } }');
    defaultPolicyId = first.data?.policies?.nodes?.[0]?.id ?? 'none';
    let next = 0;
    const deadline = started + MAX_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < OPERATIONS && performance.now() < deadline) await operation(next++);
      }),
    );
  } finally {
    clearInterval(sampler);
    sampleMemory();
  }
  const seconds = (performance.now() - started) / 1000;
  const upstreamRequests = emulator.counter.total - requestsBefore;

  // The check, with the faults off: every policy of the org, straight from the service.
  emulator.faults.clear();
  const names: string[] = [];
  const ids = new Set<string>();
  for (let after: string | undefined; ; ) {
    const res = await fetch(
      `${emulator.url}/api/v1/policies?type=PASSWORD&limit=200${after ? `&after=${after}` : ''}`,
      { headers: { authorization: `SSWS ${TOKEN}` } },
    );
    const page = (await res.json()) as { id: string; name: string }[];
    for (const p of page) {
      names.push(p.name);
      ids.add(p.id);
    }
    if (!res.headers.get('link')?.includes('rel="next"') || page.length === 0) break;
    after = page.at(-1)?.id;
  }
  const occurrences = new Map<string, number>();
  for (const name of names) occurrences.set(name, (occurrences.get(name) ?? 0) + 1);
  const duplicates = [...occurrences.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
  const lostCreates = [...created.values()].filter((id) => !ids.has(id) && !deleted.includes(id)).length;
  const undeleted = deleted.filter((id) => ids.has(id)).length;
  const phantom = refused.filter((name) => occurrences.has(name)).length;
  const unknownHappened = unknown.filter((name) => occurrences.has(name)).length;

  await gateway.close();
  await upstream.close();
  await emulator.close();

  const report = summarize({
    seconds,
    upstreamRequests,
    memory,
    outcomes,
    writes: {
      created: created.size,
      refused: refused.length,
      unknown: unknown.length,
      unknownHappened,
      deleted: deleted.length,
      duplicates,
      lost: lostCreates + undeleted,
      phantom,
    },
  });
  console.log(report.text);
  if (!args['no-write']) {
    writeLatestRun(HEADING, RUN_HEADING, report.markdown);
    console.log(`written to ${RELIABILITY_REPORT.pathname}`);
  }
  if (duplicates || lostCreates || undeleted || phantom) process.exitCode = 1;
}

interface Summary {
  seconds: number;
  upstreamRequests: number;
  memory: { rss: number; heap: number };
  outcomes: Outcome[];
  writes: {
    created: number;
    refused: number;
    unknown: number;
    unknownHappened: number;
    deleted: number;
    duplicates: number;
    lost: number;
    phantom: number;
  };
}

function summarize({ seconds, upstreamRequests, memory, outcomes, writes }: Summary) {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const ms = outcomes.map((o) => o.ms);
  const failed = outcomes.filter((o) => o.codes.length).length;
  const byCode = new Map<string, number>();
  for (const o of outcomes) for (const code of new Set(o.codes)) byCode.set(code, (byCode.get(code) ?? 0) + 1);
  const kinds = MIX.map(([kind]) => {
    const of = outcomes.filter((o) => o.kind === kind);
    const times = of.map((o) => o.ms);
    return `| ${kind} | ${of.length} | ${of.filter((o) => !o.codes.length).length} | ${percentile(times, 0.5)} | ${percentile(times, 0.99)} |`;
  });
  const codes = [...byCode.entries()].sort(([, a], [, b]) => b - a).map(([code, n]) => `| \`${code}\` | ${n} |`);
  const text = [
    `operations: ${outcomes.length} in ${seconds.toFixed(1)} s (${Math.round(outcomes.length / seconds)}/s), ${failed} with errors`,
    `upstream requests: ${upstreamRequests}`,
    `latency: p50 ${percentile(ms, 0.5)} ms, p99 ${percentile(ms, 0.99)} ms`,
    `peak memory: rss ${mib(memory.rss)} MiB, heap ${mib(memory.heap)} MiB`,
    `errors by code: ${[...byCode.entries()].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`,
    `creates: ${writes.created} done, ${writes.refused} refused, ${writes.unknown} outcome unknown (${writes.unknownHappened} of them happened)`,
    `deletes done: ${writes.deleted}`,
    `duplicates: ${writes.duplicates} (must be 0)`,
    `lost writes: ${writes.lost} (must be 0)`,
    `refused writes that happened: ${writes.phantom} (must be 0)`,
  ].join('\n');
  const faults = `${FAULTS.errorRate * 100}% ${FAULTS.status}s, ${FAULTS.resetRate * 100}% connection resets, latency ${FAULTS.latencyMs} ms + up to ${FAULTS.jitterMs} ms`;
  const markdown = `${RUN_HEADING}

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, loopback, a 2-core machine shared with other work (load
average ${loadavg()[0].toFixed(1)} at the end); gateway, emulator and clients in one process. Settings: ${OPERATIONS}
operations at most, ${CONCURRENCY} parallel clients, ${MAX_SECONDS} s at most, seed ${SEED}; faults: ${faults};
the gateway with its defaults (\`UPSTREAM_RETRIES\` 3, \`OPERATION_TIMEOUT_MS\` 10000, \`MAX_UPSTREAM_CALLS\` 100).

| Operations | Seconds | Operations/s | With errors | Upstream requests | p50 ms | p99 ms | Peak RSS MiB | Peak heap MiB |
| ---------- | ------- | ------------ | ----------- | ----------------- | ------ | ------ | ------------ | ------------- |
| ${outcomes.length} | ${seconds.toFixed(1)} | ${Math.round(outcomes.length / seconds)} | ${failed} | ${upstreamRequests} | ${percentile(ms, 0.5)} | ${percentile(ms, 0.99)} | ${mib(memory.rss)} | ${mib(memory.heap)} |

| Kind | Operations | Without error | p50 ms | p99 ms |
| ---- | ---------- | ------------- | ------ | ------ |
${kinds.join('\n')}

Errors by code (operations with at least one error of that code):

| Code | Operations |
| ---- | ---------- |
${codes.join('\n') || '| none | 0 |'}

Writes, checked against the emulator with the faults off:

| Creates done | Refused | Outcome unknown (happened) | Deletes done | Duplicates | Lost writes | Refused but happened |
| ------------ | ------- | -------------------------- | ------------ | ---------- | ----------- | -------------------- |
| ${writes.created} | ${writes.refused} | ${writes.unknown} (${writes.unknownHappened}) | ${writes.deleted} | ${writes.duplicates} | ${writes.lost} | ${writes.phantom} |
`;
  return { text, markdown };
}

await main();
