// The process's memory budget for heavy operations in flight: each one reserves the upstream bytes
// its estimate allows before it starts and gives them back when it has answered. A reservation
// that does not fit waits in line (first come, first served) until enough is given back, or
// until the operation's deadline, when it is refused. One operation alone is always admitted, so
// that a budget smaller than one operation's reservation slows heavy operations down to one at a
// time rather than refusing them all.

export interface MemoryBudget {
  /** Resolves with the way to give the bytes back, or undefined when they could not be had before `deadline` (epoch ms). */
  reserve(bytes: number, deadline: number): Promise<(() => void) | undefined>;
  /** Bytes reserved now, for the bench and tests. */
  readonly reserved: number;
}

interface Waiter {
  bytes: number;
  admit(release: () => void): void;
}

export function memoryBudget(totalBytes: number): MemoryBudget {
  let reserved = 0;
  let running = 0;
  const line: Waiter[] = [];

  const take = (bytes: number): (() => void) => {
    reserved += bytes;
    running++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      reserved -= bytes;
      running--;
      admitWaiting();
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
    reserve(bytes, deadline) {
      if (line.length === 0 && fits(bytes)) return Promise.resolve(take(bytes));
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
          admit: (release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        line.push(waiter);
      });
    },
  };
}
