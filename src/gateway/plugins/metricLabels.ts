// Metric label values from a bounded, validated set. Every value that a client can influence (the
// operation name above all, but also error codes, methods and transport error names) is checked
// against a pattern and a count before it becomes a label: a label is kept in the registry for the
// life of the process and written out at every scrape, so an unchecked one lets any caller, even
// without a token, grow memory and the scrape without bound.

/** The value of a label whose value did not pass the pattern (too long, or other characters). */
export const INVALID_LABEL = '__invalid__';
/** The value of a label once the distinct values allowed are taken. */
export const OTHER_LABEL = '__other__';

/** The longest label value. */
export const MAX_LABEL_LENGTH = 64;
/** Operation names, error codes, HTTP methods, transport error names: letters, digits and `_`. */
export const LABEL_PATTERN = /^[A-Za-z0-9_]+$/;

/**
 * A label's values: a value of at most 64 letters, digits and `_` passes while fewer than `max`
 * distinct values have passed (then `__other__`); any other value is `__invalid__`.
 */
export function labelValues(max: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    // The length is checked first, so that a megabyte-long value is not scanned.
    if (value.length > MAX_LABEL_LENGTH || !LABEL_PATTERN.test(value)) return INVALID_LABEL;
    if (seen.size >= max) return OTHER_LABEL;
    seen.add(value);
    return value;
  };
}
