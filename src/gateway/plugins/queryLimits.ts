// Static limits on a GraphQL document, checked before anything runs: tokens (the parser's own
// maxTokens, and a document nested too deeply for the parser is refused instead of overflowing the
// stack), then depth, aliases and directives after fragment expansion (graphql-armor's validation
// rules, which count each fragment once, so a fragment bomb is refused in milliseconds). Every
// refusal is a QUERY_LIMIT_EXCEEDED error naming the limit. The cost of a document depends on its
// variables, so it is decided after validation (see cost.ts); its limit is kept here with the others.
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { GraphQLArmorCallbackConfiguration } from '@escape.tech/graphql-armor-types';
import { GraphQLError, parse, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { GATEWAY_DEFAULTS } from '../../config/settings.ts';

export interface QueryLimits {
  /** Nesting of fields, fragments counted where they are spread. */
  depth: number;
  aliases: number;
  /** Lexical tokens of the whole document. */
  tokens: number;
  directives: number;
  /** Largest result size: selected fields × the items they are selected on (see costEstimate.ts). */
  cost: number;
  /** Most ids one operation names in `nodes(ids:)` (checked with the cost, once the variables are known). */
  nodeIds: number;
}

/** The defaults of the MAX_QUERY_* settings. */
export const QUERY_LIMIT_DEFAULTS: QueryLimits = GATEWAY_DEFAULTS.queryLimits;

/** The validation rules of the depth, alias and directive limits. */
export function queryLimitRules(limits: QueryLimits): ValidationRule[] {
  return [
    maxDepthRule({ n: limits.depth, ...reportAs('depth', limits.depth) }),
    // Every alias counts, an aliased `__typename` too (armor leaves those out by default): each is one
    // more member of the answer to build and write.
    maxAliasesRule({ n: limits.aliases, allowList: [], ...reportAs('aliases', limits.aliases) }),
    maxDirectivesRule({ n: limits.directives, ...reportAs('directives', limits.directives) }),
  ];
}

export function queryLimitsPlugin(limits: QueryLimits): Plugin {
  // Made once: the rules are the same for every request (and yoga's validation cache keys on them).
  const rules = queryLimitRules(limits);
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => parseWithinLimits(source, { ...options, maxTokens: limits.tokens }));
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
    },
  };
}

/** Reports armor's refusal as a validation error with a code, instead of throwing out of validation. */
function reportAs(limit: keyof QueryLimits, max: number): GraphQLArmorCallbackConfiguration {
  return {
    propagateOnRejection: false,
    onReject: [
      (context, error) =>
        context?.reportError(
          new GraphQLError(error.message.replace(/^Syntax Error: /, ''), {
            extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit, max },
          }),
        ),
    ],
  };
}

type ParseArgs = Parameters<typeof parse>;

export function parseWithinLimits(source: ParseArgs[0], options: NonNullable<ParseArgs[1]> & { maxTokens: number }) {
  try {
    return parse(source, options);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new GraphQLError('The document is nested too deeply.', {
        extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'depth' },
      });
    }
    if (error instanceof GraphQLError && /more tha\w* \d+ tokens/.test(error.message)) {
      throw new GraphQLError(`Token limit of ${options.maxTokens} exceeded.`, {
        extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'tokens', max: options.maxTokens },
      });
    }
    throw error;
  }
}
