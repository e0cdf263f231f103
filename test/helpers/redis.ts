// One real redis-server per test file (see redisServer.ts), emptied before each test.
import { useForTests } from './lifecycle.ts';
import { startTestRedis, type TestRedis } from './redisServer.ts';

export type { TestRedis } from './redisServer.ts';

/** One redis-server for the test file (or describe block), emptied before each test. */
export function useRedis(): () => TestRedis {
  return useForTests('redis-server', {
    start: startTestRedis,
    reset: (redis) => redis.flush(),
    close: (redis) => redis.stop(),
  });
}

export { redisTestsRun } from './requirements.ts';
