// Snapshots of the org (/__emulator/snapshots): a test suite takes one after seeding and restores it
// before each test. A snapshot is the org's JSON text, so that it cannot change after it was taken
// and a restore gives back the same ids, priorities and timestamps. At most `cap` are kept, and at
// most `bytes` of them together; taking one more drops the oldest.
import { newId } from '../common/ids.ts';
import type { OrgData } from './store.ts';

export const MAX_SNAPSHOTS = 100;
/** The snapshots' text together (an org at its bounds is some MiB: a few of them always fit). */
export const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;

export class OrgSnapshots {
  private readonly saved = new Map<string, string>();

  private bytes = 0;

  constructor(
    readonly cap = MAX_SNAPSHOTS,
    readonly maxBytes = MAX_SNAPSHOT_BYTES,
  ) {}

  /** Keeps a copy of `data` (through JSON, which also reads the persistence's watched maps). */
  take(data: OrgData): string {
    const id = newId('snap', 12);
    const text = JSON.stringify(data);
    this.saved.set(id, text);
    this.bytes += 2 * text.length;
    while (this.saved.size > 1 && (this.saved.size > this.cap || this.bytes > this.maxBytes)) {
      this.remove(this.saved.keys().next().value!);
    }
    return id;
  }

  /** A new copy of the org as it was at snapshot `id`, or undefined for an unknown id. */
  copy(id: string): OrgData | undefined {
    const text = this.saved.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as OrgData);
  }

  ids(): string[] {
    return [...this.saved.keys()];
  }

  remove(id: string): boolean {
    const text = this.saved.get(id);
    if (text === undefined) return false;
    this.bytes -= 2 * text.length;
    return this.saved.delete(id);
  }
}
