// Structural validation from the REST contract: a wire value is checked against its contract schema
// with ajv (compiled once per schema), the contract's defaults are filled in, and ajv's errors become
// the service's causes, worded as the emulator words them (`path: is required`, `path: must be one
// of A, B`, ...). The per-type modules keep only the rules a schema cannot say (cross-field rules,
// references into the org, engine differences).
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { Check } from '../common/check.ts';
import { isObject } from '../../rest/contract/shared.ts';

// ajv-formats is CommonJS with a default export: the plugin function is its module object or its `.default`.
const addFormats = ((addFormatsPlugin as { default?: unknown }).default ?? addFormatsPlugin) as (a: Ajv2020) => void;
// `verbose` gives each error its schema and data, which the union handling below needs.
const ajv = new Ajv2020({ allErrors: true, useDefaults: true, verbose: true, strict: true });
addFormats(ajv);
const compiled = new WeakMap<TSchema, ValidateFunction>();

function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Compiles `schemas` now (at start-up) rather than on the first request that needs them. */
export function precompile(schemas: readonly TSchema[]): void {
  for (const schema of schemas) validatorOf(schema);
}

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
};

export interface ContractCheckOptions {
  /**
   * Optional objects, by path below the checked value (`a.b`), that stay absent when not sent even
   * though defaults would give them content (the service answers them only when they are sent).
   */
  keepAbsent?: readonly string[];
  /** Words a cause differently from the generic wording (e.g. a read-only member); `path` is the full path. */
  message?(path: string, error: ErrorObject): string | undefined;
}

/**
 * Checks `raw` (the member at `base`, e.g. `settings`) against `schema`. Returns a copy with the
 * contract's defaults filled in, or undefined when a cause was reported. As the service does, a
 * member sent as null where the contract does not allow null counts as absent, and an absent object
 * member is filled in when its defaults give it content (the service answers every defaulted member).
 */
export function checkContract<T>(
  schema: TSchema,
  raw: unknown,
  base: string,
  check: Check,
  options: ContractCheckOptions = {},
): T | undefined {
  const value = raw === undefined || raw === null ? {} : structuredClone(raw);
  const inserted = new Set<object>();
  prepare(schema as Schema, value, inserted, '', options.keepAbsent ?? []);
  const validate = validatorOf(schema);
  if (validate(value)) {
    dropEmptyInserted(value, inserted);
    return inSchemaOrder(schema as Schema, value) as T;
  }
  const errors = inMemberOrder(schema as Schema, validate.errors ?? []);
  for (const cause of causesOf(errors, base, options)) check.causes.push(cause);
  return undefined;
}

const memberObjects = new WeakMap<TObject, Map<string, TSchema>>();

/** `{ key: <its schema> }` out of `object` (a member's defaults and limits apply inside an object only). */
function memberObject(object: TObject, key: string): TSchema {
  const members = memberObjects.get(object) ?? new Map<string, TSchema>();
  memberObjects.set(object, members);
  const schema = members.get(key) ?? Type.Object({ [key]: object.properties[key] });
  members.set(key, schema);
  return schema;
}

/**
 * Checks one member `key` of `raw` (at `base`) against its schema in the contract's `object`: a body
 * read member by member, with the service's rules between members. Absent, or null where the
 * contract does not allow it, is undefined ("is required" when the object requires the member); an
 * allowed null is null.
 */
export function checkMember<T>(
  object: TObject,
  raw: Record<string, unknown>,
  key: string,
  base: string,
  check: Check,
  options: ContractCheckOptions = {},
): T | undefined {
  const value = raw[key];
  if (value === null && acceptsNull(object.properties[key] as Schema)) return null as T;
  if (value === undefined || value === null) {
    if (object.required?.includes(key)) check.fail(base ? `${base}.${key}` : key, 'is required');
    return undefined;
  }
  return checkContract<Record<string, T>>(memberObject(object, key), { [key]: value }, base, check, options)?.[key];
}

/** What `schema` gives a value sent empty: its defaults (the service's values for what is not sent). */
export function defaultsOf<T>(schema: TSchema): T {
  const check = new Check();
  const value = checkContract<T>(schema, undefined, '', check);
  if (value === undefined) throw new Error(`the contract's defaults do not fill ${check.causes.join('; ')}`);
  return value;
}

// ------------------------------------------------------------------ before validation

const acceptsNull = (s: Schema): boolean => s.type === 'null' || (s.anyOf ?? []).some(acceptsNull);

/** An object whose required members all have defaults: it can be made from nothing. */
function defaultable(s: Schema): boolean {
  if (s.type !== 'object' || !s.properties) return false;
  return (s.required ?? []).every((k) => s.properties![k]?.default !== undefined);
}

