// The upstream client's errors are told apart by a brand, not by their class object (as undici's
// are): `instanceof` holds for an error made by another copy of the module (a second install, a
// bundler's copy), and still tells the classes apart.
import { describe, expect, it } from 'vitest';
import * as here from '../../src/upstream/errors.ts';

describe('branded upstream errors', () => {
  it('are instances of their class and its base in another copy of the module, and of no other class', async () => {
    // @ts-expect-error: a second copy of the module, under another specifier
    const copy = (await import('../../src/upstream/errors.ts?copy')) as typeof here;
    expect(copy.UpstreamUnavailableError).not.toBe(here.UpstreamUnavailableError);
    const error = new copy.UpstreamUnavailableError('GET /api/v1/policies', { cause: new Error('ECONNREFUSED') });
    expect(error instanceof here.UpstreamUnavailableError).toBe(true);
    expect(error instanceof here.UpstreamClientError).toBe(true);
    expect(error instanceof Error).toBe(true);
    expect(error instanceof here.UpstreamBudgetExceededError).toBe(false);
    expect({ name: 'UpstreamUnavailableError' } instanceof here.UpstreamUnavailableError).toBe(false);
  });
});
