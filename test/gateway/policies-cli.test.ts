// The policy-as-code command line against a real gateway: export as YAML, plan (exit 2 with
// changes, 0 without), apply only with --yes.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runPoliciesCli } from '../../src/tools/policiesCli.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { type TestStack, useStack } from '../helpers/gateway.ts';

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
    expect(applied.out).toContain('applied ~ UPDATE POLICY PASSWORD/Default Policy');
    expect(await cli(stack(), ['plan', file])).toMatchObject({ code: 0 });
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
