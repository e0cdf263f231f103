// A real redis-server (Debian's `redis-server` package) for tests and the scale run: started on a free
// loopback port without persistence, and able to go away and come back on the same port, as an outage does.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { ROOT } from './built.ts';
import { run } from './process.ts';

export interface TestRedis {
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** Kills the server (its data is gone, as no persistence is configured). */
  stop(): Promise<void>;
  /** Starts the server again on the same port. */
  start(): Promise<void>;
  /** Stalls the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Lets a stalled server go on (SIGCONT): it answers what it was sent meanwhile, in order. */
  resume(): void;
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
async function spawnRedis(port: number): Promise<ChildProcess> {
  // DEBUG (SLEEP, to stall the server as a slow Redis does) from loopback clients only.
  const args = [
    ...['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1'],
    ...['--enable-debug-command', 'local'],
  ];
  const server = run('redis-server', args, { cwd: ROOT, env: process.env });
  const missing = new Promise<never>((_, reject) =>
    server.child.once('error', (error) =>
      reject(new Error(`cannot run redis-server (install it: apt-get install -y redis-server): ${error.message}`)),
    ),
  );
  await Promise.race([server.line((l) => l.includes('Ready to accept connections')), missing]);
  return server.child;
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
    pause: () => {
      child?.kill('SIGSTOP');
    },
    resume: () => {
      child?.kill('SIGCONT');
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
