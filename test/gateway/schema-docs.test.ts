// The schema is documented: implementations carry their interface's descriptions and at least 95% of
// types, fields, arguments, input fields and enum values have a description. A Policy or PolicyRule
// field is written once: the implementations' copies are made by the tool and must not differ.
import { readFileSync } from 'node:fs';
import { Kind, type ObjectTypeDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE, FULL_SCHEMA_FILE } from '../../src/tools/contractSchema.ts';
import {
  descriptionCoverage,
  fieldsOf,
  inheritDescriptions,
  interfaceDrift,
  SCHEMA_FILE,
} from '../../src/tools/schemaDocs.ts';

/** The hand-written half; the fields of the generated contract half need no copy in it. */
const sdl = readFileSync(SCHEMA_FILE, 'utf8');
const provided = fieldsOf(readFileSync(CONTRACT_FILE, 'utf8'));

describe('schema descriptions', () => {
  it('implementations repeat their interface descriptions (npm run schema:docs leaves the file unchanged)', () => {
    expect(inheritDescriptions(sdl, provided)).toBe(sdl);
  });

  it('describes at least 95% of the schema elements', () => {
    const { described, total, missing } = descriptionCoverage(readFileSync(FULL_SCHEMA_FILE, 'utf8'));
    expect(total).toBeGreaterThan(1000);
    expect(described / total, `undescribed: ${missing.join(', ')}`).toBeGreaterThanOrEqual(0.95);
  });

  it('counts an undescribed element as missing', () => {
    const coverage = descriptionCoverage('"A." type A { "b" b: Int c(d: Int): Int } enum E { X "y" Y }');
    expect(coverage.total).toBe(7);
    expect(coverage.missing).toEqual(['A.c', 'A.c(d:)', 'E', 'E.X']);
  });

  it('marks the deprecated list-applications operation with @deprecated on every policy type', () => {
    const applications = parse(sdl).definitions.flatMap((def) =>
      'fields' in def ? (def.fields ?? []).filter((f) => f.name.value === 'applications') : [],
    );
    expect(applications.length).toBeGreaterThan(1);
    for (const field of applications) {
      const deprecated = field.directives?.find((d) => d.name.value === 'deprecated');
      const reason = deprecated?.arguments?.find((a) => a.name.value === 'reason')?.value;
      expect(reason && 'value' in reason ? String(reason.value) : '').toMatch(/links\.mappings/);
    }
  });
});

/** `sdl` without the given fields (and their description lines) of the object type `typeName`. */
function withoutFields(sdl: string, typeName: string, fields: string[]): string {
  const type = parse(sdl).definitions.find(
    (d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === typeName,
  );
  let out = sdl;
  const removed = (type?.fields ?? []).filter((f) => fields.includes(f.name.value)).reverse();
  for (const field of removed) {
    const start = out.lastIndexOf('\n', field.loc!.start) + 1;
    out = out.slice(0, start) + out.slice(field.loc!.end + 1);
  }
  return out;
}

describe('interface fields written once', () => {
  it('copies the interface fields an implementation lacks (npm run schema:docs), as the schema has them', () => {
    const fieldsOf = (name: string) =>
      parse(sdl)
        .definitions.filter((d) => d.kind === Kind.INTERFACE_TYPE_DEFINITION && d.name.value === name)
        .flatMap((d) => (d.kind === Kind.INTERFACE_TYPE_DEFINITION ? (d.fields ?? []) : []))
        .map((f) => f.name.value);
    const except = (name: string, kept: string[]) => fieldsOf(name).filter((f) => !kept.includes(f));
    const cases: [string, string[]][] = [
      ['ContinuousAccessPolicy', ['id', 'type', 'viewerCanDelete', 'applications']],
      ['EntityRiskRule', ['conditions', 'links', 'policyId']],
      // A new implementation written with its own fields only.
      ['PasswordPolicy', except('Policy', ['rules', 'rule'])],
      ['GlobalSessionRule', except('PolicyRule', ['policy'])],
    ];
    for (const [type, fields] of cases) {
      const stripped = withoutFields(sdl, type, fields);
      expect(stripped.length).toBeLessThan(sdl.length);
      expect(inheritDescriptions(stripped, provided)).toBe(sdl);
    }
  });

  it('finds no implementation whose copy differs from its interface', () => {
    expect(interfaceDrift(sdl, provided)).toEqual([]);
  });

  it('names a copy whose description, arguments, directives or type differ', () => {
    const drifted = `
      directive @upstream on FIELD_DEFINITION
      directive @restType(policy: String) on OBJECT
      interface Node { "Id." id: ID! }
      interface Policy implements Node {
        "The policy id." id: ID!
        "Rules." rules("First." first: Int): [Rule!] @upstream
        "Old." old: Int @deprecated(reason: "gone")
      }
      interface Rule { "Id." id: ID! }
      type PasswordRule implements Rule { "Id." id: ID! }
      type PasswordPolicy implements Policy & Node @restType(policy: "PASSWORD") {
        "The policy id." id: ID
        "Rules." rules("The first." first: Int): [PasswordRule!] @upstream
        "Old, differently." old: Int
      }
      type Other implements Node { "The other id." id: ID! }
    `;
    expect(interfaceDrift(drifted)).toEqual([
      'PasswordPolicy.id (from Policy.id): the type ID is not ID! or an implementation of it',
      'PasswordPolicy.rules (from Policy.rules): the arguments differ: ("The first." first: Int) vs ("First." first: Int)',
      'PasswordPolicy.rules (from Policy.rules): the directives differ: "@upstream" vs ""',
      'PasswordPolicy.old (from Policy.old): the description differs; describe the field in Policy only',
      `PasswordPolicy.old (from Policy.old): the directives differ: "" vs "@deprecated(reason: "gone")"`,
    ]);
  });
});
