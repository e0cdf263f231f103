// The schema's contract half is generated from the REST contract (src/tools/contractSchema.ts): a
// member added to the contract alone reaches the GraphQL schema through `npm run codegen`, and
// until then the generated files are stale, which fails this test (and `npm run codegen:check`,
// part of `npm test`). The whole schema has the public shape it had before the split, except for the
// changes listed here (each one in CHANGELOG.md, old -> new).
import { readFileSync } from 'node:fs';
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import {
  buildSchema,
  findBreakingChanges,
  type GraphQLArgument,
  findDangerousChanges,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { POLICY_TYPENAME } from '../../src/gateway/resolvers/typenames.ts';
import { buildSchema as buildGatewaySchema } from '../../src/gateway/schema.ts';
import { CONTRACT, type Contract, generatedFiles, staleFiles } from '../../src/tools/contractSchema.ts';

/** The schema as it was written by hand in one file, before its contract half was generated. */
const BEFORE = buildSchema(readFileSync(new URL('../fixtures/schema-before.graphql', import.meta.url), 'utf8'));

/** The public changes since the fixture, as `schemaChanges` words them (each one is in CHANGELOG.md). */
const INTENDED: string[] = [
  // Plans foresee the deletes the service will refuse (CHANGELOG: Unreleased).
  '~ Mutation.planPolicies: (document: JSON!, prune: Boolean): PolicyPlanPayload "Compares a policy document (validated against /policy-document.schema.json) with the org and keeps the\\nplan: every change that would make the org match it, the upstream calls its apply costs, and user errors\\nfor anything the service would refuse (a missing group or zone, a system object to create or delete, a\\nlimit). Nothing is written." -> (document: JSON!, prune: Boolean): PolicyPlanPayload "Compares a policy document (validated against /policy-document.schema.json) with the org and keeps the\\nplan: every change that would make the org match it, the upstream calls its apply costs, and user errors\\nfor anything the service would refuse (a missing group or zone, a system object to create or delete, a\\nlimit). A delete the org\'s state refuses (a user type that users still have: asked of the platform\'s\\nUsers API) is kept in the plan, marked with its `refusal`. Nothing is written."',
  '~ Mutation.applyPolicies: (planId: ID!): PolicyApplyPayload "Applies a plan: reads the org again and refuses (STALE_PLAN, nothing written) when it changed other than\\nby this plan; otherwise writes what is left of the plan in an order the service accepts, every create with\\nan idempotency key derived from the plan. On a refusal or a failure midway it stops and reports what was\\napplied and what was not; applying the same plan again (or a new plan of the same document) finishes it." -> (planId: ID!): PolicyApplyPayload "Applies a plan: refuses a plan with a refused change (its code, nothing read or written); reads the org\\nagain and refuses (STALE_PLAN, nothing written) when it changed other than by this plan, or (its code,\\nnothing written) when a delete is refused now; otherwise writes what is left of the plan in an order the service accepts, every create with\\nan idempotency key derived from the plan. On a refusal or a failure midway it stops and reports what was\\napplied and what was not; applying the same plan again (or a new plan of the same document) finishes it."',
  '+ PolicyChange.refusal: PolicyChangeRefusal "The service\'s refusal of this change, foreseen by the plan from what the service states before any write\\n(a user type that users still have, a policy whose links offer no delete); null when none is foreseen.\\nA plan with a refused change is not applied: `applyPolicies` refuses it before its first write."',
  '+ PolicyChangeRefusal',
  '+ PolicyPlan.warnings: [PolicyPlanWarning!]! "The checks the plan could not make (e.g. users it may not read); empty when it made them all."',
  '+ PolicyPlanSummary.refused: Int! "Changes the service will refuse (`PolicyChange.refusal`): more than 0, and the plan cannot be applied."',
  '+ PolicyPlanWarning',
  '+ PolicyPlanWarningCode',
];

/** A type's members as printed lines: `name: Type "description"` for fields, values and input fields. */
function membersOf(type: GraphQLNamedType): Map<string, string> {
  const members = new Map<string, string>([['', `${type.description ?? ''}`]]);
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    for (const f of Object.values(type.getFields())) {
      const args = 'args' in f ? f.args.map((a: GraphQLArgument) => `${a.name}: ${a.type}`).join(', ') : '';
      members.set(f.name, `${args ? `(${args})` : ''}: ${f.type} ${JSON.stringify(f.description ?? '')}`);
    }
  }
  if (isEnumType(type)) for (const v of type.getValues()) members.set(v.name, JSON.stringify(v.description ?? ''));
  return members;
}

