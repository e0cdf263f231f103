// The "Add a policy type" checklist of docs/architecture.md stays short and true. For every policy
// type, the files that name it (its REST types, its modules, its GraphQL types) are exactly the
// checklist's steps, the generated files it lists and the "only when" files that apply: a new place
// that restates the types fails here until it derives from the contract's table instead (or the
// checklist names it), and a step the checklist names that no longer names the type fails too. The
// tests are scanned too: a test file that names every type restates the list a new type would have
// to be added to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getNamedType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from 'graphql';
import { POLICY_TYPES, type PolicyType, RULE_TYPE_OF } from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../../src/gateway/resolvers/typenames.ts';
import { buildSchema } from '../../src/gateway/schema.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const CONTRACT = 'packages/emulator/src/rest/contract';
const EMULATOR_TYPES = 'packages/emulator/src/emulator/policyTypes';
/** Where the code that could name a policy type lives (docs, tests and examples name them freely). */
const SCANNED = ['src', 'packages/emulator/src', 'schema.graphql', 'codegen.ts', 'scripts', 'test/helpers'];

/**
 * Files that name a type for what is that type's alone, and why: a sample of one type (a default
 * query, a test's policy), or a rule the spec states for one type. None of them lists the types: each
 * names at most two.
 */
const ONE_TYPE_FILES: Record<string, string> = {
  'src/gateway/plugins/graphiql.ts': "GraphiQL's first query lists PASSWORD policies",
  'src/gateway/plugins/homePage.ts': "the home page's curl example lists PASSWORD policies",
  'scripts/measure-footprint.mjs': 'the measured query lists PASSWORD policies',
  'test/helpers/crash.ts': 'the crash test writes PASSWORD policies',
  'test/helpers/emulator.ts': "the helpers' default policy and rule are PASSWORD ones",
  'test/helpers/hostileDocuments.ts': 'the hostile documents query PASSWORD policies',
  'test/helpers/largeOrg.ts': 'a large org is PASSWORD policies',
  'test/helpers/consoleOperations.ts': "the console's operations list PASSWORD policies",
  'packages/emulator/src/rest/contract/policyTypes.accessPolicy.ts': 'PASSWORD: an authenticator type here',
  'packages/emulator/src/emulator/policyTypes/accessPolicy.ts': 'PASSWORD: an authenticator type here',
  'src/gateway/resolvers/policies.ts': "an application's accessPolicy is an ACCESS_POLICY policy",
  'packages/emulator/src/emulator/org/seed.ts': 'fixture apps are assigned ACCESS_POLICY policies',
  'packages/emulator/src/emulator/org/store.ts': "an app's policy is its ACCESS_POLICY one, the default one otherwise",
  'packages/emulator/src/emulator/routes/policies.ts': 'only ACCESS_POLICY policies are assigned to applications',
  'packages/emulator/src/emulator/simulation/engine.ts': 'an app is simulated against its own ACCESS_POLICY policy',
  'src/gateway/federation/federationSdl.ts':
    "a continuous access rule's single logout names apps (SloSettings.applications)",
  'src/gateway/federation/applications.ts':
    "a continuous access rule's single logout names apps (SloSettings.applications)",
  'src/gateway/costEstimate.ts':
    "the apps of a continuous access rule's single logout are looked up (SloSettings.applications)",
};

/** Where the tests are: they name types freely, but a test file that names them all restates the list. */
const TESTS = 'test';

/**
 * Test files that name every policy type (or all but one) without restating the list, and why: one
 * test of each type's own rules the spec states, each written for that type. A new type needs none
 * of them edited (its own tests are new files, or a new test beside these).
 */
const EVERY_TYPE_TEST_FILES: Record<string, string> = {
  'test/fixtures/schema-before.graphql': 'a frozen copy of an older schema, for the schema diff',
  'test/rest/contract-defaults.test.ts': "the spec's defaults of each type's settings and actions",
  'test/gateway/mutations-policies.test.ts': "each type's policy create and its own refusals",
  'test/gateway/mutations-rules.test.ts': "each type's rule create and its own actions",
  'test/gateway/partial-updates.test.ts': "each type's members changed one at a time",
  'test/gateway/schema-wire-types.test-d.ts': "each type's wire actions against its GraphQL actions",
  'test/emulator/spec-rules.test.ts': "the spec's rules of each type",
  'test/emulator/hints.test.ts': 'what a default policy or rule of each type advertises and is refused',
};

