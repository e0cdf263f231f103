// `npm run soak:attacks`: the documents known to exhaust a gateway, replayed against the production
// build (`node dist/main.js`) at default settings, over an emulator process serving an org of 21
// password policies with 20 rules each, on loopback. Phases, one after another, each attack capped
// in time: (i) `nodes(ids:)` with one id 43,000 times, in 1, 8 and 50 aliases; (ii) the
// back-reference document and 3 aliases of it; (iii) 50 aliased pages of 200 policies as a root
// fragment spread, bare and inside `... on Query`; (iv) documents the estimate admits that run-time
// bounds stop (answer bytes, fields); (v) 6 slow readers of the largest answer the gateway serves
// (18 pages of the policies' 20 KB descriptions, about 7.5 MB); (vi) every attack at once, beside 6
// slow readers. An ordinary caller runs the console's dashboard
// in a loop throughout. The gateway's RSS is sampled all along; a gateway that dies is reported and
// started again for the next attack. Prints a Markdown report and writes its "Latest run" to
// docs/reports/attacks.md.
//   npm run soak:attacks -- [--attack-seconds 30] [--kill-at-mib 1536] [--no-write]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { START_SETTINGS } from '../src/config/gateway.ts';
import { assertBuilt } from '../test/helpers/built.ts';
import { dashboard } from '../test/helpers/consoleOperations.ts';
import { largeOrgFixture } from '../test/helpers/largeOrg.ts';
import { type Outcome, post, type SlowRead, slowReader } from './attacks/clients.ts';
import { type BenchProcess, startEmulatorProcess, startGatewayProcess } from './performance/processes.ts';
import { percentile, writeLatestRun } from './report.ts';

const REPORT = new URL('../docs/reports/attacks.md', import.meta.url);
const TOKEN = 'attack-token';
const AUTH = `SSWS ${TOKEN}`;
const POLICIES = 21;
const RULES = 20;
/** Each policy's description, so that the largest answer served comes near MAX_RESPONSE_BYTES. */
const DESCRIPTION_BYTES = 20_000;
const SLOW_READERS = 6;
/** How long the slow readers read at least. */
const READ_MS = 30_000;
const MiB = 1024 * 1024;
/** The acceptance target of the gateway's peak RSS while the attacks run. */
const RSS_TARGET_MIB = 512;
/** The ordinary caller's share of answers with data and no error that counts as "keeps answering". */
const ORDINARY_TARGET = 0.95;

const { values: args } = parseArgs({
  options: {
    'attack-seconds': { type: 'string', default: '30' },
    'kill-at-mib': { type: 'string', default: '1536' },
    'no-write': { type: 'boolean', default: false },
  },
});
/** How long one attack may take before it counts as never ending. */
const ATTACK_MS = Number(args['attack-seconds']) * 1000;
/** A gateway past this RSS is killed by the soak: the machine is shared, and the target is far below. */
const KILL_AT_MIB = Number(args['kill-at-mib']);

/** A default of the gateway's settings table, by its variable. */
function settingDefault(env: string): number {
  return START_SETTINGS.find((s) => s.env === env)?.defaultValue as number;
}
const MAX_RESPONSE_BYTES = settingDefault('MAX_RESPONSE_BYTES');

interface Attack {
  phase: string;
  name: string;
  query: string;
  variables?: Record<string, unknown>;
}

interface AttackResult extends Attack {
  outcome: Outcome;
  /** The gateway's peak RSS while the attack ran alone (phases i to iv). */
  peakMiB?: number;
  /** The gateway process was still running once the answer ended. */
  upAfter: boolean;
}

/** Pages of every policy's description, each about POLICIES × DESCRIPTION_BYTES. */
function descriptionPages(count: number): string {
  return `{ ${Array.from({ length: count }, (_, i) => `d${i}: policies(type: PASSWORD, first: 200) { nodes { description } }`).join(' ')} }`;
}

