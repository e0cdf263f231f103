// The schema is documented: implementations carry their interface's descriptions and at least 95% of
// types, fields, arguments, input fields and enum values have a description.
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { descriptionCoverage, inheritDescriptions, SCHEMA_FILE } from '../../src/tools/schemaDocs.ts';

const sdl = readFileSync(SCHEMA_FILE, 'utf8');

describe('schema descriptions', () => {
  it('implementations repeat their interface descriptions (npm run schema:docs leaves the file unchanged)', () => {
    expect(inheritDescriptions(sdl)).toBe(sdl);
  });

  it('describes at least 95% of the schema elements', () => {
    const { described, total, missing } = descriptionCoverage(sdl);
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
