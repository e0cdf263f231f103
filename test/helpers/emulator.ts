// Starts a real emulator on a random port and gives tests a small REST client for it, plus what
// many test files share: one emulator per file, the default policy of a type, and the assertions
// on validation errors.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FaultSettings } from '../../src/emulator/http/faults.ts';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.ts';

export const TOKEN = 'test-token';

export interface RestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestEmulator extends RunningEmulator {
  /** Sends one authenticated REST call (JSON body when given) and parses the JSON answer. */
  call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<RestResponse<T>>;
  /** Returns the admin request counter. */
  counts(): Promise<{ total: number; byRoute: Record<string, number> }>;
  reset(): Promise<void>;
  /** Changes the injected faults through POST /__emulator/faults and returns them all. */
  setFaults(change: Partial<FaultSettings>): Promise<FaultSettings>;
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
    counts: async () => (await call('GET', '/__emulator/requests')).body,
    reset: async () => {
      const res = await call('POST', '/__emulator/reset');
      if (res.status !== 204) throw new Error(`reset refused: ${JSON.stringify(res.body)}`);
    },
    setFaults: async (change) => {
      const res = await call('POST', '/__emulator/faults', change);
      if (res.status !== 200) throw new Error(`faults not set: ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

/** Starts one emulator for the test file, puts its org back to the fixture before each test and closes it after all. */
export function useEmulator(options: Partial<EmulatorOptions> = {}): () => TestEmulator {
  let emu: TestEmulator | undefined;
  beforeAll(async () => {
    emu = await startTestEmulator(options);
  });
  beforeEach(async () => {
    await emu?.reset();
  });
  afterAll(async () => {
    await emu?.close();
  });
  return () => {
    if (!emu) throw new Error('the emulator is not started');
    return emu;
  };
}

/** The default (system) policy of a type, as the first page of its listing shows it. */
export async function defaultPolicyOf(emu: TestEmulator, type: string): Promise<any> {
  const res = await emu.call('GET', `/api/v1/policies?type=${type}`);
  return res.body.find((p: { system: boolean }) => p.system);
}

/** The default policy of a type and its default (system) rule. */
export async function defaultPolicyAndRule(emu: TestEmulator, type: string): Promise<{ policy: any; rule: any }> {
  const policy = await defaultPolicyOf(emu, type);
  const rules = await emu.call('GET', `/api/v1/policies/${policy.id}/rules`);
  return { policy, rule: rules.body.find((r: { system: boolean }) => r.system) };
}

/** The summaries of an error body's causes (none when it has no causes). */
export function causesOf(res: RestResponse): string[] {
  return (res.body?.errorCauses ?? []).map((c: { errorSummary: string }) => c.errorSummary);
}

/** Asserts that a cause names `path`: its summary reads `path: ...`. */
export function expectCauseNaming(res: RestResponse, path: string): void {
  expect(
    causesOf(res).some((c) => c.startsWith(`${path}: `)),
    causesOf(res).join(' | '),
  ).toBe(true);
}

/** Asserts a 400 E0000001 validation failure with a cause naming `path`. */
export function expectValidationCause(res: RestResponse, path: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errorCode).toBe('E0000001');
  expectCauseNaming(res, path);
}
