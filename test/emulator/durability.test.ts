// No acknowledged write is lost: an emulator with a state file killed with SIGKILL during 200 parallel
// creates restarts with every create it answered 200, a valid file and contiguous priorities, and
// no temporary file of the crashed run is left behind.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashDuringCreates, restartAndCheck, type SpawnedEmulator, spawnEmulator } from '../helpers/crash.ts';

let dir: string;
let statePath: string;
let emulator: SpawnedEmulator;
// Starting a process is the slow part: it happens before the test.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'emulator-crash-'));
  statePath = join(dir, 'org.json');
  emulator = await spawnEmulator(statePath);
});
afterAll(async () => {
  await emulator.kill();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps every acknowledged create across a kill -9 during 200 parallel creates', async () => {
  const round = await crashDuringCreates(emulator, 200, 60);
  expect(round.acknowledged.length).toBeGreaterThanOrEqual(60);
  // A temporary file as a crash during a commit leaves it.
  writeFileSync(`${statePath}.99999.tmp`, '{"half": ');

  const after = await restartAndCheck(statePath, round.acknowledged);
  expect(after.lost).toEqual([]);
  expect(after.contiguous).toBe(true);
  expect(after.policies).toBeGreaterThan(round.acknowledged.length);
  expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
