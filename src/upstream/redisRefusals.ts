// The refused credentials of every replica over Redis pub/sub (refusalChannel.ts): a replica that
// sees the service refuse a credential publishes its digest; every replica, subscribed on a
// connection of its own, stops treating that credential as proven when the message arrives (well
// under a millisecond on one network). While Redis cannot deliver, a message is lost: another replica
// then learns of the refusal when the credential's proof and rights class end there (a window, one
// minute, after the service last answered it there) and its next read is its own call.
import type { Redis } from 'ioredis';
import type { RedisLink } from '../redis/link.ts';
import type { RefusalChannel } from './refusalChannel.ts';

/** The channel every replica of one Redis publishes refused credentials' digests on. */
export const REFUSALS_CHANNEL = 'gateway:credential:refused';
const DIGEST = /^[0-9a-f]{64}$/;

export class RedisRefusals implements RefusalChannel {
  private subscriber: Redis | undefined;

  constructor(private readonly link: RedisLink) {}

  announce(digest: string): void {
    void this.link.use(
      (redis) => redis.publish(REFUSALS_CHANNEL, digest),
      () => 0,
    );
  }

  listen(onRefused: (digest: string) => void): void {
    // A subscribed connection takes no other command: one of its own, reconnecting (and subscribing
    // again) as the link's does.
    const subscriber = this.link.redis.duplicate({ enableOfflineQueue: true, autoResubscribe: true });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, digest: string) => {
      if (channel === REFUSALS_CHANNEL && DIGEST.test(digest)) onRefused(digest);
    });
    subscriber.subscribe(REFUSALS_CHANNEL).catch(() => undefined);
    this.subscriber = subscriber;
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
