// Starts a real emulator on a random port and gives tests a small REST client for it.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.ts';

export const TOKEN = 'test-token';

export interface RestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestEmulator extends RunningEmulator {
  /** Sends one authenticated REST call (JSON body when given) and parses the JSON answer. */
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<RestResponse<T>>;
  /** Returns the admin request counter. */
  counts(): Promise<{ total: number; byRoute: Record<string, number> }>;
  reset(): Promise<void>;
}

export async function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const emu = await startEmulator({ port: 0, token: TOKEN, ...options });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(emu.url + path, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `SSWS ${TOKEN}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    ...emu,
    call,
    counts: async () => (await fetch(emu.url + '/__emulator/requests')).json() as any,
    reset: async () => {
      await fetch(emu.url + '/__emulator/reset', { method: 'POST' });
    },
  };
}
