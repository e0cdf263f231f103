// The gateway as a console's end-to-end run uses it: `policy-gateway` over the team's emulator
// (UPSTREAM_URL), queried over GraphQL with the emulator's token; and the policy-as-code command
// that ships with it (`policy-gateway policies`), as a policy repository's CI runs it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from 'policy-service-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from './api.ts';

const FIXTURE = fileURLToPath(new URL('../fixture.json', import.meta.url));
const bin = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/.bin/policy-gateway');

let emulator: Emulator;
let gateway: ChildProcess;
let graphqlUrl: string;
const api = restClient(() => emulator);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: 'e2e-token', fixture: FIXTURE });
  gateway = spawn(bin, [], { env: { ...process.env, PORT: '0', UPSTREAM_URL: emulator.url } });
  let out = '';
  graphqlUrl = await new Promise<string>((resolve, reject) => {
    gateway.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const found = /GraphQL and GraphiQL at (http:\/\/[^\s/]+\/graphql)/.exec(out);
      if (found) resolve(found[1]);
    });
    gateway.once('exit', (code) => reject(new Error(`policy-gateway exited with ${code}: ${out}`)));
  });
});
afterAll(async () => {
  if (gateway && gateway.exitCode === null) {
    const exited = once(gateway, 'exit');
    gateway.kill('SIGTERM');
    await exited;
  }
  await emulator?.stop();
});

async function graphql(query: string, variables?: Record<string, unknown>) {
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `SSWS ${emulator.token}` },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

describe('policy-gateway over the emulator', () => {
  it('answers a query from the seeded org', async () => {
    const answer = await graphql('{ userTypes { name default } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      userTypes: [
        { name: 'user', default: true },
        { name: 'Partner', default: false },
      ],
    });
    // Every answer says what it cost upstream.
    expect(answer.extensions.cost.calls).toBe(1);
  });

  it('shows what a test put in through the REST API, and the REST calls it made', async () => {
    await api('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Made by the test' });
    const before = (await api('GET', '/__emulator/requests')).body.total;
    const answer = await graphql('query ($type: PolicyType!) { policies(type: $type) { edges { node { name } } } }', {
      type: 'PASSWORD',
    });
    const names = answer.data.policies.edges.map((e: { node: { name: string } }) => e.node.name);
    expect(names).toContain('Made by the test');
    expect((await api('GET', '/__emulator/requests')).body.total).toBeGreaterThan(before);
  });
});

/** `policy-gateway policies …` against the gateway above: its exit code and output. */
async function policies(args: string[]) {
  const env = {
    ...process.env,
    POLICY_API_TOKEN: emulator.token,
    POLICY_GATEWAY_URL: graphqlUrl.replace(/\/graphql$/, ''),
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(bin, ['policies', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('policy-gateway policies (from the package)', () => {
  it('--help lists the commands and exits 0', async () => {
    const help = await policies(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('policy-gateway policies <command>');
    for (const command of ['export', 'plan', 'apply']) expect(help.stdout).toContain(`  ${command} `);
  });

  it('exports, plans a change (exit 2), applies it, then plans clean (exit 0)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const exported = join(dir, 'org.yaml');
    expect(await policies(['export', '--types', 'PASSWORD', '-o', exported])).toMatchObject({ code: 0 });
    expect((await readFile(exported, 'utf8')).startsWith('version: 1\n')).toBe(true);
    expect(await policies(['plan', exported])).toMatchObject({ code: 0 });

    const file = join(dir, 'new.json');
    await writeFile(file, JSON.stringify({ version: 1, policies: { PASSWORD: [{ name: 'From the CLI' }] } }));
    const plan = await policies(['plan', file]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('+ CREATE POLICY PASSWORD/From the CLI');
    expect(await policies(['apply', file])).toMatchObject({ code: 1 });
    const applied = await policies(['apply', file, '--yes']);
    expect(applied).toMatchObject({ code: 0 });
    expect(applied.stdout).toContain('applied + CREATE POLICY PASSWORD/From the CLI');
    expect(await policies(['plan', file])).toMatchObject({ code: 0 });
  });
});
