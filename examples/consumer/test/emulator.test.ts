// The emulator as another team uses it: installed from its package, started in-process on a free
// port with their own fixture, reset before each test, broken on purpose, and as a command.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, FixtureError, startEmulator } from 'policy-service-emulator';
import { POLICY_TYPES } from 'policy-service-emulator/contract';
import type { Policy, UserType } from 'policy-service-emulator/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restClient } from './api.ts';

const FIXTURE = fileURLToPath(new URL('../fixture.json', import.meta.url));

let emulator: Emulator;
const api = restClient(() => emulator);
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: 'consumer-token', fixture: FIXTURE });
});
afterAll(() => emulator?.stop());
beforeEach(() => emulator.reset());

describe('policy-service-emulator', () => {
  // The contract's schemas and their checks (TypeBox, Ajv and its formats) and the authorization
  // server's tokens (jose): nothing else, and nothing of the gateway's stack or a web framework.
  it('ships light: at most four runtime dependencies, none of the gateway stack', () => {
    const require = createRequire(import.meta.url);
    const manifest = JSON.parse(readFileSync(require.resolve('policy-service-emulator/package.json'), 'utf8'));
    const deps = Object.keys(manifest.dependencies ?? {});
    expect(deps.length).toBeLessThanOrEqual(4);
    for (const heavy of ['graphql', 'graphql-yoga', 'undici', 'ioredis', 'pino', 'prom-client', 'koa', 'express']) {
      expect(deps).not.toContain(heavy);
    }
  });

  it('is seeded from the fixture file', async () => {
    const types = (await api('GET', '/api/v1/meta/types/user')).body as UserType[];
    expect(types.map((t) => t.name)).toEqual(['user', 'Partner']);
  });

  it('takes a fixture object too, and refuses a bad one naming the member', async () => {
    const bad = { ...JSON.parse(readFileSync(FIXTURE, 'utf8')), userTypes: [{ id: 'oty2', name: '1st' }] };
    const refused = startEmulator({ port: 0, fixture: bad });
    await expect(refused).rejects.toThrow(FixtureError);
    await expect(refused).rejects.toThrow(/userTypes\[0\]\.name/);
  });

  it('creates a policy with the service defaults, and counts the request', async () => {
    const created = await api('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Consumer password' });
    expect(created.status).toBe(200);
    const policy = created.body as Policy;
    expect(policy).toMatchObject({ type: 'PASSWORD', name: 'Consumer password', status: 'ACTIVE', system: false });
    expect(POLICY_TYPES).toContain(policy.type);
    const counted = (await api('GET', '/__emulator/requests')).body;
    expect(counted.byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('reset() puts the org back to the fixture', async () => {
    await api('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Gone after reset' });
    await emulator.reset();
    const names = (await api('GET', '/api/v1/policies?type=PASSWORD')).body.map((p: Policy) => p.name);
    expect(names).not.toContain('Gone after reset');
    expect(names.length).toBeGreaterThan(0);
  });

  it('fails on purpose with injected faults until they are cleared', async () => {
    expect((await api('POST', '/__emulator/faults', { errorRate: 1, status: 503 })).status).toBe(200);
    expect((await api('GET', '/api/v1/meta/types/user')).status).toBe(503);
    expect((await api('DELETE', '/__emulator/faults')).status).toBe(200);
    expect((await api('GET', '/api/v1/meta/types/user')).status).toBe(200);
  });

  it('refuses a request without the token', async () => {
    const res = await fetch(`${emulator.url}/api/v1/meta/types/user`);
    expect(res.status).toBe(401);
  });
});

describe('policy-emulator (the command)', () => {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/.bin/policy-emulator');

  it('prints its URL on one line, serves with the given options and stops on SIGTERM', async () => {
    const child = spawn(bin, ['--port', '0', '--token', 'cli-token', '--engine', 'CLASSIC', '--fixture', FIXTURE]);
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const found = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (found) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const res = await fetch(`${url}/api/v1/meta/types/user`, { headers: { authorization: 'SSWS cli-token' } });
    expect((await res.json()).map((t: UserType) => t.name)).toEqual(['user', 'Partner']);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  });

  it('refuses a bad option by its name, with exit code 2', async () => {
    const child = spawn(bin, ['--port', '0', '--engine', 'NEW']);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(err).toContain('--engine="NEW": must be IE or CLASSIC');
  });
});
