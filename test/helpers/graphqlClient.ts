// A small GraphQL client over real HTTP (fetch), for tests and the bench runs: one POST per request,
// with a default Authorization header that each request may replace (`auth: null` sends none).

export interface GqlResult<T = any> {
  data?: T;
  errors?: any[];
}

export type GqlClient = <T = any>(
  query: string,
  variables?: Record<string, unknown>,
  opts?: { auth?: string | null; headers?: Record<string, string> },
) => Promise<GqlResult<T>>;

/** A client of the gateway at `url` (GraphQL at `${url}/graphql`). */
export function graphqlClient(url: string, defaultAuth: string | null): GqlClient {
  return async (query, variables, opts = {}) => {
    const auth = opts.auth === undefined ? defaultAuth : opts.auth;
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(auth === null ? {} : { authorization: auth }),
        ...opts.headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    return res.json();
  };
}
