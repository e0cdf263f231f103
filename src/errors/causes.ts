// The causes of the service's error bodies as the gateway words them: a cause's wire path and text,
// a path printed in GraphQL names, and a message as one sentence.

/** A cause's wire path (`a.b[0].c: message` → `['a', 'b', '0', 'c']`), or null, and the message after it. */
export function splitCause(cause: string): { path: string[] | null; text: string } {
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*):\s/.exec(cause);
  if (!match) return { path: null, text: cause };
  const path = match[1].split(/\.|\[(\d+)\]/).filter((s): s is string => s !== undefined && s !== '');
  return { path, text: cause.slice(match[0].length) };
}

/**
 * The input path a cause names, when it starts with a wire path (`a.b[0].c: message`):
 * `['input', 'a', 'b', '0', 'c']`. Causes without a path (e.g. "system policies cannot be
 * deleted") have no field.
 */
export function fieldOfCause(cause: string, inputArg: string): string[] | null {
  const { path } = splitCause(cause);
  return path && [inputArg, ...path];
}

/** `['settings', 'rules', '0', 'name']` → `settings.rules[0].name`. */
export function printPath(path: readonly string[]): string {
  return path.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** First letter up, one final stop. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const upper = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(upper) ? upper : `${upper}.`;
}
