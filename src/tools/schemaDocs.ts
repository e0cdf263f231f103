// Schema documentation tooling. Implementations repeat their interface's descriptions (GraphiQL
// shows a field's own description only), generated here rather than copied by hand, and the share of
// described schema elements is counted for the coverage test. A field of the Policy or PolicyRule
// interface is written once, in the interface: this tool copies it into each implementation (the
// object types with `@restType`), and `interfaceDrift` finds an implementation whose copy differs.
//   npm run schema:docs           writes the inherited fields and descriptions into schema.graphql
//   npm run schema:docs -- --check  exits 1 when schema.graphql lacks some or a copy differs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONTRACT_FILE, FULL_SCHEMA_FILE } from './contractSchema.ts';
import {
  type DefinitionNode,
  type FieldDefinitionNode,
  type InterfaceTypeDefinitionNode,
  Kind,
  type ObjectTypeDefinitionNode,
  parse,
  print,
  type TypeNode,
} from 'graphql';

type Composite = ObjectTypeDefinitionNode | InterfaceTypeDefinitionNode;

interface Insertion {
  offset: number;
  text: string;
}

/** Interface directives that hold for every implementation without being repeated (see `@upstream`). */
const INHERITED_DIRECTIVES = new Set(['upstream']);

const isComposite = (d: DefinitionNode): d is Composite =>
  d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.INTERFACE_TYPE_DEFINITION;

/** The object and interface types of the SDL by name. */
const compositesOf = (sdl: string) =>
  new Map(
    parse(sdl)
      .definitions.filter(isComposite)
      .map((d) => [d.name.value, d]),
  );

/**
 * The SDL with every undescribed field and argument of an implementation given its interface's
 * description, and every interface field a `@restType` implementation lacks copied into it.
 */
