// Checks JSON against the REST contract's schemas with ajv (JSON Schema 2020-12, as OpenAPI 3.1),
// and calls the emulator by operation name, checking the status and body each answer has against
// what the contract declares for that operation.
import type { TSchema } from '@sinclair/typebox';
import { expect } from 'vitest';
import { ERROR_RESPONSE, OPERATIONS, type OperationName } from 'policy-service-emulator/contract';
import { fillPath } from '../../src/upstream/routes.ts';
import { schemaErrors, withDefaults } from '../contract/schemas.ts';
import type { RestResponse, TestEmulator } from './emulator.ts';

export { schemaErrors, withDefaults };

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
