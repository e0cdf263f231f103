// The documentation stays true as files move: the README stays short, every relative link of the
// README, the changelog and docs/ reaches an existing file (and heading), and the README's tour
// answers what it says over the emulator's built-in org.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const DOCUMENTS = ['README.md', 'CHANGELOG.md', 'packages/emulator/README.md', ...markdownFiles('docs')];

/** Markdown without its fenced code blocks, where `](…)` is code, not a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(path: string): Set<string> {
  return new Set([...prose(read(path)).matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1])));
}

/** Every relative link of `path` that reaches no file, or no heading of that file. */
function brokenLinks(path: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(read(path)).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [file, fragment] = target.split('#');
    const resolved = file ? relative(ROOT, join(ROOT, dirname(path), file)) : path;
    if (!existsSync(join(ROOT, resolved))) broken.push(target);
    else if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) broken.push(target);
  }
  return broken;
}

describe('the documentation', () => {
  it('keeps the README to a few screens', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
  });

  it.each(DOCUMENTS)('%s: every relative link reaches its file and heading', (path) => {
    expect(brokenLinks(path)).toEqual([]);
  });

  it('sees a broken link or anchor as broken', () => {
    expect(anchor('`extensions.cost`')).toBe('extensionscost');
    expect(anchor('Walkthrough: which rule wins, and why')).toBe('walkthrough-which-rule-wins-and-why');
    expect(anchorsOf('docs/api.md').has('no-such-heading')).toBe(false);
  });
});

describe("docs/architecture.md's layout", () => {
  const layout = /## Layout\n+```\n([\s\S]*?)\n```/.exec(read('docs/architecture.md'))?.[1] ?? '';
  const folders = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => [join(dir, entry.name), ...folders(join(dir, entry.name))]);
  const shows = (folder: string) => new RegExp(`(^|[\\s/])${folder.split('/').at(-1)}/`, 'm').test(layout);

  it('shows every folder of src/ and packages/emulator/src/', () => {
    const all = [...folders('src'), ...folders('packages/emulator/src')];
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((folder) => !shows(folder))).toEqual([]);
    expect(shows('src/nowhere')).toBe(false);
  });
});

describe("the README's tour", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.close());

  const [query, mutation] = [...read('README.md').matchAll(/^```graphql\n([\s\S]*?)^```/gm)].map((m) => m[1]);

  it('has a query and a mutation', () => {
    expect(query).toMatch(/^query /);
    expect(mutation).toMatch(/^mutation /);
  });

  it('the query answers without errors, in 2 upstream calls as it says', async () => {
    const result: any = await stack.gql(query);
    expect(result.errors).toBeUndefined();
    expect(result.data.policies.nodes.length).toBeGreaterThan(0);
    expect(result.extensions.cost.calls).toBe(2);
    expect(read('README.md')).toContain('2 upstream calls');
  });

  it('the mutation creates the policy; with minLength -1 it is the user error it names', async () => {
    const created: any = await stack.gql(mutation);
    expect(created.data.createPolicy.userErrors).toEqual([]);
    expect(created.data.createPolicy.policiesOfType.map((p: { name: string }) => p.name)).toContain('Strict');

    const refused: any = await stack.gql(mutation.replace('minLength: 12', 'minLength: -1'));
    expect(refused.data.createPolicy.policy).toBeNull();
    expect(refused.data.createPolicy.userErrors).toMatchObject([
      { field: ['input', 'settings', 'password', 'complexity', 'minLength'], code: 'INVALID' },
    ]);
  });
});
