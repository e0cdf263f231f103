// The docs' recipes (scripts/recipes.mjs, run over the packed packages by `npm run consumer`): every
// block a reader would copy whole from docs/api.md, docs/emulator.md and docs/policy-as-code.md is
// either a recipe's step or says why not, so a new block cannot go unrun by accident; the recipes'
// files split where their `// path` lines say; the tarballs replace the packages' names in installs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations
import { parseRecipes, RECIPE_DOCS, readRecipes, withTarballs } from '../../scripts/recipes.mjs';

const COPIED = ['sh', 'ts', 'js', ''];

describe('the docs recipes', () => {
  it('marks every shell, TypeScript and JavaScript block of the three docs, one way or the other', () => {
    const unmarked = RECIPE_DOCS.flatMap((doc: string) =>
      parseRecipes(readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8'), doc)
        .unmarked.filter((b: { lang: string }) => COPIED.includes(b.lang))
        .map((b: { line: number }) => `${doc}:${b.line}`),
    );
    expect(unmarked).toEqual([]);
  });

  it('has the recipes of each doc, each making its project and running something', () => {
    const { recipes, errors } = readRecipes();
    expect(errors).toEqual([]);
    expect([...recipes.keys()].sort()).toEqual(
      [
        'jest-cjs',
        'jest-esm',
        'jest-ts',
        'policy-as-code',
        'typed-apollo',
        'typed-fetch',
        'vitest-global',
        'vitest-per-file',
      ].sort(),
    );
    for (const [name, steps] of recipes as Map<string, { kind: string; script?: string }[]>) {
      const scripts = steps.filter((s) => s.kind === 'sh').map((s) => s.script ?? '');
      expect(scripts[0], name).toMatch(/^npm init -y\n/);
      expect(scripts.length, name).toBeGreaterThan(1);
    }
  });

  it('splits a block into files at its `// path` lines, and refuses a block that names none', () => {
    const markdown = [
      '<!-- recipe: demo -->',
      '```ts',
      '// src/a.ts',
      'export const a = 1;',
      '',
      '// tsconfig.json',
      '{ "compilerOptions": {} }',
      '```',
      '<!-- recipe: demo,other file=org.json -->',
      '```json',
      '{}',
      '```',
      '<!-- recipe: demo copy=examples/client/src/client.ts to=src/client.ts -->',
      '<!-- recipe: bad -->',
      '```ts',
      'const orphan = 1;',
      '```',
    ].join('\n');
    const { recipes, errors } = parseRecipes(markdown, 'demo.md');
    expect(recipes.get('demo')).toEqual([
      {
        kind: 'files',
        files: [
          { path: 'src/a.ts', text: '// src/a.ts\nexport const a = 1;\n' },
          { path: 'tsconfig.json', text: '{ "compilerOptions": {} }\n' },
        ],
        where: 'demo.md:2',
      },
      { kind: 'files', files: [{ path: 'org.json', text: '{}\n' }], where: 'demo.md:10' },
      { kind: 'copy', from: 'examples/client/src/client.ts', to: 'src/client.ts', where: 'demo.md:13' },
    ]);
    expect(recipes.get('other')).toHaveLength(1);
    expect(errors).toEqual(['demo.md:15: a recipe block starts with a `// path` line (or names its file=)']);
  });

  it("installs this repository's packages from their tarballs, and nothing else", () => {
    const tarballs = ['/t/policy-service-emulator-0.1.0.tgz', '/t/policy-graphql-gateway-0.1.0.tgz'];
    expect(
      withTarballs('npm init -y\nnpm install -D jest@30 policy-service-emulator\nnpx policy-gateway &', tarballs),
    ).toBe('npm init -y\nnpm install -D jest@30 /t/policy-service-emulator-0.1.0.tgz\nnpx policy-gateway &');
    expect(withTarballs('npm install policy-graphql-gateway policy-service-emulator@0.1.0', tarballs)).toBe(
      'npm install /t/policy-graphql-gateway-0.1.0.tgz /t/policy-service-emulator-0.1.0.tgz',
    );
    // The gateway's dependency on the emulator, which the registry would bring.
    expect(withTarballs('npm install -D typescript@5 policy-graphql-gateway', tarballs)).toBe(
      'npm install -D typescript@5 /t/policy-graphql-gateway-0.1.0.tgz /t/policy-service-emulator-0.1.0.tgz',
    );
  });
});
