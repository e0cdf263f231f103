// A small collector of validation causes. Each check reads one wire value at a dotted path,
// records a cause naming that path when the value is wrong, and returns the value (or undefined)
// so that callers can go on checking the rest: one request reports every violated rule at once.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: unknown };

/** The cause every operation gives for a body that is absent or not a JSON object. */
export const BODY_NOT_AN_OBJECT = '(body): must be a JSON object';

export function isJsonObject(body: unknown): body is JsonObject {
  return body !== null && typeof body === 'object' && !Array.isArray(body);
}

export interface Opts {
  required?: boolean;
  /** `null` is accepted and returned as null (the spec's "may be null"). */
  nullable?: boolean;
}

export class Check {
  readonly causes: string[] = [];

  fail(path: string, message: string): void {
    this.causes.push(`${path}: ${message}`);
  }

  get ok(): boolean {
    return this.causes.length === 0;
  }

  private absent(v: unknown, path: string, o: Opts): boolean {
    if (v === undefined || (v === null && !o.nullable)) {
      if (o.required) this.fail(path, 'is required');
      return true;
    }
    return false;
  }

  object(v: unknown, path: string, o: Opts = {}): JsonObject | undefined {
    if (this.absent(v, path, o) || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) return void this.fail(path, 'must be an object');
    return v as JsonObject;
  }

  string(
    v: unknown,
    path: string,
    o: Opts & { nonEmpty?: boolean; pattern?: RegExp; patternText?: string } = {},
  ): string | undefined {
    if (this.absent(v, path, o) || v === null) return undefined;
    if (typeof v !== 'string') return void this.fail(path, 'must be a string');
    if (o.nonEmpty && v.trim() === '') return void this.fail(path, 'must not be empty');
    if (o.pattern && !o.pattern.test(v)) return void this.fail(path, o.patternText ?? `must match ${o.pattern}`);
    return v;
  }

  enum<T extends string>(v: unknown, path: string, values: readonly T[], o: Opts = {}): T | undefined {
    if (this.absent(v, path, o) || v === null) return undefined;
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
      return void this.fail(path, `must be one of ${values.join(', ')}`);
    }
    return v as T;
  }

  boolean(v: unknown, path: string, o: Opts = {}): boolean | undefined {
    if (this.absent(v, path, o) || v === null) return undefined;
    if (typeof v !== 'boolean') return void this.fail(path, 'must be a boolean');
    return v;
  }

  integer(v: unknown, path: string, o: Opts & { min?: number; max?: number } = {}): number | undefined {
    if (this.absent(v, path, o) || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) return void this.fail(path, 'must be an integer');
    if (o.min !== undefined && v < o.min) return void this.fail(path, `must be at least ${o.min}`);
    if (o.max !== undefined && v > o.max) return void this.fail(path, `must be at most ${o.max}`);
    return v;
  }

  array(v: unknown, path: string, o: Opts & { max?: number; min?: number } = {}): unknown[] | undefined {
    if (this.absent(v, path, o) || v === null) return undefined;
    if (!Array.isArray(v)) return void this.fail(path, 'must be an array');
    if (o.min !== undefined && v.length < o.min) return void this.fail(path, `must hold at least ${o.min} element(s)`);
    if (o.max !== undefined && v.length > o.max) return void this.fail(path, `must hold at most ${o.max} element(s)`);
    return v;
  }

  /** An array whose elements are all strings (ids, names). */
  strings(v: unknown, path: string, o: Opts & { max?: number; min?: number } = {}): string[] | undefined {
    const arr = this.array(v, path, o);
    if (!arr) return undefined;
    const bad = arr.findIndex((e) => typeof e !== 'string');
    if (bad >= 0) return void this.fail(`${path}[${bad}]`, 'must be a string');
    return arr as string[];
  }

  /** An array whose elements are all members of an enum. */
  enums<T extends string>(
    v: unknown,
    path: string,
    values: readonly T[],
    o: Opts & { max?: number; min?: number } = {},
  ): T[] | undefined {
    const arr = this.array(v, path, o);
    if (!arr) return undefined;
    let good = true;
    arr.forEach((e, i) => {
      if (this.enum(e, `${path}[${i}]`, values, { required: true }) === undefined) good = false;
    });
    return good ? (arr as T[]) : undefined;
  }

  /** Reports members of `obj` that are not in `known` (unknown properties are rejected, as the service does). */
  noUnknown(obj: JsonObject, path: string, known: readonly string[]): void {
    for (const key of Object.keys(obj)) {
      if (!known.includes(key)) this.fail(path ? `${path}.${key}` : key, 'is not a recognized property');
    }
  }
}

/** Drops members whose value is undefined, so that returned objects carry only what is set. */
export function compact<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** The object at `keys` inside `raw`, when every step is an object. */
export function member(raw: unknown, ...keys: string[]): JsonObject | undefined {
  let at = raw;
  for (const key of keys) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as JsonObject)[key];
  }
  return typeof at === 'object' && at !== null && !Array.isArray(at) ? (at as JsonObject) : undefined;
}
