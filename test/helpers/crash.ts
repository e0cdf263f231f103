// Crash rounds for the emulator's state file: an emulator in a child process takes parallel creates
// and is killed with SIGKILL part-way; the restarted org must hold every create it acknowledged.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../../packages/emulator/src/emulator/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TOKEN = 'crash-token';

export interface CrashRound {
  attempted: number;
  /** Ids of the creates answered 200 before the kill. */
  acknowledged: string[];
}

export interface AfterRestart {
  /** Acknowledged ids the restarted org does not have. */
  lost: string[];
  /** Whether the PASSWORD priorities are exactly 1..N. */
  contiguous: boolean;
  policies: number;
}

/**
 * Starts `npm run emulator` (or another script printing the same ready line) on a free port with the
 * state file; resolves with its URL and a kill switch.
 */
export async function spawnEmulator(
  statePath: string | undefined,
  script: string[] = ['packages/emulator/src/emulator/main.ts'],
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number; kill(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd: ROOT,
    env: { ...process.env, EMULATOR_PORT: '0', EMULATOR_STATE: statePath ?? '', EMULATOR_TOKEN: TOKEN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const found = /listening on (http:\/\/[^/\s]+)/.exec(out);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before serving: ${err}`)));
  });
  return {
    url,
    pid: child.pid as number,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export type SpawnedEmulator = Awaited<ReturnType<typeof spawnEmulator>>;

/** `creates` parallel policy creates against a child emulator, killed once `killAfter` were acknowledged. */
export async function crashDuringCreates(
  emulator: SpawnedEmulator,
  creates: number,
  killAfter: number,
): Promise<CrashRound> {
  const acknowledged: string[] = [];
  let killing: Promise<void> | undefined;
  await Promise.allSettled(
    Array.from({ length: creates }, async (_, i) => {
      const res = await fetch(`${emulator.url}/api/v1/policies`, {
        method: 'POST',
        headers: { authorization: `SSWS ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'PASSWORD', name: `Crash ${i}` }),
      });
      if (res.status !== 200) throw new Error(`create answered ${res.status}`);
      const { id } = (await res.json()) as { id: string };
      if (killing) return; // answered after the kill was decided: not counted as acknowledged
      acknowledged.push(id);
      if (acknowledged.length >= killAfter) killing = emulator.kill();
    }),
  );
  await (killing ?? emulator.kill());
  return { attempted: creates, acknowledged };
}

/** Restarts the emulator on the state file (which must be valid) and checks the acknowledged creates. */
export async function restartAndCheck(statePath: string, acknowledged: string[]): Promise<AfterRestart> {
  const emu = await startEmulator({ port: 0, token: TOKEN, statePath });
  try {
    const policies: { id: string; priority: number }[] = [];
    let page = `${emu.url}/api/v1/policies?type=PASSWORD&limit=200`;
    for (;;) {
      const res = await fetch(page, { headers: { authorization: `SSWS ${TOKEN}` } });
      policies.push(...((await res.json()) as { id: string; priority: number }[]));
      const next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '');
      if (!next) break;
      page = next[1];
    }
    const ids = new Set(policies.map((p) => p.id));
    return {
      lost: acknowledged.filter((id) => !ids.has(id)),
      contiguous: policies.every((p, i) => p.priority === i + 1),
      policies: policies.length,
    };
  } finally {
    await emu.close();
  }
}
