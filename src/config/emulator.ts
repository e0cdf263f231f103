// The embedded emulator's settings are the emulator package's own (the same EMULATOR_* variables
// as `policy-emulator`); the gateway's settings import them from here.
export { EMULATOR_SETTINGS, type EmulatorConfig, readEmulatorConfig } from 'policy-service-emulator/config';
