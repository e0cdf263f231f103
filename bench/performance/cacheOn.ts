// The read cache on (CACHE_TTL_SECONDS=60), read from the outside: a gateway process over an emulator
// process with an org of `policies` password policies, `latencyMs` late. One dashboard fills the cache
// (its calls are a full dashboard's); then `repeats` dashboards (expected: 0 upstream calls, the same
// data), `repeats` dashboards sent with `Cache-Control: no-cache` (expected: a full dashboard's calls
// each), and a dashboard with a junk token while the cache is warm (expected: UNAUTHENTICATED, no data).
// Calls are the emulator's request counter; answers are read over HTTP.
import { isDeepStrictEqual } from 'node:util';
import { Pool } from 'undici';
import { dashboard } from '../../test/helpers/consoleOperations.ts';
import { PROVE_QUERY, startDashboardOrg } from './consoles.ts';
import { startGatewayProcess } from './processes.ts';
import { emulatorAdmin } from './rest.ts';

export interface CacheOnOptions {
  policies: number;
  latencyMs: number;
  repeats: number;
  ttlSeconds: number;
}

export interface CacheOnResult extends CacheOnOptions {
  /** Upstream calls of the dashboard that filled the cache. */
  firstCalls: number;
  /** Upstream calls of each repeated dashboard. */
  repeatedCalls: number[];
  /** Repeated answers whose data differ from the first's, or with errors. */
  repeatedNotWhole: number;
  /** Upstream calls of each dashboard sent with `Cache-Control: no-cache`. */
  noCacheCalls: number[];
  /** The junk token's answer: HTTP status, its errors' codes, whether any field held data. */
  junk: { status: number; codes: string[]; data: boolean };
}

export const CACHE_ON_DEFAULTS: CacheOnOptions = { policies: 150, latencyMs: 20, repeats: 5, ttlSeconds: 60 };

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { extensions?: { code?: string } }[];
}

export async function measureCacheOn(options: CacheOnOptions = CACHE_ON_DEFAULTS): Promise<CacheOnResult> {
  const token = 'cache-on-token';
  const emulator = await startDashboardOrg(options.policies, [token]);
  const gateway = await startGatewayProcess({
    UPSTREAM_URL: emulator.url,
    CACHE_TTL_SECONDS: String(options.ttlSeconds),
  });
  const admin = emulatorAdmin(emulator.url, `SSWS ${token}`);
  const pool = new Pool(gateway.url, { connections: 4 });
  const { query, variables } = dashboard('variable');
  const post = async (text: string, headers: Record<string, string> = {}) => {
    const res = await pool.request({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${token}`, ...headers },
      body: JSON.stringify({ query: text, variables }),
    });
    return { status: res.statusCode, answer: (await res.body.json()) as Answer };
  };
  /** The upstream calls `run` caused, and what it returned. */
  const counted = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
    const before = await admin.requests();
    const value = await run();
    return [(await admin.requests()) - before, value];
  };
  try {
    await admin.setLatency(options.latencyMs);
    await post(PROVE_QUERY);
    const [firstCalls, first] = await counted(() => post(query));
    if (first.answer.errors || !first.answer.data) {
      throw new Error(`the first dashboard failed: ${JSON.stringify(first.answer.errors)}`);
    }
    const expected = first.answer.data;
    const repeatedCalls: number[] = [];
    let repeatedNotWhole = 0;
    for (let i = 0; i < options.repeats; i++) {
      const [calls, { answer }] = await counted(() => post(query));
      repeatedCalls.push(calls);
      // Compared as values: a cached answer may list an object's members in another order.
      if (answer.errors || !isDeepStrictEqual(answer.data, expected)) repeatedNotWhole++;
    }
    const noCacheCalls: number[] = [];
    for (let i = 0; i < options.repeats; i++) {
      noCacheCalls.push((await counted(() => post(query, { 'cache-control': 'no-cache' })))[0]);
    }
    const junkAnswer = await post(query, { authorization: 'SSWS junk-token-not-issued' });
    return {
      ...options,
      firstCalls,
      repeatedCalls,
      repeatedNotWhole,
      noCacheCalls,
      junk: {
        status: junkAnswer.status,
        codes: [...new Set(junkAnswer.answer.errors?.map((e) => e.extensions?.code ?? 'no code'))],
        data: Object.values(junkAnswer.answer.data ?? {}).some((value) => value != null),
      },
    };
  } finally {
    await pool.close();
    await Promise.all([gateway.stop(), emulator.stop()]);
  }
}

/** The checks of the cache-on part, each with its figure: the report's lines and the summary's rows. */
export function cacheOnChecks(r: CacheOnResult): { line: string; figure: string; met: boolean }[] {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return [
    {
      line: `a repeated dashboard costs 0 upstream calls (cache on, ${r.ttlSeconds} s)`,
      figure: `${sum(r.repeatedCalls)} calls over ${r.repeats} repeats (the first: ${r.firstCalls}); ${r.repeatedNotWhole} answers differ`,
      met: sum(r.repeatedCalls) === 0 && r.repeatedNotWhole === 0,
    },
    {
      line: "`Cache-Control: no-cache` makes fresh calls (a full dashboard's)",
      figure: `${r.noCacheCalls.join(', ')} calls (a full dashboard: ${r.firstCalls})`,
      met: r.noCacheCalls.every((calls) => calls === r.firstCalls),
    },
    {
      line: 'a junk token gets UNAUTHENTICATED with the cache warm',
      figure: `HTTP ${r.junk.status}, every error ${r.junk.codes.join(', ') || 'none'}, ${r.junk.data ? 'with data' : 'no data'}`,
      met: r.junk.codes.length === 1 && r.junk.codes[0] === 'UNAUTHENTICATED' && !r.junk.data,
    },
  ];
}