/** Drops null members that stand for "absent" and adds absent object members that defaults can fill. */
function prepare(s: Schema, value: unknown, inserted: Set<object>, path: string, keepAbsent: readonly string[]): void {
  if (s.anyOf) {
    for (const branch of s.anyOf) {
      if (branch.type === 'object' && isObject(value)) prepare(branch, value, inserted, path, keepAbsent);
    }
    return;
  }
  if (s.type === 'array' && s.items && Array.isArray(value)) {
    for (const item of value) prepare(s.items, item, inserted, path, keepAbsent);
    return;
  }
  if (s.type !== 'object' || !s.properties || !isObject(value)) return;
  for (const [key, member] of Object.entries(s.properties)) {
    const at = path ? `${path}.${key}` : key;
    if (value[key] === null && !acceptsNull(member)) delete value[key];
    const optional = !(s.required ?? []).includes(key);
    if (
      value[key] === undefined &&
      optional &&
      member.default === undefined &&
      defaultable(member) &&
      !keepAbsent.includes(at)
    ) {
      const created = {};
      inserted.add(created);
      value[key] = created;
    }
    prepare(member, value[key], inserted, at, keepAbsent);
  }
}

/** Removes the objects added before validation that no default filled (bottom-up). */
function dropEmptyInserted(value: unknown, inserted: Set<object>): void {
  if (Array.isArray(value)) for (const item of value) dropEmptyInserted(item, inserted);
  if (!isObject(value)) return;
  for (const [key, member] of Object.entries(value)) {
    dropEmptyInserted(member, inserted);
    if (isObject(member) && inserted.has(member) && Object.keys(member).length === 0) delete value[key];
  }
}

/** The value with each object's members in the order the contract lists them (as the service answers). */
function inSchemaOrder(s: Schema, value: unknown): unknown {
  if (s.anyOf) {
    const branch = s.anyOf.find((b) => b.type === 'object' && b.properties && isObject(value));
    return branch ? inSchemaOrder(branch, value) : value;
  }
  if (s.type === 'array' && s.items && Array.isArray(value)) return value.map((item) => inSchemaOrder(s.items!, item));
  if (s.type !== 'object' || !s.properties || !isObject(value)) return value;
  const ordered: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(s.properties)) {
    if (key in value) ordered[key] = inSchemaOrder(member, value[key]);
  }
  for (const key of Object.keys(value)) if (!(key in ordered)) ordered[key] = value[key];
  return ordered;
}

// ------------------------------------------------------------------ errors to causes

const unescaped = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The branch of `s` that describes `key` (a member name or an array index). */
function branchFor(s: Schema | undefined, key: string): Schema | undefined {
  if (!s?.anyOf) return s;
  const index = /^\d+$/.test(key);
  return s.anyOf.find((b) => (index ? b.type === 'array' : b.properties && key in b.properties));
}

/**
 * Where an error sits in the value, as positions: a member by its place in the contract's object, an
 * element by its index; unknown members come first and a missing member takes its own place.
 */
function positionOf(root: Schema, e: ErrorObject): number[] {
  const position: number[] = [];
  let s: Schema | undefined = root;
  for (const segment of e.instancePath.split('/').slice(1)) {
    const key = unescaped(segment);
    s = branchFor(s, key);
    if (s?.type === 'array') {
      position.push(Number(key));
      s = s.items;
    } else {
      position.push(Object.keys(s?.properties ?? {}).indexOf(key));
      s = s?.properties?.[key];
    }
  }
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') position.push(-1);
  if (e.keyword === 'required') {
    const missing = String(p.missingProperty);
    position.push(Object.keys(branchFor(s, missing)?.properties ?? {}).indexOf(missing));
  }
  return position;
}

function comparePositions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * ajv reports an object's missing members before the others; the service names problems member by
 * member in the contract's order (unknown members first), as a reader of the body meets them.
 */
function inMemberOrder(root: Schema, errors: ErrorObject[]): ErrorObject[] {
  const positions = new Map(errors.map((e) => [e, positionOf(root, e)]));
  return [...errors].sort((a, b) => comparePositions(positions.get(a)!, positions.get(b)!));
}

/** `/a/0/b` under `base` as the emulator writes paths: `base.a[0].b`. */
function pathOf(base: string, instancePath: string): string {
  let path = base;
  for (const segment of instancePath.split('/').slice(1)) {
    const key = unescaped(segment);
    path = /^\d+$/.test(key) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
  }
  return path;
}

