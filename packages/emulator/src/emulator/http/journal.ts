// The request journal of /__emulator/journal: every API request in order, with what a test wants to
// assert on (method, path, template, query, parsed body, status, error code). Kept in memory with a
// cap: the oldest entries are dropped first, and the sequence numbers go on, so a cursor stays valid.
import { EMULATOR_DEFAULTS } from '../../config/emulator.ts';

/** One API request as the journal keeps it. Headers are not kept: credentials never enter it. */
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
  /** The JSON body as parsed; null when there was none or it was not JSON. */
  body: unknown;
  status: number;
  /** The `errorCode` of an error answer, else null. */
  errorCode: string | null;
}

/** EMULATOR_JOURNAL_CAP's default. */
export const DEFAULT_JOURNAL_CAP = EMULATOR_DEFAULTS.journalCap;
// Query parameters that may carry a secret are recorded as "(redacted)".
const SECRET_PARAM = /token|secret|password|key|authorization/i;

export class RequestJournal {
  private entries: JournalEntry[] = [];
  private last = 0;

  constructor(readonly cap = DEFAULT_JOURNAL_CAP) {}

  record(entry: Omit<JournalEntry, 'seq'>): void {
    this.entries.push({ seq: ++this.last, ...entry });
    if (this.entries.length > this.cap) this.entries.splice(0, this.entries.length - this.cap);
  }

  /** The entries after `since` (all when absent), oldest first. */
  list(since = 0): JournalEntry[] {
    return this.entries.filter((e) => e.seq > since);
  }

  /** The sequence number of the last request recorded (0 before any): the cursor for "from now on". */
  cursor(): number {
    return this.last;
  }

  /** Forgets every entry; sequence numbers go on, so an older cursor still means "after that point". */
  clear(): void {
    this.entries = [];
  }
}

export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map((v) => (SECRET_PARAM.test(key) ? '(redacted)' : v));
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}
