// Settings as data: each one is an environment variable with its kind, default, accepted range and
// meaning. A settings table is a tree of them shaped like the options it fills; from the table come
// the values read (`readSettings`), the defaults the modules use (`defaultsOf`), the reference page
// docs/configuration.md and the list of variables a test scrubs from a spawned process's environment.
import { DEFAULT_HOST, type EnvReader } from './env.ts';

/** What a setting is made of. */
export interface SettingSpec<V> {
  /** The environment variable. */
  env: string;
  /** The value when the variable is unset or empty (undefined: none). */
  default: V;
  /** What values are accepted, in words (for the docs). */
  range: string;
  /** What the setting does (for the docs; Markdown). */
  doc: string;
  /** Reads the variable, recording a problem and giving the default when its value is bad. */
  read: (r: EnvReader) => V;
  /** The default as the docs show it, when its value alone would not say it. */
  shownDefault?: string;
}

export class Setting<V> {
  readonly env: string;
  readonly defaultValue: V;
  readonly range: string;
  readonly doc: string;
  readonly read: (r: EnvReader) => V;
  readonly shownDefault: string | undefined;

  constructor(spec: SettingSpec<V>) {
    this.env = spec.env;
    this.defaultValue = spec.default;
    this.range = spec.range;
    this.doc = spec.doc;
    this.read = spec.read;
    this.shownDefault = spec.shownDefault;
  }
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

// The kinds of setting, one per reader of EnvReader. Each takes one options object: the variable,
// its default where it has one, its bounds, and its meaning.

/** The variable and what it does (for the docs; Markdown). */
export interface SettingBasics {
  env: string;
  doc: string;
}

export function integer({
  env,
  default: fallback,
  min,
  max,
  doc,
}: SettingBasics & { default: number; min: number; max: number }): Setting<number> {
  return new Setting({
    env,
    default: fallback,
    range: `whole number, ${min}–${max}`,
    doc,
    read: (r) => r.integer(env, fallback, min, max),
  });
}

/** A decimal number that `problem` accepts; `range` says which in words. */
export function decimal({
  env,
  default: fallback,
  range,
  problem,
  doc,
}: SettingBasics & { default: number; range: string; problem: (n: number) => string | undefined }): Setting<number> {
  return new Setting({ env, default: fallback, range, doc, read: (r) => r.number(env, fallback, problem) });
}

export function port({ env, default: fallback, doc }: SettingBasics & { default: number }): Setting<number> {
  return new Setting({
    env,
    default: fallback,
    range: 'port, 0–65535 (0: any free port)',
    doc,
    read: (r) => r.port(env, fallback),
  });
}

export function host({ env, doc }: SettingBasics): Setting<string> {
  return new Setting({ env, default: DEFAULT_HOST, range: 'host name or IP address', doc, read: (r) => r.host(env) });
}

export function boolean({ env, default: fallback, doc }: SettingBasics & { default: boolean }): Setting<boolean> {
  return new Setting({
    env,
    default: fallback,
    range: '`1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`',
    doc,
    read: (r) => r.boolean(env, fallback),
    shownDefault: fallback ? 'on' : 'off',
  });
}

export function choice<T extends string>({
  env,
  values,
  default: fallback,
  doc,
}: SettingBasics & { values: readonly T[]; default: NoInfer<T> }): Setting<T> {
  const range = `${values.map((v) => `\`${v}\``).join(', ')} (any letter case)`;
  return new Setting({ env, default: fallback, range, doc, read: (r) => r.choice(env, values, fallback) });
}

/** A token usable in `SSWS <token>`; never echoed. */
export function token<V extends string | undefined>({
  env,
  default: fallback,
  doc,
}: SettingBasics & { default: V }): Setting<string | V> {
  return new Setting<string | V>({
    env,
    default: fallback,
    range: 'printable ASCII without spaces',
    doc,
    read: (r) => r.token(env, fallback ?? '') || fallback,
  });
}

/** Free text, such as a file path; unset: undefined. */
export function text({
  env,
  doc,
  shownDefault,
}: SettingBasics & { shownDefault?: string }): Setting<string | undefined> {
  return new Setting<string | undefined>({
    env,
    default: undefined,
    range: 'any text',
    doc,
    read: (r) => r.text(env),
    shownDefault,
  });
}

export function url({ env, doc }: SettingBasics): Setting<string | undefined> {
  return new Setting<string | undefined>({
    env,
    default: undefined,
    range: 'http(s) URL without credentials, query or fragment',
    doc,
    read: (r) => r.url(env),
  });
}

export function redisUrl({ env, doc }: SettingBasics): Setting<string | undefined> {
  return new Setting<string | undefined>({
    env,
    default: undefined,
    range: '`redis://` or `rediss://` URL with a host',
    doc,
    read: (r) => r.redisUrl(env),
  });
}

export function origins({ env, doc }: SettingBasics): Setting<string[] | '*' | undefined> {
  return new Setting<string[] | '*' | undefined>({
    env,
    default: undefined,
    range: '`*`, or a comma-separated list of origins (`scheme://host[:port]`)',
    doc,
    read: (r) => r.origins(env),
  });
}