const ARTICLE: Record<string, string> = { object: 'an object', array: 'an array', integer: 'an integer' };

function wording(e: ErrorObject): { at?: string; message: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { at: String(p.missingProperty), message: 'is required' };
    case 'additionalProperties':
      return { at: String(p.additionalProperty), message: 'is not a recognized property' };
    case 'type':
      // A null element stands for a missing one, as everywhere in the service.
      if (e.data === null) return { message: 'is required' };
      return { message: `must be ${ARTICLE[String(p.type)] ?? `a ${p.type}`}` };
    case 'enum':
      return { message: `must be one of ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { message: `must be one of ${p.allowedValue}` };
    case 'minimum':
      return { message: `must be at least ${p.limit}` };
    case 'maximum':
      return { message: `must be at most ${p.limit}` };
    case 'minItems':
      return { message: `must hold at least ${p.limit} element(s)` };
    case 'maxItems':
      return { message: `must hold at most ${p.limit} element(s)` };
    case 'minLength':
      return { message: p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long` };
    case 'maxLength':
      return { message: `must be at most ${p.limit} characters long` };
    case 'pattern':
      return { message: p.pattern === '\\S' ? 'must not be empty' : `must match ${p.pattern}` };
    default:
      return { message: e.message ?? 'is not valid' };
  }
}

const within = (e: ErrorObject, outer: ErrorObject) =>
  e.schemaPath.startsWith(`${outer.schemaPath}/`) &&
  (e.instancePath === outer.instancePath || e.instancePath.startsWith(`${outer.instancePath}/`));

/**
 * A union reports the errors of every member; the service names only what is wrong for the member
 * the value meant: the one its discriminator (a member every branch fixes with `const`) selects, or
 * else the one branch that is not null.
 */
function unionChoice(e: ErrorObject): { keep?: number; cause?: { at: string; message: string } } {
  const branches = (e.schema ?? []) as Schema[];
  const objects = branches.map((b, i) => ({ b, i })).filter(({ b }) => b.type === 'object' && b.properties);
  const key = Object.keys(objects[0]?.b.properties ?? {}).find((k) =>
    objects.every(({ b }) => b.properties?.[k]?.const !== undefined),
  );
  if (key && objects.length === branches.length) {
    if (e.data === null) return { cause: { at: '', message: 'is required' } };
    if (!isObject(e.data)) return { cause: { at: '', message: 'must be an object' } };
    const sent = e.data[key];
    if (sent === undefined) return { cause: { at: key, message: 'is required' } };
    const match = objects.find(({ b }) => b.properties?.[key]?.const === sent);
    if (match) return { keep: match.i };
    const values = objects.map(({ b }) => b.properties?.[key]?.const).join(', ');
    return { cause: { at: key, message: `must be one of ${values}` } };
  }
  const notNull = branches.findIndex((b) => b.type !== 'null');
  return { keep: Math.max(notNull, 0) };
}

function causesOf(errors: ErrorObject[], base: string, options: ContractCheckOptions): string[] {
  const dropped = new Set<ErrorObject>();
  const extra = new Map<ErrorObject, string>();
  // Outer unions first, so that a union inside a branch that is not kept is dropped with it.
  const unions = errors.filter((e) => e.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (dropped.has(union)) continue;
    dropped.add(union);
    const choice = unionChoice(union);
    const kept = `${union.schemaPath}/${choice.keep}/`;
    for (const e of errors) {
      if (within(e, union) && (choice.keep === undefined || !e.schemaPath.startsWith(kept))) dropped.add(e);
    }
    if (choice.cause) {
      const at = pathOf(base, union.instancePath);
      const path = choice.cause.at ? (at ? `${at}.${choice.cause.at}` : choice.cause.at) : at;
      extra.set(union, `${path}: ${choice.cause.message}`);
    }
  }
  // A value of the wrong type is named once, not also for the limits it misses.
  const mistyped = new Set(errors.filter((e) => e.keyword === 'type' && !dropped.has(e)).map((e) => e.instancePath));
  const causes: string[] = [];
  for (const e of errors) {
    if (e.keyword !== 'type' && e.keyword !== 'anyOf' && mistyped.has(e.instancePath)) continue;
    const replaced = extra.get(e);
    if (replaced) causes.push(replaced);
    if (dropped.has(e)) continue;
    const { at, message } = wording(e);
    const parent = pathOf(base, e.instancePath);
    const path = at === undefined ? parent : parent ? `${parent}.${at}` : at;
    causes.push(`${path}: ${options.message?.(path, e) ?? message}`);
  }
  return [...new Set(causes)];
}
