// Only JSON POSTs (and GraphQL-over-HTTP GETs) are executed. A form-encoded, multipart or text POST
// is what a cross-site form can send without a CORS preflight, so it gets 415 and runs nothing.
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from './errorResponse.ts';

export function useJsonOnly(graphqlPath: string): Plugin {
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (request.method !== 'POST' || url.pathname !== graphqlPath) return;
      const mediaType = request.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
      if (mediaType === 'application/json') return;
      endResponse(
        errorResponse(
          fetchAPI,
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'POST requests must send Content-Type: application/json.',
        ),
      );
    },
  };
}