/** The largest answer the gateway serves whole at default settings: what the slow readers ask for. */
const LARGEST_SERVED: Attack = {
  phase: 'v',
  name: '18 pages of 20 KB descriptions (about 7.5 MB, served whole)',
  query: descriptionPages(18),
};

function attacks(policyId: string): Attack[] {
  const nodes = (aliases: number) =>
    `query Nodes($ids: [ID!]!) { ${Array.from({ length: aliases }, (_, i) => `n${i}: nodes(ids: $ids) { id ... on Policy { name status priority } }`).join(' ')} }`;
  const ids = Array.from({ length: 43_000 }, () => policyId);
  const backReference =
    'policies(type: PASSWORD, first: 200) { nodes { rules { policy { rules { policy { rules { policy { rules { name id } } } } } } } } }';
  const pages = Array.from(
    { length: 50 },
    (_, i) =>
      `p${i}: policies(type: PASSWORD, first: 200) { nodes { id name description status priority created lastUpdated rules { id name } } }`,
  ).join(' ');
  return [
    { phase: 'i', name: '`nodes(ids:)`, one id × 43,000', query: nodes(1), variables: { ids } },
    { phase: 'i', name: '`nodes(ids:)`, one id × 43,000, 8 aliases', query: nodes(8), variables: { ids } },
    { phase: 'i', name: '`nodes(ids:)`, one id × 43,000, 50 aliases', query: nodes(50), variables: { ids } },
    { phase: 'ii', name: 'back-references, 3 round trips', query: `{ ${backReference} }` },
    {
      phase: 'ii',
      name: 'back-references, 3 aliases',
      query: `{ ${[0, 1, 2].map((i) => `b${i}: ${backReference}`).join(' ')} }`,
    },
    { phase: 'iii', name: '50 pages of 200 as `{ ...F }`', query: `query { ...F } fragment F on Query { ${pages} }` },
    {
      phase: 'iii',
      name: '50 pages of 200 as `{ ... on Query { ...F } }`',
      query: `{ ... on Query { ...F } } fragment F on Query { ${pages} }`,
    },
    // Admitted by the estimate; stopped while they run.
    { phase: 'iv', name: '21 pages of 20 KB descriptions (answer bytes)', query: descriptionPages(21) },
    {
      phase: 'iv',
      name: 'one back-reference over every rule, 3 aliases (fields)',
      query: `{ ${[0, 1, 2].map((i) => `r${i}: policies(type: PASSWORD, first: 20) { nodes { rules { policy { rules { id name status priority system created lastUpdated } } } } }`).join(' ')} }`,
    },
  ];
}

/** A free loopback port, so that a gateway started again listens where the clients already send. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether the process runs: it exists and is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** The gateway under attack: started again when it died; its RSS sampled every 100 ms. */
class Target {
  gateway!: BenchProcess;
  starts = 0;
  /** Why a gateway process ended during the run, one entry per death. */
  readonly deaths: string[] = [];
  /** The process the soak killed last, so that its end is not counted twice. */
  private killed?: number;
  peakMiB = 0;
  phasePeakMiB = 0;
  private sampler?: NodeJS.Timeout;

