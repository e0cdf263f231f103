// `npm run bench:incremental`: many large answers in parts through one gateway, and what they leave
// in its process. Phases of the same page of password policies with all their rules: answered whole
// (no directive: the process's usual memory), each policy's rules deferred, the policies streamed,
// deferred past MAX_RESPONSE_BYTES (cut by RESPONSE_TOO_LARGE in a later part), and deferred with a
// client that goes away after the first part. After every round: the heap after a full collection,
// and the resident set; during each phase, its peak. The gateway, its emulator and the client share
// one process, so the client's buffers are in these figures too, as they are in the whole phase's.
// Writes the "Answers in parts: memory" section of docs/reports/limits.md unless run with --no-write.
// One operation at a time by default: two of these pages at once wait for the memory budget
// (MEMORY_BUDGET_BYTES reserves each one's estimate), and the second is refused SERVER_BUSY.
//   npm run bench:incremental -- [--rounds 15] [--concurrency 1] [--per-client 2] [--no-write]
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { request } from 'undici';
import { startEmulator } from '../packages/emulator/src/emulator/index.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../src/gateway/resolvers/typenames.ts';
import { startGateway, type RunningGateway } from '../src/gateway/server.ts';
import { RULE_TYPE_OF } from '../src/rest/types.ts';
import { UpstreamClient } from '../src/upstream/client.ts';
import { typedActions, typedSettings } from '../test/helpers/consoleOperations.ts';
import { postForParts } from '../test/helpers/incremental.ts';
import { largeOrgFixture } from '../test/helpers/largeOrg.ts';
import { silentLogger } from '../test/helpers/logs.ts';
import { writeLatestRun } from './report.ts';

