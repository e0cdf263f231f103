// Imported first by main.ts, which loads the gateway's modules (start.ts) only after it: loading them
// and building the schema leave V8's young generation at its smallest (see heapGrowth.ts).
import { holdYoungGeneration } from './heapGrowth.ts';

holdYoungGeneration();
