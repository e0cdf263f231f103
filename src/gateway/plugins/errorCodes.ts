// Every error of an execution result carries `extensions.code`. graphql-js leaves some without one:
// variable coercion errors (a wrong type, a missing required variable or member, a @oneOf input sent
// as variables with two members) are the client's input, so they get BAD_USER_INPUT, as Apollo Server
// gives them, with `fieldErrors` naming the variable path (`["$input", "settings", "password"]`), and
// keep their HTTP 400; another operation-level refusal (a subscription, which this schema has none
// of) is BAD_REQUEST; an error on a field path that graphql-js raised itself (a value the schema
// cannot represent) is INTERNAL_SERVER_ERROR. Errors wrapping a thrown exception are left to masking.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { FieldError, GatewayErrorCode } from '../../errors/graphql.ts';

/** `Variable "$input" got invalid value … at "input.a[0].b"; …`, `Variable "$id" of required type …`. */
const VARIABLE_ERROR = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"(?: got invalid value .*? at "([^"]+)")?/s;

export function useErrorCodes(): Plugin {
  return {
    onExecutionResult({ result, setResult }) {
      if (!result || !('errors' in result) || !result.errors?.some(needsCode)) return;
      setResult({ ...result, errors: result.errors.map((e) => (needsCode(e) ? withCode(e) : e)) });
    },
  };
}

/** No code yet, and not an exception in disguise (those are masked, code and all, by the server). */
function needsCode(error: GraphQLError): boolean {
  const original = error.originalError;
  return error.extensions?.code === undefined && (original == null || original instanceof GraphQLError);
}

function withCode(error: GraphQLError): GraphQLError {
  const options = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  const variable = error.path === undefined ? VARIABLE_ERROR.exec(error.message) : null;
  if (!variable) {
    const code: GatewayErrorCode = error.path === undefined ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
    return new GraphQLError(error.message, { ...options, extensions: { ...error.extensions, code } });
  }
  const [, name, at] = variable;
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
    ...options,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT', fieldErrors, http: { status: 400 } },
  });
}
