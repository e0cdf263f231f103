// Imported first by main.ts, so that loading the other modules and building the schema leave V8's
// young generation at its smallest (see heapGrowth.ts): a module's body runs before those of the
// modules imported after it.
import { holdYoungGeneration } from './heapGrowth.ts';

holdYoungGeneration();
