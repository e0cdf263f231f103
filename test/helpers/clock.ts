// The emulator runs in the test's process, so faking Date moves its clock too: timestamps differ
// without waiting, and a fixed rate-limit window cannot roll over in the middle of a test.
import { onTestFinished, vi } from 'vitest';

/** Fakes Date only (timers and I/O stay real) from `at` on, until the calling test ends. */
export function freezeDate(at: number = Date.now()): void {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Moves the faked Date forward by `ms`. */
export function advanceDate(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}