/** The checklist: the section of docs/architecture.md up to the next heading. */
const checklist = (() => {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('## Add a policy type');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
})();
/** The paragraph of the checklist that starts with `lead`, up to the next blank line. */
const paragraph = (lead: string) => {
  const start = checklist.indexOf(`\n${lead}`);
  if (start < 0) throw new Error(`the checklist has no paragraph starting "${lead}"`);
  const end = checklist.indexOf('\n\n', start + 1);
  return checklist.slice(start, end < 0 ? undefined : end);
};
const pathsIn = (text: string) => [...text.matchAll(/`([\w./-]+\.(?:ts|graphql))`/g)].map((m) => m[1]);

/** The numbered steps, each the one file it edits by hand (the first path it names). */
const steps = checklist.slice(checklist.indexOf('\n1. '), checklist.indexOf('\nOnly when'));
const stepFiles = [...steps.matchAll(/^\d+\. \*\*[^*]+\*\*[^`]*`([^`]+)`/gm)].map((m) => m[1]);
/** Files the generation commands write, which name every type without a hand edit. */
const generatedFiles = pathsIn(paragraph('Generated'));
/** Files a type is named in only when the spec asks for something of it (simulation, an input's shape). */
const onlyWhenFiles = pathsIn(paragraph('Only when'));

/** Each policy type's module name, read from the contract's modules (`policyTypes.<module>.ts`). */
const moduleOf = new Map<string, string>(
  readdirSync(join(ROOT, CONTRACT)).flatMap((file) => {
    const m = /^policyTypes\.(\w+)\.ts$/.exec(file);
    const type = m && /policyType: '(\w+)'/.exec(read(`${CONTRACT}/${file}`));
    return m && type ? [[type[1], m[1]]] : [];
  }),
);

function sourceFiles(path: string): string[] {
  if (!existsSync(join(ROOT, path))) return [];
  if (/\.(ts|mts|mjs|graphql)$/.test(path)) return [path];
  return readdirSync(join(ROOT, path), { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return /\.(ts|mts|mjs|graphql)$/.test(entry.name) ? [`${path}/${entry.name}`] : [];
    return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(`${path}/${entry.name}`);
  });
}
const files = new Map(SCANNED.flatMap(sourceFiles).map((path) => [path, read(path)]));

/** The named types a type leads to through its fields (and an input type's `<Name>Input` twin). */
function reachable(schema: GraphQLSchema, from: GraphQLNamedType[]): Set<string> {
  const seen = new Set<string>();
  const visit = (type: GraphQLNamedType) => {
    if (seen.has(type.name) || type.name.startsWith('__')) return;
    seen.add(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) visit(getNamedType(field.type as GraphQLType));
    }
    if (isUnionType(type)) for (const member of type.getTypes()) visit(member);
    const input = schema.getType(`${type.name}Input`);
    if (input) visit(input);
  };
  for (const type of from) visit(type);
  return seen;
}

/**
 * The GraphQL types of one policy type alone: its two implementations and the settings, actions and
 * enum types only they lead to (a type another policy type or the interfaces also use is shared).
 */
function graphqlTypesOf(schema: GraphQLSchema): Map<PolicyType, string[]> {
  const own = (type: PolicyType) => {
    const policy = schema.getType(POLICY_TYPENAME[type]);
    const rule = schema.getType(RULE_TYPENAME[RULE_TYPE_OF[type]]);
    const fields = (t: GraphQLNamedType | undefined | null, name: string) =>
      isObjectType(t) && t.getFields()[name] ? [getNamedType(t.getFields()[name].type)] : [];
    return reachable(schema, [...fields(policy, 'settings'), ...fields(rule, 'actions')]);
  };
  const shared = reachable(
    schema,
    ['Policy', 'PolicyRule'].flatMap((name) => {
      const type = schema.getType(name);
      return isInterfaceType(type) ? Object.values(type.getFields()).map((f) => getNamedType(f.type)) : [];
    }),
  );
  const reach = new Map(POLICY_TYPES.map((type) => [type, own(type)]));
  return new Map(
    POLICY_TYPES.map((type) => {
      const others = POLICY_TYPES.filter((t) => t !== type).flatMap((t) => [...(reach.get(t) ?? [])]);
      const alone = [...(reach.get(type) ?? [])].filter((name) => !shared.has(name) && !others.includes(name));
      return [type, [POLICY_TYPENAME[type], RULE_TYPENAME[RULE_TYPE_OF[type]], ...alone]];
    }),
  );
}

const graphqlTypes = graphqlTypesOf(buildSchema());

/** The words that name one policy type: its REST types, its modules' names, its GraphQL types. */
function wordsOf(type: PolicyType): string[] {
  const module = moduleOf.get(type) as string;
  return [
    type,
    RULE_TYPE_OF[type],
    `${module}PolicyType`,
    `${module}Module`,
    `policyTypes.${module}`,
    `policyTypes/${module}`,
    ...(graphqlTypes.get(type) ?? []),
  ];
}
const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const naming = (type: PolicyType) => new RegExp(`(?<![\\w])(?:${wordsOf(type).map(escaped).join('|')})(?![\\w])`);

describe('the add-a-policy-type checklist', () => {
  it('has one contract module and one emulator module per policy type, under the names it gives', () => {
    expect([...moduleOf.keys()].sort()).toEqual([...POLICY_TYPES].sort());
    for (const module of moduleOf.values()) {
      expect(existsSync(join(ROOT, EMULATOR_TYPES, `${module}.ts`)), module).toBe(true);
    }
    expect(stepFiles).toContain(`${CONTRACT}/policyTypes.newType.ts`);
    expect(stepFiles).toContain(`${EMULATOR_TYPES}/newType.ts`);
  });

  it('is at most six steps, each the file it touches, which exists (the new ones once per type)', () => {
    expect(stepFiles.length).toBeGreaterThan(0);
    expect(stepFiles.length).toBeLessThanOrEqual(6);
    for (const path of [...stepFiles, ...generatedFiles, ...onlyWhenFiles]) {
      for (const module of path.includes('newType') ? moduleOf.values() : ['']) {
        const existing = path.replace('newType', module);
        expect(existsSync(join(ROOT, existing)), existing).toBe(true);
      }
    }
  });

  it('lets a file name one type for its own sake, never the list of types', () => {
    for (const path of Object.keys(ONE_TYPE_FILES)) {
      const text = read(path);
      const named = POLICY_TYPES.filter((type) => naming(type).test(text));
      expect(named.length, `${path} names ${named.join(', ') || 'no policy type'}`).toBeGreaterThan(0);
      expect(named.length, `${path} names ${named.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('lets no test file list the policy types: a test that needs every type reads the contract', () => {
    const listing = sourceFiles(TESTS).filter((path) => {
      const text = read(path);
      return POLICY_TYPES.filter((type) => naming(type).test(text)).length >= POLICY_TYPES.length - 1;
    });
    const allowed = new Set([...stepFiles, ...generatedFiles, ...Object.keys(EVERY_TYPE_TEST_FILES)]);
    expect(
      listing.filter((path) => !allowed.has(path)),
      "test files naming every policy type: derive the list from the contract's table",
    ).toEqual([]);
    expect(
      Object.keys(EVERY_TYPE_TEST_FILES).filter((path) => !listing.includes(path)),
      'files listed as naming every type that no longer do',
    ).toEqual([]);
  });

  it.each([...POLICY_TYPES])('names every file that names %s, and each of its steps names it', (type) => {
    const module = moduleOf.get(type) as string;
    const pattern = naming(type);
    const namingFiles = [...files].filter(([, text]) => pattern.test(text)).map(([path]) => path);
    const expected = stepFiles.map((path) => path.replace('newType', module));
    const allowed = new Set([...expected, ...generatedFiles, ...onlyWhenFiles, ...Object.keys(ONE_TYPE_FILES)]);
    expect(
      namingFiles.filter((path) => !allowed.has(path)),
      `files naming ${type} that the checklist does not list (derive from the contract's table, or add a step)`,
    ).toEqual([]);
    expect(
      expected.filter((path) => !namingFiles.includes(path)),
      `steps that do not name ${type}`,
    ).toEqual([]);
  });
});
