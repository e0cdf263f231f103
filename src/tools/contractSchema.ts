// The contract half of the GraphQL schema, generated from the TypeBox contract
// (packages/emulator/src/rest/contract/): the contract members of Policy, PolicyRule, UserType and
// the access simulation's answer, with every object type and enum they reach (settings, rule
// actions, conditions), written to src/generated/contract.graphql. It joins the hand-written half
// (schema.graphql: Query, Mutation, interfaces, payloads, connections, the gateway's own fields) into
// the whole schema, src/generated/schema.graphql, which the gateway serves and the package ships.
// Names, renames and the members GraphQL leaves out are in contractSchemaNames.ts.
//   npm run codegen    writes both files (then the resolver types)
//   npm run codegen:check  exits 1 when either is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mergeTypeDefs } from '@graphql-tools/merge';
import type { TSchema } from '@sinclair/typebox';
import { type DocumentNode, Kind, parse, print, type StringValueNode, visit } from 'graphql';
import {
  COMPONENT,
  POLICY_SCHEMAS,
  POLICY_TYPE_CONTRACTS,
  PolicyRuleSchema,
  PolicySchema,
  RULE_SCHEMAS,
  SimulationResponseSchema,
  UserTypeSchema,
} from 'policy-service-emulator/contract';
import { DESCRIPTIONS } from './contractSchemaDescriptions.ts';
import {
  ENUM_NAMES,
  enumValueName,
  FIELD_NAMES,
  FIELD_TYPES,
  FLATTENED,
  INPUT_FIELD_TYPES,
  isIdMember,
  OMITTED,
  OMITTED_COMPONENTS,
  OMITTED_MEMBERS,
  RENAMED,
  TYPE_NAMES,
  UPDATE_TWINS,
} from './contractSchemaNames.ts';

const file = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
export const HAND_WRITTEN_FILE = file('schema.graphql');
export const CONTRACT_FILE = file('src/generated/contract.graphql');
export const FULL_SCHEMA_FILE = file('src/generated/schema.graphql');

/** A contract schema as JSON Schema: what the generator reads of it. */
export interface Json {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Json;
  anyOf?: Json[];
  properties?: Record<string, Json>;
  required?: string[];
  description?: string;
}

/** A contract object and the GraphQL type that mirrors it. */
export interface Root {
  type: string;
  schema: Json;
  /** The GraphQL type (object or enum) of some of its members, named after the root. */
  members?: Record<string, string>;
}

/** The schema without its `null` branch, and whether it had one. */
export function withoutNull(schema: Json): { schema: Json; nullable: boolean } {
  const branches = schema.anyOf?.filter((b) => b.type !== 'null');
  if (!schema.anyOf || !branches) return { schema, nullable: false };
  const nullable = branches.length < schema.anyOf.length;
  if (branches.length === 1) return { schema: branches[0], nullable };
  return { schema: { anyOf: branches }, nullable };
}

/**
 * A union of objects as GraphQL writes it, one object with the members of every branch: a member is
 * required when every branch requires it, and the constants a discriminator takes become one enum.
 */
export function mergedObject(branches: Json[]): Json {
  const properties: Record<string, Json> = {};
  for (const branch of branches) {
    for (const [name, member] of Object.entries(branch.properties ?? {})) {
      const before = properties[name];
      properties[name] =
        before && before.const !== undefined && member.const !== undefined
          ? { type: 'string', enum: [before.const, member.const] }
          : before?.enum && member.const !== undefined
            ? { ...before, enum: [...before.enum, member.const] }
            : (before ?? member);
    }
  }
  const required = Object.keys(properties).filter((name) => branches.every((b) => b.required?.includes(name)));
  return { type: 'object', properties, required };
}

const pascal = (name: string) =>
  name
    .replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase())
    .replace(/^[a-z]/, (c) => c.toUpperCase());

const SCALARS: Record<string, string> = { integer: 'Int', number: 'Float', boolean: 'Boolean', string: 'String' };

