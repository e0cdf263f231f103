// Schema documentation tooling. Implementations repeat their interface's descriptions (GraphiQL
// shows a field's own description only), generated here rather than copied by hand, and the share of
// described schema elements is counted for the coverage test.
//   npm run schema:docs           writes the inherited descriptions into schema.graphql
//   npm run schema:docs -- --check  exits 1 when schema.graphql lacks some
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type DefinitionNode,
  type FieldDefinitionNode,
  type InterfaceTypeDefinitionNode,
  Kind,
  type ObjectTypeDefinitionNode,
  parse,
} from 'graphql';

type Composite = ObjectTypeDefinitionNode | InterfaceTypeDefinitionNode;

interface Insertion {
  offset: number;
  text: string;
}

const isComposite = (d: DefinitionNode): d is Composite =>
  d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.INTERFACE_TYPE_DEFINITION;

/** The SDL with every undescribed field and argument of an implementation given its interface's description. */
export function inheritDescriptions(sdl: string): string {
  const doc = parse(sdl);
  const composites = new Map(doc.definitions.filter(isComposite).map((d) => [d.name.value, d]));
  const insertions: Insertion[] = [];
  for (const type of composites.values()) {
    for (const field of type.fields ?? []) {
      const inherited = interfaceFields(type, field.name.value, composites);
      if (!field.description) {
        const description = inherited.find((f) => f.description)?.description?.value;
        if (description) insertions.push(fieldDescription(sdl, field, description));
      }
      for (const arg of field.arguments ?? []) {
        if (arg.description) continue;
        const description = inherited
          .flatMap((f) => f.arguments ?? [])
          .find((a) => a.name.value === arg.name.value && a.description)?.description?.value;
        if (description) insertions.push({ offset: arg.loc!.start, text: `${JSON.stringify(description)} ` });
      }
    }
  }
  let out = sdl;
  for (const { offset, text } of insertions.sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, offset) + text + out.slice(offset);
  }
  return out;
}

/** The same-named fields of every interface `type` implements, nearest first. */
function interfaceFields(type: Composite, name: string, composites: Map<string, Composite>): FieldDefinitionNode[] {
  const found: FieldDefinitionNode[] = [];
  for (const iface of type.interfaces ?? []) {
    const def = composites.get(iface.name.value);
    const field = def?.fields?.find((f) => f.name.value === name);
    if (field) found.push(field);
    if (def) found.push(...interfaceFields(def, name, composites));
  }
  return found;
}

/** A description line (or block) placed above the field, at the field's indentation. */
function fieldDescription(sdl: string, field: FieldDefinitionNode, description: string): Insertion {
  const lineStart = sdl.lastIndexOf('\n', field.loc!.start) + 1;
  const indent = sdl.slice(lineStart, field.loc!.start);
  const text = description.includes('\n')
    ? `${indent}"""\n${description
        .split('\n')
        .map((l) => (l ? indent + l : l))
        .join('\n')}\n${indent}"""\n`
    : `${indent}${JSON.stringify(description)}\n`;
  return { offset: lineStart, text };
}

export interface DescriptionCoverage {
  described: number;
  total: number;
  /** Schema coordinates (`Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`) without a description. */
  missing: string[];
}

/** Counts types, fields, arguments, input fields and enum values that carry a description. */
export function descriptionCoverage(sdl: string): DescriptionCoverage {
  const missing: string[] = [];
  let total = 0;
  const count = (coordinate: string, described: boolean) => {
    total++;
    if (!described) missing.push(coordinate);
  };
  for (const def of parse(sdl).definitions) {
    if (!('name' in def) || !def.name || !('description' in def)) continue;
    const name = def.name.value;
    count(name, Boolean(def.description));
    if ('fields' in def) {
      for (const field of def.fields ?? []) {
        count(`${name}.${field.name.value}`, Boolean(field.description));
        const args = 'arguments' in field ? (field.arguments ?? []) : [];
        for (const arg of args) count(`${name}.${field.name.value}(${arg.name.value}:)`, Boolean(arg.description));
      }
    }
    if ('values' in def) for (const v of def.values ?? []) count(`${name}.${v.name.value}`, Boolean(v.description));
  }
  return { described: total - missing.length, total, missing };
}

export const SCHEMA_FILE = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

function main(argv: string[]): void {
  const sdl = readFileSync(SCHEMA_FILE, 'utf8');
  const inherited = inheritDescriptions(sdl);
  const coverage = descriptionCoverage(inherited);
  const share = ((coverage.described / coverage.total) * 100).toFixed(1);
  if (argv.includes('--check')) {
    if (inherited !== sdl) {
      console.error('schema.graphql: implementations lack their interface descriptions; run npm run schema:docs');
      process.exit(1);
    }
  } else if (inherited !== sdl) writeFileSync(SCHEMA_FILE, inherited);
  console.log(`schema descriptions: ${coverage.described}/${coverage.total} (${share}%)`);
  if (argv.includes('--missing')) for (const m of coverage.missing) console.log(`  ${m}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
