// REST access for the benchmark: the org's setup, the emulator's request counter, and the
// hand-written clients the gateway is compared with. A hand-written client sends its calls in
// waves (`all`); the parallel one sends a wave's calls at once, the sequential one, as an admin
// script does, one after the other.
import { Pool } from 'undici';

export interface RestCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface Rest {
  call<T = unknown>(call: RestCall): Promise<T>;
  /** One wave of independent calls. */
  all<T = unknown>(calls: RestCall[]): Promise<T[]>;
  close(): Promise<void>;
}

export function restClient(origin: string, authorization: string, mode: 'parallel' | 'sequential'): Rest {
  const pool = new Pool(origin, { connections: 256 });
  const call = async <T>({ method, path, body }: RestCall): Promise<T> => {
    const res = await pool.request({
      method,
      path,
      headers: {
        accept: 'application/json',
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    call,
    all: async <T>(calls: RestCall[]) => {
      if (mode === 'parallel') return Promise.all(calls.map((c) => call<T>(c)));
      const results: T[] = [];
      for (const c of calls) results.push(await call<T>(c));
      return results;
    },
    close: () => pool.close(),
  };
}

/** The emulator's admin endpoints: its count of API requests, its faults, its reset. */
export function emulatorAdmin(origin: string, authorization: string) {
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(origin + path, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  return {
    requests: async () => ((await admin('GET', '/__emulator/requests')) as { total: number }).total,
    setLatency: (latencyMs: number) => admin('POST', '/__emulator/faults', { latencyMs }),
    reset: () => admin('POST', '/__emulator/reset'),
  };
}

/** Creates password policies `Bench 1` … `Bench {count}` over REST, 50 at a time, as a console would. */
export async function createPasswordPolicies(
  rest: Rest,
  count: number,
  description?: (n: number) => string,
): Promise<void> {
  for (let n = 1; n <= count; n += 50) {
    await rest.all(
      Array.from({ length: Math.min(50, count - n + 1) }, (_, i) => ({
        method: 'POST' as const,
        path: '/api/v1/policies',
        body: { type: 'PASSWORD', name: `Bench ${n + i}`, ...(description ? { description: description(n + i) } : {}) },
      })),
    );
  }
}

/** The id of the org's first password policy: what the one-policy query asks for. */
export async function firstPasswordPolicy(origin: string, authorization: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/policies?type=PASSWORD`, { headers: { authorization } });
  const policies = (await res.json()) as { id: string }[];
  return policies[0].id;
}