/** One generated field: its GraphQL name, type and description. */
export interface Field {
  name: string;
  type: string;
  description?: string;
}

/** The generated object types, in the order they are reached, each with its fields. */
export class ContractTypes {
  readonly types = new Map<string, { fields: Field[]; schema: Json }>();
  /** The generated enums, each with its values in the order the contract first gives them. */
  readonly enums = new Map<string, string[]>();
  /** Every coordinate the tables name, to find table entries nothing uses. */
  readonly used = new Set<string>();
  /** Names the roots give their members, by coordinate. */
  private readonly given = new Map<string, string>();

  root({ type, schema, members = {} }: Root): void {
    for (const [member, name] of Object.entries(members)) this.given.set(`${type}.${member}`, name);
    this.object(type, schema);
  }

  object(name: string, schema: Json): void {
    const known = this.types.get(name);
    if (known) {
      if (known.schema !== schema && JSON.stringify(known.schema) !== JSON.stringify(schema)) {
        throw new Error(`${name} mirrors two different contract objects: name one of them in TYPE_NAMES`);
      }
      return;
    }
    const fields: Field[] = [];
    this.types.set(name, { fields, schema });
    const required = new Set(schema.required ?? []);
    for (const [member, wrapped] of Object.entries(schema.properties ?? {})) {
      const coordinate = `${name}.${member}`;
      if (OMITTED_MEMBERS.has(member) || this.uses(OMITTED, coordinate)) continue;
      if (OMITTED_COMPONENTS.has((wrapped as { [COMPONENT]?: string })[COMPONENT] ?? '')) continue;
      const memberSchema = this.uses(FLATTENED, coordinate)
        ? (wrapped.properties?.[FLATTENED[coordinate]] ?? wrapped)
        : wrapped;
      const fieldName = (this.uses(FIELD_NAMES, coordinate) ? FIELD_NAMES[coordinate] : RENAMED[member]) ?? member;
      const type = this.uses(FIELD_TYPES, coordinate)
        ? this.overridden(memberSchema, coordinate, member)
        : this.fieldType(memberSchema, required.has(member), coordinate, member);
      const description = memberSchema.description ?? DESCRIPTIONS[`${name}.${fieldName}`];
      fields.push({ name: fieldName, type, description });
    }
  }

  private uses(table: object, coordinate: string): boolean {
    if (!Object.hasOwn(table, coordinate)) return false;
    this.used.add(coordinate);
    return true;
  }

  /** The name a table gives the member at `coordinate`: its own entry, else its member name's (`*.member`). */
  private named(table: Record<string, string>, coordinate: string, member: string): string | undefined {
    const given = this.given.get(coordinate);
    if (given) return given;
    if (this.uses(table, coordinate)) return table[coordinate];
    if (this.uses(table, `*.${member}`)) return table[`*.${member}`];
    return undefined;
  }

  /**
   * A field whose GraphQL type the table gives: the nested object it names is still generated when
   * it is the one the contract member would have (only the list or null wrappers differ).
   */
  private overridden(member: Json, coordinate: string, memberName: string): string {
    const type = FIELD_TYPES[coordinate];
    let inner = withoutNull(member).schema;
    while (inner.type === 'array' && inner.items) inner = withoutNull(inner.items).schema;
    const objectLike = inner.type === 'object' || (inner.anyOf && !inner.anyOf.every((b) => b.const !== undefined));
    if (objectLike) {
      const name = this.named(TYPE_NAMES, coordinate, memberName) ?? pascal(memberName);
      if (type.replace(/[[\]!]/g, '') === name) this.object(name, inner.anyOf ? mergedObject(inner.anyOf) : inner);
    }
    return type;
  }

  /** Adds the values of one contract member to the enum `name` (several members may share one enum). */
  private enumValues(name: string, values: unknown[]): void {
    const known = this.enums.get(name) ?? [];
    for (const value of values) if (!known.includes(String(value))) known.push(String(value));
    this.enums.set(name, known);
  }

