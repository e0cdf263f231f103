// The request journal of /__emulator/journal: every API request in order, with what a test wants to
// assert on (method, path, template, query, parsed body, status, error code). Kept in memory within
// bounds: at most `cap` entries and `bytes` bytes (as JSON) together, the oldest dropped first, and a
// body larger than `bodyBytes` kept cut, so that neither the journal nor its answer grows with the
// traffic. The sequence numbers go on, so a cursor stays valid.
import { EMULATOR_DEFAULTS, JOURNAL_LIMITS } from '../../config/emulator.ts';

/**
 * One API request as the journal keeps it. Headers are not kept (credentials never enter it), but
 * for the W3C `traceparent`, which joins the request to the caller's span.
 */
export interface JournalEntry {
  /** Position in the emulator's life (1, 2, 3 …); `?since=<seq>` returns the entries after it. */
  seq: number;
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  /** The path as sent, without the query. */
  path: string;
  /** The spec's path template it matched, or null (unknown path or method). */
  template: string | null;
  /** Query parameters: a string, or an array when the parameter was repeated. */
  query: Record<string, string | string[]>;
  /**
   * The JSON body as parsed; null when there was none or it was not JSON. A body over the journal's
   * body bound is a string instead: the first bytes of its JSON text (see `bodyTruncated`).
   */
  body: unknown;
  /** The body's size in bytes as sent (0 when there was none or it was not read). */
  bodyBytes: number;
  /** True when `body` is cut: only the first bytes of the body's JSON text are kept. */
  bodyTruncated: boolean;
  status: number;
  /** The `errorCode` of an error answer, else null. */
  errorCode: string | null;
  /** The request's `traceparent` header as sent (W3C Trace Context), or null when it had none or one not of that form. */
  traceparent: string | null;
}

/** What the server records of a request; the journal decides how much of the body it keeps. */
export type JournalRecord = Omit<JournalEntry, 'seq' | 'bodyTruncated'>;

/** How much the journal keeps (EMULATOR_JOURNAL_CAP, EMULATOR_JOURNAL_BYTES, EMULATOR_JOURNAL_BODY_BYTES). */
export interface JournalBounds {
  /** Entries kept. */
  cap: number;
  /** Bytes kept, all entries together as JSON (the newest entry is kept even when alone larger). */
  bytes: number;
  /** A body larger than this, as JSON, is kept cut to this many bytes. */
  bodyBytes: number;
}

/** EMULATOR_JOURNAL_CAP's default. */
export const DEFAULT_JOURNAL_CAP = EMULATOR_DEFAULTS.journalCap;
export const DEFAULT_JOURNAL_BOUNDS: Readonly<JournalBounds> = Object.freeze({
  cap: EMULATOR_DEFAULTS.journalCap,
  bytes: EMULATOR_DEFAULTS.journalBytes,
  bodyBytes: EMULATOR_DEFAULTS.journalBodyBytes,
});

/** What is wrong with the journal options of `startEmulator`, one message per bad option. */
export function journalOptionProblems(options: Partial<Record<keyof typeof JOURNAL_LIMITS, number>>): string[] {
  return Object.entries(JOURNAL_LIMITS).flatMap(([name, { min, max }]) => {
    const value = options[name as keyof typeof JOURNAL_LIMITS];
    if (value === undefined || (Number.isInteger(value) && value >= min && value <= max)) return [];
    return [`invalid ${name}: must be a whole number from ${min} to ${max}`];
  });
}

// Query parameters that may carry a secret are recorded as "(redacted)".
const SECRET_PARAM = /token|secret|password|key|authorization/i;

export class RequestJournal {
  private entries: { entry: JournalEntry; bytes: number }[] = [];
  private keptBytes = 0;
  private last = 0;

  constructor(readonly bounds: JournalBounds = DEFAULT_JOURNAL_BOUNDS) {}

  record(request: JournalRecord): void {
    const entry: JournalEntry = { seq: ++this.last, ...request, ...this.keptBody(request.body) };
    const bytes = Buffer.byteLength(JSON.stringify(entry));
    this.entries.push({ entry, bytes });
    this.keptBytes += bytes;
    while (this.entries.length > this.bounds.cap || (this.keptBytes > this.bounds.bytes && this.entries.length > 1)) {
      this.keptBytes -= (this.entries.shift() as { bytes: number }).bytes;
    }
  }

  /** The entries after `since` (all when absent), oldest first. */
  list(since = 0): JournalEntry[] {
    return this.entries.filter(({ entry }) => entry.seq > since).map(({ entry }) => entry);
  }

  /** The sequence number of the last request recorded (0 before any): the cursor for "from now on". */
  cursor(): number {
    return this.last;
  }

  /** Forgets every entry; sequence numbers go on, so an older cursor still means "after that point". */
  clear(): void {
    this.entries = [];
    this.keptBytes = 0;
  }

  /** The body as kept: as parsed, or the first `bodyBytes` bytes of its JSON text. */
  private keptBody(body: unknown): Pick<JournalEntry, 'body' | 'bodyTruncated'> {
    if (body === null || body === undefined) return { body: null, bodyTruncated: false };
    const json = Buffer.from(JSON.stringify(body));
    if (json.length <= this.bounds.bodyBytes) return { body, bodyTruncated: false };
    // A copy, not a slice, so the whole text is not kept alive; a character cut in two is dropped.
    const cut = json
      .subarray(0, this.bounds.bodyBytes)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
    return { body: cut, bodyTruncated: true };
  }
}

/** A `traceparent` value of the W3C form (version, trace id, parent id, flags; a later version may add fields). */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}(-[0-9a-zA-Z-]*)?$/;

/** The `traceparent` header as the journal keeps it: a value of the W3C form (at most 256 characters), else null. */
export function traceparentOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && value.length <= 256 && TRACEPARENT.test(value) ? value : null;
}

export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map((v) => (SECRET_PARAM.test(key) ? '(redacted)' : v));
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}
