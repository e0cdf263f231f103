// Starts a real emulator on a random port and gives tests a small REST client for it, plus what
// many test files share: one emulator per file, counting its API requests, the default policy of
// a type, and the assertions on validation errors.
import { beforeEach, expect } from 'vitest';
import type { FaultSettings } from '../../packages/emulator/src/emulator/http/faults.ts';
import {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../packages/emulator/src/emulator/index.ts';
import { type PolicyType, RULE_TYPE_OF } from '../../src/rest/types.ts';
import { useForTests } from './lifecycle.ts';

export const TOKEN = 'test-token';

export interface RestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** API requests served, keyed by method and the spec's path template (as `/__emulator/requests`). */
export interface RequestCounts {
  total: number;
  byRoute: Record<string, number>;
}

export interface TestEmulator extends RunningEmulator {
  /** Sends one REST call with the emulator's token (JSON body when given) and parses the JSON answer. */
  call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<RestResponse<T>>;
  /** Puts the org back to its start state and zeroes the counter (through the admin endpoint). */
  reset(): Promise<void>;
  /** Changes the injected faults through POST /__emulator/faults and returns them all. */
  setFaults(change: Partial<FaultSettings>): Promise<FaultSettings>;
}

export async function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const token = options.token ?? TOKEN;
  const emu = await startEmulator({ port: 0, ...options, token });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(emu.url + path, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `SSWS ${token}`,
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

/**
 * Starts one emulator (with `options`: engine, fixture, rate limit …) for the test file or describe
 * block, puts its org back to the start state before each test and closes it after all. An
 * emulator without admin endpoints cannot be reset: its tests share one org.
 */
export function useEmulator(options: Partial<EmulatorOptions> = {}): () => TestEmulator {
  return useForTests('the emulator', {
    start: () => startTestEmulator(options),
    reset: options.admin === false ? undefined : (emu) => emu.reset(),
    close: (emu) => emu.close(),
  });
}

/**
 * Counts the emulator's API requests from now on: the returned function gives those made since,
 * by route (routes without requests left out) and in total.
 */
export function countFromNow(emu: RunningEmulator): () => RequestCounts {
  const before = { total: emu.counter.total, byRoute: { ...emu.counter.byRoute } };
  return () => {
    const byRoute: Record<string, number> = {};
    for (const [route, n] of Object.entries(emu.counter.byRoute)) {
      const delta = n - (before.byRoute[route] ?? 0);
      if (delta > 0) byRoute[route] = delta;
    }
    return { total: emu.counter.total - before.total, byRoute };
  };
}

/** The emulator's API requests made while `run` ran, with its result. */
export async function countRequests<T>(
  emu: RunningEmulator,
  run: () => Promise<T>,
): Promise<RequestCounts & { result: T }> {
  const since = countFromNow(emu);
  const result = await run();
  return { result, ...since() };
}

/** Rules of a policy created for each test, with its rule type filled in. */
export interface RulesUnderTest {
  /** The rules path of the current test's policy. */
  path(): string;
  body(actions: unknown, conditions?: unknown, name?: string): Record<string, unknown>;
  /** POSTs a rule with these actions (and conditions). */
  create(actions: unknown, conditions?: unknown): Promise<RestResponse>;
  /** POSTs a rule that must be accepted and returns it. */
  accepted(actions: unknown, conditions?: unknown): Promise<any>;
}

/** Creates a policy of `type` before each test (after the emulator's reset) for the test's rules. */
export function useRulesOfNewPolicy(emu: () => TestEmulator, type: PolicyType): RulesUnderTest {
  let path = '';
  beforeEach(async () => {
    const res = await emu().call('POST', '/api/v1/policies', { type, name: `${type} under test`, description: 'd' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    path = `/api/v1/policies/${res.body.id}/rules`;
  });
  const body = (actions: unknown, conditions: unknown = null, name = 'Rule') => ({
    type: RULE_TYPE_OF[type],
    name,
    conditions,
    actions,
  });
  const create = (actions: unknown, conditions?: unknown) => emu().call('POST', path, body(actions, conditions));
  return {
    path: () => path,
    body,
    create,
    accepted: async (actions, conditions) => {
      const res = await create(actions, conditions);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
  };
}

let created = 0;

/**
 * POSTs a policy that must be accepted and returns it: a PASSWORD policy with a unique name and a
 * description (which some types require) unless `body` says otherwise.
 */
export async function createPolicy(emu: TestEmulator, body: Record<string, unknown> = {}): Promise<any> {
  const name = `Policy ${++created}`;
  const res = await emu.call('POST', '/api/v1/policies', { type: 'PASSWORD', name, description: name, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** POSTs a rule that must be accepted and returns it: a PASSWORD rule with a unique name unless `body` says otherwise. */
export async function createRule(
  emu: TestEmulator,
  policyId: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  const res = await emu.call('POST', `/api/v1/policies/${policyId}/rules`, {
    type: 'PASSWORD',
    name: `Rule ${++created}`,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
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
