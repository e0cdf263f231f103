// The policy document and its JSON Schema, made from the REST contract: a policy of each type takes
// that type's settings, a rule that type's rule actions, and both the contract's conditions. Members
// the contract gives a default are optional here, since an exported document leaves REST defaults out.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  ConditionsSchema,
  CreateUserTypeInputSchema,
  LIFECYCLE_STATUSES,
  Name,
  POLICY_SETTINGS,
  POLICY_TYPES,
  type PolicyType,
  RULE_ACTIONS,
  RULE_TYPE_OF,
  Strict,
  StringEnum,
} from 'policy-service-emulator/contract';

export const DOCUMENT_VERSION = 1;
export const DOCUMENT_SCHEMA_PATH = '/policy-document.schema.json';

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
      description: Type.Optional(Type.String()),
      status: Status,
      conditions: Type.Optional(ConditionsSchema),
      settings: Type.Optional(POLICY_SETTINGS[policyType]),
      rules: Type.Array(ruleOf(policyType), { default: [], description: 'In priority order, the default rule last.' }),
    },
    Strict,
  );
}

const UserTypeEntry = Type.Object(
  {
    name: CreateUserTypeInputSchema.properties.name,
    displayName: CreateUserTypeInputSchema.properties.displayName,
    description: CreateUserTypeInputSchema.properties.description,
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
        Type.Array(policyOf(t), { description: `${t} policies in priority order, the default policy last.` }),
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
      Type.Array(UserTypeEntry, { description: 'Managed when present: user types keyed by name.' }),
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

/** The document's schema as TypeBox (for validation and for reading defaults). */
export const DocumentSchema: TSchema = relaxDefaults(DocumentTypeBox);
export const POLICY_SCHEMAS_OF_DOCUMENT = (DocumentSchema as TObject).properties.policies as TObject;

/** The JSON Schema served at /policy-document.schema.json. */
export function documentJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: DOCUMENT_SCHEMA_PATH,
    title: 'Policy document',
    ...(JSON.parse(JSON.stringify(DocumentSchema)) as Record<string, unknown>),
  };
}

export interface DocumentProblem {
  /** JSON Pointer of the member at fault, e.g. `/policies/PASSWORD/0/settings`. */
  path: string;
  message: string;
}

/** Every way the value breaks the document's schema (at most 20). */
export function documentProblems(value: unknown): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  for (const error of Value.Errors(DocumentSchema, value)) {
    problems.push({ path: error.path || '/', message: error.message });
    if (problems.length >= 20) break;
  }
  return problems;
}
