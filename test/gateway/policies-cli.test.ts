// The policy-as-code command line against a real gateway: export as YAML, plan (exit 2 with
// changes, 0 without), apply only with --yes; what a first-time user reads: a clean exported file,
// a plan that converges, the applied values, mistakes at their line, an unreachable gateway named.
import { once } from 'node:events';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ClientCredentialsToken } from '../../src/tools/clientCredentials.ts';
import { runPoliciesCli } from '../../src/tools/policiesCli.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { type TestStack, useStack } from '../helpers/gateway.ts';
import { ALL_API_SCOPES, registerServiceClient } from '../helpers/oauth.ts';

async function cli(stack: TestStack, args: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPoliciesCli([...args, '--url', stack.url], {
    env: { POLICY_API_TOKEN: TOKEN, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => '',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run policies', () => {
  const stack = useStack();

  it('exports YAML, plans with exit 2 on changes, applies with --yes, then plans clean', async () => {
    const exported = await cli(stack(), ['export', '--types', 'PASSWORD']);
    expect(exported.code).toBe(0);
    const document = parse(exported.out);
    expect(Object.keys(document.policies)).toEqual(['PASSWORD']);
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const file = join(dir, 'org.yaml');

    await writeFile(file, exported.out);
    expect(await cli(stack(), ['plan', file])).toMatchObject({ code: 0 });

    document.policies.PASSWORD[0].settings.password.complexity.minLength = 15;
    await writeFile(file, stringify(document));
    const planned = await cli(stack(), ['plan', file]);
    expect(planned.code).toBe(2);
    expect(planned.out).toContain(
      '~ UPDATE POLICY PASSWORD/Default Policy settings.password.complexity.minLength: (default) -> 15',
    );
    expect(planned.out).toMatch(/0 to create, 1 to update, 0 to delete, 0 to move/);

    expect(await cli(stack(), ['apply', file])).toMatchObject({ code: 1, err: expect.stringContaining('--yes') });
    const applied = await cli(stack(), ['apply', file, '--yes']);
    expect(applied).toMatchObject({ code: 0, err: '' });
    expect(applied.out).toContain(
      'applied ~ UPDATE POLICY PASSWORD/Default Policy settings.password.complexity.minLength: (default) -> 15',
    );
    const clean = await cli(stack(), ['plan', file]);
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.out).toMatch(/^No changes\./);
    expect(clean.out).not.toContain('upstream calls');
  });

  it('export -o writes a clean file (the documented commands do not redirect npm output)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const file = join(dir, 'org.yaml');
    const exported = await cli(stack(), ['export', '--types', 'PASSWORD', '-o', file]);
    expect(exported).toMatchObject({ code: 0, out: '' });
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('version: 1\n')).toBe(true);
    expect(await cli(stack(), ['plan', file])).toMatchObject({ code: 0 });
    // npm prints its banner on stdout: a documented redirect of `npm run` must be `npm run --silent`.
    const docs = await readFile(new URL('../../docs/policy-as-code.md', import.meta.url), 'utf8');
    const redirects = docs.split('\n').filter((line) => /npm run(?! --silent) policies .*>/.test(line));
    expect(redirects).toEqual([]);
  });

  it('a hand-written document converges; the apply prints the values; creates show their members', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const file = join(dir, 'org.yaml');
    await writeFile(
      file,
      stringify({
        version: 1,
        policies: {
          PASSWORD: [
            {
              name: 'Corp',
              description: 'Engineering',
              conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } },
              rules: [{ name: 'Allow change', actions: { passwordChange: { access: 'ALLOW' } } }],
            },
            { name: 'Default Policy', system: true, rules: [{ name: 'Default Rule', system: true }] },
          ],
        },
      }),
    );
    const planned = await cli(stack(), ['plan', file]);
    expect(planned.code).toBe(2);
    expect(planned.out).toContain(
      [
        '+ CREATE POLICY PASSWORD/Corp',
        '    description: "Engineering"',
        '    conditions.people.groups.include: ["00g1engineering"]',
      ].join('\n'),
    );
    expect(planned.out).toContain(
      '+ CREATE RULE PASSWORD/Corp/Allow change\n    actions.passwordChange.access: "ALLOW"',
    );
    const applied = await cli(stack(), ['apply', file, '--yes']);
    expect(applied).toMatchObject({ code: 0, err: '' });
    expect(applied.out).toContain('applied + CREATE POLICY PASSWORD/Corp\n    description: "Engineering"');
    expect(applied.out).not.toContain('undefined');
    // Planned again (twice): nothing left, whatever the service filled in that the document left out.
    for (let i = 0; i < 2; i++) {
      const again = await cli(stack(), ['plan', file]);
      expect(again).toMatchObject({ code: 0, err: '' });
      expect(again.out).toMatch(/^No changes\./);
    }

    // A new order: the moves print their priorities.
    const document = parse(await readFile(file, 'utf8'));
    document.policies.PASSWORD.unshift({ name: 'Second' });
    await writeFile(file, stringify(document));
    expect((await cli(stack(), ['apply', file, '--yes'])).code).toBe(0);
    const [second, corp, last] = document.policies.PASSWORD;
    document.policies.PASSWORD = [corp, second, last];
    await writeFile(file, stringify(document));
    const moved = await cli(stack(), ['apply', file, '--yes']);
    expect(moved.out).toContain('applied > MOVE POLICY PASSWORD/Corp: priority 2 -> 1');
  });

  it("names a document's mistakes at their line, with the allowed values and the closest member", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const file = join(dir, 'typo.yaml');
    await writeFile(
      file,
      [
        'version: 1',
        'policies:',
        '  PASSWORD:',
        '    - name: Corp',
        '      setings: {}',
        '      rules:',
        '        - name: R',
        '          actions: { passwordChange: { access: MAYBE } }',
        '',
      ].join('\n'),
    );
    const planned = await cli(stack(), ['plan', file]);
    expect(planned.code).toBe(1);
    expect(planned.err).toContain(
      `${file}:5:7: INVALID document: /policies/PASSWORD/0/setings: Unexpected property \`setings\`: did you mean \`settings\`?`,
    );
    expect(planned.err).toContain(
      `${file}:8:40: INVALID document: /policies/PASSWORD/0/rules/0/actions/passwordChange/access: "MAYBE" is not allowed: expected one of ALLOW, DENY.`,
    );
  });

  it('names a name given twice at its second place in the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const file = join(dir, 'twice.yaml');
    await writeFile(
      file,
      [
        'version: 1',
        'userTypes:',
        '  - { name: Partner, displayName: Partner }',
        '  - { name: Partner, displayName: Again }',
        'policies:',
        '  PASSWORD:',
        '    - name: Corp',
        '      rules: [{ name: R }, { name: R }]',
        '    - name: Corp',
        '',
      ].join('\n'),
    );
    const planned = await cli(stack(), ['plan', file]);
    expect(planned.code).toBe(1);
    const lines = planned.err.split('\n');
    expect(lines).toContain(`${file}:4:5: INVALID Partner: Partner appears twice in the document.`);
    expect(lines).toContain(`${file}:8:28: INVALID PASSWORD/Corp/R: PASSWORD/Corp/R appears twice in the document.`);
    expect(lines).toContain(`${file}:9:7: INVALID PASSWORD/Corp: PASSWORD/Corp appears twice in the document.`);
  });

  it('--help lists the commands and options on stdout and exits 0; an unknown option says where help is', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await cli(stack(), [flag]);
      expect(help).toMatchObject({ code: 0, err: '' });
      expect(help.out).toContain('usage: policy-gateway policies <command> [options]');
      for (const option of ['--prune', '--url', '--client-id', '--private-key', '--issuer']) {
        expect(help.out).toContain(option);
      }
    }
    const unknown = await cli(stack(), ['plan', '--frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Unknown option '--frobnicate'");
    expect(unknown.err).toContain('(--help for more)');
  });

  it('names the gateway it could not reach', async () => {
    // A port nothing listens on: one just closed.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const err: string[] = [];
    const code = await runPoliciesCli(['export', '--url', `http://127.0.0.1:${port}`], {
      env: { POLICY_API_TOKEN: TOKEN },
      out: () => {},
      err: (line) => err.push(line),
      readStdin: async () => '',
    });
    expect(code).toBe(1);
    expect(err.join('\n')).toBe(
      `Could not reach the gateway at http://127.0.0.1:${port}/graphql (ECONNREFUSED): start it, or name it with --url or POLICY_GATEWAY_URL.`,
    );
  });

  it('refuses without a token, and reports a refused document with exit 1', async () => {
    expect(await cli(stack(), ['export'], { POLICY_API_TOKEN: undefined })).toMatchObject({ code: 1 });
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const file = join(dir, 'bad.yaml');
    await writeFile(file, 'version: 3\npolicies: {}\n');
    const planned = await cli(stack(), ['plan', file]);
    expect(planned.code).toBe(1);
    expect(planned.err).toContain('INVALID document: /version');
  });
});

