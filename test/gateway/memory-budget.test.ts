// The process's memory budget for heavy operations on its own: reservations that fit start at
// once, one that does not waits in line until enough is given back, or is refused at its deadline;
// one operation alone is always admitted. Timers are fake; nothing waits on real time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBudget } from '../../src/gateway/memoryBudget.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Tracks whether a reservation has been decided yet, and how. */
function track(promise: Promise<(() => void) | undefined>) {
  const state: { done: boolean; release?: () => void; refused?: boolean } = { done: false };
  void promise.then((release) => Object.assign(state, { done: true, release, refused: release === undefined }));
  return state;
}

const turn = () => Promise.resolve().then(() => undefined);

describe('memoryBudget', () => {
  it('admits what fits at once, and the next in line as soon as enough is given back', async () => {
    vi.useFakeTimers();
    const budget = memoryBudget(100);
    const first = await budget.reserve(60, Date.now() + 1_000);
    const second = track(budget.reserve(30, Date.now() + 1_000));
    const third = track(budget.reserve(30, Date.now() + 1_000));
    await turn();
    expect(second.done).toBe(true);
    expect(third.done).toBe(false);
    expect(budget.reserved).toBe(90);
    first?.();
    await turn();
    expect(third.release).toBeTypeOf('function');
    expect(budget.reserved).toBe(60);
    // Giving back twice gives back once.
    first?.();
    expect(budget.reserved).toBe(60);
  });

  it('refuses a reservation still waiting at its deadline, and keeps the line moving', async () => {
    vi.useFakeTimers();
    const budget = memoryBudget(100);
    const running = await budget.reserve(80, Date.now() + 1_000);
    const late = track(budget.reserve(50, Date.now() + 500));
    const small = track(budget.reserve(10, Date.now() + 5_000));
    await vi.advanceTimersByTimeAsync(499);
    // First come, first served: the small one waits behind the large one.
    expect([late.done, small.done]).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect(late.refused).toBe(true);
    expect(small.release).toBeTypeOf('function');
    running?.();
    expect(budget.reserved).toBe(10);
  });

  it('admits one operation alone whatever its size', async () => {
    const budget = memoryBudget(100);
    const huge = await budget.reserve(1_000, Date.now() + 1_000);
    expect(huge).toBeTypeOf('function');
    huge?.();
    expect(budget.reserved).toBe(0);
  });
});
