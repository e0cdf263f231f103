// The package's CommonJS entry (`require('policy-service-emulator')`). The emulator is an ES module,
// which `require` cannot load on every Node 20, so each function here imports it (once, on its
// first call) and is async, as `startEmulator` is anyway. The error classes, the contract and the
// settings reader are in the ES module: `await import('policy-service-emulator')`.
'use strict';

let loaded;

function emulator() {
  loaded ??= import('../dist/index.js').catch((error) => {
    loaded = undefined;
    // A Jest test file runs in a sandbox that cannot import an ES module without this flag.
    if (error?.code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG') throw error;
    throw new Error(
      'policy-service-emulator: this sandbox (a Jest test file) cannot load ES modules. Start the emulator in ' +
        "Jest's globalSetup (it runs outside the sandbox), or run Jest with node --experimental-vm-modules.",
      { cause: error },
    );
  });
  return loaded;
}

exports.startEmulator = async (options) => (await emulator()).startEmulator(options);
exports.startEmulatorServer = async (options) => (await emulator()).startEmulatorServer(options);
