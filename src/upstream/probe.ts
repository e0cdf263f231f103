// One cheap call that tells whether the REST services answer: `GET /api/v1/meta/types/user` (at most
// ten small objects). Any answer below 500 counts, a 429 included (the rate limit is the org's, no
// reason to take a replica out). Without a token the call goes without credentials and the expected
// 401 counts too: the service is reachable and callers bring their own credentials; with a token, a
// 401 or 403 means the token is refused and does not count.
import { Pool } from 'undici';
import { ROUTES } from './routes.ts';

export interface ProbeResult {
  ok: boolean;
  /** The HTTP status when the service answered. */
  status?: number;
  /** Why the upstream does not count as ready. */
  reason?: string;
}

export interface UpstreamProbeOptions {
  /** Base URL of the services, as for the UpstreamClient. */
  baseUrl: string;
  /** An API token sent as `SSWS <token>`; without one the call goes without credentials. */
  token?: string;
  /** Time allowed for connecting, for the headers and for the body, each. */
  timeoutMs: number;
}

export class UpstreamProbe {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(private readonly options: UpstreamProbeOptions) {
    const base = new URL(options.baseUrl);
    this.path = base.pathname.replace(/\/+$/, '') + ROUTES.listUserTypes.template;
    // One connection is plenty for a call every few seconds.
    this.pool = new Pool(base.origin, {
      connections: 1,
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  async check(): Promise<ProbeResult> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.token) headers.authorization = `SSWS ${this.options.token}`;
    let status: number;
    try {
      const res = await this.pool.request({ method: 'GET', path: this.path, headers });
      status = res.statusCode;
      await res.body.dump();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      return { ok: false, reason: `upstream not reachable${typeof code === 'string' ? ` (${code})` : ''}` };
    }
    if (status >= 500) return { ok: false, status, reason: `upstream answered ${status}` };
    if (this.options.token && (status === 401 || status === 403)) {
      return { ok: false, status, reason: `upstream refused the readiness token (${status})` };
    }
    return { ok: true, status };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