  constructor(
    private readonly upstreamUrl: string,
    private readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async ensureUp(phase: string): Promise<void> {
    if (this.gateway && alive(this.gateway.pid)) return;
    if (this.gateway) this.noteEnd(`before phase ${phase}`);
    this.gateway = await startGatewayProcess({ UPSTREAM_URL: this.upstreamUrl, PORT: String(this.port) });
    this.starts++;
  }

  /** Records the end of a process the soak did not kill. */
  noteEnd(when: string): void {
    if (this.killed !== this.gateway.pid) this.deaths.push(`ended on its own ${when}`);
  }

  startSampling(): void {
    this.sampler = setInterval(() => {
      const { pid } = this.gateway;
      if (!alive(pid)) return;
      const rss = this.safely(() => this.gateway.rssMiB());
      this.phasePeakMiB = Math.max(this.phasePeakMiB, rss);
      this.peakMiB = Math.max(this.peakMiB, rss);
      if (rss > KILL_AT_MIB) {
        this.deaths.push(`killed by the soak at ${Math.round(rss)} MiB RSS`);
        this.killed = pid;
        process.kill(pid, 'SIGKILL');
      }
    }, 100);
  }

  /** Starts a phase's peak; the kernel's high-water mark catches what falls between samples. */
  resetPhasePeak(): void {
    this.phasePeakMiB = 0;
    this.safely(() => {
      this.gateway.resetPeak();
      return 0;
    });
  }

  endPhasePeak(): number {
    const hwm = alive(this.gateway.pid) ? this.safely(() => this.gateway.peakMiB()) : 0;
    this.phasePeakMiB = Math.max(this.phasePeakMiB, hwm);
    this.peakMiB = Math.max(this.peakMiB, hwm);
    return this.phasePeakMiB;
  }

  /** /proc reads of a process that just ended fail: count them as 0. */
  private safely(read: () => number): number {
    try {
      return read();
    } catch {
      return 0;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.sampler);
    if (alive(this.gateway.pid)) await this.gateway.stop();
  }
}

/** The console's dashboard at its default page, in a loop, one at a time, until stopped. */
function ordinaryCaller(target: Target) {
  const { query } = dashboard('variable');
  const results: { phase: string; ok: boolean; ms: number; codes: string[] }[] = [];
  let phase = 'start';
  let running = true;
  const loop = (async () => {
    while (running) {
      const outcome = await post(target.url, AUTH, { query, variables: { first: 20 } }, 30_000);
      const ok = outcome.status === 200 && outcome.data && outcome.codes.length === 0;
      results.push({ phase, ok, ms: outcome.ms, codes: outcome.failure ? [outcome.failure] : outcome.codes });
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 200)); // a refused connection would spin
    }
  })();
  return {
    results,
    setPhase: (name: string) => {
      phase = name;
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function main(): Promise<void> {
  assertBuilt();
  const fixtureDir = mkdtempSync(join(tmpdir(), 'attacks-'));
  const fixture = join(fixtureDir, 'org.json');
  writeFileSync(fixture, JSON.stringify(largeOrgFixture(POLICIES, RULES, DESCRIPTION_BYTES)));
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN, EMULATOR_FIXTURE: fixture });
  const listed = await fetch(`${emulator.url}/api/v1/policies?type=PASSWORD&limit=1`, {
    headers: { authorization: AUTH },
  });
  const [{ id: policyId }] = (await listed.json()) as { id: string }[];
  const target = new Target(emulator.url, await freePort());
  await target.ensureUp('start');
  const idleMiB = target.gateway.rssMiB();
  target.startSampling();
  const ordinary = ordinaryCaller(target);

  const all = attacks(policyId);
  const results: AttackResult[] = [];
  const phasePeaks: Record<string, number> = {};
  const send = async (attack: Attack) => {
    const outcome = await post(target.url, AUTH, attack, ATTACK_MS);
    // A process killed mid-answer takes a moment to be gone after its connections are.
    if (outcome.failure) await new Promise((resolve) => setTimeout(resolve, 1_000));
    results.push({ ...attack, outcome, upAfter: alive(target.gateway.pid) });
  };
  // Phases i to iii: each attack alone, on a running gateway, so that one that kills the process
  // does not hide what the others do.
  for (const attack of all) {
    await target.ensureUp(attack.phase);
    ordinary.setPhase(attack.phase);
    target.resetPhasePeak();
    console.error(`phase ${attack.phase}: ${attack.name}`);
    await send(attack);
    const peak = target.endPhasePeak();
    results[results.length - 1].peakMiB = peak;
    phasePeaks[attack.phase] = Math.max(phasePeaks[attack.phase] ?? 0, peak);
  }
  // The slow readers ask for the largest answer served whole.
  const largest = LARGEST_SERVED;
  // Phase v: the slow readers alone; phase vi: every attack at once beside new slow readers.
  const slowReads: Record<string, SlowRead[]> = {};
  for (const [phase, withAttacks] of [
    ['v', false],
    ['vi', true],
  ] as const) {
    await target.ensureUp(phase);
    ordinary.setPhase(phase);
    target.resetPhasePeak();
    console.error(`phase ${phase}: ${SLOW_READERS} slow readers${withAttacks ? ' and every attack at once' : ''}`);
    let stopReaders!: () => void;
    const stop = new Promise<void>((resolve) => {
      stopReaders = resolve;
    });
    const readers = Array.from({ length: SLOW_READERS }, () => slowReader(target.url, AUTH, largest, stop));
    // The readers read while the attacks run, and for READ_MS at least.
    await Promise.all([
      withAttacks ? Promise.all(all.map((attack) => send({ ...attack, phase }))) : undefined,
      new Promise((resolve) => setTimeout(resolve, READ_MS)),
    ]);
    stopReaders();
    slowReads[phase] = await Promise.all(readers);
    phasePeaks[phase] = target.endPhasePeak();
  }
  await ordinary.stop();
  const upAtEnd = alive(target.gateway.pid);
  if (!upAtEnd) target.noteEnd('in phase vi');
  await target.stop();
  await emulator.stop();
  rmSync(fixtureDir, { recursive: true, force: true });

  const report = render({
    results,
    phasePeaks,
    idleMiB,
    target,
    ordinary: ordinary.results,
    slowReads,
    largest,
    upAtEnd,
  });
  console.log(report);
  if (!args['no-write'])
    writeLatestRun('## Attack soak', '### Latest run of `npm run soak:attacks`', report, REPORT, '# Attacks');
}

