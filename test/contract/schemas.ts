// Checks JSON against the REST contract's schemas with ajv (JSON Schema 2020-12, as OpenAPI 3.1).
// Shared by the contract tests and the contract suite (`npm run contract`), which runs outside vitest.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Components } from 'policy-service-emulator/contract';

// ajv-formats is CommonJS with a default export: the plugin function is its module object or its `.default`.
const addFormats = ((addFormatsPlugin as { default?: unknown }).default ?? addFormatsPlugin) as (a: Ajv2020) => void;
const ajv = new Ajv2020({ allErrors: true, strict: true, inlineRefs: false });
addFormats(ajv);
// Named components are compiled once, as schemas of their own that others refer to by id: inlined,
// the schemas of a policy of any type take seconds to compile.
const components = new Components((name) => `urn:rest-contract:${name}`);
const compiled = new WeakMap<TSchema, ValidateFunction>();

function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate) return validate;
  const json = components.toJson(schema) as object;
  for (const [name, definition] of components.schemas) {
    const id = components.refOf(name);
    if (!ajv.getSchema(id)) ajv.addSchema(definition as object, id);
  }
  validate = ajv.compile(json);
  compiled.set(schema, validate);
  return validate;
}

/**
 * A body as the service reads it: the contract's defaults filled in where members are missing
 * (TypeBox picks the member of a union the defaulted body fits). The body itself is not changed.
 */
export function withDefaults(schema: TSchema, body: unknown): unknown {
  return Value.Default(schema, structuredClone(body));
}

/** The ajv errors of `value` against `schema` (empty when it conforms). */
export function schemaErrors(schema: TSchema, value: unknown): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}
