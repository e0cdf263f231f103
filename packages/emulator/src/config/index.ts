// `policy-service-emulator/config`: the emulator's settings from EMULATOR_* variables, and the
// variable reader and setting kinds the gateway's own settings are built on. Everything under
// config/ reads the environment into plain values and imports nothing of the emulator: the
// emulator's modules import their defaults from here, never the other way round.
export * from './emulator.ts';
export * from './env.ts';
export * from './exact.ts';
export * from './faults.ts';
export * from './setting.ts';
