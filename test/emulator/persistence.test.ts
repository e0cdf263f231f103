// Optional persistence (the org kept in a JSON file across restarts, durable before each answer and
// written atomically) and the start-up errors of bad state and fixture files.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FixtureError, type FixtureInput } from '../../packages/emulator/src/emulator/org/fixture.ts';
import { startEmulator } from '../../packages/emulator/src/emulator/index.ts';
import { GENERATION, readSavedState, readState } from '../../packages/emulator/src/emulator/org/persistence.ts';
import { StateWriter } from '../../packages/emulator/src/emulator/org/stateWriter.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';

let dir: string;
let statePath: string;
const running: TestEmulator[] = [];

async function start(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<TestEmulator> {
  const emu = await startTestEmulator({ statePath, ...options });
  running.push(emu);
  return emu;
}
async function stop(emu: TestEmulator): Promise<void> {
  running.splice(running.indexOf(emu), 1);
  await emu.close();
}
const saved = () => readState(statePath)!;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'emulator-state-'));
  statePath = join(dir, 'org.json');
});
afterEach(async () => {
  for (const emu of running.splice(0)) await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('state file', () => {
  it('writes the start org when the file does not exist yet', async () => {
    const emu = await start();
    const def = (await emu.call('GET', '/api/v1/policies?type=PASSWORD')).body[0];
    await stop(emu);
    expect(readFileSync(statePath, 'utf8')).toContain(def.id);
  });

  it('keeps policies, rules, priorities, statuses, user types and app assignments across a restart', async () => {
    const first = await start();
    const a = (await first.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Kept A' })).body;
    const b = (await first.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Kept B', priority: 1 })).body;
    const rule = (await first.call('POST', `/api/v1/policies/${a.id}/rules`, { type: 'PASSWORD', name: 'Kept rule' }))
      .body;
    await first.call('POST', `/api/v1/policies/${b.id}/lifecycle/deactivate`);
    const type = (await first.call('POST', '/api/v1/meta/types/user', { name: 'Persisted', displayName: 'Persisted' }))
      .body;
    const access = (
      await first.call('POST', '/api/v1/policies', { type: 'ACCESS_POLICY', name: 'Apps', description: 'd' })
    ).body;
    expect((await first.call('PUT', `/api/v1/apps/0oa1portal/policies/${access.id}`)).status).toBe(204);
    const before = {
      passwords: (await first.call('GET', '/api/v1/policies?type=PASSWORD')).body,
      rules: (await first.call('GET', `/api/v1/policies/${a.id}/rules`)).body,
      types: (await first.call('GET', '/api/v1/meta/types/user')).body,
      apps: (await first.call('GET', `/api/v1/policies/${access.id}/app`)).body,
    };
    await stop(first);

    const second = await start();
    const strip = (items: { _links: unknown }[]) => items.map(({ _links, ...rest }) => rest);
    expect(strip((await second.call('GET', '/api/v1/policies?type=PASSWORD')).body)).toEqual(strip(before.passwords));
    expect(strip((await second.call('GET', `/api/v1/policies/${a.id}/rules`)).body)).toEqual(strip(before.rules));
    expect(strip((await second.call('GET', '/api/v1/meta/types/user')).body)).toEqual(strip(before.types));
    expect(
      (await second.call('GET', `/api/v1/policies/${access.id}/app`)).body.map((x: { id: string }) => x.id),
    ).toEqual(before.apps.map((x: { id: string }) => x.id));
    expect((await second.call('GET', `/api/v1/policies/${b.id}`)).body.status).toBe('INACTIVE');
    expect((await second.call('GET', `/api/v1/meta/types/user/${type.id}`)).status).toBe(200);
    expect((await second.call('GET', `/api/v1/policies/${a.id}/rules/${rule.id}`)).body.name).toBe('Kept rule');
  });

  it('keeps deletions across a restart', async () => {
    const first = await start();
    const p = (await first.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Doomed' })).body;
    await first.call('DELETE', `/api/v1/policies/${p.id}`);
    await stop(first);
    const second = await start();
    expect((await second.call('GET', `/api/v1/policies/${p.id}`)).status).toBe(404);
  });

  it('has every change in the file before it answers 2xx', async () => {
    const emu = await start();
    const p = (await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Written early' })).body;
    expect(saved().policies[p.id].name).toBe('Written early');
    await emu.call('PUT', `/api/v1/policies/${p.id}`, { type: 'PASSWORD', name: 'Renamed early' });
    expect(saved().policies[p.id].name).toBe('Renamed early');
    await emu.call('POST', `/api/v1/policies/${p.id}/lifecycle/deactivate`);
    expect(saved().policies[p.id].status).toBe('INACTIVE');
    await emu.call('DELETE', `/api/v1/policies/${p.id}`);
    expect(saved().policies[p.id]).toBeUndefined();
  });

  it('answers 500 when the change cannot be written, keeps it in memory, and writes it with the next commit', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const emu = await start();
    rmSync(dir, { recursive: true, force: true });
    const lost = await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Not on disk' });
    expect(lost.status).toBe(500);
    expect(lost.body.errorCode).toBe('E0000009');
    expect(JSON.stringify(lost.body)).not.toContain(dir);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^emulator: could not write state file /));
    errors.mockRestore();
    mkdirSync(dir);
    await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'On disk' });
    const names = Object.values(saved().policies).map((p) => (p as { name: string }).name);
    expect(names).toEqual(expect.arrayContaining(['Not on disk', 'On disk']));
  });

  it('writes atomically: a reader in another thread only ever sees whole snapshots, and no temporary file is left behind', async () => {
    await stop(await start());
    const { data, generation } = readSavedState(statePath)!;
    const writer = new StateWriter(statePath, () => data, generation);
    writer.track(data);
    const [id] = Object.keys(data.policies);
    // [0]: the reader stops when set; [1]: the reads it has begun, so that this thread can wait for it.
    const shared = new Int32Array(new SharedArrayBuffer(8));
    // A thread of its own reads while the writer writes: in this thread the reads would only run
    // between the writer's awaits, and could never see a file half written.
    const reader = new Worker(
      `const { readFileSync } = require('node:fs');
       const { workerData, parentPort } = require('node:worker_threads');
       const generations = new Set();
       let torn = 0;
       while (Atomics.load(workerData.shared, 0) === 0) {
         Atomics.add(workerData.shared, 1, 1);
         Atomics.notify(workerData.shared, 1);
         let text;
         try { text = readFileSync(workerData.path, 'utf8'); } catch { continue; }
         try { generations.add(JSON.parse(text)[workerData.generationKey]); } catch { torn++; }
       }
       parentPort.postMessage({ torn, generations: generations.size });`,
      { eval: true, workerData: { path: statePath, shared, generationKey: GENERATION } },
    );
    const seen = new Promise<{ torn: number; generations: number }>((resolve) => reader.once('message', resolve));
    /** Once the reader has begun two more reads, one of them read the file as it is now, whole. */
    const readerCaughtUp = async () => {
      const target = Atomics.load(shared, 1) + 2;
      for (let begun = Atomics.load(shared, 1); begun < target; begun = Atomics.load(shared, 1)) {
        const wait = waitAsync(shared, 1, begun);
        if (wait.async) await wait.value;
      }
    };
    await readerCaughtUp();
    // Each round replaces the policies map, so each commit writes a whole snapshot of about 1 MB. The
    // reader reads on while it is written, and once more after each round (however loaded the machine).
    for (let i = 0; i < 15; i++) {
      data.policies = { ...data.policies, [id]: { ...data.policies[id], name: `Round ${i} ${'x'.repeat(1_000_000)}` } };
      writer.changed();
      await writer.durable();
      await readerCaughtUp();
    }
    await writer.close();
    Atomics.store(shared, 0, 1);
    const { torn, generations } = await seen;
    await reader.terminate();
    // The reader saw the file change many times, and never a file that was not whole.
    expect(generations).toBeGreaterThan(2);
    expect(torn).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['org.json', 'org.json.journal']);
    expect(readState(statePath)!.policies[id].name).toMatch(/^Round 14 /);
  });

  it('persists a snapshot restore: the restored org is what a restart finds', async () => {
    // Links carry the port, which changes with the restart.
    const listing = async (e: TestEmulator) =>
      (await e.call('GET', '/api/v1/policies?type=PASSWORD')).body.map(({ _links, ...p }: { _links: unknown }) => p);
    const emu = await start();
    const snap = (await emu.call('POST', '/__emulator/snapshots')).body.id;
    const before = await listing(emu);
    await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'After the snapshot', description: 'd' });
    expect((await emu.call('POST', `/__emulator/snapshots/${snap}/restore`)).status).toBe(204);
    await stop(emu);
    expect(await listing(await start())).toEqual(before);
  });

  it('persists a reset', async () => {
    const emu = await start();
    const p = (await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Before reset' })).body;
    await emu.reset();
    await stop(emu);
    const again = await start();
    expect((await again.call('GET', `/api/v1/policies/${p.id}`)).status).toBe(404);
  });

  it('checks the fixture at start even when the org comes from the state file', async () => {
    await stop(await start());
    const fixture = { apps: [{ id: '0oa', name: 'a', accessPolicyId: '00pmissing' }] };
    await expect(startEmulator({ port: 0, token: TOKEN, statePath, fixture })).rejects.toBeInstanceOf(FixtureError);
  });

  it('refuses to start from a corrupt file, with a message naming the file', async () => {
    writeFileSync(statePath, '{"policies": {');
    await expect(startEmulator({ port: 0, token: TOKEN, statePath })).rejects.toThrow(
      /state file .*org\.json is corrupt/,
    );
  });

  it('refuses to start from JSON that is not an emulator state', async () => {
    for (const content of [
      '[]',
      '{}',
      '{"policies": {}, "policyOrder": {}, "rules": {}, "userTypes": [], "appPolicies": {}}',
      '42',
    ]) {
      writeFileSync(statePath, content);
      await expect(startEmulator({ port: 0, token: TOKEN, statePath }), content).rejects.toThrow(/corrupt/);
    }
  });

  it('leaves a corrupt file untouched', async () => {
    writeFileSync(statePath, 'garbage');
    await expect(startEmulator({ port: 0, token: TOKEN, statePath })).rejects.toThrow();
    expect(readFileSync(statePath, 'utf8')).toBe('garbage');
  });
});

