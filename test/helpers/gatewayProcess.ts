// A gateway replica in its own process: dist/main.js (what `npm start` runs; `npm test` builds it first)
// with the given settings,
// resolved once it prints its GraphQL URL; its output is kept for assertions.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { graphqlClient } from './gateway.ts';
import type { TestStack } from './gateway.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface GatewayProcess {
  /** Base URL; GraphQL at `${url}/graphql`. */
  url: string;
  gql: TestStack['gql'];
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process prints something more. */
  changed(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const base: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(base))
    if (/^(PORT|HOST|UPSTREAM_|EMULATOR_|REDIS_URL|REPLICAS)/.test(name)) delete base[name];
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...base, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /GraphQL and GraphiQL at (http:\/\/[^\s]+)\/graphql/.exec(output);
      if (match) {
        child.off('exit', onExit);
        resolve(match[1]);
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`gateway exited (${code}) before it was ready:\n${output}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return {
    url,
    gql: graphqlClient(url),
    output: () => output,
    changed: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          child.stdout!.off('data', done);
          child.stderr!.off('data', done);
          resolve();
        };
        child.stdout!.on('data', done);
        child.stderr!.on('data', done);
      }),
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
