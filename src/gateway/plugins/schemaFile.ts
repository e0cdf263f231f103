// GET /schema.graphql: the SDL of schema.graphql as served, for a client's codegen or a curious reader.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'graphql-yoga';
import { SCHEMA_PATH } from '../schemaSource.ts';
import { bufferRepresentation, respond } from './staticFiles.ts';

export const SCHEMA_FILE_PATH = '/schema.graphql';

// A client may keep it five minutes, then revalidates it with its ETag.
const CACHE_CONTROL = 'public, max-age=300';

export function useSchemaFile(): Plugin {
  const sdl = readFileSync(SCHEMA_PATH);
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
