// `policy-service-emulator/config`: the emulator's settings from EMULATOR_* variables, and the
// variable reader the gateway's own settings are built on.
export * from './emulator.ts';
export * from './env.ts';
