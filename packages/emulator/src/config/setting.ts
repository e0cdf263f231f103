// Settings as data: each one is an environment variable with its kind, default, accepted range and
// meaning. A settings table is a tree of them shaped like the options it fills; from the table come
// the values read (`readSettings`), the defaults the modules use (`defaultsOf`), the reference page
// docs/configuration.md and the list of variables a test scrubs from a spawned process's environment.
import { DEFAULT_HOST, type EnvReader } from './env.ts';

export class Setting<V> {
  constructor(
    /** The environment variable. */
    readonly env: string,
    /** The value when the variable is unset or empty (undefined: none). */
    readonly defaultValue: V,
    /** What values are accepted, in words (for the docs). */
    readonly range: string,
    /** What the setting does (for the docs; Markdown). */
    readonly doc: string,
    /** Reads the variable, recording a problem and giving the default when its value is bad. */
    readonly read: (r: EnvReader) => V,
    /** The default as the docs show it, when its value alone would not say it. */
    readonly shownDefault?: string,
  ) {}
}

export type SettingTree = { readonly [key: string]: Setting<unknown> | SettingTree };

/** The values a settings table gives: the same shape, each setting replaced by its value. */
export type SettingValues<T> = {
  -readonly [K in keyof T]: T[K] extends Setting<infer V> ? V : SettingValues<T[K]>;
};

function mapTree(tree: SettingTree, each: (setting: Setting<unknown>) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(tree)) {
    out[key] = node instanceof Setting ? each(node) : mapTree(node, each);
  }
  return out;
}

/** Reads every setting of `tree` in its order (so problems are reported in the table's order). */
export function readSettings<T extends SettingTree>(tree: T, r: EnvReader): SettingValues<T> {
  return mapTree(tree, (setting) => setting.read(r)) as SettingValues<T>;
}

/** What `readSettings` gives for an empty environment, frozen: modules share it as their defaults. */
export function defaultsOf<T extends SettingTree>(tree: T): SettingValues<T> {
  const freeze = (values: Record<string, unknown>): Record<string, unknown> => {
    for (const value of Object.values(values)) {
      if (typeof value === 'object' && value !== null) freeze(value as Record<string, unknown>);
    }
    return Object.freeze(values);
  };
  return freeze(mapTree(tree, (setting) => setting.defaultValue)) as SettingValues<T>;
}

/** Every setting of `tree`, in its order. */
export function settingsOf(tree: SettingTree): Setting<unknown>[] {
  return Object.values(tree).flatMap((node) => (node instanceof Setting ? [node] : settingsOf(node)));
}

// The kinds of setting, one per reader of EnvReader.

export function integer(env: string, fallback: number, min: number, max: number, doc: string): Setting<number> {
  return new Setting(env, fallback, `whole number, ${min}–${max}`, doc, (r) => r.integer(env, fallback, min, max));
}

/** A decimal number that `problem` accepts; `range` says which in words. */
export function decimal(
  env: string,
  fallback: number,
  range: string,
  problem: (n: number) => string | undefined,
  doc: string,
): Setting<number> {
  return new Setting(env, fallback, range, doc, (r) => r.number(env, fallback, problem));
}

export function port(env: string, fallback: number, doc: string): Setting<number> {
  return new Setting(env, fallback, 'port, 0–65535 (0: any free port)', doc, (r) => r.port(env, fallback));
}

export function host(env: string, doc: string): Setting<string> {
  return new Setting(env, DEFAULT_HOST, 'host name or IP address', doc, (r) => r.host(env));
}

export function boolean(env: string, fallback: boolean, doc: string): Setting<boolean> {
  return new Setting(
    env,
    fallback,
    '`1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`',
    doc,
    (r) => r.boolean(env, fallback),
    fallback ? 'on' : 'off',
  );
}

export function choice<T extends string>(env: string, values: readonly T[], fallback: T, doc: string): Setting<T> {
  const range = `${values.map((v) => `\`${v}\``).join(', ')} (any letter case)`;
  return new Setting(env, fallback, range, doc, (r) => r.choice(env, values, fallback));
}

/** A token usable in `SSWS <token>`; never echoed. */
export function token<V extends string | undefined>(env: string, fallback: V, doc: string): Setting<string | V> {
  return new Setting<string | V>(
    env,
    fallback,
    'printable ASCII without spaces',
    doc,
    (r) => r.token(env, fallback ?? '') || fallback,
  );
}

/** Free text, such as a file path; unset: undefined. */
export function text(env: string, doc: string, shownDefault?: string): Setting<string | undefined> {
  return new Setting(env, undefined, 'any text', doc, (r) => r.text(env), shownDefault);
}

export function url(env: string, doc: string): Setting<string | undefined> {
  return new Setting(env, undefined, 'http(s) URL without credentials, query or fragment', doc, (r) => r.url(env));
}

export function redisUrl(env: string, doc: string): Setting<string | undefined> {
  return new Setting(env, undefined, '`redis://` or `rediss://` URL with a host', doc, (r) => r.redisUrl(env));
}

export function origins(env: string, doc: string): Setting<string[] | '*' | undefined> {
  return new Setting<string[] | '*' | undefined>(
    env,
    undefined,
    '`*`, or a comma-separated list of origins (`scheme://host[:port]`)',
    doc,
    (r) => r.origins(env),
  );
}
