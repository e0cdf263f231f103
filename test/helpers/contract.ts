// Checks JSON against the REST contract's schemas with ajv (JSON Schema 2020-12, as OpenAPI 3.1),
// and calls the emulator by operation name, checking the status and body each answer has against
// what the contract declares for that operation.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { expect } from 'vitest';
import { Components, ERROR_RESPONSE, OPERATIONS, type OperationName } from 'policy-service-emulator/contract';
import { fillPath } from '../../src/upstream/routes.ts';
import type { RestResponse, TestEmulator } from './emulator.ts';

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

export function expectConforms(schema: TSchema, value: unknown, what: string): void {
  expect(schemaErrors(schema, value), `${what}: ${JSON.stringify(value)}`).toEqual([]);
}

/**
 * Sends one operation of the contract to the emulator (path parameters filled in the contract's
 * template) and checks the answer: the operation's success status and body schema, or on failure
 * the contract's error body; a body sent where success is expected must conform to the operation's
 * request schema. Returns the answer for further assertions.
 */
export async function callOperation(
  emu: TestEmulator,
  name: OperationName,
  o: { params?: Record<string, string>; query?: string; body?: unknown; expectStatus?: number } = {},
): Promise<RestResponse> {
  const op = OPERATIONS[name];
  const path = fillPath(op.path, o.params) + (o.query ? `?${o.query}` : '');
  const expected = o.expectStatus ?? op.success.status;
  // A body the emulator accepts must be one the contract describes (the reverse is the validators' part).
  if (expected < 400 && 'body' in op) expectConforms(op.body, withDefaults(op.body, o.body), `${name} request body`);
  const res = await emu.call(op.method, path, o.body);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(expected);
  if (res.status >= 400) expectConforms(ERROR_RESPONSE, res.body, `${name} error body`);
  else if ('schema' in op.success) expectConforms(op.success.schema, res.body, `${name} answer`);
  else expect(res.body, `${name} answers no body`).toBeUndefined();
  return res;
}