  private fieldType(member: Json, required: boolean, coordinate: string, memberName: string): string {
    const { schema, nullable } = withoutNull(member);
    const type = this.valueType(schema, coordinate, memberName);
    return required && !nullable ? `${type}!` : type;
  }

  private valueType(schema: Json, coordinate: string, memberName: string): string {
    if (schema.type === 'array' && schema.items) {
      return `[${this.fieldType(schema.items, true, coordinate, memberName)}]`;
    }
    const consts = schema.anyOf?.every((b) => b.const !== undefined);
    if (schema.enum || schema.const !== undefined || consts) {
      const name = this.named(ENUM_NAMES, coordinate, memberName);
      if (!name) throw new Error(`${coordinate}: name its enum in ENUM_NAMES (src/tools/contractSchemaNames.ts)`);
      this.enumValues(name, schema.enum ?? (consts ? schema.anyOf?.map((b) => b.const) : [schema.const]) ?? []);
      return name;
    }
    if (schema.type === 'object' || schema.anyOf) {
      const name = this.named(TYPE_NAMES, coordinate, memberName) ?? pascal(memberName);
      this.object(name, schema.anyOf ? mergedObject(schema.anyOf) : schema);
      return name;
    }
    if (schema.format === 'date-time') return 'DateTime';
    if (schema.type === 'string' && isIdMember(memberName)) return 'ID';
    return SCALARS[schema.type ?? ''] ?? 'JSON';
  }
}

/** The GraphQL type names of the policy and rule types, read from the hand-written half's `@restType`. */
function restTypeNames(hand: DocumentNode): { policy: Map<string, string>; rule: Map<string, string> } {
  const policy = new Map<string, string>();
  const rule = new Map<string, string>();
  for (const definition of hand.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    const restType = definition.directives?.find((d) => d.name.value === 'restType');
    for (const argument of restType?.arguments ?? []) {
      if (argument.value.kind !== Kind.ENUM) continue;
      (argument.name.value === 'policy' ? policy : rule).set(argument.value.value, definition.name.value);
    }
  }
  return { policy, rule };
}

/** What the generator reads of the contract (a test passes a copy with members added). */
export const CONTRACT = {
  POLICY_SCHEMAS,
  POLICY_TYPE_CONTRACTS,
  PolicyRuleSchema,
  PolicySchema,
  RULE_SCHEMAS,
  SimulationResponseSchema,
  UserTypeSchema,
};
export type Contract = typeof CONTRACT;

/** The contract objects the generator starts from, each with its GraphQL type. */
export function roots(hand: DocumentNode, contract: Contract = CONTRACT): Root[] {
  const { POLICY_SCHEMAS, POLICY_TYPE_CONTRACTS, PolicyRuleSchema, PolicySchema, RULE_SCHEMAS } = contract;
  const names = restTypeNames(hand);
  const named = (map: Map<string, string>, restType: string) => {
    const name = map.get(restType);
    if (!name) throw new Error(`schema.graphql has no type with @restType for ${restType}`);
    return name;
  };
  return [
    { type: 'Policy', schema: PolicySchema, members: { type: 'PolicyType' } },
    ...POLICY_TYPE_CONTRACTS.map((c) => {
      const type = named(names.policy, c.policyType);
      return {
        type,
        schema: POLICY_SCHEMAS[c.policyType] as TSchema,
        members: { type: 'PolicyType', settings: `${type}Settings` },
      };
    }),
    { type: 'PolicyRule', schema: PolicyRuleSchema, members: { type: 'PolicyRuleType' } },
    ...POLICY_TYPE_CONTRACTS.map((c) => {
      const type = named(names.rule, c.ruleType);
      return {
        type,
        schema: RULE_SCHEMAS[c.policyType] as TSchema,
        members: { type: 'PolicyRuleType', actions: `${type}Actions` },
      };
    }),
    { type: 'UserType', schema: contract.UserTypeSchema },
    { type: 'AccessSimulation', schema: contract.SimulationResponseSchema },
  ] as Root[];
}

