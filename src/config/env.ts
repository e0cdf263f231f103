// The variable reader lives in the emulator's package (its settings use it too); the gateway's
// settings import it from here.
export * from 'policy-service-emulator/config';
