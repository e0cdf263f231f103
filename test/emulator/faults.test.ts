// The fault API (/__emulator/faults and the EMULATOR_* fault variables): error answers, connection
// resets, a real rate limit and latency, with the randomness and the waiting made deterministic.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEmulatorConfig } from '../../packages/emulator/src/config/emulator.ts';
import { ConfigError } from '../../packages/emulator/src/config/env.ts';
import { NO_FAULTS } from '../../packages/emulator/src/emulator/http/faults.ts';
import { countFromNow, startTestEmulator, useEmulator } from '../helpers/emulator.ts';

/** A random source that returns `values` in turn, then starts over. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length];
}

let random = sequence(0.5);
const delays: number[] = [];
const emu = useEmulator({
  faultHooks: { random: () => random(), delay: async (ms) => void delays.push(ms) },
});
beforeEach(() => {
  random = sequence(0.5);
  delays.length = 0;
});

const list = () => emu().call('GET', '/api/v1/meta/types/user');
const createType = (name: string) => emu().call('POST', '/api/v1/meta/types/user', { name, displayName: name });
const typeNames = async () => (await list()).body.map((t: { name: string }) => t.name);

describe('GET, POST and DELETE /__emulator/faults', () => {
  it('starts with no faults', async () => {
    const res = await emu().call('GET', '/__emulator/faults');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      latencyMs: 0,
      jitterMs: 0,
      errorRate: 0,
      status: 503,
      resetRate: 0,
      rateLimitPerMinute: 0,
    });
  });

  it('changes the settings sent, keeps the others, shows them, and DELETE clears them all', async () => {
    expect(await emu().setFaults({ latencyMs: 20, errorRate: 0.25 })).toMatchObject({ latencyMs: 20, errorRate: 0.25 });
    const both = await emu().setFaults({ status: 502, resetRate: 0.1 });
    expect(both).toEqual({ ...NO_FAULTS, latencyMs: 20, errorRate: 0.25, status: 502, resetRate: 0.1 });
    expect((await emu().call('GET', '/__emulator/faults')).body).toEqual(both);

    const cleared = await emu().call('DELETE', '/__emulator/faults');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual(NO_FAULTS);
    expect((await emu().call('GET', '/__emulator/faults')).body).toEqual(NO_FAULTS);
  });

  it.each([
    [{ errorRate: 1.5 }, 'errorRate'],
    [{ errorRate: -0.1 }, 'errorRate'],
    [{ errorRate: '0.5' }, 'errorRate'],
    [{ resetRate: null }, 'resetRate'],
    [{ status: 404 }, 'status'],
    [{ status: 503.5 }, 'status'],
    [{ latencyMs: 1.5 }, 'latencyMs'],
    [{ latencyMs: 60_001 }, 'latencyMs'],
    [{ jitterMs: -1 }, 'jitterMs'],
    [{ rateLimitPerMinute: 0.5 }, 'rateLimitPerMinute'],
    [{ errorRat: 0.5 }, 'errorRat'],
    [[{ errorRate: 1 }], 'body'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, member) => {
    await emu().setFaults({ latencyMs: 5 });
    // A valid member next to the bad one is not applied either.
    const res = await emu().call('POST', '/__emulator/faults', Array.isArray(body) ? body : { errorRate: 1, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('E0000001');
    expect(res.body.errorCauses.map((c: { errorSummary: string }) => c.errorSummary)).toContainEqual(
      expect.stringMatching(new RegExp(`^${member}: `)),
    );
    expect((await emu().call('GET', '/__emulator/faults')).body).toEqual({ ...NO_FAULTS, latencyMs: 5 });
    expect((await list()).status).toBe(200);
  });

  it('names every bad setting at once, and refuses malformed JSON and an empty body', async () => {
    const res = await emu().call('POST', '/__emulator/faults', { errorRate: 2, status: 200, latencyMs: 'slow' });
    expect(res.body.errorCauses).toHaveLength(3);
    expect((await emu().call('POST', '/__emulator/faults', '{"errorRate": ')).body.errorCode).toBe('E0000003');
    expect((await emu().call('POST', '/__emulator/faults')).status).toBe(400);
    expect((await emu().call('GET', '/__emulator/faults')).body).toEqual(NO_FAULTS);
  });

  it('goes back to the start settings on an org reset', async () => {
    await emu().setFaults({ errorRate: 1 });
    await emu().reset();
    expect((await emu().call('GET', '/__emulator/faults')).body).toEqual(NO_FAULTS);
    expect((await list()).status).toBe(200);
  });
});

describe('errorRate and status', () => {
  it('answers every API request with a 503 and the error body when the rate is 1, and serves nothing', async () => {
    const calls = countFromNow(emu());
    await emu().setFaults({ errorRate: 1 });
    const read = await list();
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ errorCode: 'E0000009', errorSummary: 'Service Unavailable' });
    expect(read.body.errorId).toMatch(/^oae/);
    expect(read.headers.get('x-rate-limit-remaining')).toMatch(/^\d+$/);
    expect((await createType('Faulted')).status).toBe(503);
    // Admin endpoints are not faulted, and the failed requests were counted.
    expect(calls().byRoute).toEqual({
      'GET /api/v1/meta/types/user': 1,
      'POST /api/v1/meta/types/user': 1,
    });
    await emu().call('DELETE', '/__emulator/faults');
    expect(await typeNames()).not.toContain('Faulted');
  });

  it('answers with the configured status', async () => {
    for (const status of [500, 502, 504]) {
      await emu().setFaults({ errorRate: 1, status });
      const res = await list();
      expect(res.status).toBe(status);
      expect(res.body.errorCode).toBe('E0000009');
    }
  });

  it('answers an injected 429 as the rate limit does, asking to wait one second', async () => {
    await emu().setFaults({ errorRate: 1, status: 429 });
    const earliest = Math.floor(Date.now() / 1000) + 1;
    const res = await list();
    const latest = Math.floor(Date.now() / 1000) + 1;
    expect(res.status).toBe(429);
    expect(res.body.errorCode).toBe('E0000047');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('x-rate-limit-remaining')).toBe('0');
    const reset = Number(res.headers.get('x-rate-limit-reset'));
    expect(reset).toBeGreaterThanOrEqual(earliest);
    expect(reset).toBeLessThanOrEqual(latest);
  });

  it('faults the share of requests the random source picks', async () => {
    random = sequence(0.1, 0.6, 0.39, 0.4);
    await emu().setFaults({ errorRate: 0.4 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await list()).status);
    expect(statuses).toEqual([503, 200, 503, 200]);
  });

  it('faults nothing at rate 0', async () => {
    random = sequence(0);
    await emu().setFaults({ errorRate: 0, resetRate: 0 });
    expect((await createType('Served')).status).toBe(200);
  });
});

describe('resetRate', () => {
  it('destroys the connection in the middle of the answer, after the request took effect', async () => {
    await emu().setFaults({ resetRate: 1 });
    const read = fetch(`${emu().url}/api/v1/meta/types/user`, { headers: { authorization: 'SSWS test-token' } });
    await expect(read.then((r) => r.text())).rejects.toThrow();
    const create = emu().call('POST', '/api/v1/meta/types/user', { name: 'Ambiguous', displayName: 'Ambiguous' });
    await expect(create).rejects.toThrow();

    await emu().call('DELETE', '/__emulator/faults');
    expect(await typeNames()).toContain('Ambiguous');
  });

  it('resets a bodiless answer before anything is sent', async () => {
    const created = (await createType('Doomed')).body;
    await emu().setFaults({ resetRate: 1 });
    await expect(emu().call('DELETE', `/api/v1/meta/types/user/${created.id}`)).rejects.toThrow();
    await emu().call('DELETE', '/__emulator/faults');
    expect(await typeNames()).not.toContain('Doomed');
  });
});

describe('rateLimitPerMinute', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers real 429s with the rate-limit headers past the limit, with a full quota when set', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const minute = Math.ceil(Date.now() / 60_000) * 60_000;
    vi.setSystemTime(minute + 1_000);
    for (let i = 0; i < 3; i++) await list();
    await emu().setFaults({ rateLimitPerMinute: 2 });
    const seen = [await list(), await list(), await list()];
    expect(seen.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(seen.map((r) => r.headers.get('x-rate-limit-remaining'))).toEqual(['1', '0', '0']);
    expect(seen[2].headers.get('x-rate-limit-limit')).toBe('2');
    expect(seen[2].headers.get('x-rate-limit-reset')).toBe(String((minute + 60_000) / 1000));
    expect(seen[2].headers.get('retry-after')).toBe('59');
    expect(seen[2].body.errorCode).toBe('E0000047');

    await emu().call('DELETE', '/__emulator/faults');
    expect((await list()).status).toBe(200);
  });
});

describe('latencyMs and jitterMs', () => {
  it('waits the latency plus a drawn share of the jitter before each API answer', async () => {
    await list();
    expect(delays).toEqual([]);
    random = sequence(0.5, 0);
    await emu().setFaults({ latencyMs: 250, jitterMs: 100 });
    await list();
    await list();
    expect(delays).toEqual([300, 250]);
    await emu().call('GET', '/__emulator/faults');
    expect(delays).toHaveLength(2);
  });
});

describe('faults at start', () => {
  it('reads the EMULATOR_* fault variables', () => {
    expect(
      readEmulatorConfig({
        EMULATOR_LATENCY_MS: '100',
        EMULATOR_JITTER_MS: '50',
        EMULATOR_ERROR_RATE: '0.25',
        EMULATOR_ERROR_STATUS: '502',
        EMULATOR_RESET_RATE: '0.1',
      }).faults,
    ).toEqual({ latencyMs: 100, jitterMs: 50, errorRate: 0.25, status: 502, resetRate: 0.1 });
    expect(readEmulatorConfig({}).faults).toEqual({
      latencyMs: 0,
      jitterMs: 0,
      errorRate: 0,
      status: 503,
      resetRate: 0,
    });
  });

  it('refuses bad fault variables, naming each', () => {
    const env = {
      EMULATOR_LATENCY_MS: '1.5',
      EMULATOR_JITTER_MS: 'lots',
      EMULATOR_ERROR_RATE: '2',
      EMULATOR_ERROR_STATUS: '404',
      EMULATOR_RESET_RATE: '-0.5',
    };
    expect(() => readEmulatorConfig(env)).toThrow(ConfigError);
    try {
      readEmulatorConfig(env);
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'EMULATOR_LATENCY_MS="1.5": must be a whole number',
        'EMULATOR_JITTER_MS="lots": must be a number',
        'EMULATOR_ERROR_RATE="2": must be from 0 to 1',
        'EMULATOR_ERROR_STATUS="404": must be 429 or 500..599',
        'EMULATOR_RESET_RATE="-0.5": must be a number',
      ]);
    }
  });

  describe('with start faults', () => {
    const faulty = useEmulator({ faults: { errorRate: 1, status: 500 }, rateLimitPerMinute: 7 });

    it('injects the start faults, shows them, and keeps them across an org reset', async () => {
      expect((await faulty().call('GET', '/api/v1/meta/types/user')).status).toBe(500);
      await faulty().reset();
      expect((await faulty().call('GET', '/__emulator/faults')).body).toEqual({
        ...NO_FAULTS,
        errorRate: 1,
        status: 500,
        rateLimitPerMinute: 7,
      });
      await faulty().call('DELETE', '/__emulator/faults');
      expect((await faulty().call('GET', '/api/v1/meta/types/user')).status).toBe(200);
    });
  });

  it('refuses bad start faults', async () => {
    await expect(startTestEmulator({ faults: { errorRate: 3 } })).rejects.toThrow(/errorRate/);
  });
});