const INTERFACES = new Set(['Policy', 'PolicyRule']);

/** One generated input type: its fields, and the output type it mirrors. */
interface InputType {
  name: string;
  mirrors: string;
  fields: Field[];
}

/** The input type names the hand half refers to (only input fields and arguments can name one). */
function inputNamesUsed(hand: DocumentNode): string[] {
  const names: string[] = [];
  visit(hand, {
    NamedType(node) {
      if (node.name.value.endsWith('Input')) names.push(node.name.value);
    },
  });
  return names;
}

/**
 * The input twins of the generated object types: `XInput` (members as in `X`, required where the
 * contract requires them) and `XUpdateInput` (every member optional, nested objects merged where
 * they have an update twin themselves), for each twin the hand half uses and does not define,
 * with every twin those reach.
 */
export function inputTwins(hand: DocumentNode, types: ContractTypes): InputType[] {
  const defined = new Set(hand.definitions.flatMap((d) => ('name' in d && d.name ? [d.name.value] : [])));
  const twins = new Map<string, InputType>();
  const queue = inputNamesUsed(hand).filter((name) => !defined.has(name));
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (twins.has(name) || defined.has(name)) continue;
    const update = name.endsWith('UpdateInput');
    const mirrors = name.slice(0, -(update ? 'UpdateInput' : 'Input').length);
    const output = types.types.get(mirrors);
    if (!output) throw new Error(`schema.graphql uses ${name}: no generated type ${mirrors} to mirror, so define it`);
    if (update && !UPDATE_TWINS.has(mirrors)) throw new Error(`${name}: name ${mirrors} in UPDATE_TWINS`);
    const fields = output.fields.map((field) => {
      const coordinate = `${name}.${field.name}`;
      const type = INPUT_FIELD_TYPES[coordinate] ?? inputType(field.type, update, types);
      for (const used of type.match(/\w+Input\b/g) ?? []) queue.push(used);
      return { name: field.name, type, description: DESCRIPTIONS[coordinate] ?? field.description };
    });
    twins.set(name, { name, mirrors, fields });
  }
  return [...twins.values()];
}

/** An output field's type as an input's: nested objects as their twins, optional throughout in an update. */
function inputType(type: string, update: boolean, types: ContractTypes): string {
  const named = type.replace(/[[\]!]/g, '');
  const twin = !types.types.has(named)
    ? named
    : update && UPDATE_TWINS.has(named)
      ? `${named}UpdateInput`
      : `${named}Input`;
  const renamed = type.replace(named, twin);
  return update ? renamed.replace(/!$/, '') : renamed;
}

function sdlString(text: string): string {
  return print({ kind: Kind.STRING, value: text, block: text.includes('\n') } as StringValueNode);
}

/** A type's description: the hand half's, else the generator's table. */
function typeDescription(hand: DocumentNode, name: string): string | undefined {
  const definition = hand.definitions.find((d) => 'name' in d && d.name?.value === name);
  const given = definition && 'description' in definition ? definition.description?.value : undefined;
  return given ?? DESCRIPTIONS[name];
}

