// One client address holding slow sockets (a slowloris trickling its headers) cannot take every
// connection: past its share of MAX_CONNECTIONS its connections are answered 503 TOO_MANY_CONNECTIONS
// and closed, and another address's ordinary requests are served. 127.0.0.2 is loopback too: the slow
// client binds its sockets there, the ordinary one stays on 127.0.0.1.
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, useUpstream } from '../helpers/gateway.ts';

const upstream = useUpstream();
const sockets: Socket[] = [];
let gateway: RunningGateway | undefined;

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await gateway?.close(0);
  gateway = undefined;
});

interface Slow {
  socket: Socket;
  /** What the gateway answered on it, when it answered at all. */
  answer: Promise<string>;
}

/** A socket from `localAddress` that sends the start of a request's headers and never the rest. */
function slowSocket(url: string, localAddress: string): Promise<Slow> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    sockets.push(socket);
    let text = '';
    const answer = new Promise<string>((done) => {
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => done(text));
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`);
      resolve({ socket, answer });
    });
    socket.once('error', reject);
  });
}

/** 20 ordinary requests from 127.0.0.1, one connection each: how many were answered 200. */
async function ordinaryServed(url: string): Promise<number> {
  let served = 0;
  for (let i = 0; i < 20; i++) {
    const agent = new Agent({ connect: { localAddress: '127.0.0.1', timeout: 2_000 }, headersTimeout: 2_000 });
    try {
      const res = await request(`${url}/graphql`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      await res.body.text();
      if (res.statusCode === 200) served++;
    } catch {
      // Dropped: the slot was not there.
    } finally {
      await agent.close();
    }
  }
  return served;
}

async function slowClient(url: string, count: number): Promise<Slow[]> {
  const opened: Slow[] = [];
  for (let i = 0; i < count; i++) opened.push(await slowSocket(url, '127.0.0.2'));
  return opened;
}

describe('a share of MAX_CONNECTIONS per client address', () => {
  it('one address’s 50 slow sockets hold its share (10 of 40); another address is served 20 of 20', async () => {
    gateway = await startTestGateway(upstream().client, { http: { maxConnections: 40, connectionAddressShare: 0.25 } });
    const slow = await slowClient(gateway.url, 50);
    expect(await ordinaryServed(gateway.url)).toBe(20);
    // The 40 past the share were answered with the code and closed; the first 10 are still open.
    const refused = await Promise.all(slow.slice(10).map((s) => s.answer));
    for (const answer of refused) {
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toContain('"code":"TOO_MANY_CONNECTIONS"');
      expect(answer.toLowerCase()).toContain('retry-after: 1');
    }
    expect(slow.slice(0, 10).every((s) => !s.socket.destroyed)).toBe(true);
    // A refused client's socket closed: once its held ones close, it connects again.
    for (const s of slow.slice(0, 10)) s.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await slowSocket(gateway.url, '127.0.0.2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.socket.destroyed).toBe(false);
  });

  it('without a share (1), the slow sockets hold every slot and the other address is not served', async () => {
    gateway = await startTestGateway(upstream().client, { http: { maxConnections: 40, connectionAddressShare: 1 } });
    await slowClient(gateway.url, 40);
    expect(await ordinaryServed(gateway.url)).toBeLessThan(19);
  });

  it('a trusted proxy’s connections are not counted per address', async () => {
    gateway = await startTestGateway(upstream().client, {
      http: { maxConnections: 40, connectionAddressShare: 0.25 },
      trustedProxies: ['127.0.0.2'],
    });
    const slow = await slowClient(gateway.url, 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slow.every((s) => !s.socket.destroyed)).toBe(true);
  });
});
