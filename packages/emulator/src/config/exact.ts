// Options filled from settings, checked name by name. TypeScript checks the keys of an object
// literal only: a spread (`{ ...config.upstream }`) or a settings group passed whole may carry a key
// the options do not have, and a setting named differently from its option would then be dropped
// in silence (the module running on its default). `exact<Options>()(value)` fails tsc instead.

/**
 * `V` with every key that `T` lacks typed `never`, at any depth of plain objects; a member whose type
 * is `T`'s own (a client, a logger) and functions and arrays are left as they are.
 */
export type Exact<T, V> = [V] extends [T]
  ? [T] extends [V]
    ? V
    : V extends readonly unknown[] | ((...args: never[]) => unknown)
      ? V
      : V extends object
        ? { [K in keyof V]: K extends keyof NonNullable<T> ? Exact<NonNullable<T>[K], V[K]> : never }
        : V
  : V;

/** `value` as it is, once tsc has found in it no key that `T` lacks (see Exact). */
export function exact<T>(): <V extends T>(value: V & Exact<T, V>) => V {
  return (value) => value;
}
