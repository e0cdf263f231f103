// Instructions per one-policy request (or per whole read of an org), counted by callgrind: a judge
// of a change to the per-request path that a busy machine does not disturb. The server runs under
// `valgrind --tool=callgrind` with V8's `--predictable` (compilation and collection on the main
// thread, so every instruction is counted); counting starts after a warm-up of the same load, and the
// total is split into V8's optimising compiler (which a long run amortises), the garbage collector,
// and the rest: the execution. With one client the count is the same run after run (a request never
// joins another's answer or read, whose share moves with timing): the whole path, every step of it,
// each request. Used by `npm run bench:instructions` and by `npm run bench` (tracing off against the
// build without the tracing code). Needs valgrind (Debian: `apt-get install valgrind`).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Pool } from 'undici';
import { ROOT } from '../../test/helpers/built.ts';
import { settingsEnv } from '../../test/helpers/settingsEnv.ts';
import { ONE_POLICY_QUERY } from './throughput.ts';

/** Inclusive instruction counts of the whole window and of the functions that split it. */
export interface InstructionCounts {
  total: number;
  compiler: number;
  collector: number;
}

/** What is counted: a load opened on the server's origin, sent in units (requests, or whole reads). */
export interface CountedLoad {
  open(origin: string): { send(units: number): Promise<void>; close(): Promise<void> };
  /** Units counted, after `warmUp` of warm-up (default: as many). */
  units: number;
  warmUp?: number;
  /** Where callgrind writes its dump (`<out>.1` is read). */
  out: string;
}

/** The one-policy query, `clients` at once, each sending the next as soon as its last is answered. */
export function onePolicyRequests(clients: number, policyId: string, authorization: string): CountedLoad['open'] {
  const body = JSON.stringify({ query: ONE_POLICY_QUERY, variables: { id: policyId } });
  return (origin) => {
    const pool = new Pool(origin, { connections: clients });
    const send = async (count: number) => {
      let left = count;
      const client = async () => {
        while (left-- > 0) {
          const res = await pool.request({
            method: 'POST',
            path: '/graphql',
            headers: { 'content-type': 'application/json', authorization },
            body,
          });
          const text = await res.body.text();
          if (!text.includes(policyId) || text.includes('"errors"')) throw new Error(`unexpected answer: ${text}`);
        }
      };
      await Promise.all(Array.from({ length: clients }, client));
    };
    return { send, close: () => pool.close() };
  };
}

/** Whether valgrind can be run here. */
export function valgrindInstalled(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Millions of instructions per unit (a request, a whole read) of a count, to three decimals. */
export function perUnit(counts: InstructionCounts, units: number) {
  const millions = (n: number) => Math.round(n / units / 1e3) / 1e3;
  return {
    execution: millions(counts.total - counts.compiler - counts.collector),
    collector: millions(counts.collector),
    compiler: millions(counts.compiler),
    all: millions(counts.total),
  };
}

/** Runs `script` (with node's `nodeArgs`) under callgrind and counts the instructions of `load.units` units after the warm-up. */
export async function countInstructions(
  script: string,
  settings: Record<string, string>,
  load: CountedLoad,
  nodeArgs: readonly string[] = [],
): Promise<InstructionCounts> {
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${load.out}`,
      process.execPath,
      '--predictable',
      ...nodeArgs,
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
    const sender = load.open(origin);
    await sender.send(load.warmUp ?? load.units);
    execFileSync('callgrind_control', ['--instr=on', String(child.pid)], { stdio: 'ignore' });
    await sender.send(load.units);
    execFileSync('callgrind_control', ['--instr=off', String(child.pid)], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'ignore' });
    await sender.close();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return countsOf(`${load.out}.1`);
}

/** The totals of a dump, and the inclusive counts of the compiler's and the collector's entry points. */
function countsOf(file: string): InstructionCounts {
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
