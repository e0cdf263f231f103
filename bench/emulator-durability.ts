// `npm run soak:emulator`: crash rounds (kill -9 during 200 parallel creates, restart, nothing
// acknowledged lost) and create throughput with a state file on an org of 5,000 policies. Bounded
// (a few minutes), loopback only; writes the "Emulator durability" section of docs/reports/reliability.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crashDuringCreates, restartAndCheck, spawnEmulator, TOKEN } from '../test/helpers/crash.ts';
import { percentile, RELIABILITY_REPORT, writeLatestRun } from './report.ts';

const ROUNDS = 5;
const PARALLEL_CREATES = 200;
const ORG_SIZE = 5000;
const HEADING = '## Emulator durability';
const RUN_HEADING = '### Latest run of `npm run soak:emulator`';
const LARGE_ORG = fileURLToPath(new URL('./large-org-emulator.ts', import.meta.url));

interface Throughput {
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
    const crash = await crashDuringCreates(await spawnEmulator(statePath), PARALLEL_CREATES, killAfter);
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

/** Runs bench/large-org-emulator.ts to write an org of `ORG_SIZE` policies to the state file. */
async function largeOrg(statePath: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', LARGE_ORG, String(ORG_SIZE), statePath], {
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the org failed (${code})`);
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
  return {
    perSecond: Math.round(creates / seconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const LOADS: [concurrency: number, creates: number][] = [
  [1, 100],
  [10, 500],
  [50, 1000],
];

/** Create throughput of the durable emulator on a large org, and of the same org kept in memory only. */
async function throughput(dir: string): Promise<{ rows: string[]; fileBytes: number }> {
  const statePath = join(dir, 'large.json');
  await largeOrg(statePath);
  const durable = await spawnEmulator(statePath);
  const inMemory = await spawnEmulator(undefined, [LARGE_ORG, String(ORG_SIZE)]);
  const rows: string[] = [];
  try {
    for (const [concurrency, creates] of LOADS) {
      // Alternated, so that both see the same machine load.
      const d = await measure(durable.url, concurrency, creates);
      const m = await measure(inMemory.url, concurrency, creates);
      console.log(`${concurrency} clients: ${d.perSecond} creates/s durable, ${m.perSecond} in memory`);
      rows.push(
        `| ${concurrency} | ${creates} | ${d.perSecond} | ${d.p50} | ${d.p99} | ${m.perSecond} | ${m.p50} | ${m.p99} |`,
      );
    }
  } finally {
    await durable.kill();
    await inMemory.kill();
  }
  return { rows, fileBytes: statSync(statePath).size + statSync(`${statePath}.journal`).size };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-durability-'));
  try {
    const crash = await crashRounds(dir);
    const { rows, fileBytes } = await throughput(dir);
    writeLatestRun(
      HEADING,
      RUN_HEADING,
      `${RUN_HEADING}

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, loopback, a 2-core machine shared with other work (load
average ${loadavg()[0].toFixed(1)} at the end); each emulator in its own process.

Crash rounds: ${PARALLEL_CREATES} parallel creates, the emulator killed with SIGKILL once a growing number
of them were acknowledged, then restarted on the same state file. "Lost" counts acknowledged creates
missing after the restart; the restart itself proves the file valid.

| Round | Acknowledged | Lost | Policies after restart | Priorities 1..N | Temp files left |
| ----- | ------------ | ---- | ---------------------- | --------------- | --------------- |
${crash.join('\n')}

Creates on an org of ${ORG_SIZE.toLocaleString('en')} password policies, durable (\`EMULATOR_STATE\`, state file and
journal ${(fileBytes / 1024 / 1024).toFixed(1)} MiB at the end) and, alternating with it, the same org in memory only:

| Parallel clients | Creates | Durable creates/s | p50 ms | p99 ms | In memory creates/s | p50 ms | p99 ms |
| ---------------- | ------- | ----------------- | ------ | ------ | ------------------- | ------ | ------ |
${rows.join('\n')}
`,
    );
    console.log(`written to ${RELIABILITY_REPORT.pathname}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
