// The REST wire types for CommonJS TypeScript projects (`import type { Policy } from 'policy-service-emulator/types'`).
export type * from '../dist/rest/types.js' with { 'resolution-mode': 'import' };
