// GET /policy-document.schema.json: the JSON Schema of the policy document (made from the REST
// contract), for editors and CI that check a document before planning it.
import type { Plugin } from 'graphql-yoga';
import { DOCUMENT_SCHEMA_PATH, documentJsonSchema } from '../../policyDocument/schema.ts';
import { bufferRepresentation, respond } from './staticFiles.ts';

export function usePolicyDocumentSchema(): Plugin {
  let representation: ReturnType<typeof bufferRepresentation> | undefined;
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (url.pathname !== DOCUMENT_SCHEMA_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      // Made at the first request: a gateway nobody asks costs nothing.
      representation ??= bufferRepresentation(Buffer.from(JSON.stringify(documentJsonSchema())), {
        contentType: 'application/schema+json',
        cacheControl: 'public, max-age=300',
      });
      endResponse(respond(fetchAPI, request, representation));
    },
  };
}
