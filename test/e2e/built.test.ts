// The built gateway as an operator runs it: `npm start` (node dist/main.js) with its probes, metrics
// and JSON logs, stopped by SIGTERM sent to the npm process itself while an operation is in flight;
// `npm run emulator` (the emulator package's `policy-emulator`) likewise. Both run from a copy of
// dist/ and package.json with no sources next to it, so dist/ is shown to carry the schema, and the
// emulator package's build the default fixture it reads. dist/ is built by
// `npm test` (and by `npm start` when it is missing, through `prestart`).
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, useBuiltTree } from '../helpers/built.ts';
import { startTestEmulator, TOKEN } from '../helpers/emulator.ts';
import { run, type Running } from '../helpers/process.ts';
import { startRecordingProxy } from '../helpers/proxy.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { settingsEnv } from '../helpers/settingsEnv.ts';

/** A directory holding what a deployment holds: package.json, dist/ and (linked) node_modules. */
let app: string;
useBuiltTree();
beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
  cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(app, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'));
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

const started: Running[] = [];
afterEach(() => {
  for (const s of started.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});
function start(command: string, args: string[], env: Record<string, string>): Running {
  const s = run(command, args, { cwd: app, env: settingsEnv(env) });
  started.push(s);
  return s;
}

/** The JSON log lines of a run, parsed (npm's own banner lines are not JSON). */
function jsonLines(s: Running): Record<string, any>[] {
  return s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

const readyLine = (s: Running) => s.line((l) => l.includes('"msg":"gateway: GraphQL and GraphiQL at'));

describe('npm start (the built gateway)', () => {
  const emulator = { current: undefined as Awaited<ReturnType<typeof startTestEmulator>> | undefined };
  beforeAll(async () => {
    emulator.current = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.current?.close();
  });

  it('serves probes, metrics and JSON logs; SIGTERM to npm lets the operation in flight finish and frees the port', async () => {
    const proxy = await startRecordingProxy(emulator.current!.url);
    try {
      const s = start('npm', ['start'], { PORT: '0', UPSTREAM_URL: proxy.url, LOG_LEVEL: 'debug' });
      const { url } = JSON.parse(await readyLine(s));
      expect(s.output()).toContain('node dist/main.js');

      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${url}/metrics`)).text()).toContain('process_resident_memory_bytes');

      const held = proxy.holdNext();
      const inFlight = postGraphql(`${url}/graphql`, 'query InFlight { userTypes { name } }', {
        auth: `SSWS ${TOKEN}`,
        headers: { 'x-request-id': 'e2e-in-flight' },
      });
      await held.arrived;
      s.child.kill('SIGTERM'); // the npm process, not the node process it runs
      await s.line((l) => l.includes('SIGTERM received, shutting down'));
      held.release();

      const answer = (await inFlight).body;
      expect(answer.errors).toBeUndefined();
      expect(answer.data.userTypes).toContainEqual({ name: 'user' });
      expect(await s.exited).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();

      const traced = jsonLines(s).filter((l) => l.requestId === 'e2e-in-flight');
      expect(traced.map((l) => l.msg)).toEqual(['upstream request', 'graphql operation']);
      expect(traced[1]).toMatchObject({ operation: 'InFlight', upstreamCalls: 1, outcome: 'success' });
      expect(proxy.received.at(-1)?.headers['x-request-id']).toBe('e2e-in-flight');
      expect(s.output()).not.toContain(TOKEN);
    } finally {
      await proxy.close();
    }
  });
});

describe('npm run emulator (the built emulator)', () => {
  it('serves the REST services with the default fixture and stops on SIGTERM to npm', async () => {
    const s = start('npm', ['run', 'emulator'], { EMULATOR_PORT: '0', EMULATOR_TOKEN: 'emu-token' });
    const line = await s.line((l) => l.startsWith('listening on '));
    const base = `${/^listening on (http:\/\/\S+)$/.exec(line)![1]}/api/v1`;
    const res = await fetch(`${base}/meta/types/user`, { headers: { authorization: 'SSWS emu-token' } });
    expect((await res.json()).map((t: { name: string }) => t.name)).toEqual(['user', 'Contractor']);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });
});

describe('policy-gateway (the package bin) with a command', () => {
  it('--help says how to start it and names the policies command; an unknown command is refused with the help', async () => {
    const help = start(process.execPath, ['dist/main.js', '--help'], {});
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('policy-gateway policies ...');
    const unknown = start(process.execPath, ['dist/main.js', 'serve'], {});
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain("policy-gateway: unknown command 'serve'");
  });

  it('policies --help is the policy-as-code command line', async () => {
    const help = start(process.execPath, ['dist/main.js', 'policies', '--help'], {});
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('usage: policy-gateway policies <command> [options]');
  });
});
