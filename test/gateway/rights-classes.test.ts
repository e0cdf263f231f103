// The rights class an answer shows its caller in (call/rightsClasses.ts), and the bounded memory of
// the classes: what the service's hints say, the first object that shows it deciding, nothing
// learned from an answer that shows nothing, a class ending a window after its last own answer, and
// at most MAX_CALLERS credentials remembered.
import { describe, expect, it } from 'vitest';
import { UNPROVEN_CALLER } from '../../src/upstream/budget/window.ts';
import { RightsClasses, rightsShownIn } from '../../src/upstream/call/rightsClasses.ts';
import { WINDOW_MS } from '../../src/upstream/rateLimitPolicy.ts';

const links = (self: string[], rules?: string[], extra: Record<string, unknown> = {}) => ({
  _links: {
    self: { href: '/x', hints: { allow: self } },
    ...(rules ? { rules: { href: '/x/rules', hints: { allow: rules } } } : {}),
    ...extra,
  },
});
const policy = (rules: string[], self = ['GET']) => ({ id: 'p', system: false, ...links(self, rules) });
const rule = (self: string[], system = false) => ({ id: 'r', system, ...links(self) });

describe('rightsShownIn', () => {
  it('reads a policy by its rules link, and any write method anywhere as manage', () => {
    expect(rightsShownIn('policies', policy(['GET', 'POST']))).toBe('policies:manage');
    expect(rightsShownIn('policies', policy(['GET']))).toBe('policies:read');
    // A system policy the caller may still update: PUT in self.
    expect(rightsShownIn('policies', policy(['GET', 'POST'], ['GET', 'PUT']))).toBe('policies:manage');
  });

  it('reads a custom rule by its self link; a system rule that allows nothing shows nothing', () => {
    expect(rightsShownIn('policies', [rule(['GET', 'PUT', 'DELETE'])])).toBe('policies:manage');
    expect(rightsShownIn('policies', [rule(['GET'])])).toBe('policies:read');
    expect(rightsShownIn('policies', [rule(['GET'], true)])).toBeUndefined();
    // The first that shows decides: a system rule first, then a custom one.
    expect(rightsShownIn('policies', [rule(['GET'], true), rule(['GET', 'DELETE'])])).toBe('policies:manage');
  });

  it('reads the rules embedded in a policy, and nothing from an empty list or objects without hints', () => {
    const embedded = { id: 'p', _embedded: { rules: [rule(['GET'])] } };
    expect(rightsShownIn('policies', embedded)).toBe('policies:read');
    expect(rightsShownIn('policies', [])).toBeUndefined();
    expect(rightsShownIn('policies', [{ id: 'app', _links: { accessPolicy: { href: '/p' } } }])).toBeUndefined();
    expect(rightsShownIn('policies', null)).toBeUndefined();
  });

  it('puts every reader of user types in one class: their links name no methods of the caller', () => {
    expect(rightsShownIn('userTypes', [])).toBe('userTypes:read');
  });
});

describe('RightsClasses', () => {
  it('learns a class per credential and family, for a window after its last own answer', () => {
    let now = 0;
    const classes = new RightsClasses(() => now);
    classes.answered('a', 'policies', [policy(['GET'])]);
    expect(classes.classOf('a', 'policies')).toBe('policies:read');
    expect(classes.classOf('a', 'userTypes')).toBeUndefined();
    // An answer that shows nothing leaves what was known.
    classes.answered('a', 'policies', []);
    expect(classes.classOf('a', 'policies')).toBe('policies:read');
    now += WINDOW_MS;
    expect(classes.classOf('a', 'policies')).toBeUndefined();
    expect(classes.size).toBe(0);
  });

  it('never knows the unproven pool, and keeps at most its bound, the least recently answered forgotten first', () => {
    const classes = new RightsClasses(Date.now, 3);
    classes.answered(UNPROVEN_CALLER, 'policies', [policy(['GET', 'POST'])]);
    expect(classes.classOf(UNPROVEN_CALLER, 'policies')).toBeUndefined();
    for (const caller of ['a', 'b', 'c', 'd']) classes.answered(caller, 'userTypes', []);
    expect(classes.size).toBe(3);
    expect(classes.classOf('a', 'userTypes')).toBeUndefined();
    expect(classes.classOf('d', 'userTypes')).toBe('userTypes:read');
  });

  it('counts a refusal when an answer is kept under another class than the caller’s, or the caller’s is not known', () => {
    const classes = new RightsClasses();
    const kept = new Set(['policies:manage']);
    classes.countIfRefused('policies', 'policies:manage', (c) => kept.has(c));
    expect(classes.refusedForRights).toBe(0);
    classes.countIfRefused('policies', 'policies:read', (c) => kept.has(c));
    classes.countIfRefused('policies', undefined, (c) => kept.has(c));
    expect(classes.refusedForRights).toBe(2);
  });
});
