// The emulator's package as other projects use it: `startEmulator` from the package root with its
// defaults, and the `policy-emulator` command (the built package, through its bin file) with its
// options. examples/consumer (npm run consumer) runs the same over the packed tarballs.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixtureError, startEmulator, type Emulator } from 'policy-service-emulator';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT, useBuiltTree } from '../helpers/built.ts';
import { run, type Running } from '../helpers/process.ts';

const started: Emulator[] = [];
const children: Running[] = [];
afterEach(async () => {
  for (const e of started.splice(0)) await e.stop();
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});

const userTypeNames = async (url: string, token: string) => {
  const res = await fetch(`${url}/api/v1/meta/types/user`, { headers: { authorization: `SSWS ${token}` } });
  return (await res.json()).map((t: { name: string }) => t.name);
};
const FIXTURE = {
  userTypes: [{ id: 'oty1partner', name: 'Partner', displayName: 'Partner' }],
  groups: [],
  users: [],
  zones: [],
  apps: [],
};

describe('startEmulator (package root)', () => {
  it('starts on a free port with the default token and the built-in fixture', async () => {
    const emulator = await startEmulator();
    started.push(emulator);
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.url).not.toMatch(/:4001$/);
    expect(emulator.token).toBe('dev-token');
    expect(await userTypeNames(emulator.url, 'dev-token')).toEqual(['user', 'Contractor']);
  });

  it('takes the fixture as a path or an object, and reset() goes back to it', async () => {
    const path = join(tmpdir(), `fixture-${process.pid}.json`);
    writeFileSync(path, JSON.stringify(FIXTURE));
    const fromFile = await startEmulator({ token: 'file-token', fixture: path });
    const fromObject = await startEmulator({ fixture: FIXTURE, engine: 'CLASSIC' });
    started.push(fromFile, fromObject);
    rmSync(path);
    expect(await userTypeNames(fromFile.url, 'file-token')).toEqual(['user', 'Partner']);
    expect(await userTypeNames(fromObject.url, 'dev-token')).toEqual(['user', 'Partner']);

    const created = await fetch(`${fromObject.url}/api/v1/meta/types/user`, {
      method: 'POST',
      headers: { authorization: 'SSWS dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Vendor', displayName: 'Vendor' }),
    });
    expect(created.status).toBe(200);
    expect(await userTypeNames(fromObject.url, 'dev-token')).toEqual(['user', 'Partner', 'Vendor']);
    await fromObject.reset();
    expect(await userTypeNames(fromObject.url, 'dev-token')).toEqual(['user', 'Partner']);
  });

  it('starts with the faults it is given, and reset() keeps them', async () => {
    const emulator = await startEmulator({ faults: { errorRate: 1, status: 502 } });
    started.push(emulator);
    const call = () =>
      fetch(`${emulator.url}/api/v1/meta/types/user`, { headers: { authorization: 'SSWS dev-token' } });
    expect((await call()).status).toBe(502);
    await emulator.reset();
    expect((await call()).status).toBe(502);
  });
});

describe('the package as other projects use it', () => {
  useBuiltTree();
  it('keeps journalCap entries in the request journal', async () => {
    const emulator = await startEmulator({ journalCap: 2 });
    started.push(emulator);
    for (let i = 0; i < 3; i++) await userTypeNames(emulator.url, 'dev-token');
    const res = await fetch(`${emulator.url}/__emulator/journal`, { headers: { authorization: 'SSWS dev-token' } });
    expect((await res.json()).entries.map((e: { seq: number }) => e.seq)).toEqual([2, 3]);
  });

  it('names its errors, so a caught one says what it is', async () => {
    // @ts-expect-error the fixture's type refuses a member it does not know
    const refused = startEmulator({ fixture: { bogus: 1 } });
    await expect(refused).rejects.toBeInstanceOf(FixtureError);
    await expect(refused).rejects.toMatchObject({ name: 'FixtureError', message: expect.stringContaining('bogus') });
  });

  it('require() gets the CommonJS entry, whose startEmulator loads the built ES module', async () => {
    assertBuilt();
    // A CommonJS program of its own: this test runner resolves the package to its sources.
    const program = `
      const { startEmulator } = require('policy-service-emulator');
      startEmulator({ token: 'cjs-token' }).then(async (emulator) => {
        const res = await fetch(emulator.url + '/api/v1/meta/types/user', { headers: { authorization: 'SSWS cjs-token' } });
        console.log(JSON.stringify((await res.json()).map((t) => t.name)));
        await emulator.stop();
      });`;
    const { NODE_OPTIONS: _, ...env } = process.env;
    const c = run(process.execPath, ['-e', program], { cwd: ROOT, env });
    children.push(c);
    expect(await c.exited, c.output()).toBe(0);
    expect(c.output().trim()).toBe('["user","Contractor"]');
  });
});

describe('policy-emulator (the built command)', () => {
  useBuiltTree();
  const bin = join(ROOT, 'node_modules/.bin/policy-emulator');
  const start = (args: string[], env: Record<string, string> = {}) => {
    assertBuilt();
    const base = { ...process.env };
    for (const name of Object.keys(base)) if (name.startsWith('EMULATOR_')) delete base[name];
    const c = run(bin, args, { cwd: tmpdir(), env: { ...base, ...env } });
    children.push(c);
    return c;
  };

  it('prints one line with its URL, takes options over variables, and exits 0 on SIGINT', async () => {
    const c = start(['--port', '0', '--token', 'cli-token'], {
      EMULATOR_TOKEN: 'env-token',
      EMULATOR_ENGINE: 'classic',
    });
    const line = await c.line((l) => l.startsWith('listening on '));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)![1];
    expect(await userTypeNames(url, 'cli-token')).toEqual(['user', 'Contractor']);
    expect(
      (await fetch(`${url}/api/v1/meta/types/user`, { headers: { authorization: 'SSWS env-token' } })).status,
    ).toBe(401);
    c.child.kill('SIGINT');
    expect(await c.exited).toBe(0);
    expect(c.output().trim()).toBe(line);
  });

  it('names a bad option as written, with exit code 2', async () => {
    const c = start(['--port', '70000', '--rate-limit', 'many']);
    expect(await c.exited).toBe(2);
    expect(c.output()).toContain('--port="70000": must be a whole number from 0 to 65535');
    expect(c.output()).toContain('--rate-limit="many": must be a whole number');
    expect(c.output()).not.toContain('EMULATOR_PORT');
  });

  it('refuses an unknown option with the usage', async () => {
    const c = start(['--prot', '0']);
    expect(await c.exited).toBe(2);
    expect(c.output()).toContain("Unknown option '--prot'");
    expect(c.output()).toContain('usage: policy-emulator');
  });
});
