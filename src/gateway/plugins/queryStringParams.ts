// A GET's `variables` and `extensions` are JSON in the query string. Yoga parses them with no
// guard, so a malformed one was an unexpected error: a 500 and two error-level stack traces in the
// log for each request. Checked first here, it is a short 400 that logs nothing.
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from './errorResponse.ts';

const JSON_PARAMS = ['variables', 'extensions'] as const;

export function useQueryStringParams(graphqlPath: string): Plugin {
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (request.method !== 'GET' || url.pathname !== graphqlPath) return;
      for (const name of JSON_PARAMS) {
        const value = url.searchParams.get(name);
        if (!value || isJson(value)) continue;
        endResponse(errorResponse(fetchAPI, 400, 'BAD_REQUEST', `The query string's \`${name}\` is not valid JSON.`));
        return;
      }
    },
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