describe('journal', () => {
  const journal = () => readFileSync(`${statePath}.journal`, 'utf8');
  /** The journal's commits, without its first line (the generation). */
  const commits = () =>
    journal()
      .split('\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => JSON.parse(line));
  const passwordOrder = async (emu: TestEmulator) =>
    (await emu.call('GET', '/api/v1/policies?type=PASSWORD&limit=200')).body.map((p: { id: string }) => p.id);

  it('appends one line per commit with only what changed', async () => {
    const emu = await start();
    expect(commits()).toEqual([]);
    await passwordOrder(emu);
    const p = (await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Journaled' })).body;
    expect(commits()).toHaveLength(1);
    const [commit] = commits();
    expect(Object.keys(commit.policies)).toEqual([p.id]);
    expect(commit.policies[p.id].name).toBe('Journaled');
    // The new policy went in at priority 1 (index 0) of the PASSWORD order, removing nothing.
    expect(commit.policyOrder).toEqual({ PASSWORD: [0, 0, p.id] });
    expect(commit).not.toHaveProperty('userTypes');
    await emu.call('DELETE', `/api/v1/policies/${p.id}`);
    expect(commits()[1].policies).toEqual({ [p.id]: null });
    expect(commits()[1].policyOrder).toEqual({ PASSWORD: [0, 1] });
    // Reads and refused writes commit nothing.
    await passwordOrder(emu);
    await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: '' });
    expect(commits()).toHaveLength(2);
  });

  it('is folded into a snapshot of the next generation at start; an older journal is not replayed again', async () => {
    const first = await start();
    const a = (await first.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'A' })).body;
    const b = (await first.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'B', priority: 1 })).body;
    const order = await passwordOrder(first);
    await stop(first);
    const oldJournal = journal();
    expect(JSON.parse(readFileSync(statePath, 'utf8')).policies[a.id]).toBeUndefined();

    await stop(await start());
    expect(commits()).toEqual([]);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).policies[b.id].name).toBe('B');
    // As if the process had died between the new snapshot and the new journal.
    writeFileSync(`${statePath}.journal`, oldJournal);
    expect(await passwordOrder(await start())).toEqual(order);
  });

  it('drops a commit torn by a crash, and refuses a corrupt line before the last', async () => {
    const first = await start();
    const p = (await first.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Whole' })).body;
    await stop(first);
    const whole = journal();
    appendFileSync(`${statePath}.journal`, '{"policies":{"00ptorn":{"na');
    const second = await start();
    expect((await second.call('GET', `/api/v1/policies/${p.id}`)).status).toBe(200);
    expect((await second.call('GET', '/api/v1/policies/00ptorn')).status).toBe(404);
    await stop(second);

    const [generation] = journal().split('\n');
    writeFileSync(`${statePath}.journal`, `${generation}\ngarbage\n${whole.split('\n').slice(1).join('\n')}`);
    await expect(startEmulator({ port: 0, token: TOKEN, statePath })).rejects.toThrow(
      /org\.json\.journal is corrupt at line 2/,
    );
  });

  it('is replaced by a new snapshot once it has grown as large as the snapshot', async () => {
    await stop(await start());
    const { data, generation } = readSavedState(statePath)!;
    const writer = new StateWriter(statePath, () => data, generation, 0);
    writer.track(data);
    writer.changed();
    await writer.durable();
    const [id] = Object.keys(data.policies);
    const sizes: number[] = [];
    for (let i = 0; i < 20; i++) {
      data.policies[id].name = `Renamed ${i} ${'x'.repeat(2000)}`;
      writer.changed();
      await writer.durable();
      sizes.push(journal().length);
    }
    await writer.close();
    expect(sizes.some((size, i) => i > 0 && size < sizes[i - 1])).toBe(true);
    expect(readState(statePath)!.policies[id].name).toMatch(/^Renamed 19 /);
  });
});

