// The policy document and its JSON Schema, made from the REST contract: a policy of each type takes
// that type's settings, a rule that type's rule actions, and both the contract's conditions. Members
// the contract gives a default are optional here, since an exported document leaves REST defaults out.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { type ValueError, ValueErrorType, Value } from '@sinclair/typebox/value';
import {
  type AnyPolicyTypeContract,
  ConditionsSchema,
  CreateUserTypeInputSchema,
  LIFECYCLE_STATUSES,
  MAX_USER_TYPES,
  Name,
  POLICY_SETTINGS,
  POLICY_TYPE_CONTRACTS,
  POLICY_TYPES,
  type PolicyType,
  RULE_ACTIONS,
  RULE_TYPE_OF,
  Strict,
  StringEnum,
} from 'policy-service-emulator/contract';

export const DOCUMENT_VERSION = 1;
export const DOCUMENT_SCHEMA_PATH = '/policy-document.schema.json';

/**
 * How large a document may be (docs/limits.md, "Policy plans"). The spec's limits where it states
 * them (rules per policy and policies per org of some types, user types per org, names as the
 * contract reads them); the others are this gateway's, well above what an org holds and what one
 * apply can write within its call budget.
 */
export const DOCUMENT_LIMITS = {
  /** The whole document as JSON, in bytes. */
  bytes: 1024 * 1024,
  /** A policy's description (the spec states none; a user type's description takes 1,024). */
  descriptionLength: 1024,
  /** Any other string without a length the contract states (condition expressions, patterns, ids). */
  stringLength: 4096,
  /** Any list without a maximum the spec states (policies of a type, rules of a policy, ids, patterns). */
  listItems: 1000,
  /** Per type, the spec's Limits as the contract states them: policies per org. */
  policiesOfType: limitsOfTypes((c) => c.maxPolicies),
  /** Per type, the spec's Limits as the contract states them: rules per policy, the default rule included. */
  rulesOfPolicy: limitsOfTypes((c) => c.maxRules),
} as const;

function limitsOfTypes(
  limit: (contract: AnyPolicyTypeContract) => number | undefined,
): Partial<Record<PolicyType, number>> {
  return Object.fromEntries(
    POLICY_TYPE_CONTRACTS.flatMap((c) => (limit(c) === undefined ? [] : [[c.policyType, limit(c)]])),
  );
}

const Status = StringEnum(LIFECYCLE_STATUSES, { default: 'ACTIVE' });
const System = Type.Boolean({
  default: false,
  description: 'A system object: its members can be managed, it is never created or deleted.',
});
const Ids = Type.Array(Type.String({ minLength: 1 }));

function ruleOf(policyType: PolicyType): TObject {
  return Type.Object(
    {
      name: Name,
      system: System,
      status: Status,
      conditions: Type.Optional(ConditionsSchema),
      actions: Type.Optional(RULE_ACTIONS[RULE_TYPE_OF[policyType]]),
    },
    { ...Strict, description: `A ${RULE_TYPE_OF[policyType]} rule; user type conditions name user types by name.` },
  );
}

function policyOf(policyType: PolicyType): TObject {
  return Type.Object(
    {
      name: Name,
      system: System,
      description: Type.Optional(Type.String({ maxLength: DOCUMENT_LIMITS.descriptionLength })),
      status: Status,
      conditions: Type.Optional(ConditionsSchema),
      settings: Type.Optional(POLICY_SETTINGS[policyType]),
      rules: Type.Array(ruleOf(policyType), {
        default: [],
        description: 'In priority order, the default rule last.',
        maxItems: DOCUMENT_LIMITS.rulesOfPolicy[policyType] ?? DOCUMENT_LIMITS.listItems,
      }),
    },
    Strict,
  );
}

const UserTypeEntry = Type.Object(
  {
    name: CreateUserTypeInputSchema.properties.name,
    displayName: CreateUserTypeInputSchema.properties.displayName,
    // Not managed when left out, like a policy's description: the create's default ('') is the service's
    // fill-in, not what a document that leaves the member out means (docs/policy-as-code.md).
    description: Type.Optional(
      Type.String({ maxLength: CreateUserTypeInputSchema.properties.description.maxLength as number }),
    ),
    default: Type.Boolean({ default: false, description: "The org's default user type (never created or deleted)." }),
  },
  Strict,
);

const References = Type.Object(
  {
    groups: Type.Optional(Ids),
    zones: Type.Optional(Ids),
    apps: Type.Optional(Ids),
    users: Type.Optional(Ids),
  },
  { ...Strict, description: 'Ids of objects this service does not manage that the document names.' },
);

