// The second subgraph of the example supergraph: another team's directory of teams, each owning
// some policies. It knows a policy only by its id (`Policy` as an `@interfaceObject`, the interface
// entity of the policy gateway's subgraph); the router fetches everything else about a policy from
// the policy gateway, through its `_entities`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLScalarType, parse } from 'graphql';
import { createYoga } from 'graphql-yoga';

export interface Team {
  id: string;
  name: string;
  /** The ids of the policies the team owns. */
  policyIds: string[];
}

/** The subgraph's SDL, as `_service { sdl }` answers it and composition reads it. */
export const TEAMS_SDL = /* GraphQL */ `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@interfaceObject"])

type Query {
  "Every team of the directory."
  teams: [Team!]!
  "A team by id; null when there is none."
  team(id: ID!): Team
}

"A team of the company."
type Team @key(fields: "id") {
  id: ID!
  name: String!
  """
  The policies the team owns (resolved by the policy gateway's subgraph); null where one could not
  be read, with the gateway's error (and its code) beside the answer.
  """
  policies: [Policy]!
}

"A policy, known here by its id alone."
type Policy @key(fields: "id", resolvable: false) @interfaceObject {
  id: ID!
}
`;

const MACHINERY = /* GraphQL */ `
directive @link(url: String!, import: [String]) repeatable on SCHEMA
directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @interfaceObject on OBJECT
scalar _Any
type _Service { sdl: String! }
union _Entity = Team
extend type Query {
  _service: _Service!
  _entities(representations: [_Any!]!): [_Entity]!
}
`;

export interface RunningTeams {
  url: string;
  close(): Promise<void>;
}

export async function startTeamsSubgraph(teams: readonly Team[], port = 0): Promise<RunningTeams> {
  const byId = new Map(teams.map((team) => [team.id, team]));
  const schema = makeExecutableSchema({
    typeDefs: [parse(TEAMS_SDL), parse(MACHINERY)],
    resolvers: {
      _Any: new GraphQLScalarType({ name: '_Any', parseValue: (value) => value }),
      Query: {
        teams: () => teams,
        team: (_: unknown, { id }: { id: string }) => byId.get(id) ?? null,
        _service: () => ({ sdl: TEAMS_SDL }),
        _entities: (_: unknown, { representations }: { representations: { id: string }[] }) =>
          representations.map(({ id }) => byId.get(id) ?? null),
      },
      _Entity: { __resolveType: () => 'Team' },
      Team: { policies: (team: Team) => team.policyIds.map((id) => ({ id })) },
    },
  });
  const server = createServer(createYoga({ schema, logging: false, graphiql: false }));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
