// `npm run soak:emulator`: crash rounds (kill -9 during 200 parallel creates, restart, nothing
// acknowledged lost) and create throughput with a state file on an org of 5,000 policies. Bounded
// (a few minutes), loopback only; writes the "Emulator durability" section of docs/reliability.md.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/index.ts';
import { createPolicy } from '../src/emulator/routes/policies.ts';
import { crashDuringCreates, restartAndCheck, spawnEmulator, TOKEN } from '../test/helpers/crash.ts';

const ROUNDS = 5;
const PARALLEL_CREATES = 200;
const ORG_SIZE = 5000;
const REPORT = new URL('../docs/reliability.md', import.meta.url);
const HEADING = '## Emulator durability';

interface Throughput {
  concurrency: number;
  creates: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function crashRounds(dir: string): Promise<string[]> {
  const statePath = join(dir, 'crash.json');
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Kill at a different point each round, from early to late in the burst.
    const killAfter = Math.round((PARALLEL_CREATES * round) / (ROUNDS + 1));
    const crash = await crashDuringCreates(statePath, PARALLEL_CREATES, killAfter);
    const strayTemp = readdirSync(dir).filter((name) => name.endsWith('.tmp')).length;
    const after = await restartAndCheck(statePath, crash.acknowledged);
    rows.push(
      `| ${round} | ${crash.acknowledged.length} | ${after.lost.length} | ${after.policies} | ${after.contiguous ? 'yes' : 'no'} | ${strayTemp} |`,
    );
    console.log(`round ${round}: ${crash.acknowledged.length} acknowledged, ${after.lost.length} lost`);
    if (after.lost.length || !after.contiguous) process.exitCode = 1;
  }
  return rows;
}

/** A state file holding an org with `ORG_SIZE` password policies, built through the store. */
async function largeOrg(statePath: string): Promise<void> {
  const emu = await startEmulator({ port: 0, token: TOKEN, statePath });
  const store = emu.store();
  const query = new URLSearchParams();
  const existing = store.countPolicies('PASSWORD');
  for (let i = existing; i < ORG_SIZE; i++) {
    createPolicy({ store, base: '', params: {}, query, body: { type: 'PASSWORD', name: `Seeded ${i}` } });
  }
  await emu.close();
}

/** `creates` policy creates from `concurrency` parallel clients against a child emulator. */
async function measure(url: string, concurrency: number, creates: number): Promise<Throughput> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < creates) {
        const i = next++;
        const t = performance.now();
        const res = await fetch(`${url}/api/v1/policies`, {
          method: 'POST',
          headers: { authorization: `SSWS ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'PASSWORD', name: `Measured ${concurrency}/${i}` }),
        });
        await res.text();
        if (res.status !== 200) throw new Error(`create answered ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return { concurrency, creates, perSecond: Math.round(creates / seconds), p50: at(0.5), p99: at(0.99) };
}

async function throughput(dir: string): Promise<{ rows: string[]; fileBytes: number }> {
  const statePath = join(dir, 'large.json');
  await largeOrg(statePath);
  const emulator = await spawnEmulator(statePath);
  const rows: string[] = [];
  try {
    for (const [concurrency, creates] of [
      [1, 100],
      [10, 500],
      [50, 1000],
    ]) {
      const r = await measure(emulator.url, concurrency, creates);
      console.log(`concurrency ${concurrency}: ${r.perSecond} creates/s (p50 ${r.p50} ms, p99 ${r.p99} ms)`);
      rows.push(`| ${r.concurrency} | ${r.creates} | ${r.perSecond} | ${r.p50} | ${r.p99} |`);
    }
  } finally {
    await emulator.kill();
  }
  return { rows, fileBytes: statSync(statePath).size };
}

/** Replaces this section of docs/reliability.md (or appends it), leaving the other sections alone. */
function writeSection(section: string): void {
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Reliability\n';
  const start = current.indexOf(HEADING);
  let updated: string;
  if (start < 0) updated = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + HEADING.length);
    updated = current.slice(0, start) + section + (end < 0 ? '' : `\n${current.slice(end + 1)}`);
  }
  mkdirSync(new URL('.', REPORT), { recursive: true });
  writeFileSync(REPORT, `${updated.trimEnd()}\n`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-durability-'));
  try {
    const crash = await crashRounds(dir);
    const { rows, fileBytes } = await throughput(dir);
    writeSection(`${HEADING}

Measured by \`npm run soak:emulator\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, loopback, a
shared 2-core machine; the emulator in its own process with \`EMULATOR_STATE\`).

Crash rounds: ${PARALLEL_CREATES} parallel creates, the emulator killed with SIGKILL once a growing number
of them were acknowledged, then restarted on the same state file. "Lost" counts acknowledged creates
missing after the restart; the restart itself proves the file valid.

| Round | Acknowledged | Lost | Policies after restart | Priorities 1..N | Temp files left |
| ----- | ------------ | ---- | ---------------------- | --------------- | --------------- |
${crash.join('\n')}

Create throughput on an org of ${ORG_SIZE.toLocaleString('en')} password policies (state file ${(fileBytes / 1024 / 1024).toFixed(1)} MiB at the end):

| Parallel clients | Creates | Creates/s | p50 ms | p99 ms |
| ---------------- | ------- | --------- | ------ | ------ |
${rows.join('\n')}
`);
    console.log(`written to ${REPORT.pathname}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