/** The generated SDL: one definition per contract type, its description where the hand half has none. */
export function contractSdl(hand: DocumentNode, types: ContractTypes): string {
  const handTypes = new Set(hand.definitions.flatMap((d) => ('name' in d && d.name ? [d.name.value] : [])));
  const enums = [...types.enums].map(([name, values]) => {
    if (handTypes.has(name)) throw new Error(`schema.graphql defines ${name}: the contract's enums are generated`);
    const lines = values.map((value) => {
      const graphqlName = enumValueName(name, value);
      const description = DESCRIPTIONS[`${name}.${graphqlName}`];
      if (!description) throw new Error(`${name}.${graphqlName}: describe it in contractSchemaDescriptions.ts`);
      return `  ${sdlString(description)}\n  ${graphqlName}`;
    });
    const description = DESCRIPTIONS[name];
    return `${description ? `${sdlString(description)}\n` : ''}enum ${name} {\n${lines.join('\n')}\n}\n`;
  });
  const blocks = [...types.types].map(([name, { fields }]) => {
    const description = handTypes.has(name) ? undefined : DESCRIPTIONS[name];
    const lines = fields.map((f) => `${f.description ? `  ${sdlString(f.description)}\n` : ''}  ${f.name}: ${f.type}`);
    const kind = INTERFACES.has(name) ? 'interface' : 'type';
    return `${description ? `${sdlString(description)}\n` : ''}${kind} ${name} {\n${lines.join('\n')}\n}\n`;
  });
  const inputs = inputTwins(hand, types).map(({ name, mirrors, fields }) => {
    const description = DESCRIPTIONS[name] ?? typeDescription(hand, mirrors);
    const lines = fields.map((f) => `${f.description ? `  ${sdlString(f.description)}\n` : ''}  ${f.name}: ${f.type}`);
    return `${description ? `${sdlString(description)}\n` : ''}input ${name} {\n${lines.join('\n')}\n}\n`;
  });
  return `${HEADER}\n${[...blocks, ...enums, ...inputs].join('\n')}`;
}

const HEADER = [
  '# Generated by `npm run codegen` from the REST contract (src/tools/contractSchema.ts): do not edit.',
  '# The contract members of the types below, and the enums they reach; schema.graphql holds the rest.',
].join('\n');

const FULL_HEADER = [
  '# The whole schema, generated by `npm run codegen`: schema.graphql (written by hand) joined with',
  '# src/generated/contract.graphql (generated from the REST contract). Do not edit.',
].join('\n');

/** Both halves in one document, the generated fields of a type first. */
export function joinedSdl(handSdl: string, generatedSdl: string): string {
  const merged = mergeTypeDefs([parse(generatedSdl), parse(handSdl)], {
    sort: false,
    throwOnConflict: true,
    reverseDirectives: false,
    useSchemaDefinition: true,
  });
  return `${FULL_HEADER}\n\n${print(merged)}\n`;
}

/** What `npm run codegen` writes, from the hand-written half's text. */
export function generate(
  handSdl: string,
  from: Contract = CONTRACT,
): { contract: string; full: string; unused: string[] } {
  const hand = parse(handSdl);
  const types = new ContractTypes();
  for (const root of roots(hand, from)) types.root(root);
  const contract = contractSdl(hand, types);
  const tables = [OMITTED, FIELD_TYPES, ENUM_NAMES, TYPE_NAMES, FLATTENED, FIELD_NAMES];
  const unused = tables.flatMap((t) => Object.keys(t)).filter((k) => !types.used.has(k));
  return { contract, full: joinedSdl(handSdl, contract), unused };
}

const readOrNothing = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** The generated files, each with the text `npm run codegen` writes there. */
export function generatedFiles(from: Contract = CONTRACT): { path: string; text: string }[] {
  const { contract, full, unused } = generate(readFileSync(HAND_WRITTEN_FILE, 'utf8'), from);
  if (unused.length > 0)
    throw new Error(`src/tools/contractSchemaNames.ts: entries nothing uses: ${unused.join(', ')}`);
  return [
    { path: CONTRACT_FILE, text: contract },
    { path: FULL_SCHEMA_FILE, text: full },
  ];
}

/** The generated files that differ from what `npm run codegen` writes (project-relative). */
export function staleFiles(from: Contract = CONTRACT): string[] {
  return generatedFiles(from)
    .filter(({ path, text }) => readOrNothing(path) !== text)
    .map(({ path }) => path.slice(file('').length));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    for (const path of stale) console.error(`${path} is stale: run npm run codegen`);
    if (stale.length > 0) process.exit(1);
  } else {
    for (const { path, text } of generatedFiles()) if (readOrNothing(path) !== text) writeFileSync(path, text);
  }
}
