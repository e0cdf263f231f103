// The remembered caller digests: the same digest as credentialDigest for every spelling, before and
// after a header is remembered and after it is evicted, within a bounded memory.
import { describe, expect, it } from 'vitest';
import { callerDigest, REMEMBERED_CALLERS, rememberedCallerCount } from '../../src/gateway/callerDigests.ts';
import { credentialDigest } from '../../src/upstream/credential.ts';

describe('callerDigest', () => {
  it('is credentialDigest, the first time and every time after', () => {
    for (const header of ['SSWS abc', 'ssws   abc', 'Bearer abc', `SSWS ${'t'.repeat(5_000)}`]) {
      expect(callerDigest(header)).toBe(credentialDigest(header));
      expect(callerDigest(header)).toBe(credentialDigest(header));
    }
    expect(callerDigest('ssws   abc')).toBe(callerDigest('SSWS abc'));
    expect(callerDigest('Bearer abc')).not.toBe(callerDigest('SSWS abc'));
  });

  it('remembers the most recent callers only, and a caller it forgot digests the same', () => {
    const headers = Array.from({ length: REMEMBERED_CALLERS * 2 }, (_, i) => `SSWS caller-${i}`);
    for (const header of headers) callerDigest(header);
    expect(rememberedCallerCount()).toBe(REMEMBERED_CALLERS);
    for (const header of headers) expect(callerDigest(header)).toBe(credentialDigest(header));
    expect(rememberedCallerCount()).toBe(REMEMBERED_CALLERS);
  });
});
