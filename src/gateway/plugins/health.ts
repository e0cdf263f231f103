// Probes for an orchestrator, no token needed: GET /healthz is 200 while the process serves;
// GET /readyz is 200 when the upstream answered recently and 503 with a JSON reason when it did
// not, or while the gateway shuts down. However often /readyz is asked, the upstream sees at most
// one probe call per interval: answers are cached for that long and concurrent probes share a call.
import type { Plugin } from 'graphql-yoga';
import { GATEWAY_DEFAULTS } from '../../config/settings.ts';
import type { ProbeResult } from '../../upstream/probe.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** READINESS_INTERVAL_MS and READINESS_TIMEOUT_MS's defaults (and no token). */
export const READINESS_DEFAULTS = GATEWAY_DEFAULTS.readiness;

export interface HealthOptions {
  probe: { check(): Promise<ProbeResult>; close(): Promise<void> };
  /** How long one probe answer stands. */
  intervalMs: number;
  /** Aborted when the gateway starts shutting down. */
  shutdownSignal?: AbortSignal;
}

export function useHealth(options: HealthOptions): Plugin {
  const upstreamReadiness = cachedFor(options.intervalMs, () => options.probe.check());
  const readiness = async (): Promise<[number, unknown]> => {
    if (options.shutdownSignal?.aborted) return [503, { status: 'not ready', reason: 'shutting down' }];
    const { result, checkedAt } = await upstreamReadiness();
    const upstream = { status: result.status ?? null, checkedAt: new Date(checkedAt).toISOString() };
    return result.ok
      ? [200, { status: 'ready', upstream }]
      : [503, { status: 'not ready', reason: result.reason, upstream }];
  };
  return {
    onRequest: ({ request, url, endResponse, fetchAPI }) => {
      if (url.pathname !== HEALTH_PATH && url.pathname !== READY_PATH) return;
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        endResponse(
          new fetchAPI.Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
          }),
        );
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        json(405, { status: 'method not allowed' }, { allow: 'GET, HEAD' });
        return;
      }
      if (url.pathname === HEALTH_PATH) json(200, { status: 'ok' });
      else return readiness().then(([status, body]) => json(status, body));
    },
    onDispose: () => options.probe.close(),
  };
}

/** `check`'s last answer while it is younger than `ms`, else a new one; concurrent callers share one call. */
function cachedFor(ms: number, check: () => Promise<ProbeResult>) {
  let last: { result: ProbeResult; checkedAt: number } | undefined;
  let running: Promise<{ result: ProbeResult; checkedAt: number }> | undefined;
  return () => {
    if (last && Date.now() - last.checkedAt < ms) return Promise.resolve(last);
    running ??= check()
      .catch((error: unknown) => ({ ok: false, reason: `probe failed: ${(error as Error).message}` }))
      .then((result) => (last = { result, checkedAt: Date.now() }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}
