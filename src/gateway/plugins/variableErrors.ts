// Variable coercion errors (a wrong type, a missing required variable or member, a @oneOf input
// sent as variables with two members) come from graphql-js without a code. They are the client's
// input, so they get BAD_USER_INPUT, as Apollo Server gives them, with `fieldErrors` naming the
// variable path (`["$input", "settings", "password"]`), and keep their HTTP 400.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { FieldError } from '../errors.ts';

/** `Variable "$input" got invalid value … at "input.a[0].b"; …`, `Variable "$id" of required type …`. */
const VARIABLE_ERROR = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"(?: got invalid value .*? at "([^"]+)")?/s;

export function useVariableErrorCodes(): Plugin {
  return {
    onExecutionResult({ result, setResult }) {
      if (!result || !('errors' in result) || !result.errors?.some(isVariableError)) return;
      setResult({ ...result, errors: result.errors.map((e) => (isVariableError(e) ? withCode(e) : e)) });
    },
  };
}

function isVariableError(error: GraphQLError): boolean {
  return error.extensions?.code === undefined && error.path === undefined && VARIABLE_ERROR.test(error.message);
}

function withCode(error: GraphQLError): GraphQLError {
  const [, name, at] = VARIABLE_ERROR.exec(error.message) ?? [];
  // `at` repeats the variable's name (`input.a[0].b`): its members follow the name.
  const members = at
    ? at
        .slice(name.length)
        .split(/\.|\[(\d+)\]/)
        .filter((s) => s !== undefined && s !== '')
    : [];
  // A missing or unknown member is named after the path of the object that lacks it.
  const member = /; Field "([_A-Za-z][_0-9A-Za-z]*)" (?:of required type|is not defined)/.exec(error.message)?.[1];
  if (member) members.push(member);
  const fieldErrors: FieldError[] = [{ field: [`$${name}`, ...members], message: error.message }];
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT', fieldErrors, http: { status: 400 } },
  });
}
