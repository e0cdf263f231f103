// How far V8 lets the gateway's heap grow, set from inside the process (V8 reads these two flags at
// every collection, unlike the heap's sizes, which only node's command line can set). By its own
// rules V8 grows the old generation to 2–4 times what is live before it collects again, which under
// 50 concurrent clients took a ~40 MB live heap to ~95 MB; and it grows the young generation to its
// largest (two 16 MB semi-spaces) while the schema is built at start, then keeps it while idle.
// See docs/choices.md and docs/reports/performance.md for what each costs and buys.
import { setFlagsFromString } from 'node:v8';

/** Whether node's command line or NODE_OPTIONS already sets `flag`: an operator's own choice stays. */
function setByOperator(flag: string): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some(
    (arg) => arg === flag || arg.startsWith(`${flag}=`) || arg === flag.replaceAll('-', '_'),
  );
}

const youngGenerationHeld = !setByOperator('--semi-space-growth-factor');
// On import, so that loading the modules and building the schema leave the young generation at
// its smallest: main.ts imports this module first.
if (youngGenerationHeld) setFlagsFromString('--semi-space-growth-factor=1');

/**
 * Lets the old generation grow by `percent` of what is live between major collections (0: V8's own
 * factor). The returned function, called once the gateway has started, lets the young generation
 * grow with the load again, as V8 does by default.
 */
export function limitHeapGrowth(percent: number): () => void {
  if (percent > 0 && !setByOperator('--heap-growing-percent')) {
    setFlagsFromString(`--heap-growing-percent=${percent}`);
  }
  return () => {
    if (youngGenerationHeld) setFlagsFromString('--semi-space-growth-factor=2');
  };
}
