// IdP discovery policy (IDP_DISCOVERY): no policy settings; rules carry `actions.idp`.
import { type Static, Type } from '@sinclair/typebox';
import { definePolicyType, NoSettingsSchema, StringEnum, Strict } from './shared.ts';

export const IDP_PROVIDER_TYPES = [
  'PLATFORM',
  'AgentlessDSSO',
  'IWA',
  'X509',
  'SAML2',
  'OIDC',
  'IDP_TYPE_A',
  'IDP_TYPE_B',
  'IDP_TYPE_C',
  'IDP_TYPE_D',
  'IDP_TYPE_E',
] as const;
export type IdpProviderType = (typeof IDP_PROVIDER_TYPES)[number];
export const MAX_IDP_PROVIDERS = 10;
export const IdpProviderSchema = Type.Object(
  {
    /** Required except for types PLATFORM, AgentlessDSSO and IWA. */
    id: Type.Optional(Type.String({ pattern: '\\S' })),
    type: StringEnum(IDP_PROVIDER_TYPES),
    /** IE only. */
    name: Type.Optional(Type.String()),
  },
  Strict,
);
export type IdpProvider = Static<typeof IdpProviderSchema>;
export const IdpActionSchema = Type.Object(
  {
    /** Required with SPECIFIC; empty with DYNAMIC. */
    providers: Type.Array(IdpProviderSchema, { maxItems: MAX_IDP_PROVIDERS }),
    idpSelectionType: StringEnum(['SPECIFIC', 'DYNAMIC'] as const),
    /** DYNAMIC only, at least one there. */
    matchCriteria: Type.Optional(
      Type.Array(
        Type.Object(
          {
            providerExpression: Type.String({ pattern: '\\S' }),
            propertyName: Type.Optional(Type.String({ pattern: '\\S', default: 'name' })),
          },
          Strict,
        ),
      ),
    ),
  },
  Strict,
);
export type IdpAction = Static<typeof IdpActionSchema>;

export const idpDiscoveryPolicyType = definePolicyType({
  policyType: 'IDP_DISCOVERY',
  ruleType: 'IDP_DISCOVERY',
  settings: NoSettingsSchema,
  actions: Type.Object({ idp: IdpActionSchema }, Strict),
  firstRulePriority: 1,
  createsDefaultRule: false,
  ieOnly: false,
  // Exactly one per org: the default policy.
  maxPolicies: 1,
});
