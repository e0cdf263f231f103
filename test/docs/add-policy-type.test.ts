// The "Add a policy type" checklist of docs/architecture.md stays short and true: the files that
// enumerate the policy types are exactly the lists it names, every file it names exists, and each
// policy type has its two modules (contract and emulator) under the names the checklist gives.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POLICY_TYPES, RULE_TYPE_OF } from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const CONTRACT = 'packages/emulator/src/rest/contract';
const EMULATOR_TYPES = 'packages/emulator/src/emulator/policyTypes';

/** The checklist: the section of docs/architecture.md up to the next heading. */
const checklist = (() => {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('## Add a policy type');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
})();
/** The five numbered steps, without the "only when" and tests paragraphs. */
const steps = checklist.slice(checklist.indexOf('\n1. '), checklist.indexOf('\nOnly when'));

/** Each policy type's module name, read from the contract's modules (`policyTypes.<module>.ts`). */
const moduleOf = new Map<string, string>(
  readdirSync(join(ROOT, CONTRACT)).flatMap((file) => {
    const m = /^policyTypes\.(\w+)\.ts$/.exec(file);
    const type = m && /policyType: '(\w+)'/.exec(read(`${CONTRACT}/${file}`));
    return m && type ? [[type[1], m[1]]] : [];
  }),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|mjs|graphql)$/.test(entry.name) ? [path] : [];
  });
}

/** A type is named by its REST policy or rule type as a word, or by its modules' export names. */
function names(text: string, policyType: string): boolean {
  const module = moduleOf.get(policyType);
  const ruleType = RULE_TYPE_OF[policyType as keyof typeof RULE_TYPE_OF];
  const words = [policyType, ruleType, `${module}PolicyType`, `${module}Module`];
  return words.some((word) => new RegExp(`(?<![\\w])${word}(?![\\w])`).test(text));
}

describe('the add-a-policy-type checklist', () => {
  it('has one contract module and one emulator module per policy type, under the names it gives', () => {
    expect([...moduleOf.keys()].sort()).toEqual([...POLICY_TYPES].sort());
    for (const module of moduleOf.values()) {
      expect(existsSync(join(ROOT, EMULATOR_TYPES, `${module}.ts`)), module).toBe(true);
    }
    expect(steps).toContain(`${CONTRACT}/policyTypes.newType.ts`);
    expect(steps).toContain(`${EMULATOR_TYPES}/newType.ts`);
  });

  it('is at most five steps, each the file it touches, which exists (the new ones once per type)', () => {
    const touched = [...steps.matchAll(/^\d+\. \*\*[^*]+\*\*[^`]*`([^`]+)`/gm)].map((m) => m[1]);
    expect(touched.length).toBeGreaterThan(0);
    expect(touched.length).toBeLessThanOrEqual(5);
    for (const path of touched) {
      for (const module of path.includes('newType') ? moduleOf.values() : ['']) {
        const existing = path.replace('newType', module);
        expect(existsSync(join(ROOT, existing)), existing).toBe(true);
      }
    }
  });

  it('lists every file that enumerates the policy types', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('packages/emulator/src'), 'schema.graphql', 'codegen.ts'];
    const enumerating = files
      .filter((path) => {
        const text = read(path);
        return POLICY_TYPES.every((type) => names(text, type));
      })
      .map((path) => relative('.', path))
      .sort();
    expect(enumerating).toEqual([`${CONTRACT}/policyTypes.ts`, `${EMULATOR_TYPES}/index.ts`, 'schema.graphql'].sort());
    for (const path of enumerating) expect(steps, path).toContain(path);
  });
});
