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

/**
 * 30 s into the current clock minute: a frozen rate-limit window then resets 30 s later, after a
 * 10 s operation deadline, so a call past the limit is refused at once instead of waiting.
 */
export function midMinute(): number {
  return Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
}
