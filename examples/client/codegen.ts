// Typed operations for a frontend: the client preset turns every `graphql(...)` document of src/ into
// a typed document string (result and variables types), and fragment-matcher writes the
// `possibleTypes` of the Policy and PolicyRule interfaces for Apollo Client's cache.
// `npm run codegen` at the repository root runs this too; in your own app point `schema` at
// `http://localhost:4000/schema.graphql` (the gateway serves the SDL there).
import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const clientOutputs: CodegenConfig['generates'] = {
  [here('src/gql/')]: {
    documents: [here('src/**/*.ts'), `!${here('src/gql/**')}`],
    preset: 'client',
    // persisted-documents.json: the manifest of every document (id: its SHA-256), for TRUSTED_DOCUMENTS.
    presetConfig: { fragmentMasking: false, persistedDocuments: true },
    config: {
      // Documents as plain strings carrying their types: no GraphQL library needed at run time.
      documentMode: 'string',
      // Imports with a .js extension, as Node's ESM resolution wants.
      emitLegacyCommonJSImports: false,
      useTypeImports: true,
      enumsAsTypes: true,
      // DateTime travels as an ISO 8601 string (`new Date(value)` where a Date is needed).
      scalars: { DateTime: 'string', JSON: 'unknown' },
    },
  },
  [here('src/gql/possibleTypes.ts')]: {
    plugins: ['fragment-matcher'],
    config: { apolloClientVersion: 3, useExplicitTyping: true },
  },
};

const config: CodegenConfig = {
  schema: here('../../src/generated/schema.graphql'),
  generates: clientOutputs,
};

export default config;
