// The typed frontend client of examples/client: it type-checks on its own (tsc with the folder's
// browser settings), its generated possibleTypes match the schema, and it works against the emulator.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isAbstractType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Execute, GraphQLRequestError } from '../../examples/client/src/client.ts';
import { createUserType, passwordPolicies, rulesAllowingReset } from '../../examples/client/src/policies.ts';
import generated from '../../examples/client/src/gql/possibleTypes.ts';
import { buildSchema } from '../../src/gateway/schema.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';

const CLIENT_DIR = fileURLToPath(new URL('../../examples/client/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// Incremental: a re-run with nothing changed skips the work (the build info is a cache, not an output).
const BUILD_INFO = fileURLToPath(new URL('../../node_modules/.cache/examples-client.tsbuildinfo', import.meta.url));

let stack: TestStack;
let execute: Execute;

beforeAll(async () => {
  stack = await startTestStack();
  execute = createClient({ endpoint: `${stack.url}/graphql`, authorization: `SSWS ${TOKEN}` });
});
afterAll(async () => {
  await stack?.close();
});

describe('examples/client', () => {
  it('type-checks with its own tsconfig, the expected type errors included', async () => {
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [TSC, '-p', CLIENT_DIR, '--incremental', '--tsBuildInfoFile', BUILD_INFO],
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it('has the possibleTypes of every interface and union of the schema', () => {
    const schema = buildSchema();
    const expected = Object.fromEntries(
      Object.values(schema.getTypeMap())
        .filter(isAbstractType)
        .map((type) => [
          type.name,
          schema
            .getPossibleTypes(type)
            .map((t) => t.name)
            .sort(),
        ]),
    );
    expect(generated.possibleTypes).toEqual(expected);
  });

  it('reads policies with typed fields: the DateTime scalar, and settings narrowed by __typename', async () => {
    const policies = await passwordPolicies(execute);
    expect(policies.length).toBeGreaterThan(0);
    const [first] = policies;
    expect(first.lastUpdated).toBeInstanceOf(Date);
    expect(Number.isNaN(first.lastUpdated!.getTime())).toBe(false);
    expect(first.minLength).toEqual(expect.any(Number));
    // The default password policy's default rule allows self-service password reset.
    expect(await rulesAllowingReset(execute, first.id)).toEqual(['Default Rule']);
  });

  it('creates, and reports a refusal as field messages', async () => {
    const created = await createUserType(execute, 'partner', 'Partner');
    expect(created).toEqual({ id: expect.any(String), created: expect.any(Date) });
    const duplicate = await createUserType(execute, 'partner', 'Partner again');
    expect(duplicate).toEqual({ errors: [expect.stringMatching(/^input\.name: /)] });
  });

  it('throws GraphQL errors with their codes', async () => {
    const anonymous = createClient({ endpoint: `${stack.url}/graphql`, authorization: 'SSWS wrong-token' });
    const error = await passwordPolicies(anonymous).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).errors[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
