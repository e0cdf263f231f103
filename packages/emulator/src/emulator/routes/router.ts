// Routes keyed by the spec's path templates (`/api/v1/policies/{policyId}`), so that the request
// counter can report per template and a known path with an unknown method is a 405.
export type Params = Record<string, string>;

export interface Route<H> {
  method: string;
  template: string;
  handler: H;
}

export interface Match<H> {
  route?: Route<H>;
  params: Params;
  /** Methods the path supports, when it matched a template but not the method. */
  allowed: string[];
}

export class Router<H> {
  private readonly routes: (Route<H> & { segments: string[] })[] = [];

  add(method: string, template: string, handler: H): this {
    this.routes.push({ method, template, handler, segments: split(template) });
    return this;
  }

  /** Every route, in matching order. */
  list(): Route<H>[] {
    return this.routes.map(({ method, template, handler }) => ({ method, template, handler }));
  }

  match(method: string, pathname: string): Match<H> | undefined {
    let segments: string[];
    try {
      segments = split(pathname).map((s) => decodeURIComponent(s));
    } catch {
      return undefined;
    }
    const allowed: string[] = [];
    for (const r of this.routes) {
      const params = matchSegments(r.segments, segments);
      if (!params) continue;
      if (r.method === method) return { route: r, params, allowed: [] };
      allowed.push(r.method);
    }
    return allowed.length ? { params: {}, allowed } : undefined;
  }
}

// A trailing slash is ignored (`POST /api/v1/meta/types/user/` is the spec's create path).
function split(path: string): string[] {
  return path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
}

function matchSegments(template: string[], actual: string[]): Params | undefined {
  if (template.length !== actual.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i];
    if (t.startsWith('{') && t.endsWith('}')) {
      if (actual[i] === '') return undefined;
      params[t.slice(1, -1)] = actual[i];
    } else if (t !== actual[i]) return undefined;
  }
  return params;
}
