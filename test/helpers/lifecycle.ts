// One running resource (emulator, client, whole stack) per test file or describe block: started
// before its tests, put back to its start state before each test, closed after the last one.
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface Lifecycle<T> {
  start(): Promise<T>;
  /** Puts the resource back to its start state; absent: nothing to reset. */
  reset?(resource: T): Promise<void>;
  close(resource: T): Promise<void>;
}

/** Registers the hooks and returns a getter for the running resource (valid inside tests and hooks). */
export function useForTests<T>(name: string, lifecycle: Lifecycle<T>): () => T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await lifecycle.start();
  });
  beforeEach(async () => {
    if (resource !== undefined) await lifecycle.reset?.(resource);
  });
  afterAll(async () => {
    if (resource !== undefined) await lifecycle.close(resource);
  });
  return () => {
    if (resource === undefined) throw new Error(`${name} is not started`);
    return resource;
  };
}