interface RunFacts {
  results: AttackResult[];
  phasePeaks: Record<string, number>;
  idleMiB: number;
  target: Target;
  ordinary: { phase: string; ok: boolean; ms: number; codes: string[] }[];
  slowReads: Record<string, SlowRead[]>;
  largest: Attack;
  upAtEnd: boolean;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

function render(facts: RunFacts): string {
  const { results, phasePeaks, idleMiB, target, ordinary, slowReads, largest, upAtEnd } = facts;
  const rows = results.map((r) => {
    const o = r.outcome;
    const codes = o.codes.length ? o.codes.map((c) => `\`${c}\``).join(', ') : 'none';
    const peak = r.peakMiB === undefined ? '—' : Math.round(r.peakMiB);
    return `| ${r.phase} | ${r.name} | ${o.status ?? '—'} | ${o.failure ?? codes} | ${kib(o.bytes)} | ${(o.ms / 1000).toFixed(1)} | ${peak} | ${r.upAfter ? 'yes' : '**no**'} |`;
  });
  const byPhase = ['start', 'i', 'ii', 'iii', 'iv', 'v', 'vi'].flatMap((phase) => {
    const runs = ordinary.filter((o) => o.phase === phase);
    if (!runs.length) return [];
    const ok = runs.filter((o) => o.ok);
    const failures = [...new Set(runs.filter((o) => !o.ok).flatMap((o) => o.codes))].join(', ') || '—';
    const ms = ok.map((o) => o.ms);
    return [
      `| ${phase} | ${runs.length} | ${ok.length} | ${percentile(ms, 0.5)} | ${percentile(ms, 0.99)} | ${failures} |`,
    ];
  });
  const okShare = ordinary.filter((o) => o.ok).length / Math.max(1, ordinary.length);
  const biggest = Math.max(...results.map((r) => r.outcome.bytes));
  const refused = results.filter((r) => r.outcome.status !== undefined && r.outcome.codes.length > 0).length;
  const stayedUp = target.deaths.length === 0 && target.starts === 1 && upAtEnd;
  const attackPeak = Math.max(...Object.values(phasePeaks));
  const readers = (phase: string) =>
    (slowReads[phase] ?? [])
      .map((r) => `${r.status ?? '—'} ${kib(r.bytes)} ${r.end}${r.error ? ` (${r.error})` : ''}`)
      .join('; ') || 'none';
  return `### Latest run of \`npm run soak:attacks\`

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, production build at default settings (\`MAX_RESPONSE_BYTES\` ${MAX_RESPONSE_BYTES.toLocaleString('en')}, \`OPERATION_TIMEOUT_MS\` ${settingDefault('OPERATION_TIMEOUT_MS')}, \`MEMORY_BUDGET_BYTES\` ${settingDefault('MEMORY_BUDGET_BYTES').toLocaleString('en')}, \`HTTP_WRITE_TIMEOUT_MS\` ${settingDefault('HTTP_WRITE_TIMEOUT_MS')}), emulator and gateway in their own processes on loopback, an org of ${POLICIES} password policies with ${RULES} rules each; each attack capped at ${ATTACK_MS / 1000} s; a 2-core machine shared with other work (load average ${loadavg()[0].toFixed(1)} at the end). Gateway RSS idle: ${Math.round(idleMiB)} MiB.

| Target | Measured | |
| --- | --- | --- |
| The process stays up | ${stayedUp ? 'up throughout' : `ended ${target.deaths.length} times: ${target.deaths.join('; ')} (\`--kill-at-mib\` ${KILL_AT_MIB})`} | ${verdict(stayedUp)} |
| No answer exceeds \`MAX_RESPONSE_BYTES\` (${kib(MAX_RESPONSE_BYTES)}) | largest answer ${kib(biggest)} | ${verdict(biggest <= MAX_RESPONSE_BYTES)} |
| Peak RSS < ${RSS_TARGET_MIB} MB while the attacks run, slow readers included | ${Math.round(attackPeak)} MiB (slow readers alone: ${Math.round(phasePeaks.v ?? 0)} MiB; everything at once: ${Math.round(phasePeaks.vi ?? 0)} MiB) | ${verdict(attackPeak * MiB < RSS_TARGET_MIB * 1e6)} |
| The attacker gets a coded refusal | ${refused} of ${results.length} attacks answered with an error code | ${verdict(refused === results.length)} |
| The ordinary caller keeps answering (≥ ${ORDINARY_TARGET * 100}% with data, no error) | ${ordinary.filter((o) => o.ok).length} of ${ordinary.length} (${(okShare * 100).toFixed(0)}%) | ${verdict(okShare >= ORDINARY_TARGET)} |

Each attack, one request: in phases i–iv one at a time, each on a running gateway (started again when the one before died), with the gateway's peak RSS while it ran; phase vi sends them all at once again beside 6 slow readers. "Codes" are the \`extensions.code\` values of the answer, or why no answer came; "Up after" is whether the gateway process was still running when the answer ended.

| Phase | Attack | Status | Codes | Answer | Seconds | Peak RSS MiB | Up after |
| --- | --- | ---: | --- | ---: | ---: | ---: | --- |
${rows.join('\n')}

Peak RSS of the gateway by phase (sampled every 100 ms, and the kernel's high-water mark of the process at the end of the phase): ${Object.entries(
    phasePeaks,
  )
    .map(([phase, peak]) => `${phase} ${Math.round(peak)} MiB`)
    .join(', ')}; over the whole run ${Math.round(target.peakMiB)} MiB.

Slow readers (${SLOW_READERS} connections reading 4 KiB every 3 s for ${READ_MS / 1000} s at least, asking for ${largest.name}; status, bytes read slowly, how the connection ended): alone (phase v) ${readers('v')}; beside every attack (phase vi) ${readers('vi')}.

The ordinary caller (the 8-type dashboard with its rules, \`first: 20\`, one at a time):

| Phase | Operations | Answered | p50 ms | p99 ms | Failures |
| --- | ---: | ---: | ---: | ---: | --- |
${byPhase.join('\n')}
`;
}

await main();
