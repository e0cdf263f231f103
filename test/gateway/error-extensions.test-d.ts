// The gateway's GraphQL error extensions are typed on every GraphQLError (declaration merging in
// src/errors/graphql.ts): a resolver cannot put an unknown code or a malformed `upstream` there.
import type { GraphQLError } from 'graphql';
import { describe, expectTypeOf, it } from 'vitest';
import type { FieldError, GatewayErrorCode, UpstreamErrorExtension } from '../../src/errors/graphql.ts';
import type { UpstreamUnavailableCode } from '../../src/upstream/errors.ts';

type Extensions = GraphQLError['extensions'];

describe('GraphQL error extensions', () => {
  it('types the gateway members', () => {
    expectTypeOf<Extensions['code']>().toEqualTypeOf<GatewayErrorCode | undefined>();
    expectTypeOf<Extensions['upstream']>().toEqualTypeOf<UpstreamErrorExtension | undefined>();
    expectTypeOf<Extensions['fieldErrors']>().toEqualTypeOf<FieldError[] | undefined>();
    expectTypeOf<NonNullable<Extensions['upstream']>['code']>().toEqualTypeOf<UpstreamUnavailableCode | undefined>();
  });

  it('refuses codes the gateway does not define', () => {
    expectTypeOf<'UPSTREAM_UNAVAILABLE'>().toExtend<NonNullable<Extensions['code']>>();
    expectTypeOf<'SOMETHING_ELSE'>().not.toExtend<NonNullable<Extensions['code']>>();
    expectTypeOf<'HTTP_503'>().toExtend<UpstreamUnavailableCode>();
    expectTypeOf<'connection refused'>().not.toExtend<UpstreamUnavailableCode>();
  });
});
