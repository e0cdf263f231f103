// Helpers shared by the schema and resolver tests: assertions that give the GraphQL errors when
// they fail, the fixture's ids, and the default policies' ids.
import { expect } from 'vitest';
import type { GqlResult, TestStack } from '../helpers/gateway.ts';
import { defaultPolicyOf } from '../helpers/emulator.ts';

/** The data of a result that must have no errors. */
export function dataOf<T>(result: GqlResult<T>): T {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  expect(result.data).toBeDefined();
  return result.data as T;
}

/** Sends an operation that must succeed and returns its data. */
export async function ok<T = any>(stack: TestStack, query: string, variables?: Record<string, unknown>): Promise<T> {
  return dataOf(await stack.gql<T>(query, variables));
}

/** Runs a mutation field that must succeed (no errors, no userErrors) and returns its payload. */
export async function mutate<T = any>(
  stack: TestStack,
  field: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const data = await ok<Record<string, any>>(stack, query, variables);
  const payload = data[field];
  expect(payload.userErrors, JSON.stringify(payload.userErrors)).toEqual([]);
  return payload as T;
}

export const FIXTURE = {
  engineering: '00g1engineering',
  sales: '00g2sales',
  alice: '00u1alice',
  bob: '00u2bob',
  dave: '00u4dave',
  contractorType: 'oty1contractor',
  office: 'nzo1office',
  vpn: 'nzo2vpn',
  portal: '0oa1portal',
  crm: '0oa2crm',
} as const;

/** The id of the default (system) policy of a type. */
export async function defaultPolicyId(stack: TestStack, type: string): Promise<string> {
  const found = await defaultPolicyOf(stack.emulator, type);
  if (!found) throw new Error(`no default ${type} policy`);
  return found.id;
}
