// The table of gateway error codes (src/errors/codes.ts) is the one place a code is written: every
// code the sources send is in it (or is a user error code of the schema), every error class of the
// upstream client is mapped to the row that names it, and docs/errors.md shows it as it is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ERROR_CODES } from '../../src/errors/codes.ts';
import { toGraphQLError } from '../../src/errors/graphql.ts';
import { ERRORS_DOC, errorCodesTable, errorsDoc } from '../../src/tools/errorDocs.ts';
import * as upstreamErrors from '../../src/upstream/errors.ts';
import { ROOT } from '../helpers/built.ts';

const TABLE: Record<string, { source: string }> = GATEWAY_ERROR_CODES;

/** The codes of the schema's user errors, plan errors and plan warnings: payload members, not `extensions.code`. */
function schemaErrorCodes(): Set<string> {
  const schema = buildSchema(readFileSync(join(ROOT, 'src/generated/schema.graphql'), 'utf8'));
  const values = ['UserErrorCode', 'PolicyDocumentErrorCode', 'PolicyPlanWarningCode'].flatMap((name) =>
    (schema.getType(name) as GraphQLEnumType).getValues().map((v) => v.name),
  );
  return new Set(values);
}

/** Every code literal the gateway's sources write: `code: 'X'`, and the code argument of errorResponse/gatewayError. */
function codeLiterals(): Map<string, string> {
  const found = new Map<string, string>();
  const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.startsWith('generated'),
  );
  const patterns = [
    /\bcode: '([A-Z][A-Z0-9_]+)'/g,
    /\berrorResponse\(\s*\w+,\s*\d{3},\s*'([A-Z][A-Z0-9_]+)'/g,
    /\bgatewayError\([^;]*?,\s*'([A-Z][A-Z0-9_]+)'\s*[,)]/gs,
  ];
  for (const file of files) {
    const text = readFileSync(join(ROOT, 'src', file), 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.set(m[1], `src/${file}`);
  }
  return found;
}

describe('the table of gateway error codes', () => {
  it('holds every code the sources send (the rest are the schema’s user error codes)', () => {
    const literals = codeLiterals();
    expect(literals.size).toBeGreaterThan(20);
    // Codes added lately, by path: they must be seen by the search.
    for (const code of [
      'NOT_FOUND',
      'NOT_ACCEPTABLE',
      'IDEMPOTENCY_UNAVAILABLE',
      'RESPONSE_TOO_LARGE',
      'SERVER_BUSY',
    ]) {
      expect(literals.has(code), code).toBe(true);
    }
    const userCodes = schemaErrorCodes();
    const unknown = [...literals].filter(([code]) => !(code in TABLE) && !userCodes.has(code));
    expect(unknown).toEqual([]);
  });

  it('names every error class of the upstream client in the row of the code it becomes', () => {
    const classes = Object.entries(upstreamErrors).filter(
      // By the prototype chain: `instanceof` reads the brand of an instance, which a prototype has not.
      ([, value]) =>
        typeof value === 'function' &&
        Object.prototype.isPrototypeOf.call(upstreamErrors.UpstreamClientError.prototype, value.prototype),
    );
    expect(classes.map(([name]) => name).sort()).toEqual([
      'OperationAbortedError',
      'ResponseBudgetExceededError',
      'UpstreamBodyTooLargeError',
      'UpstreamBudgetExceededError',
      'UpstreamError',
      'UpstreamOutcomeUnknownError',
      'UpstreamRateLimitedError',
      'UpstreamUnavailableError',
    ]);
    const sources = Object.values(TABLE)
      .map((row) => row.source)
      .join('\n');
    for (const [name] of classes) expect(sources, name).toContain(`\`${name}\``);
  });

  it.each([
    [new upstreamErrors.UpstreamError({ status: 400, errorSummary: 'bad' }), 'BAD_USER_INPUT'],
    [new upstreamErrors.UpstreamError({ status: 500, errorSummary: 'oops' }), 'UPSTREAM_ERROR'],
    [new upstreamErrors.UpstreamUnavailableError('down', { status: 503 }), 'UPSTREAM_UNAVAILABLE'],
    [new upstreamErrors.UpstreamOutcomeUnknownError('lost'), 'UPSTREAM_OUTCOME_UNKNOWN'],
    [new upstreamErrors.UpstreamBudgetExceededError(10), 'UPSTREAM_BUDGET_EXCEEDED'],
    [new upstreamErrors.ResponseBudgetExceededError(1000), 'RESPONSE_TOO_LARGE'],
    [new upstreamErrors.OperationAbortedError('timeout', 100), 'OPERATION_TIMEOUT'],
    [new upstreamErrors.OperationAbortedError('cancelled', 100), 'OPERATION_CANCELLED'],
    [new upstreamErrors.UpstreamRateLimitedError(0), 'RATE_LIMITED'],
  ])('maps %s to the row that names its class', (error, code) => {
    expect(toGraphQLError(error).extensions.code).toBe(code);
    expect(TABLE[code].source).toContain(`\`${error.name}\``);
  });

  it('leaves an UpstreamBodyTooLargeError, which never leaves the client, to masking', () => {
    const mapped = toGraphQLError(new upstreamErrors.UpstreamBodyTooLargeError(200, 10));
    expect(mapped.extensions.code).toBeUndefined();
    expect(mapped.originalError).toBeInstanceOf(upstreamErrors.UpstreamBodyTooLargeError);
  });

  it('is shown as it is in docs/errors.md (npm run docs:errors)', () => {
    const current = readFileSync(ERRORS_DOC, 'utf8');
    expect(current).toContain(errorCodesTable());
    expect(errorsDoc(current)).toBe(current);
    for (const code of Object.keys(GATEWAY_ERROR_CODES)) expect(current).toContain(`| \`${code}\` |`);
  });
});
