// A small REST client for the emulator's API and admin endpoints, as a test suite writes one.
import type { Emulator } from 'policy-service-emulator';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read as each test expects it
  body: any;
}

export function restClient(emulator: () => Emulator) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const { url, token } = emulator();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `SSWS ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}
