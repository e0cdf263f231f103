// Types of the CommonJS entry (index.cjs): its two functions, and every type of the ES module.
import type { Emulator, EmulatorOptions, RunningEmulator, StartEmulatorOptions } from '../dist/index.js' with {
  'resolution-mode': 'import',
};

export type * from '../dist/index.js' with { 'resolution-mode': 'import' };

/** Starts an emulator in this process on a free port (see the ES module's `startEmulator`). */
export declare function startEmulator(options?: StartEmulatorOptions): Promise<Emulator>;
/** The emulator with every option `policy-emulator` reads (see the ES module's `startEmulatorServer`). */
export declare function startEmulatorServer(options: EmulatorOptions): Promise<RunningEmulator>;
