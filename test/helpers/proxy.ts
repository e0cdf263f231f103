// A pass-through HTTP proxy in front of a real emulator that records every request's headers and can
// hold the next request until the test releases it: what a test needs to see the headers the gateway
// sends upstream, or to keep an operation in flight for as long as it likes, without timers; it can
// also change the headers of the next answer, as a misbehaving proxy or upstream would.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export interface RecordingProxy {
  url: string;
  /** Every request received so far. */
  received: { method: string; path: string; headers: IncomingHttpHeaders }[];
  /** Holds the next request: `arrived` resolves once it is held, `release()` lets it through. */
  holdNext(): { arrived: Promise<void>; release(): void };
  /** Holds the next answer once the upstream has given it: `arrived` resolves then, `release()` sends it on. */
  holdNextAnswer(): { arrived: Promise<void>; release(): void };
  /** Sets these headers on the next answer (over the upstream's own). */
  rewriteNextAnswer(headers: Record<string, string>): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Milliseconds to hold each answer once the upstream has given it (a slow way back); none when absent. */
  answerDelayMs?: () => number;
}

export async function startRecordingProxy(target: string, options: ProxyOptions = {}): Promise<RecordingProxy> {
  const received: RecordingProxy['received'] = [];
  let hold: Hold | undefined;
  let holdAnswer: Hold | undefined;
  let rewrite: Record<string, string> | undefined;
  const server = createServer(async (req, res) => {
    received.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const held = hold;
    hold = undefined;
    if (held) {
      held.arrive();
      await held.released;
    }
    const headers = Object.entries(req.headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' &&
        // fetch sets the length of the body it sends itself (and refuses a `content-length: 0` without one).
        !['host', 'connection', 'content-length'].includes(entry[0]),
    );
    const answer = await fetch(target + req.url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const hopByHop = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];
    const body = Buffer.from(await answer.arrayBuffer());
    if (options.answerDelayMs) await delay(options.answerDelayMs());
    const heldAnswer = holdAnswer;
    holdAnswer = undefined;
    if (heldAnswer) {
      heldAnswer.arrive();
      await heldAnswer.released;
    }
    const changed = rewrite ?? {};
    rewrite = undefined;
    res.writeHead(answer.status, {
      ...Object.fromEntries([...answer.headers].filter(([name]) => !hopByHop.includes(name))),
      ...changed,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    holdNext: () => {
      const made = newHold();
      hold = made.hold;
      return made.handle;
    },
    holdNextAnswer: () => {
      const made = newHold();
      holdAnswer = made.hold;
      return made.handle;
    },
    rewriteNextAnswer: (headers) => {
      rewrite = headers;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Hold {
  arrive(): void;
  released: Promise<void>;
}

function newHold(): { hold: Hold; handle: { arrived: Promise<void>; release(): void } } {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { hold: { arrive, released }, handle: { arrived, release } };
}
