// The one Redis connection of a gateway process, shared by the upstream budget and the idempotency
// store, and its health: while Redis is unreachable (or a command times out, as on a stalled Redis)
// every caller gets its fallback at once (the budget's in-process share, the idempotency store's
// refusal); one warning is logged when Redis goes away and one line when it is back.
import { Redis } from 'ioredis';

export interface RedisLinkLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisLinkOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  url: string;
  log?: RedisLinkLog;
  /** A command that takes longer counts as a Redis failure (the caller's fallback answers instead); keep it well under OPERATION_TIMEOUT_MS. */
  commandTimeoutMs?: number;
}

export const REDIS_DEFAULTS = { commandTimeoutMs: 1_000, connectTimeoutMs: 2_000, maxReconnectDelayMs: 1_000 };

const consoleLog: RedisLinkLog = {
  warn: (m) => console.warn(m),
  info: (m) => console.log(m),
};

export class RedisLink {
  readonly redis: Redis;
  /** Where Redis is, for messages: host and port only, never the URL's credentials. */
  readonly where: string;
  private readonly log: RedisLinkLog;
  /** False from the first failure until Redis is ready again; the warning is logged on the way down. */
  private up = true;
  private everReady = false;

  constructor(options: RedisLinkOptions) {
    const url = new URL(options.url);
    this.where = `${url.hostname}:${url.port || 6379}`;
    this.log = options.log ?? consoleLog;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected, so a request never waits for Redis: it uses the fallback.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: options.commandTimeoutMs ?? REDIS_DEFAULTS.commandTimeoutMs,
      connectTimeout: REDIS_DEFAULTS.connectTimeoutMs,
      // Keep trying to reconnect for as long as the gateway runs.
      retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_DEFAULTS.maxReconnectDelayMs),
    });
    this.redis.on('ready', () => {
      this.everReady = true;
      this.back();
    });
    // ioredis emits an error on every failed reconnect: only the change of state is logged.
    this.redis.on('error', (error: Error) => this.down(error.message));
    this.redis.on('close', () => this.down('connection closed'));
  }

  /** True while commands can be sent. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** Resolves once connected (at once when already), or rejects after `timeoutMs`. */
  whenReady(timeoutMs = REDIS_DEFAULTS.connectTimeoutMs): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        reject(new Error(`redis: ${this.where} not reachable within ${timeoutMs} ms`));
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.redis.once('ready', onReady);
    });
  }

  /**
   * Runs `command` on Redis; while Redis is unavailable, or when the command fails, runs `fallback`
   * instead, so the caller keeps being served.
   */
  async use<T>(command: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!this.ready) {
      this.down('not connected');
      return fallback();
    }
    try {
      const result = await command(this.redis);
      // A stalled Redis answers again on the same connection: no 'ready' event says so.
      this.back();
      return result;
    } catch (error) {
      this.down(error instanceof Error ? error.message : String(error));
      return fallback();
    }
  }

  async close(): Promise<void> {
    this.up = true; // a deliberate close is no outage
    this.redis.removeAllListeners('close');
    this.redis.removeAllListeners('error');
    this.redis.on('error', () => undefined);
    this.redis.disconnect();
  }

  private back(): void {
    if (!this.up) this.log.info(`redis: ${this.where} is back; shared budget and idempotency restored`);
    this.up = true;
  }

  private down(reason: string): void {
    if (!this.up) return;
    this.up = false;
    const when = this.everReady ? 'unavailable' : 'not reachable yet';
    this.log.warn(
      `redis: ${this.where} ${when} (${reason}); serving with this replica's share of the upstream budget, and refusing creates with an idempotency key (IDEMPOTENCY_UNAVAILABLE), until it returns`,
    );
  }
}
