// The request body limit (MAX_BODY_BYTES). A body with a Content-Length is judged by the header
// alone: node's HTTP parser never reads more than that length into the request, so it needs no
// counting stream (yoga's own limit pipes every body through one, a measurable cost per request).
// A chunked body, which has no length up front, is counted as it is read.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const CONTENT_LENGTH = /^\d+$/;

function tooLarge() {
  return new GraphQLError('Request body too large', {
    extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' },
  });
}

/** Placed after every plugin that registers a request parser, so that it wraps the one chosen. */
export function useBodyLimit(maxBytes: number): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const contentLength = request.headers.get('content-length');
      if (contentLength !== null) {
        // A list of lengths or anything but digits is what request smuggling sends.
        if (!CONTENT_LENGTH.test(contentLength)) {
          throw new GraphQLError('Content-Length header is invalid.', {
            extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
          });
        }
        if (Number(contentLength) > maxBytes) throw tooLarge();
        return;
      }
      if (!requestParser || !request.body) return;
      const parse = requestParser;
      setRequestParser((req) => {
        let read = 0;
        const counted = req.body!.pipeThrough(
          new fetchAPI.TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              read += chunk.byteLength;
              if (read > maxBytes) controller.error(tooLarge());
              else controller.enqueue(chunk);
            },
          }),
        );
        return parse(
          new fetchAPI.Request(req.url, {
            method: req.method,
            headers: req.headers,
            signal: req.signal,
            body: counted,
            duplex: 'half',
          } as RequestInit),
        );
      });
    },
  };
}
