// Instructions per one-policy request, counted by callgrind: a judge of a change to the per-request
// path that a busy machine does not disturb (throughput and CPU time on a shared 2-core machine move
// by a quarter round to round). Each server runs under `valgrind --tool=callgrind` with V8's
// `--predictable` (compilation and collection on the main thread, so every instruction is counted);
// counting starts after a warm-up of the same requests and the total is split into V8's optimising
// compiler (which a long run amortises), the garbage collector, and the rest: the execution.
//   npm run bench:instructions -- [--requests 1500] [--variant "CACHE_TTL_SECONDS=60 dist/main.js"]...
// Needs valgrind (Debian: `apt-get install valgrind`). Instruction counts are not time: a process with
// a larger heap and more code can take longer for the same count (cache misses), so confirm a
// change's effect on time with `bench/overhead.ts`.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { assertBuilt, ROOT } from '../test/helpers/built.ts';
import { settingsEnv } from '../test/helpers/settingsEnv.ts';
import { startEmulatorProcess } from './performance/processes.ts';
import { ONE_POLICY_QUERY } from './performance/throughput.ts';

const TOKEN = 'bench-token';
const CLIENTS = 10;

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1500' },
    variant: { type: 'string', multiple: true, default: ['CACHE_TTL_SECONDS=60 dist/main.js'] },
  },
});
const REQUESTS = Number(args.requests);

/** Inclusive instruction counts of the whole window and of the functions that split it. */
interface Counts {
  total: number;
  compiler: number;
  collector: number;
}

async function main(): Promise<void> {
  assertBuilt();
  execFileSync('valgrind', ['--version']);
  const emulator = await startEmulatorProcess({ EMULATOR_TOKEN: TOKEN });
  const dir = mkdtempSync(join(tmpdir(), 'instructions-'));
  try {
    const policyId = await firstPasswordPolicy(emulator.url);
    const servers: { name: string; script: string; settings: Record<string, string> }[] = [
      { name: 'trivial yoga (answers from memory)', script: 'bench/performance/trivialYoga.mjs', settings: {} },
      {
        name: 'trivial yoga making the one undici GET',
        script: 'bench/performance/trivialYoga.mjs',
        settings: { UPSTREAM_URL: emulator.url },
      },
      ...args.variant.map((spec) => {
        const words = spec.split(/\s+/);
        const settings = Object.fromEntries(
          words
            .filter((w) => /^[A-Z_]+=/.test(w))
            .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
        );
        const script = words.find((w) => !/^[A-Z_]+=/.test(w)) ?? 'dist/main.js';
        return { name: spec, script, settings: { UPSTREAM_URL: emulator.url, MAX_UPSTREAM_CALLS: '250', ...settings } };
      }),
    ];
    console.log(
      `instructions per request (M), ${REQUESTS} one-policy requests at c=${CLIENTS} after as many of warm-up:`,
    );
    console.log('server | execution | collector | compiler | all');
    for (const [i, server] of servers.entries()) {
      const counts = await countInstructions(server.script, server.settings, join(dir, `callgrind.${i}`), policyId);
      const perRequest = (n: number) => (n / REQUESTS / 1e6).toFixed(3);
      const execution = counts.total - counts.compiler - counts.collector;
      console.log(
        `${server.name} | ${perRequest(execution)} | ${perRequest(counts.collector)} | ${perRequest(counts.compiler)} | ${perRequest(counts.total)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  }
}

/** Runs `script` under callgrind, counts the instructions of REQUESTS requests after as many of warm-up. */
async function countInstructions(
  script: string,
  settings: Record<string, string>,
  out: string,
  policyId: string,
): Promise<Counts> {
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--predictable',
      script,
    ],
    { cwd: ROOT, env: settingsEnv({ PORT: '0', ...settings }), stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const exited = once(child, 'exit');
  try {
    const origin = await Promise.race([
      listeningOrigin(child.stdout),
      exited.then(() => Promise.reject(new Error(`${script} exited before it listened`))),
    ]);
    child.stdout.resume();
    const pool = new Pool(origin, { connections: CLIENTS });
    const body = JSON.stringify({ query: ONE_POLICY_QUERY, variables: { id: policyId } });
    const send = async (count: number) => {
      let left = count;
      const client = async () => {
        while (left-- > 0) {
          const res = await pool.request({
            method: 'POST',
            path: '/graphql',
            headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
            body,
          });
          const text = await res.body.text();
          if (!text.includes(policyId) || text.includes('"errors"')) throw new Error(`unexpected answer: ${text}`);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
    };
    await send(REQUESTS);
    execFileSync('callgrind_control', ['--instr=on', String(child.pid)], { stdio: 'ignore' });
    await send(REQUESTS);
    execFileSync('callgrind_control', ['--instr=off', String(child.pid)], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'ignore' });
    await pool.close();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return countsOf(`${out}.1`);
}

/** The totals of a dump, and the inclusive counts of the compiler's and the collector's entry points. */
function countsOf(file: string): Counts {
  const annotated = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const inclusive = (pattern: RegExp) => {
    const line = annotated.split('\n').find((l) => pattern.test(l));
    return line ? Number(line.trim().split(/\s+/)[0].replaceAll(',', '')) : 0;
  };
  return {
    total: inclusive(/PROGRAM TOTALS/),
    compiler: inclusive(/Compiler::CompileOptimized\(/),
    collector: inclusive(/Heap::CollectGarbage\(/),
  };
}

/** The origin a server prints once it listens (the gateway's line, or the trivial server's). */
function listeningOrigin(stdout: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk;
      const match = /(http:\/\/[\d.]+:\d+)\/graphql/.exec(text);
      if (!match) return;
      stdout.off('data', onData);
      resolve(match[1]);
    };
    stdout.on('data', onData);
  });
}

async function firstPasswordPolicy(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/policies?type=PASSWORD`, { headers: { authorization: `SSWS ${TOKEN}` } });
  const policies = (await res.json()) as { id: string }[];
  return policies[0].id;
}

await main();
