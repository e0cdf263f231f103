// A command run as an operator runs it, in a child process: its output as it comes, a wait for the
// first line that matches (driven by the output events, no polling), and its exit code.
import { type ChildProcess, spawn } from 'node:child_process';

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first output line that matches; rejects when the process exits first. */
  line(matches: (line: string) => boolean): Promise<string>;
  exited: Promise<number | null>;
}

export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Running {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk;
    for (const check of waiters) check();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    line: (matches) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = output.split('\n').slice(0, -1).find(matches); // complete lines only
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
        void exited.then((code) => {
          if (waiters.delete(check)) reject(new Error(`exited with ${code} before the line; output:\n${output}`));
        });
      }),
  };
}
