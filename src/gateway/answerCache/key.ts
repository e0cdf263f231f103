// The answer cache's key of a request's operation: how it names its document (the trusted
// document's id, or the document's text), its operationName, and its variables as canonical JSON
// (members in one order, so `{a, b}` and `{b, a}` are one key). A request that names its document
// both ways, or sends anything else, has no key: it is answered the usual way and never kept.

/** The members of a GraphQL request the key is made of (a POST's body, yoga's params). */
export interface OperationParams {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
  documentId?: unknown;
}

/** How the key names the document: the text sent, or a trusted document's id. */
export type DocumentNaming = 'text' | 'id';

export interface AnswerKey {
  key: string;
  naming: DocumentNaming;
}

export function answerKeyOf(params: OperationParams): AnswerKey | undefined {
  const id = documentIdOf(params);
  if (id === null) return undefined;
  const { query, operationName, variables } = params;
  if (id !== undefined && query !== undefined && query !== null) return undefined;
  if (id === undefined && typeof query !== 'string') return undefined;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) return undefined;
  const naming: DocumentNaming = id === undefined ? 'text' : 'id';
  const document = id ?? (query as string);
  return { key: JSON.stringify([naming, document, operationName ?? null, canonical(variables ?? null)]), naming };
}

/** The trusted document's id the request names; undefined: none; null: extensions the key does not take. */
function documentIdOf(params: OperationParams): string | undefined | null {
  const { documentId, extensions } = params;
  if (documentId !== undefined && (typeof documentId !== 'string' || documentId === '')) return null;
  if (extensions === undefined || extensions === null) return documentId;
  if (!isPlainObject(extensions)) return null;
  const members = Object.keys(extensions);
  if (members.length === 0) return documentId;
  if (members.length > 1 || members[0] !== 'persistedQuery' || documentId !== undefined) return null;
  const hash = (extensions.persistedQuery as { sha256Hash?: unknown } | null)?.sha256Hash;
  return typeof hash === 'string' && hash !== '' ? hash : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON of `value` with every object's members sorted by name. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isPlainObject(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) sorted[name] = canonical(value[name]);
  return sorted;
}
