// Helpers on REST wire values, shared by the upstream client and the resolvers.
export { isObject } from 'policy-service-emulator/contract';

/** T without null anywhere inside. */
export type WithoutNulls<T> = T extends readonly (infer E)[]
  ? WithoutNulls<E>[]
  : T extends object
    ? { [K in keyof T]: WithoutNulls<Exclude<T[K], null>> }
    : T;

/** Drops null (and undefined) members at every depth: in an input, null means "not sent". */
export function withoutNulls<T>(value: T): WithoutNulls<T> {
  if (Array.isArray(value)) return value.map(withoutNulls) as WithoutNulls<T>;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
    return Object.fromEntries(members.map(([k, v]) => [k, withoutNulls(v)])) as WithoutNulls<T>;
  }
  return value as WithoutNulls<T>;
}