/** Breaking and dangerous changes, then each coordinate added, removed or changed (descriptions too). */
function schemaChanges(before: GraphQLSchema, after: GraphQLSchema): string[] {
  const changes = [...findBreakingChanges(before, after), ...findDangerousChanges(before, after)].map(
    (c) => `${c.type}: ${c.description}`,
  );
  const types = (s: GraphQLSchema) => Object.values(s.getTypeMap()).filter((t) => !t.name.startsWith('__'));
  const names = [...new Set([...types(before), ...types(after)].map((t) => t.name))].sort();
  for (const name of names) {
    const [old, now] = [before.getType(name), after.getType(name)];
    if (!old || !now) {
      changes.push(`${old ? '-' : '+'} ${name}`);
      continue;
    }
    const [a, b] = [membersOf(old), membersOf(now)];
    for (const member of [...new Set([...a.keys(), ...b.keys()])]) {
      const coordinate = member ? `${name}.${member}` : name;
      if (!a.has(member)) changes.push(`+ ${coordinate}${b.get(member)}`);
      else if (!b.has(member)) changes.push(`- ${coordinate}`);
      else if (a.get(member) !== b.get(member)) changes.push(`~ ${coordinate}: ${a.get(member)} -> ${b.get(member)}`);
    }
  }
  return changes;
}

/** An object schema with one more optional string member (symbol-keyed marks such as components kept). */
const withMember = <T extends TSchema>(schema: T, name: string): T => {
  const object = schema as unknown as TObject;
  const member = Type.Optional(Type.String({ description: `Added to the contract: ${name}.` }));
  return { ...object, properties: { ...object.properties, [name]: member } } as unknown as T;
};

/** A throwaway copy of the contract: an optional string on every policy, on the user type and on the password settings. */
function contractWithNewMembers(): Contract {
  const POLICY_SCHEMAS = Object.fromEntries(
    Object.entries(CONTRACT.POLICY_SCHEMAS).map(([type, schema]) => {
      const policy = withMember(schema, 'note') as unknown as TObject;
      if (type !== 'PASSWORD') return [type, policy];
      const settings = policy.properties.settings;
      return [type, { ...policy, properties: { ...policy.properties, settings: withMember(settings, 'hint') } }];
    }),
  ) as unknown as Contract['POLICY_SCHEMAS'];
  return {
    ...CONTRACT,
    PolicySchema: withMember(CONTRACT.PolicySchema, 'note'),
    POLICY_SCHEMAS,
    UserTypeSchema: withMember(CONTRACT.UserTypeSchema, 'note'),
  };
}

describe('the generated contract half of the schema', () => {
  it('is current: npm run codegen would write the files as they are', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('gives the whole schema the shape it had before, but for the changes listed', () => {
    expect(schemaChanges(BEFORE, buildGatewaySchema())).toEqual(INTENDED);
  });

  it('takes a member added to the contract alone into the schema, and is stale until regenerated', () => {
    const changed = contractWithNewMembers();
    expect(staleFiles(changed)).toEqual(['src/generated/contract.graphql', 'src/generated/schema.graphql']);
    const full = generatedFiles(changed).find(
      (f) => f.path.endsWith('schema.graphql') && !f.path.endsWith('contract.graphql'),
    )!;
    const schema = buildSchema(full.text);
    const field = (type: string, name: string) => (schema.getType(type) as GraphQLObjectType).getFields()[name];
    for (const type of ['Policy', 'PasswordPolicy', 'GlobalSessionPolicy', 'UserType']) {
      expect(String(field(type, 'note')?.type), type).toBe('String');
    }
    expect(field('PasswordPolicy', 'note').description).toBe('Added to the contract: note.');
    expect(String(field('PasswordPolicySettings', 'hint')?.type)).toBe('String');
    const note = (type: string) => `+ ${type}.note: String "Added to the contract: note."`;
    const policies = ['Policy', ...Object.values(POLICY_TYPENAME)];
    expect(schemaChanges(BEFORE, schema).sort()).toEqual(
      [
        ...INTENDED,
        ...[...policies, 'UserType'].map(note),
        '+ PasswordPolicySettings.hint: String "Added to the contract: hint."',
      ].sort(),
    );
  });
});
