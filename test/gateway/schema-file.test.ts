// The served schema is schema.graphql: introspection (descriptions included) prints the same SDL as
// the file, and GET /schema.graphql serves the file itself, compressed and cacheable.
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  buildSchema,
  GraphQLSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  printSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_FILE_PATH } from '../../src/gateway/plugins/schemaFile.ts';
import { SCHEMA_PATH } from '../../src/gateway/schema.ts';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';

const FILE = readFileSync(SCHEMA_PATH, 'utf8');
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('the served schema', () => {
  it('introspects to exactly schema.graphql, descriptions, deprecations and @oneOf included', async () => {
    const res = await stack.gql<IntrospectionQuery>(
      getIntrospectionQuery({
        descriptions: true,
        schemaDescription: true,
        specifiedByUrl: true,
        inputValueDeprecation: true,
        oneOf: true,
      }),
      undefined,
      { auth: null },
    );
    expect(res.errors).toBeUndefined();
    const introspected = buildClientSchema(res.data!);
    // Besides the file's: @defer and @stream, which the defer-stream plugin adds (docs/api.md).
    const added = ['defer', 'stream'];
    expect(added.map((name) => introspected.getDirective(name)?.name)).toEqual(added);
    const served = printSchema(
      new GraphQLSchema({
        ...introspected.toConfig(),
        directives: introspected.getDirectives().filter((d) => !added.includes(d.name)),
      }),
    );
    expect(served).toBe(printSchema(buildSchema(FILE)));
    expect(served).toContain('An ISO 8601 UTC timestamp with milliseconds, e.g.'); // the file's words, not code's
  });
});

describe('GET /schema.graphql', () => {
  it('serves the file as text, cacheable with an ETag', async () => {
    const res = await fetch(stack.url + SCHEMA_FILE_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toBe(FILE);

    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(stack.url + SCHEMA_FILE_PATH, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('is compressed for a client that accepts it', async () => {
    const res = await fetch(stack.url + SCHEMA_FILE_PATH, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(FILE) / 3);
    expect(await res.text()).toBe(FILE); // fetch decodes it
  });
});
