// Snapshots of the org (/__emulator/snapshots): a test suite takes one after seeding and restores it
// before each test. A snapshot is the org's JSON text, so that it cannot change after it was taken
// and a restore gives back the same ids, priorities and timestamps. At most `cap` are kept; taking
// one more drops the oldest.
import { newId } from './ids.ts';
import type { OrgData } from './store.ts';

export const MAX_SNAPSHOTS = 100;

export class OrgSnapshots {
  private readonly saved = new Map<string, string>();

  constructor(readonly cap = MAX_SNAPSHOTS) {}

  /** Keeps a copy of `data` (through JSON, which also reads the persistence's watched maps). */
  take(data: OrgData): string {
    const id = newId('snap', 12);
    this.saved.set(id, JSON.stringify(data));
    if (this.saved.size > this.cap) this.saved.delete(this.saved.keys().next().value!);
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
    return this.saved.delete(id);
  }
}
