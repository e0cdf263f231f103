// Query cost decided before any upstream call: the static limits (tokens, depth, aliases,
// directives) and the cost estimate (upstream calls, result size) refuse an operation with a coded
// error and without a single upstream request, whatever the token, while the gateway keeps
// answering others.
import { buildSchema, getOperationAST, isInterfaceType, isObjectType, Kind, parse } from 'graphql';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateCost, hasUpstreamDirective } from '../../src/gateway/costEstimate.ts';
import { resolvers } from '../../src/gateway/resolvers/index.ts';
import { createGateway } from '../../src/gateway/server.ts';
import { silentLogger } from '../helpers/logs.ts';
import { countFromNow, type RequestCounts } from '../helpers/emulator.ts';
import { startTestStack, type TestStack, gatewaySchema } from '../helpers/gateway.ts';
import { type GqlResult, postGraphql } from '../helpers/graphqlClient.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});
let requests: () => RequestCounts;
beforeEach(async () => {
  await stack.emulator.reset();
  requests = countFromNow(stack.emulator);
});

const JUNK = 'SSWS junk-token';

/** Posts a document and returns the HTTP status with the parsed answer. */
const post = (query: string, auth = 'SSWS test-token') =>
  postGraphql<GqlResult>(`${stack.url}/graphql`, query, {
    auth,
    headers: { accept: 'application/graphql-response+json' },
  });

function codes(body: { errors?: { extensions?: { code?: string } }[] }): string[] {
  return (body.errors ?? []).map((e) => e.extensions?.code ?? '');
}

/** The issue's fragment bomb: 10 aliases of `rules` per level through `policy`, six levels. */
function fragmentBomb(): string {
  const aliases = (inner: string) => Array.from({ length: 10 }, (_, i) => `r${i}: rules { ${inner} }`).join(' ');
  const fragments = [1, 2, 3, 4, 5].map(
    (level) => `fragment L${level} on Policy { ${aliases(`policy { ...L${level + 1} }`)} }`,
  );
  fragments.push(`fragment L6 on Policy { ${aliases('id name status priority')} }`);
  return `query Bomb { policies(type: PASSWORD) { nodes { ...L1 } } } ${fragments.join(' ')}`;
}

function policyAliases(count: number): string {
  return `{ ${Array.from({ length: count }, (_, i) => `p${i}: policy(id: "00p${i}") { id }`).join(' ')} }`;
}

describe('static limits', () => {
  it('refuses the fragment bomb before any upstream call, and keeps answering others', async () => {
    const bomb = await post(fragmentBomb());
    expect(bomb.body.data).toBeUndefined();
    expect(codes(bomb.body)).toContain('QUERY_LIMIT_EXCEEDED');
    const limits = bomb.body.errors?.map((e) => e.extensions.limit);
    // The cost is decided after validation (it needs the variables): validation has refused it already.
    expect(limits).toEqual(expect.arrayContaining(['depth', 'aliases']));
    expect(requests().total).toBe(0);

    const other = await post('{ policies(type: PASSWORD) { nodes { name } } }');
    expect(other.body.errors).toBeUndefined();
    expect(requests().total).toBe(1);
  });

  it('refuses 5,000 policy aliases with a valid or a junk token, before any upstream call', async () => {
    const query = policyAliases(5_000);
    for (const auth of ['SSWS test-token', JUNK]) {
      const { status, body } = await post(query, auth);
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        expect.objectContaining({ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'tokens', max: 5000 } }),
      ]);
    }
    // With the token and alias limits lifted, the upstream-call estimate still refuses it.
    const lifted = createGateway({
      schema: gatewaySchema(),
      upstream: stack.upstream,
      queryLimits: { tokens: 1_000_000, aliases: 1_000_000 },
      logger: silentLogger(),
    });
    const { body } = await postGraphql('http://gateway/graphql', query, { auth: JUNK, fetch: lifted.fetch });
    expect(body.errors).toEqual([
      expect.objectContaining({
        extensions: { code: 'COST_LIMIT_EXCEEDED', measure: 'calls', estimate: 5000, limit: 250 },
      }),
    ]);
    expect(requests().total).toBe(0);
  });

  it('answers a depth-1000 document with a 400, not a stack overflow', async () => {
    const deep = `{ policy(id: "x") { ${'rules { policy { '.repeat(500)}id${' } }'.repeat(500)} } }`;
    const { status, body } = await post(deep);
    expect(status).toBe(400);
    expect(body.errors).toContainEqual(
      expect.objectContaining({ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'depth', max: 12 } }),
    );
    // As deep as 5,000 tokens allow.
    const deepest = `{${'a{'.repeat(1666)}b${'}'.repeat(1666)}}`;
    const second = await post(deepest);
    expect(second.status).toBe(400);
    expect(codes(second.body)).toContain('QUERY_LIMIT_EXCEEDED');
    expect(requests().total).toBe(0);
  });

  it('names each limit that a document passes, with its maximum', async () => {
    const tokens = await post(`{ ${'__typename '.repeat(5_001)}}`);
    expect(tokens.body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'tokens', max: 5000 } }),
    ]);
    const depth13 = `{ policy(id: "x") { ${'rules { policy { '.repeat(6)}id${' } }'.repeat(6)} } }`;
    expect((await post(depth13)).body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'depth', max: 12 } }),
    ]);
    const aliases51 = `{ ${Array.from({ length: 51 }, (_, i) => `p${i}: policy(id: "x") { id }`).join(' ')} }`;
    expect((await post(aliases51)).body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases', max: 50 } }),
    ]);
    // An aliased __typename is an alias like any other.
    const typenames51 = `{ ${Array.from({ length: 51 }, (_, i) => `t${i}: __typename`).join(' ')} }`;
    expect((await post(typenames51)).body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases', max: 50 } }),
    ]);
    const directives51 = `{ __typename ${'@include(if: true) '.repeat(51)}}`;
    expect(codes((await post(directives51)).body)).toContain('QUERY_LIMIT_EXCEEDED');
    expect(requests().total).toBe(0);
  });

  it('runs a document within every limit, introspection included', async () => {
    const introspection = await post(
      '{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name ofType { name } } } } } } } } }',
    );
    expect(introspection.body.errors).toBeUndefined();
    const within = await post(`{ ${Array.from({ length: 50 }, (_, i) => `t${i}: __typename`).join(' ')} }`);
    expect(within.body.errors).toBeUndefined();
  });
});

