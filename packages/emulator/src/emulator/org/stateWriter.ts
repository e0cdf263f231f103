// Group commits of the org to its state file, durable before the answers that depend on them. A
// commit appends what changed to the journal in one synchronous-mode write, so its cost follows the
// size of the change, not of the org; a new snapshot replaces the journal at start, after a reset,
// after a failed commit, and once the journal has grown as large as the snapshot.
import { type FileHandle, open } from 'node:fs/promises';
import { ENTRY_MAPS, type EntryMap, GENERATION, journalPath, writeFileDurably } from './persistence.ts';
import type { OrgData } from './store.ts';

const MIN_JOURNAL_BYTES = 1024 * 1024;

export class StateWriter {
  /** The commit that will include every change not yet in a running commit. */
  private next?: Promise<void>;
  private running?: Promise<void>;
  private journal?: FileHandle;
  private journalBytes = 0;
  private snapshotBytes = 0;
  /** Set when the journal cannot bring the file up to date: a new org, or a failed commit. */
  private needsSnapshot = true;
  /** The text last committed for each entry (`policies/<id>`) and each whole member (`userTypes`). */
  private readonly written = new Map<string, string>();
  /** The policy order last committed, per policy type. */
  private readonly writtenOrder = new Map<string, string[]>();
  /** Ids of each entry map read or written since the last commit: the only entries that may have changed. */
  private readonly touched = Object.fromEntries(ENTRY_MAPS.map((name) => [name, new Set<string>()])) as Record<
    EntryMap,
    Set<string>
  >;
  /** Watched maps and the plain maps behind them. */
  private readonly targets = new WeakMap<object, Record<string, unknown>>();

  constructor(
    private readonly path: string,
    private readonly current: () => OrgData,
    /** The generation of the snapshot on disk. */
    private generation = 0,
    /** The journal is folded into a new snapshot once it is this long, or as long as the snapshot. */
    private readonly minJournalBytes = MIN_JOURNAL_BYTES,
  ) {}

  /**
   * Watches the entry maps of `data` (in place) for the store to work on. Handlers reach every
   * policy and rule list through these maps, so an entry that was not touched has not changed.
   */
  track(data: OrgData): OrgData {
    for (const name of ENTRY_MAPS) {
      const map = data[name] as Record<string, unknown>;
      if (this.targets.has(map)) continue;
      const touched = this.touched[name];
      const touch = (key: string | symbol) => {
        if (typeof key === 'string') touched.add(key);
      };
      const watched = new Proxy(map, {
        get: (target, key, receiver) => {
          touch(key);
          return Reflect.get(target, key, receiver);
        },
        set: (target, key, value, receiver) => {
          touch(key);
          return Reflect.set(target, key, value, receiver);
        },
        deleteProperty: (target, key) => {
          touch(key);
          return Reflect.deleteProperty(target, key);
        },
      });
      this.targets.set(watched, map);
      (data as unknown as Record<string, unknown>)[name] = watched;
    }
    this.needsSnapshot = true;
    return data;
  }