describe('damaged state', () => {
  const journalFile = () => `${statePath}.journal`;
  /** Every file of the state directory with its contents, to prove that a refusal overwrote nothing. */
  const files = () => Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  /** A state file whose journal holds two commits (two new PASSWORD policies) over the snapshot. */
  async function twoCommits(): Promise<string[]> {
    const emu = await start();
    const ids: string[] = [];
    for (const name of ['One', 'Two']) {
      ids.push((await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name, description: 'd' })).body.id);
    }
    await stop(emu);
    expect(readFileSync(journalFile(), 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
    return ids;
  }
  async function refusal(): Promise<string> {
    const before = files();
    const error = await startEmulator({ port: 0, token: TOKEN, statePath }).then(
      async (e) => {
        await e.close();
        return undefined;
      },
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(files()).toEqual(before);
    return (error as Error).message;
  }

  it('drops a torn last record with a warning naming it, and keeps every whole commit', async () => {
    const [one, two] = await twoCommits();
    const text = readFileSync(journalFile(), 'utf8');
    // Cut in the middle of the last commit, as a crash during its write would.
    writeFileSync(journalFile(), text.slice(0, text.length - 20));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const emu = await start();
      expect((await emu.call('GET', `/api/v1/policies/${one}`)).status).toBe(200);
      expect((await emu.call('GET', `/api/v1/policies/${two}`)).status).toBe(404);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(
        /org\.json\.journal: dropped the torn last record at line 3 \(\d+ bytes/,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('warns about nothing when the journal is whole', async () => {
    await twoCommits();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await start();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses to start when the snapshot is missing but its journal exists, and overwrites nothing', async () => {
    await twoCommits();
    rmSync(statePath);
    const message = await refusal();
    expect(message).toMatch(/org\.json is missing but its journal .*org\.json\.journal exists/);
    expect(message).toMatch(/Restore .* from a backup, or remove the journal/);
  });

  it('refuses to start when the snapshot cannot be read, and overwrites nothing', async () => {
    await twoCommits();
    writeFileSync(statePath, '{"policies": ');
    const message = await refusal();
    expect(message).toMatch(
      /org\.json is corrupt or unreadable .*Restore it from a backup, or remove it and its journal/,
    );
  });

  it('refuses to start from a journal of another generation, and overwrites nothing', async () => {
    await twoCommits();
    const [header, ...rest] = readFileSync(journalFile(), 'utf8').split('\n');
    const generation = JSON.parse(header)[GENERATION] as number;
    writeFileSync(journalFile(), [JSON.stringify({ [GENERATION]: generation + 3 }), ...rest].join('\n'));
    const message = await refusal();
    expect(message).toContain(`belongs to generation ${generation + 3} but the snapshot`);
    expect(message).toContain(`is of generation ${generation}`);
    expect(message).toMatch(/remove the journal to start from the snapshot alone/);
  });

  it('refuses to start from a corrupt record before the last, naming the line, and overwrites nothing', async () => {
    await twoCommits();
    const lines = readFileSync(journalFile(), 'utf8').split('\n');
    lines[1] = lines[1].slice(0, 10);
    writeFileSync(journalFile(), lines.join('\n'));
    const message = await refusal();
    expect(message).toMatch(
      /org\.json\.journal is corrupt at line 2: .*restore the journal from a backup, or remove it/,
    );
  });
});

describe('fixture errors', () => {
  it('rejects a fixture file that is not JSON, naming the file', async () => {
    const path = join(dir, 'fixture.json');
    writeFileSync(path, '{ "users": [ ');
    const start = startEmulator({ port: 0, token: TOKEN, fixturePath: path });
    await expect(start).rejects.toBeInstanceOf(FixtureError);
    await expect(startEmulator({ port: 0, token: TOKEN, fixturePath: path })).rejects.toThrow(/fixture\.json.*JSON/);
  });

  it('rejects a missing fixture file', async () => {
    await expect(
      startEmulator({ port: 0, token: TOKEN, fixturePath: join(dir, 'absent.json') }),
    ).rejects.toBeInstanceOf(FixtureError);
  });

  const badMembers: [string, unknown, string][] = [
    [
      'a user in an unknown group',
      { users: [{ id: '00ux', login: 'x@example.com', groupIds: ['00gmissing'] }] },
      'users[0].groupIds[0]',
    ],
    [
      'a user of an unknown type',
      { users: [{ id: '00ux', login: 'x@example.com', typeId: 'otymissing' }] },
      'users[0].typeId',
    ],
    ['a user without login', { users: [{ id: '00ux' }] }, 'users[0].login'],
    [
      'a bad CIDR',
      { zones: [{ id: 'nzo', name: 'z', gateways: [{ type: 'CIDR', value: '10.0.0.0/33' }] }] },
      'zones[0].gateways[0].value',
    ],
    [
      'a bad gateway type',
      { zones: [{ id: 'nzo', name: 'z', gateways: [{ type: 'MASK', value: '10.0.0.1' }] }] },
      'zones[0].gateways[0].type',
    ],
    ['a user type with a bad name', { userTypes: [{ id: 'oty', name: '1st', displayName: 'x' }] }, 'userTypes[0].name'],
    [
      'a duplicate id',
      {
        groups: [
          { id: 'g', name: 'a' },
          { id: 'g', name: 'b' },
        ],
      },
      'groups[1].id',
    ],
    ['a member that is not a list', { apps: { id: 'x' } }, 'apps'],
    ['an app without name', { apps: [{ id: '0oa' }] }, 'apps[0].name'],
    ['an app status outside the enum', { apps: [{ id: '0oa', name: 'a', status: 'GONE' }] }, 'apps[0].status'],
    [
      'an app mapped to a policy that does not exist',
      { apps: [{ id: '0oa', name: 'a', accessPolicyId: '00pmissing' }] },
      'accessPolicyId',
    ],
    [
      'too many user types',
      { userTypes: Array.from({ length: 10 }, (_, i) => ({ id: `oty${i}`, name: `T${i}`, displayName: 'x' })) },
      'userTypes',
    ],
  ];
  for (const [what, fixture, member] of badMembers) {
    it(`rejects ${what}, naming ${member}`, async () => {
      const failure = startEmulator({ port: 0, token: TOKEN, fixture: fixture as FixtureInput });
      await expect(failure).rejects.toBeInstanceOf(FixtureError);
      await expect(startEmulator({ port: 0, token: TOKEN, fixture: fixture as FixtureInput })).rejects.toThrow(member);
    });
  }

  it('reports every bad member at once', async () => {
    const fixture = { users: [{ id: '00ua' }], zones: [{ id: 'nzo', gateways: [{ type: 'CIDR', value: 'nope' }] }] };
    const error = await startEmulator({ port: 0, token: TOKEN, fixture: fixture as FixtureInput }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(FixtureError);
    for (const member of ['users[0].login', 'zones[0].name', 'zones[0].gateways[0].value'])
      expect((error as Error).message).toContain(member);
  });

  it('accepts an empty fixture, extra members of an app, and a fixture file on disk', async () => {
    const empty = await start({ statePath: undefined, fixture: {} });
    expect((await empty.call('GET', '/api/v1/meta/types/user')).body).toHaveLength(1);
    const path = join(dir, 'fixture.json');
    writeFileSync(
      path,
      JSON.stringify({
        userTypes: [{ id: 'otyfile', name: 'FromFile', displayName: 'From file', description: '' }],
        apps: [
          {
            id: '0oafile',
            name: 'file_app',
            label: 'File app',
            status: 'ACTIVE',
            accessPolicyId: null,
            signOnMode: 'SAML_2_0',
          },
        ],
      }),
    );
    const fromFile = await start({ statePath: undefined, fixturePath: path });
    expect((await fromFile.call('GET', '/api/v1/meta/types/user/otyfile')).body.name).toBe('FromFile');
    const def = (await fromFile.call('GET', '/api/v1/policies?type=ACCESS_POLICY')).body[0];
    expect(
      (await fromFile.call('GET', `/api/v1/policies/${def.id}/app`)).body.map((a: { id: string }) => a.id),
    ).toEqual(['0oafile']);
  });
});

/** `Atomics.waitAsync` (Node 16+; in TypeScript's lib from es2024, past this project's target). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;
