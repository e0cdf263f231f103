// GET /schema.graphql: the SDL of schema.graphql as served, for a client's codegen or a curious reader.
import type { Plugin } from 'graphql-yoga';
import { schemaSdl } from '../schemaSource.ts';
import { bufferRepresentation, respond } from './staticFiles.ts';

export const SCHEMA_FILE_PATH = '/schema.graphql';

// A client may keep it five minutes, then revalidates it with its ETag.
const CACHE_CONTROL = 'public, max-age=300';

export function useSchemaFile(): Plugin {
  const sdl = Buffer.from(schemaSdl());
  const representation = bufferRepresentation(sdl, {
    contentType: 'text/plain; charset=utf-8',
    cacheControl: CACHE_CONTROL,
  });
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (url.pathname !== SCHEMA_FILE_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      endResponse(respond(fetchAPI, request, representation));
    },
  };
}