  /** Marks the org changed: the change goes into the next commit. */
  changed(): void {
    if (this.next) return;
    const previous = this.running ?? Promise.resolve();
    this.next = previous
      .catch(() => undefined)
      // The changes of this tick join the commit.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // From here on, a new change belongs to the commit after this one.
        this.next = undefined;
        const commit = this.commit();
        this.running = commit;
        const done = () => {
          if (this.running === commit) this.running = undefined;
        };
        commit.then(done, done);
        return commit;
      });
  }

  /** Resolves when every change made so far is on disk; rejects when that commit failed. */
  durable(): Promise<void> {
    return this.next ?? this.running ?? Promise.resolve();
  }

  /** Waits for the last commit (a failure has been reported already) and closes the journal. */
  async close(): Promise<void> {
    await this.durable().catch(() => undefined);
    await this.journal?.close();
    this.journal = undefined;
  }

  private async commit(): Promise<void> {
    const data = this.current();
    try {
      const replaced = ENTRY_MAPS.some((name) => !this.targets.has(data[name]));
      const full = this.journalBytes >= Math.max(this.minJournalBytes, this.snapshotBytes);
      if (this.needsSnapshot || replaced || full) await this.writeSnapshot(data);
      else await this.appendChanges(data);
    } catch (e) {
      // What `written` holds may not be on disk: only a whole snapshot can be trusted again.
      this.needsSnapshot = true;
      console.error(`emulator: could not write state file ${this.path}: ${(e as Error).message}`);
      throw e;
    }
  }

  /** One journal line with what changed since the last commit, written and synced in one call. */
  private async appendChanges(data: OrgData): Promise<void> {
    const parts: string[] = [];
    for (const name of ENTRY_MAPS) {
      const map = this.targets.get(data[name])!;
      const changed: string[] = [];
      for (const id of this.touched[name]) {
        const key = `${name}/${id}`;
        const text = Object.hasOwn(map, id) ? JSON.stringify(map[id]) : undefined;
        if (text === this.written.get(key)) continue;
        if (text === undefined) this.written.delete(key);
        else this.written.set(key, text);
        changed.push(`${JSON.stringify(id)}:${text ?? 'null'}`);
      }
      this.touched[name].clear();
      if (changed.length) parts.push(`${JSON.stringify(name)}:{${changed.join(',')}}`);
    }
    const splices: string[] = [];
    for (const [type, ids] of Object.entries(data.policyOrder)) {
      const splice = spliceBetween(this.writtenOrder.get(type) ?? [], ids);
      if (!splice) continue;
      this.writtenOrder.set(type, [...ids]);
      splices.push(`${JSON.stringify(type)}:${JSON.stringify(splice)}`);
    }
    if (splices.length) parts.push(`"policyOrder":{${splices.join(',')}}`);
    for (const [name, text] of this.wholeMembers(data)) {
      if (text === this.written.get(name)) continue;
      this.written.set(name, text);
      parts.push(`${JSON.stringify(name)}:${text}`);
    }
    if (!parts.length) return;
    const line = `{${parts.join(',')}}\n`;
    // Synchronous mode: the write returns once the line is on disk, one round trip per commit.
    this.journal ??= await open(journalPath(this.path), 'as');
    await this.journal.write(line);
    this.journalBytes += Buffer.byteLength(line);
  }

  /** The whole org as a snapshot of the next generation, then a journal of that generation. */
  private async writeSnapshot(data: OrgData): Promise<void> {
    this.track(data); // a map replaced wholesale is watched from now on
    this.written.clear();
    this.writtenOrder.clear();
    const generation = this.generation + 1;
    const members = [`${JSON.stringify(GENERATION)}:${generation}`];
    for (const name of ENTRY_MAPS) {
      const entries: string[] = [];
      for (const [id, value] of Object.entries(this.targets.get(data[name])!)) {
        const text = JSON.stringify(value);
        this.written.set(`${name}/${id}`, text);
        entries.push(`${JSON.stringify(id)}:${text}`);
      }
      this.touched[name].clear();
      members.push(`${JSON.stringify(name)}:{${entries.join(',')}}`);
    }
    for (const [type, ids] of Object.entries(data.policyOrder)) this.writtenOrder.set(type, [...ids]);
    members.push(`"policyOrder":${JSON.stringify(data.policyOrder)}`);
    for (const [name, text] of this.wholeMembers(data)) {
      this.written.set(name, text);
      members.push(`${JSON.stringify(name)}:${text}`);
    }
    const snapshot = `{${members.join(',')}}`;
    await this.journal?.close();
    this.journal = undefined;
    // From the rename on, the old journal is of an older generation and no longer replayed.
    await writeFileDurably(this.path, snapshot);
    this.generation = generation;
    await writeFileDurably(journalPath(this.path), `{${JSON.stringify(GENERATION)}:${generation}}\n`);
    this.snapshotBytes = snapshot.length;
    this.journalBytes = 0;
    this.needsSnapshot = false;
  }

  /** The members other than the entry maps and the policy order, each as its JSON text. */
  private wholeMembers(data: OrgData): [string, string][] {
    return Object.entries(data)
      .filter(([name]) => !(ENTRY_MAPS as readonly string[]).includes(name) && name !== 'policyOrder')
      .map(([name, value]) => [name, JSON.stringify(value)]);
  }
}

/** `[at, removed, ...inserted]` turning `before` into `after` (one splice around the common ends), or undefined when equal. */
function spliceBetween(before: string[], after: string[]): [number, number, ...string[]] | undefined {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  if (start === before.length && start === after.length) return undefined;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return [start, before.length - start - end, ...after.slice(start, after.length - end)];
}
