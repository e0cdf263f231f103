#!/usr/bin/env node
// `npm start` and `policy-gateway`: the GraphQL gateway (start.ts). First the young generation is
// held small (heldAtStart.ts, see heapGrowth.ts); then the gateway's modules load, by a dynamic import:
// node reads and compiles a static import graph whole before it runs any module's body, which grew
// the young generation to 8 MB semi-spaces before the hold began.
import './heldAtStart.ts';

// graphql-js reads NODE_ENV once, as it loads: unless it is `production`, every failed `instanceof`
// of its types looks for a copy of graphql from another module (several per variable and field of
// every request). This process has one copy; an operator's own NODE_ENV is kept.
process.env.NODE_ENV ??= 'production';

await import('./start.ts');
