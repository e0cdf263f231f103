// INTROSPECTION=false: introspection queries fail validation, and no error message suggests field,
// type, argument or enum value names ("Did you mean …?"), which would leak the schema piece by piece:
// neither validation errors nor the errors of execution, such as a variable's coercion errors.
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const SUGGESTION = / ?Did you mean .*\?$/;

export function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
      return ({ result, setResult }) => {
        if (result.some(suggests)) setResult(result.map(withoutSuggestion));
      };
    },
    onExecutionResult({ result, setResult }) {
      if (!result || Symbol.asyncIterator in result || !result.errors?.some(suggests)) return;
      setResult({ ...result, errors: result.errors.map(withoutSuggestion) });
    },
  };
}

function suggests(error: Error): boolean {
  return SUGGESTION.test(error.message);
}

function withoutSuggestion(error: Error): GraphQLError {
  if (error instanceof GraphQLError && !suggests(error)) return error;
  const message = error.message.replace(SUGGESTION, '');
  if (!(error instanceof GraphQLError)) return new GraphQLError(message, { originalError: error });
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}
