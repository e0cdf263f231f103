// Where schema.graphql is, and its text: read by the executable schema, the /schema.graphql plugin
// and the tables derived from the schema's directives (resolvers/typenames.ts). A leaf, so that
// each of them can read the schema without importing another.
import { existsSync, readFileSync } from 'node:fs';
import { type DocumentNode, parse } from 'graphql';

// The whole schema: schema.graphql (written by hand) joined with the half generated from the REST
// contract, by `npm run codegen` (src/tools/contractSchema.ts). The build copies it next to
// dist/main.js, so that dist/ runs alone; in the source tree it is src/generated/schema.graphql.
export const SCHEMA_PATH = [
  new URL('../schema.graphql', import.meta.url),
  new URL('../generated/schema.graphql', import.meta.url),
].find((url) => existsSync(url))!;

let sdl: string | undefined;
let document: DocumentNode | undefined;

/** The text of schema.graphql, read once. */
export function schemaSdl(): string {
  sdl ??= readFileSync(SCHEMA_PATH, 'utf8');
  return sdl;
}

/** schema.graphql parsed, once. */
export function schemaDocument(): DocumentNode {
  document ??= parse(schemaSdl());
  return document;
}