describe('npm run policies --prune: the deletes the service will refuse', () => {
  const stack = useStack();

  /** The org's user types and password policies, without the Contractor type (the fixture's Bob has it), in a file. */
  async function withoutContractor(env: Record<string, string | undefined> = {}): Promise<string> {
    const exported = parse((await cli(stack(), ['export', '--types', 'PASSWORD'], env)).out);
    exported.userTypes = exported.userTypes.filter((t: { name: string }) => t.name !== 'Contractor');
    exported.policies.PASSWORD[0].description = 'Not written';
    const file = join(await mkdtemp(join(tmpdir(), 'policies-')), 'org.yaml');
    await writeFile(file, stringify(exported));
    return file;
  }

  const userTypeNames = async () =>
    (await stack().emulator.call('GET', '/api/v1/meta/types/user')).body.map((t: { name: string }) => t.name);

  it('plan marks the refused delete (exit 1); apply refuses before any write', async () => {
    const file = await withoutContractor();
    const planned = await cli(stack(), ['plan', file, '--prune']);
    expect(planned.code).toBe(1);
    expect(planned.out.split('\n')).toContain(
      '! DELETE USER_TYPE Contractor: refused by the service, 1 or more users have this type',
    );
    expect(planned.out).toMatch(
      /1 to delete, 0 to move, \d+ unchanged; 1 refused by the service \(!\): this plan cannot be applied\./,
    );

    const applied = await cli(stack(), ['apply', file, '--yes', '--prune']);
    expect(applied.code).toBe(1);
    expect(applied.out.split('\n').filter((line) => line.startsWith('applied '))).toEqual([]);
    expect(applied.err).toContain(
      'CONFLICT Contractor: DELETE USER_TYPE Contractor: refused by the service, 1 or more users have this type. Nothing was written',
    );
    expect(await userTypeNames()).toContain('Contractor');
    const policies = (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body;
    expect(policies.map((p: { description?: string }) => p.description)).not.toContain('Not written');
  });

  it('a service client asks for okta.users.read with --prune; without that grant the plan warns and stays valid', async () => {
    const { url } = stack().emulator;
    const clientEnv = async (scopes: readonly string[]) => {
      const client = await registerServiceClient(url, TOKEN, scopes);
      return {
        POLICY_API_TOKEN: undefined,
        POLICY_OAUTH_CLIENT_ID: client.clientId,
        POLICY_OAUTH_PRIVATE_KEY: client.privateJwk,
        POLICY_OAUTH_ISSUER: url,
      };
    };
    const granted = await clientEnv([...ALL_API_SCOPES, 'okta.users.read']);
    const file = await withoutContractor(granted);
    const checked = await cli(stack(), ['plan', file, '--prune'], granted);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain('! DELETE USER_TYPE Contractor: refused by the service');

    const notGranted = await clientEnv(ALL_API_SCOPES);
    const warned = await cli(stack(), ['plan', file, '--prune'], notGranted);
    expect(warned).toMatchObject({ code: 2, err: '' });
    const lines = warned.out.split('\n');
    expect(lines).toContain('- DELETE USER_TYPE Contractor');
    expect(lines.filter((l) => l.startsWith('warning '))).toEqual([
      expect.stringMatching(
        /^warning USERS_NOT_READ Contractor: Not checked whether users have the type Contractor: the credential may not read users \(okta\.users\.read/,
      ),
    ]);
  });
});

describe('npm run policies with a service client instead of an API token', () => {
  const stack = useStack();

  it('gets a token by client credentials with private_key_jwt (a JWK in the env or a PEM file) and never prints the key', async () => {
    const { url } = stack().emulator;
    const client = await registerServiceClient(url, TOKEN, ALL_API_SCOPES);
    const viaEnv = await cli(stack(), ['export', '--types', 'PASSWORD', '--issuer', url], {
      POLICY_API_TOKEN: undefined,
      POLICY_OAUTH_CLIENT_ID: client.clientId,
      POLICY_OAUTH_PRIVATE_KEY: client.privateJwk,
    });
    expect(viaEnv).toMatchObject({ code: 0, err: '' });
    expect(Object.keys(parse(viaEnv.out).policies)).toEqual(['PASSWORD']);

    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const pem = join(dir, 'client.pem');
    await writeFile(pem, client.key.key.export({ format: 'pem', type: 'pkcs8' }));
    const document = join(dir, 'org.yaml');
    const exported = parse(viaEnv.out);
    exported.policies.PASSWORD[0].description = 'Applied by a CI job';
    await writeFile(document, stringify(exported));
    const applied = await cli(
      stack(),
      ['apply', document, '--yes', '--client-id', client.clientId, '--private-key', pem, '--issuer', url],
      { POLICY_API_TOKEN: undefined },
    );
    expect(applied).toMatchObject({ code: 0, err: '' });
    expect(applied.out).toContain('applied ~ UPDATE POLICY PASSWORD/Default Policy description');
  });

  it('a client registered for reads cannot get the token apply needs: the refusal is named, nothing is written', async () => {
    const { url } = stack().emulator;
    const client = await registerServiceClient(url, TOKEN, ['okta.policies.read', 'okta.userTypes.read']);
    const env = {
      POLICY_API_TOKEN: undefined,
      POLICY_OAUTH_CLIENT_ID: client.clientId,
      POLICY_OAUTH_PRIVATE_KEY: client.privateJwk,
      POLICY_OAUTH_ISSUER: url,
    };
    const exported = await cli(stack(), ['export', '--types', 'PASSWORD'], env);
    expect(exported.code).toBe(0);
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    const document = join(dir, 'org.yaml');
    const changed = parse(exported.out);
    changed.policies.PASSWORD[0].description = 'Not written';
    await writeFile(document, stringify(changed));
    const applied = await cli(stack(), ['apply', document, '--yes'], env);
    expect(applied.code).toBe(1);
    expect(applied.err).toMatch(/token endpoint .* refused the request \(invalid_scope/);
    const key = JSON.parse(client.privateJwk) as { d: string };
    expect(applied.err + applied.out).not.toContain(key.d);
    const policies = (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body;
    expect(policies.map((p: { description?: string }) => p.description)).not.toContain('Not written');
  });

  it('a client id without its key or the org URL is refused before any request', async () => {
    const missingKey = await cli(stack(), ['export'], { POLICY_API_TOKEN: undefined, POLICY_OAUTH_CLIENT_ID: '0oa1' });
    expect(missingKey).toMatchObject({ code: 1, err: expect.stringContaining('--private-key') });
  });
});

describe('ClientCredentialsToken', () => {
  // The org's authorization server and the token's cache read one moved clock.
  let now = Date.now();
  const stack = useStack({ emulator: { clock: () => now } });

  it('keeps its token until a minute before it expires, then gets a new one', async () => {
    const { url } = stack().emulator;
    const client = await registerServiceClient(url, TOKEN, ['okta.policies.read']);
    const tokenRequests: string[] = [];
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith('/oauth2/v1/token')) tokenRequests.push(String(input));
      return fetch(input, init);
    };
    now = Date.now();
    const token = new ClientCredentialsToken({
      issuer: url,
      clientId: client.clientId,
      key: client.key,
      scopes: ['okta.policies.read'],
      fetch: counting,
      now: () => now,
    });
    const first = await token.authorization();
    expect(await token.authorization()).toBe(first);
    now += (3600 - 61) * 1000;
    expect(await token.authorization()).toBe(first);
    expect(tokenRequests).toHaveLength(1);
    now += 2000;
    expect(await token.authorization()).not.toBe(first);
    expect(tokenRequests).toHaveLength(2);
  });
});
