// Every example operation of examples/operations runs against the emulator and answers without
// errors or user errors, in the order a developer would try them: the ids their companion variable
// files leave as `<placeholders>` are filled with ids the earlier examples created.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FieldNode, getNamedType, isObjectType, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { buildSchema } from '../../src/gateway/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';
import { merged, postForParts } from '../helpers/incremental.ts';

const DIR = fileURLToPath(new URL('../../examples/operations/', import.meta.url));

interface Example {
  name: string;
  document: string;
  /** From `<file>.variables.json` when there is one. */
  variables: Record<string, unknown>;
}

function readExamples(): Example[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.graphql'))
    .map((file) => {
      const document = readFileSync(join(DIR, file), 'utf8');
      const operations = parse(document).definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      if (operations.length !== 1 || !operations[0].name) throw new Error(`${file}: one named operation expected`);
      const variablesFile = join(DIR, file.replace(/\.graphql$/, '.variables.json'));
      const variables = existsSync(variablesFile) ? JSON.parse(readFileSync(variablesFile, 'utf8')) : {};
      return { name: operations[0].name.value, document, variables };
    });
}

/** Ids created or found along the way. */
interface State {
  policyId?: string;
  ruleId?: string;
  accessPolicyId?: string;
  userTypeId?: string;
}

interface Step {
  operation: string;
  /** The id variables, from what earlier steps created. */
  ids?: (state: State) => Record<string, string | undefined>;
  /** Keeps what later steps need. */
  keep?: (data: any, state: State) => void;
}

const policy = (s: State) => ({ id: s.policyId });
const rule = (s: State) => ({ policyId: s.policyId, ruleId: s.ruleId });

// The spec's tasks in the order a developer tries them: list, create, read, update, replace,
// deactivate, activate, rules, clone, delete, user types, simulate; then the dashboard, rules deferred.
const STEPS: Step[] = [
  { operation: 'ListPolicies' },
  { operation: 'CreatePolicy', keep: (d, s) => (s.policyId = d.createPolicy.policy.id) },
  { operation: 'GetPolicy', ids: policy },
  { operation: 'UpdatePolicy', ids: policy },
  { operation: 'ReplacePolicy', ids: policy },
  { operation: 'DeactivatePolicy', ids: policy },
  { operation: 'ActivatePolicy', ids: policy },
  {
    operation: 'CreatePolicyRule',
    ids: (s) => ({ policyId: s.policyId }),
    keep: (d, s) => (s.ruleId = d.createPolicyRule.rule.id),
  },
  { operation: 'ListPolicyRules', ids: (s) => ({ policyId: s.policyId }) },
  { operation: 'UpdatePolicyRule', ids: rule },
  { operation: 'DeletePolicyRule', ids: rule },
  { operation: 'ClonePolicy', ids: (s) => ({ id: s.accessPolicyId }) },
  { operation: 'DeletePolicy', ids: policy },
  { operation: 'ListUserTypes' },
  { operation: 'CreateUserType', keep: (d, s) => (s.userTypeId = d.createUserType.userType.id) },
  { operation: 'UpdateUserType', ids: (s) => ({ id: s.userTypeId }) },
  { operation: 'DeleteUserType', ids: (s) => ({ id: s.userTypeId }) },
  { operation: 'SimulateAccess' },
  { operation: 'Dashboard' },
];

/** Every `userErrors` list anywhere in a result. */
function userErrors(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(userErrors);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'userErrors' ? (v as unknown[]) : userErrors(v)));
}

/** The parts of an answer in parts, merged; the errors of every part together. */
async function answerInParts(query: string, variables: Record<string, unknown>): Promise<any> {
  const { contentType, parts } = await postForParts(
    stack.url,
    { query, variables },
    { authorization: `SSWS ${TOKEN}` },
  );
  expect(contentType).toMatch(/^multipart\/mixed/);
  const errors = parts.flatMap(({ body }) => [
    ...(body.errors ?? []),
    ...(body.incremental ?? []).flatMap((item: { errors?: unknown[] }) => item.errors ?? []),
  ]);
  return { data: merged(parts), ...(errors.length > 0 && { errors }) };
}

const examples = readExamples();
let stack: TestStack;
const state: State = {};

beforeAll(async () => {
  stack = await startTestStack();
  const access = await stack.gql('{ policies(type: ACCESS_POLICY) { nodes { id } } }');
  state.accessPolicyId = access.data.policies.nodes[0].id;
});
afterAll(async () => {
  await stack?.close();
});

describe('examples/operations', () => {
  it('holds one example per task, each run below', () => {
    expect(examples.map((e) => e.name).sort()).toEqual(STEPS.map((s) => s.operation).sort());
  });

  it('select policiesOfType, with what a client cache needs, wherever the payload has it', () => {
    const schema = buildSchema();
    const mutation = schema.getMutationType()!;
    const payloads = examples.flatMap((example) => {
      const operation = parse(example.document).definitions[0] as OperationDefinitionNode;
      return operation.selectionSet.selections
        .filter((s): s is FieldNode => s.kind === Kind.FIELD)
        .map((field) => ({
          example: example.name,
          field,
          type:
            operation.operation === 'mutation' ? getNamedType(mutation.getFields()[field.name.value].type) : undefined,
        }));
    });
    const withList = payloads.filter((p) => isObjectType(p.type) && 'policiesOfType' in p.type.getFields());
    expect(withList.map((p) => p.example).sort()).toEqual([
      'ActivatePolicy',
      'ClonePolicy',
      'CreatePolicy',
      'DeactivatePolicy',
      'DeletePolicy',
      'ReplacePolicy',
      'UpdatePolicy',
    ]);
    for (const { example, field } of withList) {
      const list = field.selectionSet?.selections.find(
        (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'policiesOfType',
      );
      const selected = list?.selectionSet?.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : s.kind));
      expect([example, selected]).toEqual([
        example,
        expect.arrayContaining(['id', 'type', 'name', 'priority', 'status']),
      ]);
    }
  });

  it.each(STEPS.map((step) => [step.operation, step] as const))('%s answers without errors', async (_, step) => {
    const example = examples.find((e) => e.name === step.operation)!;
    const variables = { ...example.variables, ...step.ids?.(state) };
    for (const [name, value] of Object.entries(variables)) {
      expect(typeof value === 'string' && value.startsWith('<'), `no value for $${name}`).toBe(false);
    }
    // A document with @defer answers in parts: merged, they are its answer.
    const res = /@(defer|stream)\b/.test(example.document)
      ? await answerInParts(example.document, variables)
      : await stack.gql(example.document, variables);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(userErrors(res.data)).toEqual([]);
    expect(Object.values(res.data).every((v) => v !== null)).toBe(true);
    // A payload's list of the type holds the policy it changed, and no longer the one it deleted.
    const [payload] = Object.values(res.data) as {
      policy?: { id: string };
      deletedId?: string;
      policiesOfType?: { id: string }[];
    }[];
    if (payload?.policiesOfType) {
      const ids = payload.policiesOfType.map((p) => p.id);
      if (payload.policy) expect(ids).toContain(payload.policy.id);
      if (payload.deletedId) expect(ids).not.toContain(payload.deletedId);
    }
    step.keep?.(res.data, state);
  });
});
