// The schema is documented: implementations carry their interface's descriptions and at least 95% of
// types, fields, arguments, input fields and enum values have a description.
import { readFileSync } from 'node:fs';
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

  it('marks the deprecated list-applications operation with @deprecated', () => {
    const fields = sdl.match(/^ {2}applications: \[Application!\]\n {4}@deprecated\(reason: "[^"]+"\)$/gm) ?? [];
    expect(fields).toHaveLength(sdl.match(/^ {2}applications:/gm)?.length ?? -1);
    expect(fields.length).toBeGreaterThan(0);
  });
});
