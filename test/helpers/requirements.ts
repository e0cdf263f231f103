// The programs some tests need beyond Node (redis-server, Chromium): a machine without one skips
// those tests with one line naming what was skipped and the command that installs it, so that
// `npm install && npm test` passes on a machine with Node 20 alone; under CI=true they are required
// and run (and fail, saying why, where the program is missing). `.ci/run` installs both.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Requirement {
  /** What is missing, as the skip line names it. */
  name: string;
  /** The command that installs it. */
  install: string;
  /** Whether this machine has it. */
  present(): boolean;
}

/** Whether `command --version` runs (a missing program: ENOENT, or 127 from a shell that did not find it). */
export function commandRuns(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(command, ['--version'], { stdio: 'ignore', timeout: 10_000, env });
  return result.error === undefined && result.status === 0;
}

function once(probe: () => boolean): () => boolean {
  let found: boolean | undefined;
  return () => (found ??= probe());
}

export const CHROMIUM = '/usr/bin/chromium';

export const REQUIREMENTS = {
  chromium: {
    name: `${CHROMIUM} not found`,
    install: 'apt-get install chromium',
    present: once(() => existsSync(CHROMIUM)),
  },
  redisServer: {
    name: 'redis-server not found on the PATH',
    install: 'apt-get install redis-server',
    present: once(() => commandRuns('redis-server')),
  },
} satisfies Record<string, Requirement>;

/** Whether the tests of `what`, which need `requirement`, run here; prints the one skip line when they do not. */
export function testsNeeding(requirement: Requirement, what: string): boolean {
  if (process.env.CI === 'true' || requirement.present()) return true;
  console.warn(
    `${what} skipped: ${requirement.name} (${requirement.install}). With CI=true they run and fail instead.`,
  );
  return false;
}

/** Whether the tests of `what`, which start a redis-server, run here (see `testsNeeding`). */
export const redisTestsRun = (what: string) => testsNeeding(REQUIREMENTS.redisServer, what);