const PolicySchema = Type.Object(
  Object.fromEntries(
    POLICY_TYPES.map((t) => [
      t,
      Type.Optional(
        Type.Array(policyOf(t), {
          description: `${t} policies in priority order, the default policy last.`,
          maxItems: DOCUMENT_LIMITS.policiesOfType[t] ?? DOCUMENT_LIMITS.listItems,
        }),
      ),
    ]),
  ),
  { ...Strict, description: 'Policy types present here are managed; the others are left alone.' },
);

const DocumentTypeBox = Type.Object(
  {
    version: Type.Literal(DOCUMENT_VERSION),
    references: Type.Optional(References),
    userTypes: Type.Optional(
      Type.Array(UserTypeEntry, {
        description: 'Managed when present: user types keyed by name.',
        maxItems: MAX_USER_TYPES,
      }),
    ),
    policies: PolicySchema,
  },
  Strict,
);

/** A member with a default may be left out: it drops from its object's `required`, at every depth. */
function relaxDefaults<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(relaxDefaults) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string | symbol, unknown> = { ...(schema as Record<string | symbol, unknown>) };
  for (const key of Object.keys(copy)) copy[key] = relaxDefaults(copy[key]);
  const properties = copy.properties as Record<string, { default?: unknown }> | undefined;
  if (Array.isArray(copy.required) && properties) {
    const required = (copy.required as string[]).filter((k) => properties[k]?.default === undefined);
    if (required.length > 0) copy.required = required;
    else delete copy.required;
  }
  return copy as T;
}

/** Every string and list without a stated bound gets the document's general one, at every depth. */
function bounded<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(bounded) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string | symbol, unknown> = { ...(schema as Record<string | symbol, unknown>) };
  for (const key of Object.keys(copy)) copy[key] = bounded(copy[key]);
  if (copy.type === 'string' && copy.maxLength === undefined && copy.enum === undefined && copy.const === undefined) {
    copy.maxLength = DOCUMENT_LIMITS.stringLength;
  }
  if (copy.type === 'array' && copy.maxItems === undefined) copy.maxItems = DOCUMENT_LIMITS.listItems;
  return copy as T;
}

/** The document's schema as TypeBox (for validation and for reading defaults). */
export const DocumentSchema: TSchema = bounded(relaxDefaults(DocumentTypeBox));
export const POLICY_SCHEMAS_OF_DOCUMENT = (DocumentSchema as TObject).properties.policies as TObject;

/** The JSON Schema served at /policy-document.schema.json. */
export function documentJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: DOCUMENT_SCHEMA_PATH,
    title: 'Policy document',
    description: `At most ${DOCUMENT_LIMITS.bytes} bytes as JSON.`,
    ...(JSON.parse(JSON.stringify(DocumentSchema)) as Record<string, unknown>),
  };
}

export interface DocumentProblem {
  /** JSON Pointer of the member at fault, e.g. `/policies/<TYPE>/0/settings`. */
  path: string;
  message: string;
}

/** Every way the value breaks the document's schema (at most 20); first of all its size. */
export function documentProblems(value: unknown): DocumentProblem[] {
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > DOCUMENT_LIMITS.bytes) {
    return [{ path: '/', message: `The document is ${bytes} bytes as JSON; the limit is ${DOCUMENT_LIMITS.bytes}.` }];
  }
  const problems: DocumentProblem[] = [];
  for (const error of Value.Errors(DocumentSchema, value)) {
    problems.push({ path: error.path || '/', message: explain(error) });
    if (problems.length >= 20) break;
  }
  return problems;
}

/** The validator's message with what it takes to fix it: the allowed values, the closest known member. */
function explain(error: ValueError): string {
  const schema = error.schema as { enum?: unknown[]; anyOf?: { const?: unknown }[]; properties?: object };
  const allowed =
    schema.enum ?? (schema.anyOf?.every((b) => b.const !== undefined) ? schema.anyOf.map((b) => b.const) : undefined);
  if (allowed) return `${JSON.stringify(error.value)} is not allowed: expected one of ${allowed.join(', ')}.`;
  if (error.type === ValueErrorType.ObjectAdditionalProperties && schema.properties) {
    const member = error.path
      .slice(error.path.lastIndexOf('/') + 1)
      .replaceAll('~1', '/')
      .replaceAll('~0', '~');
    const known = Object.keys(schema.properties);
    const closest = closestOf(member, known);
    return `Unexpected property \`${member}\`${closest ? `: did you mean \`${closest}\`?` : '.'} Known here: ${known.join(', ')}.`;
  }
  return error.message;
}

/** The known name nearest to `name` (edit distance, case aside), when it is near enough to be a typo. */
function closestOf(name: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
