#!/usr/bin/env node
// `npm start` and `policy-gateway`: the GraphQL gateway (start.ts). First the young generation is
// held small (heldAtStart.ts, see heapGrowth.ts); then the gateway's modules load, by a dynamic import:
// node reads and compiles a static import graph whole before it runs any module's body, which grew
// the young generation to 8 MB semi-spaces before the hold began.
import './heldAtStart.ts';

await import('./start.ts');
