// The `conditions` object shared by policies and rules: one schema per condition key, with the
// enums and defaults of the spec's conditions table. Which keys a policy or rule type honours is
// the emulator's to check (cross-field rules); the shapes are here.
import { type Static, Type } from '@sinclair/typebox';
import { named, StringEnum, Strict } from './shared.ts';

const Ids = Type.Array(Type.String());
/** A list the spec marks required that the services read as empty when it is not sent. */
const IdsOrNone = Type.Array(Type.String(), { default: [] });
/** A text that must hold more than blanks. */
const NonBlank = Type.String({ pattern: '\\S' });

/** User and Group Conditions: the spec marks both arrays required; the services read a missing one as empty. */
export const IncludeExcludeSchema = Type.Object({ include: IdsOrNone, exclude: IdsOrNone }, Strict);

export const PeopleConditionSchema = Type.Object(
  { groups: Type.Optional(IncludeExcludeSchema), users: Type.Optional(IncludeExcludeSchema) },
  Strict,
);

/** As User and Group Conditions: a missing list is read as empty. */
export const UserTypeConditionSchema = Type.Object({ include: Type.Optional(IdsOrNone), exclude: IdsOrNone }, Strict);

export const AuthContextConditionSchema = Type.Object(
  { authType: Type.Optional(StringEnum(['ANY', 'LDAP_INTERFACE'] as const, { default: 'ANY' })) },
  Strict,
);

/** The single element `ALL_ZONES` in include or exclude selects every zone. */
export const NetworkConditionSchema = Type.Object(
  {
    connection: Type.Optional(StringEnum(['ANYWHERE', 'ZONE'] as const)),
    include: Type.Optional(Ids),
    exclude: Type.Optional(Ids),
  },
  Strict,
);

export const AuthProviderConditionSchema = Type.Object(
  {
    provider: StringEnum(['PLATFORM', 'DIRECTORY_SERVICE'] as const, { default: 'PLATFORM' }),
    include: Type.Optional(Ids),
  },
  Strict,
);

export const PATTERN_MATCH_TYPES = ['EXPRESSION', 'EQUALS', 'CONTAINS', 'STARTS_WITH', 'SUFFIX'] as const;
export const UserIdentifierPatternSchema = Type.Object(
  { matchType: StringEnum(PATTERN_MATCH_TYPES), value: NonBlank },
  Strict,
);
export const UserIdentifierConditionSchema = Type.Object(
  {
    type: StringEnum(['IDENTIFIER', 'ATTRIBUTE'] as const),
    patterns: Type.Array(UserIdentifierPatternSchema, { minItems: 1 }),
    attribute: Type.Optional(NonBlank),
  },
  Strict,
);

export const AppConditionEntrySchema = Type.Union([
  Type.Object({ type: Type.Literal('APP_TYPE'), name: NonBlank }, Strict),
  Type.Object({ type: Type.Literal('APP'), id: NonBlank }, Strict),
]);
/** Both arrays empty: the condition is met for every application; a missing one is read as empty. */
export const AppConditionSchema = Type.Object(
  {
    include: Type.Array(AppConditionEntrySchema, { default: [] }),
    exclude: Type.Array(AppConditionEntrySchema, { default: [] }),
  },
  Strict,
);

/** Device types of a platform condition: the spec shows MOBILE and DESKTOP; the real service also takes ANY and OTHER. */
export const PLATFORM_TYPES = ['ANY', 'MOBILE', 'DESKTOP', 'OTHER'] as const;
/** Operating systems: the spec shows IOS, ANDROID, WINDOWS, OSX; the real service also takes these others. */
export const PLATFORM_OS_TYPES = [
  'ANY',
  'IOS',
  'ANDROID',
  'WINDOWS',
  'OSX',
  'MACOS',
  'CHROMEOS',
  'LINUX',
  'OTHER',
] as const;
export const PlatformConditionEntrySchema = Type.Object(
  { type: StringEnum(PLATFORM_TYPES), os: Type.Object({ type: StringEnum(PLATFORM_OS_TYPES) }, Strict) },
  Strict,
);
export const PlatformConditionSchema = Type.Object(
  { include: Type.Array(PlatformConditionEntrySchema, { minItems: 1 }) },
  Strict,
);

/** `managed` needs `registered` sent and true (a cross-field rule the emulator checks). */
export const DeviceConditionSchema = Type.Object(
  { registered: Type.Optional(Type.Boolean()), managed: Type.Optional(Type.Boolean()) },
  Strict,
);

export const RISK_LEVELS = ['ANY', 'LOW', 'MEDIUM', 'HIGH'] as const;
export const RiskLevelSchema = StringEnum(RISK_LEVELS);
export const RiskScoreConditionSchema = Type.Object({ level: RiskLevelSchema }, Strict);
export const EntityRiskConditionSchema = Type.Object({ level: RiskLevelSchema }, Strict);
export const ElConditionSchema = Type.Object({ condition: NonBlank }, Strict);

export const RISK_DETECTION_TYPES = [
  'ADMIN_REPORTED_USER_RISK',
  'BRUTE_FORCE_ATTACK',
  'ENTITY_CRITICAL_ACTION_FROM_HIGH_THREAT_IP',
  'PLATFORM_THREAT_INTELLIGENCE',
  'SESSION_INFLUENCED_USER_RISK',
  'SUSPICIOUS_APP_ACCESS',
  'USER_REPORTED_SUSPICIOUS_ACTIVITY',
  'SECURITY_EVENTS_PROVIDER_REPORTED_RISK',
] as const;
const RiskDetectionTypes = Type.Array(StringEnum(RISK_DETECTION_TYPES), { minItems: 1 });
/** `include` or `exclude`, not both (the emulator checks that one is given). */
export const RiskDetectionTypesConditionSchema = Type.Object(
  { include: Type.Optional(RiskDetectionTypes), exclude: Type.Optional(RiskDetectionTypes) },
  Strict,
);

/** Every condition key; `CONDITION_KEYS` is derived from it. */
export const ConditionsSchema = named(
  'Conditions',
  Type.Object(
    {
      people: Type.Optional(PeopleConditionSchema),
      userType: Type.Optional(UserTypeConditionSchema),
      authContext: Type.Optional(AuthContextConditionSchema),
      network: Type.Optional(NetworkConditionSchema),
      authProvider: Type.Optional(AuthProviderConditionSchema),
      userIdentifier: Type.Optional(UserIdentifierConditionSchema),
      app: Type.Optional(AppConditionSchema),
      platform: Type.Optional(PlatformConditionSchema),
      device: Type.Optional(DeviceConditionSchema),
      riskScore: Type.Optional(RiskScoreConditionSchema),
      elCondition: Type.Optional(ElConditionSchema),
      entityRisk: Type.Optional(EntityRiskConditionSchema),
      riskDetectionTypes: Type.Optional(RiskDetectionTypesConditionSchema),
    },
    Strict,
  ),
);
export type Conditions = Static<typeof ConditionsSchema>;
export const CONDITION_KEYS = Object.keys(ConditionsSchema.properties) as (keyof Conditions)[];
