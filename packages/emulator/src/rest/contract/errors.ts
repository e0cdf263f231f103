// The error body both services answer with, and its codes.
import { type Static, Type } from '@sinclair/typebox';
import { named, Strict } from './shared.ts';

/** Every `errorCode` the services answer with, by what it means: the one table of them. */
export const ERROR_CODES = {
  VALIDATION: 'E0000001',
  MALFORMED: 'E0000003',
  FORBIDDEN: 'E0000006',
  NOT_FOUND: 'E0000007',
  SERVER_ERROR: 'E0000009',
  UNAUTHENTICATED: 'E0000011',
  METHOD_NOT_ALLOWED: 'E0000022',
  RATE_LIMITED: 'E0000047',
  OPERATION_NOT_ALLOWED: 'E0000142',
  /** A user list's `search` or `filter` expression that cannot be read. */
  INVALID_SEARCH: 'E0000031',
} as const;

/** The reasons of an E0000142 refusal. */
export const REFUSAL_REASONS = ['PROHIBITED', 'UNMET_REQUIREMENTS'] as const;

export const ErrorBodySchema = named(
  'Error',
  Type.Object(
    {
      errorCode: Type.String({ pattern: '^E\\d{7}$' }),
      errorSummary: Type.String(),
      errorLink: Type.String(),
      errorId: Type.String(),
      /** One per violated rule; a validation cause names its member (`path: message`). */
      errorCauses: Type.Array(Type.Object({ errorSummary: Type.String() }, Strict)),
      /** Set on E0000142. */
      reason: Type.Optional(Type.String({ description: `One of ${REFUSAL_REASONS.join(', ')}.` })),
    },
    Strict,
  ),
);
export type ErrorBody = Static<typeof ErrorBodySchema>;
