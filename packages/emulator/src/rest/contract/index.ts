// The REST contract of the Policy and User Types services, written once: JSON Schemas (TypeBox)
// for every resource and body, the table of named operations, and the OpenAPI document made from
// them. It imports TypeBox only, so that it ships inside the emulator's package as it is.
export * from './applications.ts';
export * from './conditions.ts';
export * from './directory.ts';
export * from './errors.ts';
export * from './openapi.ts';
export * from './operations.ts';
export * from './policies.ts';
export * from './shared.ts';
export * from './simulation.ts';
export * from './policyTypes.ts';
export * from './scopes.ts';
export * from './userTypes.ts';
