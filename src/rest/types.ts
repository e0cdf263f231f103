// The REST wire types live with the REST contract in the emulator's package; the gateway's modules
// (and codegen's mappers) import them from here.
export * from 'policy-service-emulator/types';
