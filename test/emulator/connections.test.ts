// HTTP hardening of the emulator: connections that send their headers or body slowly are answered
// 408 and closed after the configured timeouts while other clients are served, and connections
// beyond the cap are dropped. Short timeouts keep the test fast.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEmulatorConfig } from '../../packages/emulator/src/config/emulator.ts';
import { ConfigError } from '../../packages/emulator/src/config/env.ts';
import type { ConnectionLimits } from '../../packages/emulator/src/emulator/http/connectionLimits.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';

interface RawClient {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  closed: Promise<void>;
  isClosed(): boolean;
}

/** A raw TCP client that sends `first`, then `drip` every 50 ms until the server closes it. */
async function rawClient(emu: TestEmulator, first: string, drip?: string): Promise<RawClient> {
  const { hostname, port } = new URL(emu.url);
  const socket = connect(Number(port), hostname);
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => undefined); // the server may reset a socket we still write to
  const timer = drip ? setInterval(() => socket.writable && socket.write(drip), 50) : undefined;
  const closedPromise = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closed = true;
      clearInterval(timer);
      resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (first) socket.write(first);
  return { socket, received: () => received, closed: closedPromise, isClosed: () => closed };
}

const running: TestEmulator[] = [];
async function start(limits: Partial<ConnectionLimits>): Promise<TestEmulator> {
  const emu = await startTestEmulator({ limits });
  running.push(emu);
  return emu;
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const emu of running.splice(0)) await emu.close();
});

const LIST = '/api/v1/meta/types/user';

describe('slow clients', () => {
  /** A client that sends its headers slowly, one that sends nothing, and one that drips its body. */
  async function slowClients(emu: TestEmulator): Promise<RawClient[]> {
    return [
      await rawClient(emu, `GET ${LIST} HTTP/1.1\r\nHost: emulator\r\nX-Slow: `, 'a'),
      await rawClient(emu, ''),
      await rawClient(
        emu,
        `POST ${LIST} HTTP/1.1\r\nHost: emulator\r\nAuthorization: SSWS ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
        'x',
      ),
    ];
  }

  it('serves other clients while slow ones are held open', async () => {
    // Timeouts longer than the test's own timeout: a slow client closed before the others are
    // served was refused by the server, not timed out, however slow the machine.
    const emu = await start({ headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 });
    const slow = await slowClients(emu);
    const served = await Promise.all(Array.from({ length: 5 }, () => emu.call('GET', LIST)));
    expect(served.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(slow.map((c) => [c.isClosed(), c.received()])).toEqual([
      [false, ''],
      [false, ''],
      [false, ''],
    ]);
    for (const c of slow) c.socket.destroy();
  });

  it('closes slow-header, silent and dripped-body connections with a 408 after the configured timeouts', async () => {
    const errors = vi.spyOn(console, 'error');
    const headersTimeoutMs = 500;
    const requestTimeoutMs = 800;
    const emu = await start({ headersTimeoutMs, requestTimeoutMs });
    const types = (await emu.call('GET', LIST)).body.length;
    const started = performance.now();
    const slow = await slowClients(emu);
    const closedAfter = await Promise.all(slow.map((c) => c.closed.then(() => performance.now() - started)));
    for (const c of slow) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Not before the configured timeouts (the dripped body is complete headers, so its request
    // timeout applies), and far sooner than Node's defaults (60 s headers, 300 s request) would.
    const [slowHeaders, silent, drippedBody] = closedAfter;
    expect(Math.min(slowHeaders, silent)).toBeGreaterThanOrEqual(headersTimeoutMs);
    expect(drippedBody).toBeGreaterThanOrEqual(requestTimeoutMs);
    expect(Math.max(...closedAfter)).toBeLessThan(10_000);
    // The dripped body never became a user type, and a timed-out client is not an emulator error.
    expect((await emu.call('GET', LIST)).body).toHaveLength(types);
    expect(errors).not.toHaveBeenCalled();
  });

  it('drops connections beyond the cap until the held ones are closed', async () => {
    // Held longer than the test may run, so the hogs are still open when the third client comes,
    // however slow the machine; then a bad header line makes the server close them (400).
    const emu = await start({ headersTimeoutMs: 60_000, requestTimeoutMs: 60_000, maxConnections: 2 });
    const hogs = [await rawClient(emu, 'GET / HTTP/1.1\r\n'), await rawClient(emu, 'GET / HTTP/1.1\r\n')];
    await expect(fetch(emu.url + LIST)).rejects.toThrow();
    expect(hogs.map((c) => c.isClosed())).toEqual([false, false]);
    for (const c of hogs) c.socket.write('Bad Header\r\n\r\n');
    await Promise.all(hogs.map((c) => c.closed));
    for (const c of hogs) expect(c.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect((await emu.call('GET', LIST)).status).toBe(200);
  });
});

describe('idle connections', () => {
  it('closes a kept-alive connection after the keep-alive timeout', async () => {
    const emu = await start({ keepAliveTimeoutMs: 200 });
    const client = await rawClient(
      emu,
      `GET ${LIST} HTTP/1.1\r\nHost: emulator\r\nAuthorization: SSWS ${TOKEN}\r\nConnection: keep-alive\r\n\r\n`,
    );
    const started = performance.now();
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    // Closed by the configured timeout, not by Node's default of 5 s.
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});

describe('settings', () => {
  it('defaults to a 10 s headers timeout, 12 s request timeout, 5 s keep-alive and 1024 connections', () => {
    expect(readEmulatorConfig({}).limits).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 12_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1024,
    });
  });

  it('reads the variables and refuses bad values and a headers timeout longer than the request timeout', () => {
    expect(
      readEmulatorConfig({
        EMULATOR_HEADERS_TIMEOUT_MS: '2000',
        EMULATOR_REQUEST_TIMEOUT_MS: '3000',
        EMULATOR_KEEPALIVE_MS: '1000',
        EMULATOR_MAX_CONNECTIONS: '10',
      }).limits,
    ).toEqual({ headersTimeoutMs: 2000, requestTimeoutMs: 3000, keepAliveTimeoutMs: 1000, maxConnections: 10 });
    expect(() => readEmulatorConfig({ EMULATOR_MAX_CONNECTIONS: '0' })).toThrow('EMULATOR_MAX_CONNECTIONS="0"');
    expect(() => readEmulatorConfig({ EMULATOR_KEEPALIVE_MS: 'soon' })).toThrow(ConfigError);
    expect(() => readEmulatorConfig({ EMULATOR_HEADERS_TIMEOUT_MS: '20000' })).toThrow(
      'the headers timeout must not be longer than the request timeout',
    );
  });
});
