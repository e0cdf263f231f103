// GET /schema.graphql: the SDL of schema.graphql as served, for a client's codegen or a curious reader.
// The SDL tells what introspection does: with introspection off, a 404 that says so.
import type { Plugin } from 'graphql-yoga';
import { schemaSdl } from '../schemaSource.ts';
import { errorResponse } from './errorResponse.ts';
import { bufferRepresentation, respond } from './staticFiles.ts';

export const SCHEMA_FILE_PATH = '/schema.graphql';

// A client may keep it five minutes, then revalidates it with its ETag.
const CACHE_CONTROL = 'public, max-age=300';

export function useSchemaFile(options: { introspection: boolean }): Plugin {
  const representation = options.introspection
    ? bufferRepresentation(Buffer.from(schemaSdl()), {
        contentType: 'text/plain; charset=utf-8',
        cacheControl: CACHE_CONTROL,
      })
    : undefined;
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (url.pathname !== SCHEMA_FILE_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      endResponse(
        representation
          ? respond(fetchAPI, request, representation)
          : errorResponse(
              fetchAPI,
              404,
              'NOT_FOUND',
              'The schema is not served: introspection is off on this gateway (INTROSPECTION=off).',
            ),
      );
    },
  };
}
