// Step 1 of an upstream call: the request as undici dispatches it. The caller's Authorization
// header is forwarded as is; nothing else of the caller's request is.
import type { Dispatcher } from 'undici';
import { fillPath, type Route } from '../routes.ts';

export interface UpstreamRequest {
  route: Route;
  params?: Record<string, string>;
  query?: URLSearchParams;
  body?: unknown;
}

/** One call, ready to send: its route, its path with the ids filled in (for messages), and its dispatch options. */
export interface PreparedCall {
  route: Route;
  /** The path requested, without the base path or the query string. */
  path: string;
  options: Dispatcher.DispatchOptions;
}

export function prepareCall(
  basePath: string,
  request: UpstreamRequest,
  authorization: string,
  requestId: string | undefined,
): PreparedCall {
  const { route, params, query, body } = request;
  const path = fillPath(route.template, params);
  const headers: Record<string, string> = { accept: 'application/json', authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (requestId !== undefined) headers['x-request-id'] = requestId;
  const search = query && query.size > 0 ? `?${query}` : '';
  return {
    route,
    path,
    options: {
      method: route.method,
      path: basePath + path + search,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  };
}
