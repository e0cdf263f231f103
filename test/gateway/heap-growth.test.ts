// The gateway tunes V8's heap growth from inside the process (heapGrowth.ts), unless the operator
// chose the same V8 flag on node's command line; the young generation grows to its cap and no further.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { setByOperator } from '../../src/heapGrowth.ts';
import { assertBuilt, ROOT } from '../helpers/built.ts';

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

describe('the young generation once the gateway serves', () => {
  /**
   * A node process that holds the young generation as main.ts does, releases it with a cap of
   * `capMiB`, then allocates as requests in flight do (a share of each turn's objects survives a
   * scavenge or two) and prints the largest semi-space it saw, in MiB. Uncapped, V8 doubles it past
   * 2 MiB within a few rounds and reaches its largest (16 MiB) in about 20, so 60 rounds show either.
   */
  const largestSemiSpace = (capMiB: number): number => {
    const script = `
      import { getHeapSpaceStatistics } from 'node:v8';
      import { setImmediate as turn } from 'node:timers/promises';
      import { holdYoungGeneration, releaseYoungGeneration } from './dist/heapGrowth.js';
      const semiSpaceMiB = () =>
        getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 2 / 1024 ** 2;
      holdYoungGeneration();
      releaseYoungGeneration(${capMiB});
      let largest = 0;
      let inFlight = [];
      for (let round = 0; round < 60; round++) {
        for (let i = 0; i < 20_000; i++) {
          const object = { round, i, text: 'field ' + i };
          if (i % 4 === 0) inFlight.push(object);
        }
        if (inFlight.length > 100_000) inFlight = [];
        largest = Math.max(largest, semiSpaceMiB());
        await turn();
      }
      console.log(largest);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return Number(run.stdout);
  };

  beforeAll(assertBuilt);

  it('grows no further than its cap', () => {
    expect(largestSemiSpace(2)).toBe(2);
  });

  it('grows to V8’s own largest without one (0)', () => {
    expect(largestSemiSpace(0)).toBeGreaterThan(2);
  });
});
