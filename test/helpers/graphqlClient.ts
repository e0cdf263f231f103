// A small GraphQL client over real HTTP (fetch), for tests and the bench runs: one POST per request,
// with a default Authorization header that each request may replace (`auth: null` sends none).
// `postGraphql` is the one POST under it, for tests that also look at the status and headers or
// send through a gateway's in-process fetch.

export interface GqlResult<T = any> {
  data?: T;
  errors?: any[];
  extensions?: any;
}

export type GqlClient = <T = any>(
  query: string,
  variables?: Record<string, unknown>,
  opts?: { auth?: string | null; headers?: Record<string, string> },
) => Promise<GqlResult<T>>;

/** The HTTP answer: its status, headers and parsed JSON body (a GqlResult, or whatever else the server sent). */
export interface GqlAnswer<B = any> {
  status: number;
  headers: Headers;
  body: B;
}

export interface PostGraphqlOptions {
  variables?: Record<string, unknown>;
  /** The Authorization header; none when absent or null. */
  auth?: string | null;
  /** More headers (e.g. `accept`: none is sent unless given, so fetch's default applies). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the request: the global fetch unless given (e.g. a yoga's in-process `fetch`). */
  fetch?: (url: string, init: RequestInit) => Response | Promise<Response>;
}

/** POSTs one GraphQL document as JSON to `endpoint` (a `/graphql` URL) and parses the JSON answer. */
export async function postGraphql<B = any>(
  endpoint: string,
  query: string,
  opts: PostGraphqlOptions = {},
): Promise<GqlAnswer<B>> {
  const send = opts.fetch ?? fetch;
  const res = await send(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.auth == null ? {} : { authorization: opts.auth }),
      ...opts.headers,
    },
    body: JSON.stringify({ query, variables: opts.variables }),
    signal: opts.signal,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as B };
}

/** A client of the gateway at `url` (GraphQL at `${url}/graphql`). */
export function graphqlClient(url: string, defaultAuth: string | null): GqlClient {
  return async (query, variables, opts = {}) => {
    const auth = opts.auth === undefined ? defaultAuth : opts.auth;
    const answer = await postGraphql<GqlResult<any>>(`${url}/graphql`, query, {
      variables,
      auth,
      headers: { accept: 'application/json', ...opts.headers },
    });
    return answer.body;
  };
}
