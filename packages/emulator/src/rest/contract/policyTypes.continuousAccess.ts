// Continuous access policy (CONTINUOUS_ACCESS): no policy settings; rules may carry
// `actions.continuousAccess`.
import { type Static, Type } from '@sinclair/typebox';
import { definePolicyType, NoSettingsSchema, Nullable, RunWorkflowSchema, StringEnum, Strict } from './shared.ts';

export const SloSettingsSchema = Type.Object(
  {
    appSelectionMode: StringEnum(['SPECIFIC', 'NONE', 'ALL'] as const),
    /** Only with SPECIFIC (at least one app there); null otherwise. */
    appInstanceIds: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  Strict,
);
export type SloSettings = Static<typeof SloSettingsSchema>;
export const ContinuousAccessFailureActionSchema = Type.Union([
  Type.Object({ action: Type.Literal('TERMINATE_SESSION'), slo: SloSettingsSchema }, Strict),
  RunWorkflowSchema,
]);
export type ContinuousAccessFailureAction = Static<typeof ContinuousAccessFailureActionSchema>;
/** An empty list only logs the failed re-evaluation. */
export const ContinuousAccessActionSchema = Type.Object(
  { failureActions: Type.Array(ContinuousAccessFailureActionSchema, { default: [] }) },
  Strict,
);
export type ContinuousAccessAction = Static<typeof ContinuousAccessActionSchema>;

export const continuousAccessPolicyType = definePolicyType({
  policyType: 'CONTINUOUS_ACCESS',
  ruleType: 'CONTINUOUS_ACCESS',
  settings: NoSettingsSchema,
  actions: Type.Object({ continuousAccess: Type.Optional(ContinuousAccessActionSchema) }, Strict),
  firstRulePriority: 1,
  createsDefaultRule: false,
  ieOnly: true,
});
