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
  it('closes slow-header, silent and dripped-body connections with a 408 while serving others', async () => {
    const errors = vi.spyOn(console, 'error');
    const emu = await start({ headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
    const slowHeaders = await rawClient(emu, `GET ${LIST} HTTP/1.1\r\nHost: emulator\r\nX-Slow: `, 'a');
    const silent = await rawClient(emu, '');
    const drippedBody = await rawClient(
      emu,
      `POST ${LIST} HTTP/1.1\r\nHost: emulator\r\nAuthorization: SSWS ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
      'x',
    );
    const slow = [slowHeaders, silent, drippedBody];

    // Meanwhile, other clients are served.
    const served = await Promise.all(Array.from({ length: 5 }, () => emu.call('GET', LIST)));
    expect(served.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const types = served[0].body.length;
    expect(slow.map((c) => c.isClosed())).toEqual([false, false, false]);

    await Promise.all(slow.map((c) => c.closed));
    for (const c of slow) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The dripped body never became a user type, and a timed-out client is not an emulator error.
    expect((await emu.call('GET', LIST)).body).toHaveLength(types);
    expect(errors).not.toHaveBeenCalled();
  });

  it('drops connections beyond the cap until the slow ones are closed', async () => {
    const emu = await start({ headersTimeoutMs: 500, requestTimeoutMs: 500, maxConnections: 2 });
    const hogs = [await rawClient(emu, 'GET / HTTP/1.1\r\n'), await rawClient(emu, 'GET / HTTP/1.1\r\n')];
    await expect(fetch(emu.url + LIST)).rejects.toThrow();
    await Promise.all(hogs.map((c) => c.closed));
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
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
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
