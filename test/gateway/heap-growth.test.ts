// The gateway tunes V8's heap growth from inside the process (heapGrowth.ts), unless the operator
// chose the same V8 flag on node's command line.
import { describe, expect, it } from 'vitest';
import { setByOperator } from '../../src/heapGrowth.ts';

describe('an operator’s own V8 heap flags', () => {
  it.each([
    [['--heap-growing-percent=50']],
    [['--heap_growing_percent=50']],
    [['--max-old-space-size=256', '--heap-growing-percent', '50']],
  ])('are found in %j', (execArgv) => {
    expect(setByOperator('heap-growing-percent', execArgv)).toBe(true);
  });

  it('are not confused with other flags or values', () => {
    expect(setByOperator('heap-growing-percent', ['--max-semi-space-size=4', '--heap-growing-percentage=3'])).toBe(
      false,
    );
    expect(setByOperator('semi-space-growth-factor', ['--import=./semi-space-growth-factor.mjs'])).toBe(false);
    expect(setByOperator('semi-space-growth-factor', [])).toBe(false);
  });
});
