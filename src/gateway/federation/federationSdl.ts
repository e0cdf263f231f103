// The SDL the subgraph adds to schema.graphql when FEDERATION=1: the federation 2.3 link and the
// definitions of what it imports, the references to other teams' entities (groups and users that
// conditions name, and the apps of authentication rules and single logout), and the `_service` / `_entities` entry points of the subgraph spec. The `@key`
// of each entity of this subgraph is added by name at build (subgraph.ts), so that a new policy
// or rule type is an entity without a line here.

/** The federation version this subgraph speaks: interface entities need 2.3. */
export const FEDERATION_LINK = 'https://specs.apollo.dev/federation/v2.3';

/** What the subgraph imports from the federation spec. */
export const FEDERATION_IMPORTS = ['@key', '@shareable'] as const;

/** The federation machinery: in the executable schema, left out of `_service { sdl }`. */
export const MACHINERY_SDL = /* GraphQL */ `
extend schema @link(url: "${FEDERATION_LINK}", import: [${FEDERATION_IMPORTS.map((d) => JSON.stringify(d)).join(', ')}])

directive @link(url: String!, as: String, for: link__Purpose, import: [link__Import]) repeatable on SCHEMA
directive @key(fields: federation__FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @shareable repeatable on OBJECT | FIELD_DEFINITION

scalar link__Import
scalar federation__FieldSet
enum link__Purpose {
  SECURITY
  EXECUTION
}

"An entity representation: \`__typename\` and the fields of its key."
scalar _Any

"The subgraph's SDL, for composition."
type _Service {
  sdl: String!
}

extend type Query {
  "The subgraph's SDL with its federation directives (the federation subgraph spec)."
  _service: _Service!
  """
  The entities of this subgraph by their key, for the router: each representation is answered as
  \`nodes(ids:)\` answers its id, through the same per-request loaders, and counts as one id of
  MAX_NODE_IDS (a longer list is refused before any upstream call).
  """
  _entities(representations: [_Any!]!): [_Entity]!
}
`;

/** Types of other teams' domains that a policy names by id: references only, resolved by their owners. */
export const REFERENCES_SDL = /* GraphQL */ `
"A group of the directory, owned by the subgraph of the team that owns groups: this subgraph knows only its id."
type Group @key(fields: "id", resolvable: false) {
  "The group id."
  id: ID!
}

"A user of the directory, owned by the subgraph of the team that owns users: this subgraph knows only its id."
type User @key(fields: "id", resolvable: false) {
  "The user id."
  id: ID!
}

extend type GroupCondition {
  "The groups of \`include\`, in order, as references to the Group entity of the supergraph."
  includedGroups: [Group!]!
  "The groups of \`exclude\`, in order, as references to the Group entity of the supergraph."
  excludedGroups: [Group!]!
}

extend type UserCondition {
  "The users of \`include\`, in order, as references to the User entity of the supergraph."
  includedUsers: [User!]!
  "The users of \`exclude\`, in order, as references to the User entity of the supergraph."
  excludedUsers: [User!]!
}

extend type AppConditionEntry {
  """
  The app of an APP entry as the Application entity; null for APP_TYPE. Its \`id\` alone is a
  reference that costs no upstream call (an applications subgraph resolves the rest); any other
  field looks the app up among the apps of every authentication policy (as the router's entity fetch does),
  once per request, and the entry is null when no authentication policy has it.
  """
  application: Application
}

extend type SloSettings {
  """
  The apps of \`appInstanceIds\`, in order, as the Application entity: null where \`appInstanceIds\`
  is absent. Their \`id\` alone costs no upstream call; any other field looks them up as
  \`AppConditionEntry.application\` does, an entry null where no authentication policy has the app.
  """
  applications: [Application]
}
`;
