// The upstream client's `call` takes its types from the contract's operation table: a path
// parameter, body member or query key the operation does not have fails to compile, and the
// result is the operation's success schema as a type. `npm run typecheck` (tsc, part of `npm test`)
// checks these (each `@ts-expect-error` fails it when the line below it compiles).
import type { Static } from '@sinclair/typebox';
import type { AnyPolicy, AnyRule, OperationQuery, UserTypeSchema } from 'policy-service-emulator/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type * as Wire from '../../src/rest/types.ts';
import type { PolicyListArgs, RestApi } from '../../src/upstream/client.ts';

declare const api: RestApi;

describe('call, typed from OPERATIONS', () => {
  it('answers the success schema of the operation', () => {
    expectTypeOf(api.call('listRules', { policyId: 'p1' })).resolves.toEqualTypeOf<AnyRule[]>();
    expectTypeOf(api.call('getPolicy', { policyId: 'p1' })).resolves.toEqualTypeOf<AnyPolicy>();
    expectTypeOf(api.call('listUserTypes', {})).resolves.toEqualTypeOf<Static<typeof UserTypeSchema>[]>();
    expectTypeOf(api.call('deleteRule', { policyId: 'p1', ruleId: 'r1' })).resolves.toBeUndefined();
  });

  it('tells policies and rules apart by type, each one also the flat wire type the resolvers read', () => {
    expectTypeOf<AnyPolicy>().toExtend<Wire.Policy>();
    expectTypeOf<AnyRule>().toExtend<Wire.PolicyRule>();
    expectTypeOf<AnyRule[]>().toExtend<Wire.PolicyRule[]>();
    expectTypeOf<Extract<AnyPolicy, { type: 'PASSWORD' }>['settings']>().toEqualTypeOf<
      Wire.PasswordPolicySettings | undefined
    >();
    expectTypeOf<Extract<AnyRule, { type: 'SIGN_ON' }>['actions']>().toEqualTypeOf<{ signon: Wire.SignonAction }>();
  });

  it('refuses a path parameter the operation does not have, or lacks', () => {
    // @ts-expect-error misnamed parameter
    api.call('getPolicy', { id: 'p1' });
    // @ts-expect-error a rule needs its policy's id too
    api.call('getRule', { ruleId: 'r1' });
    // @ts-expect-error the operation has no path parameter
    api.call('listUserTypes', { typeId: 'default' });
  });

  it('refuses a body member or a body the operation does not take', () => {
    api.call('createUserType', {}, { name: 'Contractor', displayName: 'Contractor' });
    api.call('createRule', { policyId: 'p1' }, { type: 'PASSWORD', name: 'r' });
    // @ts-expect-error misnamed body member
    api.call('createUserType', {}, { name: 'Contractor', displayNme: 'Contractor' });
    // @ts-expect-error a member of the wrong type
    api.call('createPolicy', {}, { type: 'PASSWORD', name: 7 });
    // @ts-expect-error misnamed policy body member
    api.call('createRule', { policyId: 'p1' }, { type: 'PASSWORD', nmae: 'r' });
    // @ts-expect-error a read takes no body
    api.call('getPolicy', { policyId: 'p1' }, { name: 'x' });
  });

  it('takes the query the contract states: its keys, required ones and repeated ones', () => {
    expectTypeOf<PolicyListArgs>().toEqualTypeOf<OperationQuery<'listPolicies'>>();
    expectTypeOf<PolicyListArgs['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<OperationQuery<'simulate'>['expand']>().toEqualTypeOf<Wire.SimulationExpand[] | undefined>();
    api.call('listPolicies', {}, undefined, { type: 'PASSWORD', limit: 5 });
    // @ts-expect-error misnamed query key
    api.call('listPolicies', {}, undefined, { type: 'PASSWORD', lmit: 5 });
    // @ts-expect-error `type` is required
    api.call('listPolicies', {}, undefined, { status: 'ACTIVE' });
  });
});
