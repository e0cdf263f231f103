// A real redis-server for tests (Debian's `redis-server` package): started on a free loopback port
// without persistence, and able to go away and come back on the same port, as an outage does.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { useForTests } from './lifecycle.ts';

export interface TestRedis {
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** Kills the server (its data is gone, as no persistence is configured). */
  stop(): Promise<void>;
  /** Starts the server again on the same port. */
  start(): Promise<void>;
  /** Deletes every key. */
  flush(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts redis-server on `port`; resolves once it accepts connections. */
function spawnRedis(port: number): Promise<ChildProcess> {
  const args = ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        child.off('exit', onExit);
        resolve(child);
      }
    };
    const onExit = () => reject(new Error(`redis-server exited before it was ready:\n${output}`));
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', onExit);
    child.once('error', (error) =>
      reject(new Error(`cannot run redis-server (install it: apt-get install -y redis-server): ${error.message}`)),
    );
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined = await spawnRedis(port);
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    stop: async () => {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      child = undefined;
    },
    start: async () => {
      if (!child) child = await spawnRedis(port);
    },
    flush: async () => {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        await client.flushall();
      } finally {
        client.disconnect();
      }
    },
  };
}

/** One redis-server for the test file (or describe block), emptied before each test. */
export function useRedis(): () => TestRedis {
  return useForTests('redis-server', {
    start: startTestRedis,
    reset: (redis) => redis.flush(),
    close: (redis) => redis.stop(),
  });
}
