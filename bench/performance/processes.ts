// The processes the benchmark measures, each started as a user starts it (`node dist/...`, the
// production build) and watched through /proc: CPU time, resident memory and its peak.
import { readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ROOT } from '../../test/helpers/built.ts';
import { settingsEnv } from '../../test/helpers/settingsEnv.ts';

export interface BenchProcess {
  url: string;
  pid: number;
  /** User + system CPU time so far, in milliseconds (10 ms resolution). */
  cpuMs(): number;
  /** Resident set size now, in MiB. */
  rssMiB(): number;
  /** Peak resident set size since the start or the last `resetPeak()`, in MiB. */
  peakMiB(): number;
  /** Starts a new peak from the current RSS (Linux `clear_refs` 5). */
  resetPeak(): void;
  stop(): Promise<void>;
}

/** Every child still running: killed when the benchmark exits, however it exits. */
const children = new Set<ReturnType<typeof spawn>>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Environment of a child: this process's, without the settings of the gateway and the emulator. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = settingsEnv();
  delete base.NODE_OPTIONS;
  return { ...base, ...env };
}

export async function startBenchProcess(
  script: string,
  env: Record<string, string>,
  urlLine: RegExp,
  nodeArgs: string[] = [],
): Promise<BenchProcess> {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = once(child, 'exit');
  void exited.then(() => children.delete(child));
  const url = await firstMatch(child.stdout, urlLine, exited);
  // The rest of the output (one log line per operation) is read and dropped, as a log shipper would.
  child.stdout.resume();
  child.stderr.resume();
  const pid = child.pid!;
  const status = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  };
  return {
    url,
    pid,
    cpuMs: () => {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    rssMiB: () => status('VmRSS'),
    peakMiB: () => status('VmHWM'),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The first capture of `pattern` in the stream's lines; rejects when the process exits first. */
function firstMatch(stream: NodeJS.ReadableStream, pattern: RegExp, exited: Promise<unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk;
      const match = pattern.exec(text);
      if (!match) return;
      stream.off('data', onData);
      stream.pause();
      resolve(match[1]);
    };
    stream.on('data', onData);
    void exited.then(() => reject(new Error(`exited before printing its URL:\n${text}`)));
  });
}

export const startEmulatorProcess = (env: Record<string, string>) =>
  startBenchProcess(
    'packages/emulator/dist/emulator/main.js',
    { EMULATOR_PORT: '0', ...env },
    /listening on (http:\/\/[^\s/]+)/,
  );

/** The gateway of dist/, or of another build of it (`script`: its main.js). */
export const startGatewayProcess = (env: Record<string, string>, nodeArgs: string[] = [], script = 'dist/main.js') =>
  startBenchProcess(script, { PORT: '0', ...env }, /GraphQL and GraphiQL at (http:\/\/[^\s/]+)\/graphql/, nodeArgs);

export const startTrivialYoga = (upstreamUrl?: string) =>
  startBenchProcess(
    'bench/performance/trivialYoga.mjs',
    { PORT: '0', ...(upstreamUrl ? { UPSTREAM_URL: upstreamUrl } : {}) },
    /trivial yoga at (http:\/\/[^\s/]+)\/graphql/,
  );

export const startOrgReadFloor = (upstreamUrl: string) =>
  startBenchProcess(
    'bench/performance/orgReadFloor.mjs',
    { PORT: '0', UPSTREAM_URL: upstreamUrl },
    /org read floor at (http:\/\/[^\s/]+)\/graphql/,
  );