const REPORT = new URL('../docs/reports/limits.md', import.meta.url);
const TOKEN = 'bench-token';
const AUTH = { authorization: `SSWS ${TOKEN}` };
const POLICIES = 40;
const RULES = 50;
/** The cut phase's MAX_RESPONSE_BYTES: past the first part, well before the last. */
const CUT_BYTES = 1024 * 1024;
/** How long a round's leftovers get to end before the heap is read. */
const SETTLE_MS = 500;

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '1' },
    'per-client': { type: 'string', default: '2' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const PER_CLIENT = Number(args['per-client']);
for (const [name, value] of Object.entries({ ROUNDS, CONCURRENCY, PER_CLIENT })) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name.toLowerCase()}: must be a positive integer`);
}

// A full collection on demand, however node was started (V8 reads the flag when `gc` is looked up).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const POLICY = POLICY_TYPENAME.PASSWORD;
const RULE = RULE_TYPENAME[RULE_TYPE_OF.PASSWORD];
const ROW = `id name description status priority system created lastUpdated ... on ${POLICY} { ${typedSettings(POLICY)} }`;
const RULES_FIELD = `rules { id name status priority system created lastUpdated ... on ${RULE} { ${typedActions(RULE)} } }`;
const page = (nodes: string) => `{ policies(type: PASSWORD, first: ${POLICIES}) { ${nodes} } }`;
const DOCUMENTS = {
  whole: page(`nodes { ${ROW} ${RULES_FIELD} }`),
  deferred: page(`nodes { ${ROW} ... @defer { ${RULES_FIELD} } }`),
  streamed: page(`nodes @stream(initialCount: 1) { ${ROW} ${RULES_FIELD} }`),
};

type PhaseName = 'whole' | 'deferred' | 'streamed' | 'cut' | 'gone';
interface Phase {
  name: PhaseName;
  /** What one operation does, and the parts and bytes its client read. */
  run(): Promise<{ parts: number; bytes: number }>;
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The parts of one answer; throws unless it ended as the phase expects. */
async function answered(url: string, query: string, cut: boolean): Promise<{ parts: number; bytes: number }> {
  const answer = await postForParts(url, { query }, AUTH);
  const bodies = answer.parts.map((part) => part.body);
  const codes = bodies
    .flatMap((body) => [
      ...(body.errors ?? []),
      ...(body.incremental ?? []).flatMap((item: { errors?: unknown[] }) => item.errors ?? []),
    ])
    .map((error: { extensions?: { code?: string } }) => error.extensions?.code);
  const expected = cut ? ['RESPONSE_TOO_LARGE'] : [];
  if (JSON.stringify(codes) !== JSON.stringify(expected) || (cut && !bodies.at(-1)?.errors)) {
    throw new Error(`expected errors ${JSON.stringify(expected)}, got ${JSON.stringify(codes)}`);
  }
  if (bodies.length > 1 && bodies.at(-1)?.hasNext !== false) throw new Error('the last part has hasNext: true');
  return { parts: bodies.length, bytes: bodies.reduce((sum, body) => sum + JSON.stringify(body).length, 0) };
}

/** A client that reads the first bytes of the answer, then closes its connection. */
async function goneAfterFirstPart(url: string, query: string): Promise<{ parts: number; bytes: number }> {
  const controller = new AbortController();
  const response = await request(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'multipart/mixed', ...AUTH },
    body: JSON.stringify({ query }),
    signal: controller.signal,
  });
  let bytes = 0;
  try {
    for await (const chunk of response.body) {
      bytes += chunk.length;
      if (bytes > 1024) controller.abort();
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { parts: 1, bytes };
}

interface Row {
  phase: PhaseName;
  operations: number;
  parts: number;
  answerMiB: number;
  heapStartMiB: number;
  heapEndMiB: number;
  heapMaxMiB: number;
  rssEndMiB: number;
  rssPeakMiB: number;
  seconds: number;
}

/** The heap once what the round left in flight (a cut operation's cancelled calls) has ended, after a full collection. */
async function settledHeap(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function measure(phase: Phase): Promise<Row> {
  let rssPeak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  const heapStart = await settledHeap();
  const heaps: number[] = [];
  let operations = 0;
  let parts = 0;
  let bytes = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = 0; i < PER_CLIENT; i++) {
            const one = await phase.run();
            operations++;
            parts += one.parts;
            bytes += one.bytes;
          }
        }),
      );
      heaps.push(await settledHeap());
      console.error(`${phase.name}: round ${round + 1}/${ROUNDS}, heap ${mib(heaps.at(-1)!)} MiB`);
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    phase: phase.name,
    operations,
    parts: Math.round((parts / operations) * 10) / 10,
    answerMiB: Math.round((bytes / operations / 1024 / 1024) * 100) / 100,
    heapStartMiB: mib(heapStart),
    heapEndMiB: mib(heaps.at(-1)!),
    heapMaxMiB: mib(Math.max(...heaps)),
    rssEndMiB: mib(process.memoryUsage.rss()),
    rssPeakMiB: mib(rssPeak),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function main(): Promise<void> {
  const emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    fixture: largeOrgFixture(POLICIES, RULES),
    // The emulator's request journal would fill with the first operations' calls, in this same heap.
    journalCap: 1,
  });
  const upstream = new UpstreamClient({ baseUrl: emulator.url });
  const options = { port: 0, host: '127.0.0.1', logger: silentLogger(), upstream };
  const gateway: RunningGateway = await startGateway(options);
  const small: RunningGateway = await startGateway({ ...options, maxResponseBytes: CUT_BYTES });
  try {
    const phases: Phase[] = [
      { name: 'whole', run: () => answered(gateway.url, DOCUMENTS.whole, false) },
      { name: 'deferred', run: () => answered(gateway.url, DOCUMENTS.deferred, false) },
      { name: 'streamed', run: () => answered(gateway.url, DOCUMENTS.streamed, false) },
      { name: 'cut', run: () => answered(small.url, DOCUMENTS.deferred, true) },
      { name: 'gone', run: () => goneAfterFirstPart(gateway.url, DOCUMENTS.deferred) },
    ];
    // Every code path once before anything is measured.
    for (const phase of phases) await phase.run();
    const rows: Row[] = [];
    for (const phase of phases) rows.push(await measure(phase));
    // The whole phase again, last: what the process holds after every kind of answer in parts.
    rows.push({ ...(await measure(phases[0])), phase: 'whole' });
    const table = [
      '| phase | operations | parts each | answer each (MiB) | heap at start (MiB) | heap at end (MiB) | largest heap after a round (MiB) | RSS at end (MiB) | peak RSS (MiB) | seconds |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.phase} | ${r.operations} | ${r.parts} | ${r.answerMiB} | ${r.heapStartMiB} | ${r.heapEndMiB} | ${r.heapMaxMiB} | ${r.rssEndMiB} | ${r.rssPeakMiB} | ${r.seconds} |`,
      ),
    ].join('\n');
    const heapGrowth = Math.round((rows.at(-1)!.heapEndMiB - rows[0].heapEndMiB) * 10) / 10;
    const run = `### Latest run of \`npm run bench:incremental\`

${new Date().toISOString().slice(0, 10)}, ${ROUNDS} rounds a phase of ${CONCURRENCY * PER_CLIENT} operations (${CONCURRENCY} at a time), each a page of
${POLICIES} password policies with ${RULES} rules each (every field, typed settings and actions); \`cut\` on a gateway with
\`MAX_RESPONSE_BYTES\` = ${CUT_BYTES / 1024 / 1024} MiB (one \`RESPONSE_TOO_LARGE\` in a later part, checked for every answer),
\`gone\`: the client closes its connection once the first bytes came. Heap: used after a full collection.

${table}

The heap after the last whole phase minus after the first: ${heapGrowth} MiB.`;
    console.log(run);
    if (!args['no-write'])
      writeLatestRun(
        '## Answers in parts: memory',
        '### Latest run of `npm run bench:incremental`',
        run,
        REPORT,
        '# Limits: measurements',
      );
  } finally {
    await small.close();
    await gateway.close();
    await upstream.close();
    await emulator.close();
  }
}

await main();
