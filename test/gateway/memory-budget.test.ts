// The process's memory budget for heavy operations on its own: reservations that fit start at
// once, one that does not waits in line until enough is given back, or is refused at its deadline;
// one operation alone is always admitted. Timers are fake; nothing waits on real time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MemoryHold, memoryBudget } from '../../src/gateway/memoryBudget.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Tracks whether a reservation has been decided yet, and how. */
function track(promise: Promise<MemoryHold | undefined>) {
  const state: { done: boolean; hold?: MemoryHold; refused?: boolean } = { done: false };
  void promise.then((hold) => Object.assign(state, { done: true, hold, refused: hold === undefined }));
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
    first?.release();
    await turn();
    expect(third.hold?.bytes).toBe(30);
    expect(budget.reserved).toBe(60);
    // Giving back twice gives back once.
    first?.release();
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
    expect(small.hold?.bytes).toBe(10);
    running?.release();
    expect(budget.reserved).toBe(10);
  });

  it('admits one operation alone whatever its size', async () => {
    const budget = memoryBudget(100);
    const huge = await budget.reserve(1_000, Date.now() + 1_000);
    expect(huge?.bytes).toBe(1_000);
    huge?.release();
    expect(budget.reserved).toBe(0);
  });

  it('grows a hold while it fits, and past the budget only for the one holder', async () => {
    const budget = memoryBudget(100);
    const alone = budget.tryReserve(40);
    expect(alone?.grow(100)).toBe(true);
    expect(budget.reserved).toBe(140);
    alone?.release();
    const first = budget.tryReserve(40);
    const second = budget.tryReserve(40);
    expect(second?.grow(20)).toBe(true);
    expect(first?.grow(1)).toBe(false);
    expect(budget.tryReserve(1)).toBeUndefined();
    expect(budget.reserved).toBe(100);
    second?.release();
    expect(first?.grow(60)).toBe(true);
    // A released hold neither grows nor gives back twice.
    first?.release();
    expect(first?.grow(1)).toBe(false);
    first?.release();
    expect(budget.reserved).toBe(0);
  });
});
