// INTROSPECTION=false: introspection queries fail validation, and no validation message suggests
// field, type or argument names ("Did you mean …?"), which would leak the schema piece by piece.
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const SUGGESTION = / ?Did you mean .*\?$/;

export function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
      return ({ result, setResult }) => {
        if (!result.some((e) => SUGGESTION.test(e.message))) return;
        setResult(
          result.map((e) =>
            SUGGESTION.test(e.message)
              ? new GraphQLError(e.message.replace(SUGGESTION, ''), {
                  nodes: e.nodes,
                  source: e.source,
                  positions: e.positions,
                  path: e.path,
                  extensions: e.extensions,
                })
              : e,
          ),
        );
      };
    },
  };
}
