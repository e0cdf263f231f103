// Application objects, which the policy service lists for a policy. The spec shows no more than
// that they exist; these are the members the emulator answers, and any other member is allowed.
import { type Static, Type } from '@sinclair/typebox';
import { Id, LifecycleStatusSchema, LinkSchema, named } from './shared.ts';

export const ApplicationSchema = named(
  'Application',
  Type.Object(
    {
      id: Id,
      name: Type.String(),
      label: Type.String(),
      status: LifecycleStatusSchema,
      _links: Type.Optional(Type.Object({ accessPolicy: Type.Optional(LinkSchema) })),
    },
    { additionalProperties: true },
  ),
);
/** Open: members beyond these are the applications service's. */
export type Application = Static<typeof ApplicationSchema> & { [key: string]: unknown };

/**
 * One resource mapped to a policy, as the policy's `mappings` link lists them. The spec names the
 * link but shows no body: these are the members the emulator answers (one mapping per application).
 * No `self` link: the spec has no operation that reads a single mapping.
 */
export const PolicyMappingSchema = named(
  'PolicyMapping',
  Type.Object(
    {
      id: Id,
      _links: Type.Object({ application: LinkSchema, policy: LinkSchema }),
    },
    { additionalProperties: true },
  ),
);
export type PolicyMapping = Static<typeof PolicyMappingSchema>;
