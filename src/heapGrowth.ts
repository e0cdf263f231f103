// How far V8 lets the gateway's heap grow, set from inside the process (V8 reads these two flags at
// every collection, unlike the heap's sizes, which only node's command line can set). By its own
// rules V8 grows the old generation to 2–4 times what is live before it collects again, which under
// 50 concurrent clients took a ~40 MB live heap to ~95 MB; and it grows the young generation to its
// largest (two 16 MB semi-spaces) while the schema is built at start, then keeps it while idle, and
// again under load, where semi-spaces of 8 MB served as fast.
// See docs/choices.md and docs/reports/performance.md for what each costs and buys.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * Whether node's command line already sets the V8 flag `--name` (`--name=value` or `--name value`,
 * with `-` or `_` between words): an operator's own choice stays. (NODE_OPTIONS cannot carry these
 * two flags: node refuses them there.)
 */
export function setByOperator(name: string, execArgv: readonly string[] = process.execArgv): boolean {
  const spelled = (arg: string) => arg.replace(/^--/, '').split('=')[0].replaceAll('_', '-');
  return execArgv.some((arg) => arg.startsWith('--') && spelled(arg) === name);
}

let youngGenerationHeld = false;

/** Keeps the young generation at its smallest (main.ts calls it first: see heldAtStart.ts). */
export function holdYoungGeneration(): void {
  if (youngGenerationHeld || setByOperator('semi-space-growth-factor')) return;
  setFlagsFromString('--semi-space-growth-factor=1');
  youngGenerationHeld = true;
}

/**
 * Once the gateway has started: the young generation grows with the load again, as V8 does by
 * default, but only up to semi-spaces of `semiSpaceMiB` (0: V8's own largest).
 */
export function releaseYoungGeneration(semiSpaceMiB: number): void {
  if (!youngGenerationHeld) return;
  setFlagsFromString('--semi-space-growth-factor=2');
  youngGenerationHeld = false;
  if (semiSpaceMiB > 0 && !setByOperator('max-semi-space-size')) capYoungGeneration(semiSpaceMiB * 1024 * 1024);
}

/**
 * V8 fixes the semi-spaces' largest size at start (only node's command line sets it), but reads its
 * growth factor whenever it grows them: after each collection the factor is the largest whole one
 * that stays within `capBytes` (1 once there), so the young generation grows to `capBytes` and no
 * further (and grows back should V8 shrink it while idle).
 */
function capYoungGeneration(capBytes: number): void {
  let factor = 2;
  new PerformanceObserver(() => {
    const wanted = 2 * semiSpaceBytes() <= capBytes ? 2 : 1;
    if (wanted === factor) return;
    setFlagsFromString(`--semi-space-growth-factor=${wanted}`);
    factor = wanted;
  }).observe({ entryTypes: ['gc'] });
}

/** One semi-space's size now (V8 counts the young generation's two together). */
function semiSpaceBytes(): number {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return (young?.space_size ?? 0) / 2;
}

/** Lets the old generation grow by `percent` of what is live between major collections (0: V8's own factor). */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0 && !setByOperator('heap-growing-percent')) {
    setFlagsFromString(`--heap-growing-percent=${percent}`);
  }
}
