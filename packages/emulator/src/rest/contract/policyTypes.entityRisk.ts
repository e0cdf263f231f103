// Entity risk policy (ENTITY_RISK): no policy settings; rules may carry `actions.entityRisk`.
import { type Static, Type } from '@sinclair/typebox';
import { definePolicyType, NoSettingsSchema, RunWorkflowSchema, Strict } from './shared.ts';

export const EntityRiskActionItemSchema = Type.Union([
  Type.Object({ action: Type.Literal('TERMINATE_ALL_SESSIONS') }, Strict),
  RunWorkflowSchema,
]);
export type EntityRiskActionItem = Static<typeof EntityRiskActionItemSchema>;
/** An empty list only logs the risk event. */
export const EntityRiskActionSchema = Type.Object(
  { actions: Type.Array(EntityRiskActionItemSchema, { default: [] }) },
  Strict,
);
export type EntityRiskAction = Static<typeof EntityRiskActionSchema>;

export const entityRiskPolicyType = definePolicyType({
  policyType: 'ENTITY_RISK',
  ruleType: 'ENTITY_RISK',
  settings: NoSettingsSchema,
  actions: Type.Object({ entityRisk: Type.Optional(EntityRiskActionSchema) }, Strict),
  firstRulePriority: 1,
  createsDefaultRule: false,
  ieOnly: true,
});