describe('upstream-call estimate', () => {
  it('refuses an operation that asks for more calls than MAX_UPSTREAM_CALLS, with the estimate and the limit', async () => {
    // 84 aliases of a policy with its rules and applications: 252 calls.
    const query = `{ ${Array.from({ length: 84 }, (_, i) => `p${i}: policy(id: "00p${i}") { ...Joins }`).join(' ')} }
      fragment Joins on Policy { rules { id } applications { id } }`;
    const lifted = createGateway({
      schema: gatewaySchema(),
      upstream: stack.upstream,
      queryLimits: { aliases: 100 },
      logger: silentLogger(),
    });
    for (const auth of ['SSWS test-token', JUNK]) {
      const { body } = await postGraphql('http://gateway/graphql', query, { auth, fetch: lifted.fetch });
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([
        expect.objectContaining({
          extensions: { code: 'COST_LIMIT_EXCEEDED', measure: 'calls', estimate: 252, limit: 250 },
        }),
      ]);
    }
    expect(requests().total).toBe(0);
  });

  const schema = buildSchema(readFileSync(new URL('../../src/generated/schema.graphql', import.meta.url), 'utf8'));

  it('marks with @upstream only fields that have a resolver of their own, on every implementation', () => {
    const marked: string[] = [];
    const mutationSource = Object.values(resolvers.Mutation ?? {}).join('\n');
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const name of Object.keys(type.getFields())) {
        if (!hasUpstreamDirective(type, name)) continue;
        marked.push(`${type.name}.${name}`);
        // A field answered by a plain property cannot make a call: the mark would be wrong.
        const holders = isInterfaceType(type) ? schema.getPossibleTypes(type).map((t) => t.name) : [type.name];
        for (const holder of holders) {
          const fields = (resolvers as Record<string, Record<string, unknown>>)[holder];
          // Or a payload member its mutation reads only when it is selected (before a delete).
          const readByMutation = holder.endsWith('Payload') && new RegExp(`['"]${name}['"]`).test(mutationSource);
          expect(typeof fields?.[name] === 'function' || readByMutation, `${holder}.${name}`).toBe(true);
        }
      }
    }
    expect(marked.length).toBeGreaterThanOrEqual(16);
  });

  const estimate = (query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    const fragments = Object.fromEntries(
      document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
    );
    return estimateCost(schema, getOperationAST(document) as never, fragments, variables);
  };

  it('counts each selection of a field that needs a call, and a field inside a list once', () => {
    const calls = (query: string) => estimate(query).calls;
    expect(calls('{ policies(type: PASSWORD) { nodes { rules { policy { name } } } } }')).toBe(2);
    expect(calls('{ a: policy(id: "1") { id } b: policy(id: "2") { ... on PasswordPolicy { rules { id } } } }')).toBe(
      3,
    );
    expect(calls('{ userTypes { id } userType(id: "default") { id } }')).toBe(2);
    expect(
      calls(
        'query { a: policy(id: "1") { ...F } b: policy(id: "2") { ...F } } fragment F on Policy { rule(id: "r") { id } }',
      ),
    ).toBe(4);
    expect(
      calls(
        'mutation { a: deletePolicy(id: "1") { userErrors { message } } b: deletePolicy(id: "2") { userErrors { message } } }',
      ),
    ).toBe(2);
    expect(calls('{ __typename }')).toBe(0);
  });

  it("sizes a page by `first` whether literal, variable or the variable's default, else the service's default page size", () => {
    const page = (args: string) => `{ policies(type: PASSWORD${args}) { nodes { id name } } }`;
    // The field, the page's 200 policies held (40 each) and two fields of each.
    expect(estimate(page(', first: 200')).size).toBe(1 + 200 * 40 + 200 * 3);
    const variable = 'query($n: Int) { policies(type: PASSWORD, first: $n) { nodes { id name } } }';
    expect(estimate(variable, { n: 200 }).size).toBe(estimate(page(', first: 200')).size);
    const withDefault = 'query($n: Int = 200) { policies(type: PASSWORD, first: $n) { nodes { id name } } }';
    expect(estimate(withDefault).size).toBe(estimate(page(', first: 200')).size);
    expect(estimate(variable).size).toBe(estimate(page(', first: 20')).size);
    expect(estimate(page('')).size).toBe(estimate(page(', first: 20')).size);
    // The service clamps larger pages to 200.
    expect(estimate(page(', first: 5000')).size).toBe(estimate(page(', first: 200')).size);
  });

  it("leaves out fragments on another policy type than the list's, and names the largest root field", () => {
    const typed = (type: string) =>
      `{ ${type.toLowerCase()}: policies(type: ${type}, first: 10) { nodes { id ... on PasswordPolicy { settings { password { age { maxAgeDays minAgeMinutes } } } } } } }`;
    const password = estimate(typed('PASSWORD'));
    const other = estimate(typed('ACCESS_POLICY'));
    expect(password.size - other.size).toBe(10 * 5);
    expect(password.parts).toEqual([{ field: 'password', items: 10, size: password.size }]);
  });
});
