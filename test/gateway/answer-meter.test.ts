// The answer meter on its own, with a clock of the test's: every field after a stop throws the one
// stop error, the deadline is looked at as fields resolve, the event loop gets a turn every so many
// fields, and the memory an answer holds grows with it and goes back once.
import { describe, expect, it } from 'vitest';
import { AnswerMeter } from '../../src/gateway/answerMeter.ts';
import { HEAVY_BYTES, memoryBudget } from '../../src/gateway/memoryBudget.ts';

const path = () => ['policies', 'nodes', 0, 'name'];

describe('AnswerMeter', () => {
  it('stops at the byte limit with one error that every later field throws', () => {
    const meter = new AnswerMeter({ maxBytes: 2_000, timeoutMs: 1_000, deadline: Date.now() + 1_000 }, undefined);
    meter.add(500, path);
    expect(() => meter.add(1_000, path)).toThrow(/passed 2000 bytes/);
    const error = meter.error;
    expect(error?.extensions.code).toBe('RESPONSE_TOO_LARGE');
    expect(error?.path).toEqual(path());
    expect(meter.signal.aborted).toBe(true);
    expect(() => meter.enter(path)).toThrow(error);
    meter.release();
  });

  it('stops at the deadline as fields resolve, whatever the timers', () => {
    let now = 0;
    const meter = new AnswerMeter({ maxBytes: 1e9, timeoutMs: 100, deadline: 100 }, undefined, () => now);
    now = 101;
    let turns = 0;
    expect(() => {
      for (let i = 0; i < 10_000; i++) if (meter.enter(path)) turns++;
    }).toThrow(/did not finish within 100 ms/);
    expect(meter.error?.extensions).toEqual({ code: 'OPERATION_TIMEOUT', timeoutMs: 100 });
    expect(turns).toBe(0);
    meter.release();
  });

  it('gives the event loop a turn every 2,048 fields', () => {
    const meter = new AnswerMeter({ maxBytes: 1e9, timeoutMs: 1_000, deadline: Date.now() + 1_000 }, undefined);
    let turns = 0;
    for (let i = 0; i < 10_000; i++) if (meter.enter(path)) turns++;
    expect(turns).toBe(4);
    meter.release();
  });

  it('holds memory once its answer passes what every operation may build freely, and gives it back once', () => {
    const budget = memoryBudget(4 * HEAVY_BYTES);
    const meter = new AnswerMeter({ maxBytes: 1e9, timeoutMs: 1_000, deadline: Date.now() + 1_000 }, budget);
    meter.add(HEAVY_BYTES - 2_000, path);
    expect(budget.reserved).toBe(0);
    meter.add(HEAVY_BYTES, path);
    expect(budget.reserved).toBeGreaterThanOrEqual(meter.bytes);
    // Another holder fills the rest: this answer cannot grow past it and is stopped.
    const other = budget.tryReserve(4 * HEAVY_BYTES - budget.reserved);
    expect(other).toBeDefined();
    expect(() => meter.add(2 * HEAVY_BYTES, path)).toThrow(/busy/);
    expect(meter.error?.extensions.code).toBe('SERVER_BUSY');
    meter.release();
    meter.release();
    other?.release();
    expect(budget.reserved).toBe(0);
  });
});