export function inheritDescriptions(sdl: string, provided: Provided = new Map()): string {
  const composites = compositesOf(sdl);
  const insertions: Insertion[] = [];
  for (const type of composites.values()) {
    if (isRestType(type)) insertions.push(...missingFields(sdl, type, composites, provided));
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
  // From the end, so that offsets stay valid; fields inserted at one offset keep their order.
  const ordered = insertions.map((insertion, index) => ({ ...insertion, index }));
  for (const { offset, text } of ordered.sort((a, b) => b.offset - a.offset || b.index - a.index)) {
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

const isRestType = (type: Composite) =>
  type.kind === Kind.OBJECT_TYPE_DEFINITION && Boolean(type.directives?.some((d) => d.name.value === 'restType'));

/** Each field of the interfaces `type` implements, from the nearest interface that declares it, in order. */
function inheritedFields(
  type: Composite,
  composites: Map<string, Composite>,
): Map<string, [string, FieldDefinitionNode]> {
  const fields = new Map<string, [string, FieldDefinitionNode]>();
  for (const iface of type.interfaces ?? []) {
    const def = composites.get(iface.name.value);
    if (!def) continue;
    for (const field of def.fields ?? []) {
      if (!fields.has(field.name.value)) fields.set(field.name.value, [def.name.value, field]);
    }
    for (const [name, entry] of inheritedFields(def, composites)) if (!fields.has(name)) fields.set(name, entry);
  }
  return fields;
}

/**
 * The fields of each type that the generated contract half gives (src/generated/contract.graphql):
 * an implementation has them without schema.graphql repeating them.
 */
export type Provided = ReadonlyMap<string, ReadonlySet<string>>;

/** The fields each type of an SDL text declares. */
export function fieldsOf(sdl: string): Provided {
  return new Map([...compositesOf(sdl)].map(([name, type]) => [name, new Set(type.fields?.map((f) => f.name.value))]));
}

/** The interface's text of each field `type` lacks, after the field that precedes it in the interface. */
function missingFields(
  sdl: string,
  type: Composite,
  composites: Map<string, Composite>,
  provided: Provided,
): Insertion[] {
  const own = new Map((type.fields ?? []).map((f) => [f.name.value, f]));
  const given = provided.get(type.name.value);
  const first = type.fields?.[0];
  if (!first) return [];
  const lineStart = sdl.lastIndexOf('\n', first.loc!.start) + 1;
  const indent = sdl.slice(lineStart, first.loc!.start);
  const insertions: Insertion[] = [];
  let previous: FieldDefinitionNode | undefined;
  for (const [name, [, field]] of inheritedFields(type, composites)) {
    if (given?.has(name)) continue;
    const present = own.get(name);
    if (present) {
      previous = present;
      continue;
    }
    const text = withoutInheritedDirectives(sdl, field);
    insertions.push(
      previous
        ? { offset: previous.loc!.end, text: `\n${indent}${text}` }
        : { offset: lineStart, text: `${indent}${text}\n` },
    );
  }
  return insertions;
}

/** A field's source text (description included) without the directives implementations do not repeat. */
function withoutInheritedDirectives(sdl: string, field: FieldDefinitionNode): string {
  const start = field.loc!.start;
  let text = sdl.slice(start, field.loc!.end);
  const inherited = (field.directives ?? []).filter((d) => INHERITED_DIRECTIVES.has(d.name.value));
  for (const directive of inherited.reverse()) {
    text = text.slice(0, directive.loc!.start - start).trimEnd() + text.slice(directive.loc!.end - start);
  }
  return text;
}

/**
 * Where a `@restType` implementation's field differs from its interface's: the description, the
 * arguments, the directives (but those every implementation inherits) or the type (an
 * implementation may narrow it to an implementation of the interface's type, nothing else).
 */
export function interfaceDrift(sdl: string, provided: Provided = new Map()): string[] {
  const composites = compositesOf(sdl);
  const problems: string[] = [];
  for (const type of composites.values()) {
    if (!isRestType(type)) continue;
    const fields = new Map((type.fields ?? []).map((f) => [f.name.value, f]));
    for (const [name, [iface, expected]] of inheritedFields(type, composites)) {
      if (provided.get(type.name.value)?.has(name)) continue;
      const field = fields.get(name);
      const at = `${type.name.value}.${name} (from ${iface}.${name})`;
      if (!field) {
        problems.push(`${at} is missing: run npm run schema:docs`);
        continue;
      }
      if (field.description?.value !== expected.description?.value) {
        problems.push(`${at}: the description differs; describe the field in ${iface} only`);
      }
      const args = (f: FieldDefinitionNode) =>
        (f.arguments ?? []).map((a) => print(a).replace(/\s*\n\s*/g, ' ')).join(', ');
      if (args(field) !== args(expected))
        problems.push(`${at}: the arguments differ: (${args(field)}) vs (${args(expected)})`);
      // The implementation's own directives against the interface's, but those it inherits.
      const own = printDirectives(field, false);
      const inherited = printDirectives(expected, true);
      if (own !== inherited) problems.push(`${at}: the directives differ: "${own}" vs "${inherited}"`);
      if (!narrows(field.type, expected.type, composites)) {
        problems.push(`${at}: the type ${print(field.type)} is not ${print(expected.type)} or an implementation of it`);
      }
    }
  }
  return problems;
}

function printDirectives(field: FieldDefinitionNode, withoutInherited: boolean): string {
  return (field.directives ?? [])
    .filter((d) => !(withoutInherited && INHERITED_DIRECTIVES.has(d.name.value)))
    .map((d) => print(d))
    .join(' ');
}

/** `type` is `expected`, or the same lists and non-nulls of a type that implements `expected`'s type. */
function narrows(type: TypeNode, expected: TypeNode, composites: Map<string, Composite>): boolean {
  if (type.kind !== expected.kind) return false;
  if (type.kind !== Kind.NAMED_TYPE || expected.kind !== Kind.NAMED_TYPE) {
    return narrows((type as { type: TypeNode }).type, (expected as { type: TypeNode }).type, composites);
  }
  return (
    type.name.value === expected.name.value || implementsInterface(type.name.value, expected.name.value, composites)
  );
}

function implementsInterface(name: string, iface: string, composites: Map<string, Composite>): boolean {
  const interfaces = composites.get(name)?.interfaces ?? [];
  return interfaces.some((i) => i.name.value === iface || implementsInterface(i.name.value, iface, composites));
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
  const contract = readFileSync(CONTRACT_FILE, 'utf8');
  const provided = fieldsOf(contract);
  const inherited = inheritDescriptions(sdl, provided);
  const coverage = descriptionCoverage(readFileSync(FULL_SCHEMA_FILE, 'utf8'));
  const share = ((coverage.described / coverage.total) * 100).toFixed(1);
  const drift = interfaceDrift(inherited, provided);
  for (const problem of drift) console.error(`schema.graphql: ${problem}`);
  if (argv.includes('--check')) {
    if (inherited !== sdl) {
      console.error(
        'schema.graphql: implementations lack their interface fields or descriptions; run npm run schema:docs',
      );
    }
    if (inherited !== sdl || drift.length > 0) process.exit(1);
  } else if (inherited !== sdl) writeFileSync(SCHEMA_FILE, inherited);
  if (drift.length > 0) process.exitCode = 1;
  console.log(`schema descriptions: ${coverage.described}/${coverage.total} (${share}%)`);
  if (argv.includes('--missing')) for (const m of coverage.missing) console.log(`  ${m}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
