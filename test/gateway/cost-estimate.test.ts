// The estimate over the schema alone: fragments (at the root, nested, through interfaces and their
// implementations) cost exactly what the same selections written inline cost, `nodes(ids:)` costs
// one item per id, repeated ids included, and a field leading back to an object above it prices the
// list under it as a nested list, while a back-reference under a back-reference is reported as a
// cycle. The gateway's refusals built on it are tested over the emulator in cost.test.ts.
import { readFileSync } from 'node:fs';
import { buildSchema, getOperationAST, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BACK_REFERENCE_ITEMS, documentEstimate, estimateCost, OBJECT_WEIGHT } from '../../src/gateway/costEstimate.ts';
import { dashboard, POLICY_DETAIL, withTypename } from '../helpers/consoleOperations.ts';

const schema = buildSchema(readFileSync(new URL('../../src/generated/schema.graphql', import.meta.url), 'utf8'));

function estimate(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const fragments = Object.fromEntries(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  return estimateCost(schema, getOperationAST(document) as never, fragments, variables);
}

/** 50 aliased pages of 200 password policies with two fields each. */
const PAGES = Array.from(
  { length: 50 },
  (_, i) => `p${i}: policies(type: PASSWORD, first: 200) { nodes { id name } }`,
).join('\n');

describe('fragments cost what the same selections written inline cost', () => {
  const inline = estimate(`{ ${PAGES} }`);

  it('at the root: a spread, a spread inside an inline fragment, nested spreads, each part named by its alias', () => {
    expect(inline.calls).toBe(50);
    expect(inline.parts).toHaveLength(50);
    for (const document of [
      `query { ...F } fragment F on Query { ${PAGES} }`,
      `query { ... on Query { ...F } } fragment F on Query { ${PAGES} }`,
      `query { ... { ...F } } fragment F on Query { ${PAGES} }`,
      `query { ...A } fragment A on Query { ...B } fragment B on Query { ${PAGES} }`,
      // Split between the operation and two fragments.
      `query { p0: policies(type: PASSWORD, first: 200) { nodes { id name } } ...A }
       fragment A on Query { ${PAGES.split('\n').slice(1, 25).join(' ')} ...B }
       fragment B on Query { ${PAGES.split('\n').slice(25).join(' ')} }`,
    ]) {
      expect(estimate(document)).toEqual(inline);
    }
  });

  it('at the root, a fragment spread twice is collected once, as execution collects it', () => {
    expect(estimate(`query { ...F ...F ... on Query { ...F } } fragment F on Query { ${PAGES} }`)).toEqual(inline);
  });

  it('nested, on the interface, on the implementation, inline or named, with the listed type applied', () => {
    const fields = 'id name rules { id name ... on PasswordRule { actions { passwordChange { access } } } }';
    const written = estimate(`{ policies(type: PASSWORD, first: 50) { nodes { ${fields} } } }`);
    expect(written.size).toBeGreaterThan(50 * OBJECT_WEIGHT);
    for (const document of [
      `{ policies(type: PASSWORD, first: 50) { ...Page } } fragment Page on PolicyConnection { nodes { ${fields} } }`,
      `{ policies(type: PASSWORD, first: 50) { nodes { ...P } } } fragment P on Policy { ${fields} }`,
      `{ policies(type: PASSWORD, first: 50) { nodes { ...P } } } fragment P on PasswordPolicy { ${fields} }`,
      `{ policies(type: PASSWORD, first: 50) { nodes { ... on PasswordPolicy { ...P } } } } fragment P on Policy { ${fields} }`,
      `{ policies(type: PASSWORD, first: 50) { nodes { ...N } } } fragment N on Node { ... on Policy { ${fields} } }`,
      `{ policies(type: PASSWORD, first: 50) { nodes { id name rules { ...R } } } }
       fragment R on PolicyRule { id name ...A } fragment A on PasswordRule { actions { passwordChange { access } } }`,
    ]) {
      expect(estimate(document)).toEqual(written);
    }
    // A fragment on another type's implementation cannot apply, named or inline.
    const other = estimate(
      `{ policies(type: PASSWORD, first: 50) { nodes { id name ...S } } } fragment S on GlobalSessionPolicy { rules { id } }`,
    );
    expect(other).toEqual(estimate('{ policies(type: PASSWORD, first: 50) { nodes { id name } } }'));
  });
});

describe('nodes(ids:) costs one item per id', () => {
  const one = estimate('{ node(id: "00p1") { id } }');

  it('counts every id, repeated ids each time, as a literal list or a variable', () => {
    expect(one.nodeIds).toBe(0);
    const literal = estimate('{ nodes(ids: ["00p1", "00p1", "00p2"]) { id } }');
    expect(literal.nodeIds).toBe(3);
    expect(literal.parts).toEqual([{ field: 'nodes', items: 3, size: 3 * one.size }]);
    const ids = Array.from({ length: 43_000 }, () => '00p1');
    const variable = estimate('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(variable.nodeIds).toBe(43_000);
    expect(variable.size).toBe(43_000 * one.size);
    // A variable left to its default, a literal list of variables.
    expect(estimate('query($ids: [ID!]! = ["00p1", "00p1"]) { nodes(ids: $ids) { id } }').nodeIds).toBe(2);
    expect(estimate('query($a: ID!) { nodes(ids: [$a, $a, $a]) { id } }', { a: '00p1' }).nodeIds).toBe(3);
    // A single value is a list of one (GraphQL's input coercion).
    expect(estimate('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: '00p1' }).nodeIds).toBe(1);
    expect(estimate('{ nodes(ids: "00p1") { id } }').nodeIds).toBe(1);
  });

  it('adds the ids of every selection of nodes, in fragments too', () => {
    const two = (ids: string[]) => JSON.stringify(ids);
    expect(
      estimate(
        `query { a: nodes(ids: ${two(['1', '2'])}) { id } ...F } fragment F on Query { b: nodes(ids: ${two(['3'])}) { id } }`,
      ).nodeIds,
    ).toBe(3);
  });
});

describe('back-references', () => {
  const rules = (inner: string) => `{ policies(type: PASSWORD, first: 20) { nodes { rules { ${inner} } } } }`;

  it('price the list under a back-reference as a nested list of BACK_REFERENCE_ITEMS per parent', () => {
    const once = estimate(rules('policy { id }'));
    const twice = estimate(rules('policy { rules { id } }'));
    expect(once.cycle).toBeUndefined();
    expect(twice.cycle).toBeUndefined();
    // Per policy of the page, the reached-back rules list: one object held and its field for each of its items.
    expect(twice.size - once.size).toBe(20 * BACK_REFERENCE_ITEMS * (1 + OBJECT_WEIGHT + 1) - 20 * 1);
    expect(twice.parts[0].items).toBe(20 * BACK_REFERENCE_ITEMS);
    // The same through an application's policy, and for any list with a call of its own below a
    // back-reference: the rules of an application's policy come again for every application.
    const apps = estimate('{ policy(id: "00p1") { applications { accessPolicy { applications { id } } } } }');
    expect(apps.parts[0].items).toBe(BACK_REFERENCE_ITEMS);
    const appRules = estimate('{ policy(id: "00p1") { applications { accessPolicy { rules { id } } } } }');
    expect(appRules.parts[0].items).toBe(BACK_REFERENCE_ITEMS);
    // Lists inside one object the service returned stay what they were: part of that object.
    const inside = estimate(rules('policy { conditions { people { users { include } } } }'));
    expect(inside.parts[0].items).toBe(20);
  });

  it('report a back-reference under a back-reference with its path, wherever it is written', () => {
    const attack =
      '{ policies(type: PASSWORD, first: 200) { nodes { rules { policy { rules { policy { rules { policy { rules { name id } } } } } } } } } }';
    expect(estimate(attack).cycle).toEqual({
      path: ['policies', 'nodes', 'rules', 'policy', 'rules', 'policy'],
      field: 'PolicyRule.policy',
      kind: 'Policy',
      backReferences: 2,
    });
    expect(
      estimate(
        '{ policies(type: PASSWORD) { nodes { ...P } } } fragment P on Policy { rules { ... on PasswordRule { back: policy { rules { policy { id } } } } } }',
      ).cycle,
    ).toEqual({
      path: ['policies', 'nodes', 'rules', 'back', 'rules', 'policy'],
      field: 'PasswordRule.policy',
      kind: 'Policy',
      backReferences: 2,
    });
    // Starting from a rule found by id: the rule's policy, its rules, and their policy a second time.
    expect(
      estimate('{ node(id: "0pr1") { ... on PolicyRule { policy { rules { policy { rules { id } } } } } } }').cycle,
    ).toMatchObject({ path: ['node', 'policy', 'rules', 'policy', 'rules'], kind: 'PolicyRule' });
    expect(
      estimate('{ policy(id: "00p1") { applications { accessPolicy { applications { accessPolicy { id } } } } } }')
        .cycle,
    ).toMatchObject({ field: 'Application.accessPolicy', kind: 'Policy' });
  });

  it('are not met in the console operations', () => {
    const { query, variables } = dashboard('variable');
    for (const document of [query, withTypename(query), POLICY_DETAIL, withTypename(POLICY_DETAIL)]) {
      expect(estimate(document, { ...variables, id: '00p1' }).cycle).toBeUndefined();
    }
  });
});

describe('an estimate is remembered per document and the values of the variables it read', () => {
  const remembered = (query: string) => {
    const document = parse(query);
    const operation = getOperationAST(document) as never;
    return (variables: Record<string, unknown>) => documentEstimate(schema, document, operation, variables);
  };

  it('the same document and values give the same estimate, other values their own', () => {
    const pages = remembered('query ($first: Int = 20) { policies(type: PASSWORD, first: $first) { nodes { id } } }');
    const five = pages({ first: 5 });
    expect(pages({ first: 5 })).toBe(five);
    expect(pages({ first: 5, unrelated: 'x' })).toBe(five);
    expect(pages({ first: 50 }).size).toBeGreaterThan(five.size);
    expect(pages({ first: 5 })).toBe(five);
    // Left out, the default (20); sent as null, the service's default page: two estimates.
    expect(pages({})).toEqual(estimate('{ policies(type: PASSWORD, first: 20) { nodes { id } } }'));
    expect(pages({ first: null })).toEqual(estimate('{ policies(type: PASSWORD) { nodes { id } } }'));
  });

  it('values inside lists count: nodes(ids:) with other ids is another estimate', () => {
    const nodes = remembered('query ($a: ID!, $b: ID!) { nodes(ids: [$a, $b, "x"]) { id } }');
    expect(nodes({ a: '1', b: '2' }).nodeIds).toBe(3);
    const many = remembered('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }');
    expect(many({ ids: ['1'] }).nodeIds).toBe(1);
    expect(many({ ids: ['1', '2', '3', '4'] }).nodeIds).toBe(4);
    expect(many({ ids: ['1'] }).nodeIds).toBe(1);
  });

  it('an estimate that reads no variable is the document’s, whatever the variables', () => {
    const one = remembered('query ($id: ID!) { policy(id: $id) { id name } }');
    expect(one({ id: 'a' })).toBe(one({ id: 'b' }));
  });
});
