// The answer meter on its own, with a clock of the test's: every field after a stop throws the one
// stop error, the deadline is looked at as fields resolve, the event loop gets a turn every so many
// fields, and the memory an answer holds grows with it and goes back once.
import { describe, expect, it } from 'vitest';
import { ANSWER_HOLD_FACTOR, AnswerMeter, FREE_HOLD_BYTES } from '../../src/gateway/answerMeter.ts';
import { memoryBudget } from '../../src/gateway/memoryBudget.ts';

// policies.nodes.0.name, as graphql's path.
const where = {
  prev: {
    prev: { prev: { prev: undefined, key: 'policies', typename: 'Query' }, key: 'nodes', typename: 'PolicyConnection' },
    key: 0,
    typename: undefined,
  },
  key: 'name',
  typename: 'PasswordPolicy',
};
const limits = (more: { maxBytes?: number; maxFields?: number; timeoutMs?: number; deadline?: number } = {}) => ({
  maxBytes: 1e9,
  maxFields: 1e9,
  timeoutMs: 1_000,
  deadline: Date.now() + 1_000,
  ...more,
});

describe('AnswerMeter', () => {
  it('stops at the byte limit with one error that every later field throws', () => {
    const meter = new AnswerMeter(limits({ maxBytes: 2_000 }), undefined);
    meter.add(500, where);
    expect(() => meter.add(1_000, where)).toThrow(/passed 2000 bytes/);
    const error = meter.error;
    expect(error?.extensions.code).toBe('RESPONSE_TOO_LARGE');
    expect(error?.path).toEqual(['policies', 'nodes', 0, 'name']);
    expect(meter.signal.aborted).toBe(true);
    expect(() => meter.enter(where)).toThrow(error);
    meter.release();
  });

  it('stops at the deadline as fields resolve, whatever the timers', () => {
    let now = 0;
    const meter = new AnswerMeter(limits({ timeoutMs: 100, deadline: 100 }), undefined, undefined, () => now);
    now = 101;
    let turns = 0;
    expect(() => {
      for (let i = 0; i < 10_000; i++) if (meter.enter(where)) turns++;
    }).toThrow(/did not finish within 100 ms/);
    expect(meter.error?.extensions).toEqual({ code: 'OPERATION_TIMEOUT', timeoutMs: 100 });
    expect(turns).toBe(0);
    meter.release();
  });

  it('stops past MAX_RESOLVED_FIELDS', () => {
    const meter = new AnswerMeter(limits({ maxFields: 3 }), undefined);
    for (let i = 0; i < 3; i++) meter.enter(where);
    expect(() => meter.enter(where)).toThrow(/passed 3 fields/);
    expect(meter.error?.extensions).toMatchObject({ code: 'RESPONSE_TOO_LARGE', measure: 'fields', limit: 3 });
    meter.release();
  });

  it('holds upstream bodies as they arrive, before any field sees them', () => {
    const budget = memoryBudget(16 * FREE_HOLD_BYTES);
    const meter = new AnswerMeter(limits(), budget);
    expect(meter.addUpstream(FREE_HOLD_BYTES)).toBeUndefined();
    expect(budget.reserved).toBeGreaterThanOrEqual(2 * FREE_HOLD_BYTES);
    const other = budget.tryReserve(16 * FREE_HOLD_BYTES - budget.reserved);
    expect(meter.addUpstream(FREE_HOLD_BYTES)?.message).toMatch(/busy/);
    other?.release();
    meter.release();
    expect(budget.reserved).toBe(0);
  });

  it('gives the event loop a turn every 2,048 fields', () => {
    const meter = new AnswerMeter(limits(), undefined);
    let turns = 0;
    for (let i = 0; i < 10_000; i++) if (meter.enter(where)) turns++;
    expect(turns).toBe(4);
    meter.release();
  });

  it('holds memory once it holds more than every operation may freely, and gives it back once', () => {
    const budget = memoryBudget(16 * FREE_HOLD_BYTES);
    const meter = new AnswerMeter(limits(), budget);
    // An answer's bytes count as many times as it has copies until written.
    meter.add(FREE_HOLD_BYTES / ANSWER_HOLD_FACTOR - 2_000, where);
    expect(budget.reserved).toBe(0);
    meter.add(FREE_HOLD_BYTES / ANSWER_HOLD_FACTOR, where);
    expect(budget.reserved).toBeGreaterThanOrEqual(ANSWER_HOLD_FACTOR * meter.bytes);
    // Another holder fills the rest: this answer cannot grow past it and is stopped.
    const other = budget.tryReserve(16 * FREE_HOLD_BYTES - budget.reserved);
    expect(other).toBeDefined();
    expect(() => meter.add(FREE_HOLD_BYTES, where)).toThrow(/busy/);
    expect(meter.error?.extensions.code).toBe('SERVER_BUSY');
    // Upstream bytes after the stop are refused at once.
    expect(meter.addUpstream(1)).toBe(meter.error);
    meter.release();
    meter.release();
    other?.release();
    expect(budget.reserved).toBe(0);
  });
});
