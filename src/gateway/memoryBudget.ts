// The process's memory budget for heavy operations in flight. An operation reserves what its
// estimate allows before it starts (waiting in line, first come, first served, until enough is given
// back, or until its deadline, when it is refused); while it runs, its hold grows with the answer it
// really produces (see answerMeter.ts), at once or not at all; and it gives everything back once its
// answer is written. One holder alone is always admitted, so that a budget smaller than one
// operation slows heavy operations down to one at a time rather than refusing them all.

/**
 * Operations whose estimate reserves less than this are admitted without waiting (consoles' operations
 * are), and bounded while they run by what they really hold (answerMeter.ts).
 */
export const HEAVY_BYTES = 4 * 1024 * 1024;

export interface MemoryHold {
  /** Bytes held now. */
  readonly bytes: number;
  /** Holds `extra` bytes more if they fit now (or nothing else is held); false otherwise. */
  grow(extra: number): boolean;
  /** Gives every byte back (once; later calls do nothing). */
  release(): void;
}

export interface MemoryBudget {
  /** Resolves with the hold, or undefined when the bytes could not be had before `deadline` (epoch ms). */
  reserve(bytes: number, deadline: number): Promise<MemoryHold | undefined>;
  /** The hold at once if the bytes fit now and nobody waits, else undefined. */
  tryReserve(bytes: number): MemoryHold | undefined;
  /** Bytes held now, for the bench and tests. */
  readonly reserved: number;
  /** Reservations that had to wait in line so far (a metric). */
  readonly waited: number;
}

interface Waiter {
  bytes: number;
  admit(hold: MemoryHold): void;
}

export function memoryBudget(totalBytes: number): MemoryBudget {
  let reserved = 0;
  let running = 0;
  let waited = 0;
  const line: Waiter[] = [];

  const take = (initial: number): MemoryHold => {
    reserved += initial;
    running++;
    let held = initial;
    let given = false;
    return {
      get bytes() {
        return held;
      },
      grow(extra) {
        if (given) return false;
        if (running > 1 && reserved + extra > totalBytes) return false;
        reserved += extra;
        held += extra;
        return true;
      },
      release() {
        if (given) return;
        given = true;
        reserved -= held;
        running--;
        admitWaiting();
      },
    };
  };
  const fits = (bytes: number) => running === 0 || reserved + bytes <= totalBytes;
  const admitWaiting = () => {
    while (line.length > 0 && fits(line[0].bytes)) {
      const waiter = line.shift() as Waiter;
      waiter.admit(take(waiter.bytes));
    }
  };

  return {
    get reserved() {
      return reserved;
    },
    get waited() {
      return waited;
    },
    tryReserve(bytes) {
      return line.length === 0 && fits(bytes) ? take(bytes) : undefined;
    },
    reserve(bytes, deadline) {
      if (line.length === 0 && fits(bytes)) return Promise.resolve(take(bytes));
      waited++;
      return new Promise((resolve) => {
        const timer = setTimeout(
          () => {
            const at = line.indexOf(waiter);
            if (at >= 0) line.splice(at, 1);
            resolve(undefined);
            // The head of the line may fit now that a larger reservation left it.
            admitWaiting();
          },
          Math.max(0, deadline - Date.now()),
        );
        const waiter: Waiter = {
          bytes,
          admit: (hold) => {
            clearTimeout(timer);
            resolve(hold);
          },
        };
        line.push(waiter);
      });
    },
  };
}
