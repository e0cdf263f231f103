// Enums whose REST values are not legal GraphQL names: each GraphQL value's internal value is the
// REST value, so inputs arrive and outputs leave as the service spells them (codegen maps the same,
// and the schema's generator names the values from here).
import type { FactorModeResolvers } from '../../generated/graphql.ts';

export const FACTOR_MODE = { ONE_FACTOR: '1FA', TWO_FACTOR: '2FA' } as const;

export const FactorMode: FactorModeResolvers = FACTOR_MODE;

/** Every enum renamed here, by GraphQL name (read by the schema's generator). */
export const ENUM_VALUE_NAMES: Record<string, Record<string, string>> = { FactorMode: FACTOR_MODE };
