// One id per HTTP request, to follow an operation through the logs to its upstream calls: the
// caller's `X-Request-Id` when it is short and plain, else a new one; returned in the response's
// `X-Request-Id` and sent upstream with every call the request makes.
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `-_.:`, at most 128 characters: safe in a log line and in an upstream header. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const ids = new WeakMap<Request, string>();

/** The id of a request this plugin has seen; a new one for any other request. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (id === undefined) {
    id = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    ids.set(request, id);
  }
  return id;
}

/** The id of a request that sent `sent` as its `X-Request-Id`: that one when it is acceptable, else a new one. */
export function requestIdFrom(sent: string | null | undefined): string {
  return typeof sent === 'string' && ACCEPTABLE_ID.test(sent) ? sent : randomUUID();
}

export function useRequestId(): Plugin {
  return {
    onRequest: ({ request }) => void requestIdOf(request),
    onResponse: ({ request, response }) => response.headers.set(REQUEST_ID_HEADER, requestIdOf(request)),
  };
}
