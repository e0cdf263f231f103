// The access simulation operation (IE): its request body, `expand` values and response.
import { type Static, Type } from '@sinclair/typebox';
import { named, Nullable, StringEnum, Strict } from './shared.ts';

export const SIMULATION_POLICY_TYPES = [
  'PLATFORM_SIGN_ON',
  'MFA_ENROLL',
  'PROFILE_ENROLLMENT',
  'ACCESS_POLICY',
] as const;
export const SIMULATION_EXPANDS = ['EVALUATED', 'RULE'] as const;
export const SimulationExpandSchema = StringEnum(SIMULATION_EXPANDS);
export const SIMULATION_STATUSES = ['MATCH', 'NOT_MATCH', 'UNDEFINED'] as const;
export const SimulationStatusSchema = StringEnum(SIMULATION_STATUSES);

/** A text that must hold more than blanks. */
const NonBlank = Type.String({ pattern: '\\S' });
const Ids = Type.Object({ ids: Type.Array(Type.String(), { minItems: 1 }) }, Strict);

/** Who and from where: user id or group ids (one of them), and ip or zone ids (not both), cross-field rules of the emulator. */
export const SimulationPolicyContextSchema = Type.Object(
  {
    user: Type.Optional(Type.Object({ id: NonBlank }, Strict)),
    groups: Type.Optional(Ids),
    ip: Type.Optional(Type.String()),
    zones: Type.Optional(Ids),
    risk: Type.Optional(Type.Object({ level: StringEnum(['LOW', 'MEDIUM', 'HIGH'] as const) }, Strict)),
    device: Type.Optional(
      Type.Object(
        {
          registered: Type.Optional(Type.Boolean()),
          managed: Type.Optional(Type.Boolean()),
          platform: Type.Optional(NonBlank),
          assuranceId: Type.Optional(NonBlank),
        },
        Strict,
      ),
    ),
  },
  Strict,
);

export const SimulationRequestSchema = named(
  'SimulationRequest',
  Type.Object(
    {
      /** Null or absent: every type. */
      policyTypes: Type.Optional(Nullable(Type.Array(StringEnum(SIMULATION_POLICY_TYPES), { minItems: 1 }))),
      appInstance: NonBlank,
      /** The emulator requires it (the spec's request table); optional here as the client types it. */
      policyContext: Type.Optional(SimulationPolicyContextSchema),
    },
    Strict,
  ),
);
export type SimulationRequest = Static<typeof SimulationRequestSchema>;

export const SimulatedConditionSchema = Type.Object({ type: Type.String(), status: SimulationStatusSchema }, Strict);
const simulatedMembers = {
  id: Type.String(),
  name: Nullable(Type.String()),
  status: SimulationStatusSchema,
  conditions: Type.Array(SimulatedConditionSchema),
};
export const SimulatedRuleSchema = Type.Object(simulatedMembers, Strict);
export const SimulatedPolicySchema = Type.Object(
  { ...simulatedMembers, rules: Type.Array(SimulatedRuleSchema) },
  Strict,
);
const Policies = Type.Object({ policies: Type.Array(SimulatedPolicySchema) }, Strict);
export const PolicyTypeEvaluationSchema = Type.Object(
  {
    policyType: Type.String(),
    status: Nullable(Type.String()),
    result: Policies,
    undefined: Policies,
    evaluated: Policies,
  },
  Strict,
);
export const SimulationResponseSchema = named(
  'SimulationResponse',
  Type.Object({ evaluation: Type.Array(PolicyTypeEvaluationSchema) }, Strict),
);
export type SimulationResponse = Static<typeof SimulationResponseSchema>;
