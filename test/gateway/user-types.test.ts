// User types over real HTTP against the emulator: list and lookups (the `default` alias, null for
// unknown ids), create/replace/update/delete, every refusal of the spec's error table as userErrors,
// and the upstream calls lookups cost.
import { describe, expect, it } from 'vitest';
import { countRequests } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { FIXTURE, mutate, ok } from './schema-helpers.ts';

const stack = useStack();

const FIELDS =
  'id name displayName description default createdBy lastUpdatedBy created lastUpdated links { schema { rel href method } self { rel href method } }';
const CREATE = `mutation($input: CreateUserTypeInput!) { createUserType(input: $input) { userType { ${FIELDS} } userErrors { code field message } } }`;
const REPLACE = `mutation($id: ID!, $input: ReplaceUserTypeInput!) { replaceUserType(id: $id, input: $input) { userType { ${FIELDS} } userErrors { code field message } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateUserTypeInput!) { updateUserType(id: $id, input: $input) { userType { ${FIELDS} } userErrors { code field message } } }`;
const DELETE = `mutation($id: ID!) { deleteUserType(id: $id) { deletedId userErrors { code field message reason } } }`;

describe('queries', () => {
  it('lists every user type with all fields', async () => {
    const data = await ok(stack(), `{ userTypes { ${FIELDS} } }`);
    expect(data.userTypes.map((t: any) => [t.name, t.default])).toEqual([
      ['user', true],
      ['Contractor', false],
    ]);
    const [defaultType] = data.userTypes;
    expect(defaultType).toMatchObject({ displayName: 'User', description: 'Default user type' });
    expect(defaultType.createdBy).toBeTypeOf('string');
    expect(defaultType.created).toMatch(/Z$/);
    expect(defaultType.links.self).toEqual({
      rel: 'self',
      method: 'GET',
      href: expect.stringMatching(new RegExp(`/api/v1/meta/types/user/${defaultType.id}$`)),
    });
    expect(defaultType.links.schema.href).toMatch(/\/api\/v1\/meta\/schemas\/user\//);
  });

  it('reads a type by id and by the `default` alias, and null for an unknown id', async () => {
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `query($id: ID!) { byId: userType(id: $id) { name } byAlias: userType(id: "default") { name default } }`,
        { id: FIXTURE.contractorType },
      ),
    );
    expect(result).toEqual({ byId: { name: 'Contractor' }, byAlias: { name: 'user', default: true } });
    // Two ids in one operation: one list call answers both.
    expect(byRoute).toEqual({ 'GET /api/v1/meta/types/user': 1 });

    const single = await countRequests(stack().emulator, () =>
      ok(stack(), `{ missing: userType(id: "otynope") { id } }`),
    );
    expect(single.result.missing).toBeNull();
    expect(single.byRoute).toEqual({ 'GET /api/v1/meta/types/user/{typeId}': 1 });
  });

  it('answers lookups from a list already loaded in the same operation', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      ok(stack(), `query($id: ID!) { userTypes { id } userType(id: $id) { name } again: userTypes { name } }`, {
        id: FIXTURE.contractorType,
      }),
    );
    expect(result.userType.name).toBe('Contractor');
    expect(total).toBe(1);
  });
});

describe('mutations', () => {
  it('creates a type, read back with default false and the creator filled in', async () => {
    const created = (
      await mutate(stack(), 'createUserType', CREATE, {
        input: { name: 'Partner', displayName: 'Partner user', description: 'External partners' },
      })
    ).userType;
    expect(created).toMatchObject({
      name: 'Partner',
      displayName: 'Partner user',
      description: 'External partners',
      default: false,
    });
    expect(created.createdBy).toBeTypeOf('string');
    const read = await ok(stack(), `query($id: ID!) { userType(id: $id) { name } }`, { id: created.id });
    expect(read.userType.name).toBe('Partner');
  });

  it('replaces and updates displayName and description', async () => {
    const created = (
      await mutate(stack(), 'createUserType', CREATE, { input: { name: 'Vendor', displayName: 'Vendor' } })
    ).userType;
    const replaced = (
      await mutate(stack(), 'replaceUserType', REPLACE, {
        id: created.id,
        input: { name: 'Vendor', displayName: 'Vendor user', description: 'replaced' },
      })
    ).userType;
    expect(replaced).toMatchObject({
      id: created.id,
      name: 'Vendor',
      displayName: 'Vendor user',
      description: 'replaced',
    });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(stack(), 'updateUserType', UPDATE, { id: created.id, input: { description: 'updated only' } }),
    );
    expect(result.userType).toMatchObject({ displayName: 'Vendor user', description: 'updated only' });
    expect(byRoute).toEqual({ 'POST /api/v1/meta/types/user/{typeId}': 1 });
  });

  it('sees the change in the same operation after an update', async () => {
    const data = await ok(
      stack(),
      `mutation($id: ID!) { updateUserType(id: $id, input: { displayName: "Renamed" }) { userType { displayName } userErrors { code } } }`,
      { id: FIXTURE.contractorType },
    );
    expect(data.updateUserType.userType.displayName).toBe('Renamed');
    const read = await ok(stack(), `{ userTypes { displayName } }`);
    expect(read.userTypes.map((t: any) => t.displayName)).toContain('Renamed');
  });

  it('deletes a type', async () => {
    const created = (
      await mutate(stack(), 'createUserType', CREATE, { input: { name: 'Temporary', displayName: 'Temporary' } })
    ).userType;
    const data = await ok(stack(), DELETE, { id: created.id });
    expect(data.deleteUserType).toEqual({ deletedId: created.id, userErrors: [] });
    const read = await ok(stack(), `query($id: ID!) { userType(id: $id) { id } }`, { id: created.id });
    expect(read.userType).toBeNull();
  });
});

describe('refusals', () => {
  it('refuses an invalid name with the input path', async () => {
    const data = await ok(stack(), CREATE, { input: { name: '1bad name', displayName: 'Bad' } });
    expect(data.createUserType.userType).toBeNull();
    expect(data.createUserType.userErrors).toEqual([
      { code: 'INVALID', field: ['input', 'name'], message: expect.any(String) },
    ]);
  });

  it('refuses a duplicate name', async () => {
    const data = await ok(stack(), CREATE, { input: { name: 'Contractor', displayName: 'Again' } });
    expect(data.createUserType.userErrors).toEqual([
      { code: 'CONFLICT', field: ['input', 'name'], message: 'name: a user type named Contractor already exists' },
    ]);
  });

  it('refuses to change the name on replace', async () => {
    const data = await ok(stack(), REPLACE, {
      id: FIXTURE.contractorType,
      input: { name: 'Renamed', displayName: 'x', description: 'y' },
    });
    expect(data.replaceUserType.userType).toBeNull();
    expect(data.replaceUserType.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['input', 'name'] });
  });

  it('refuses an eleventh type', async () => {
    for (let i = 0; i < 8; i++)
      await mutate(stack(), 'createUserType', CREATE, { input: { name: `Type${i}`, displayName: `Type ${i}` } });
    const data = await ok(stack(), CREATE, { input: { name: 'TooMany', displayName: 'Too many' } });
    expect(data.createUserType.userType).toBeNull();
    expect(data.createUserType.userErrors).toHaveLength(1);
    expect(data.createUserType.userErrors[0]).toMatchObject({ code: 'LIMIT_EXCEEDED', field: null });
  });

  it('follows the delete error table: default type PROHIBITED, type with users UNMET_REQUIREMENTS, unknown id not found', async () => {
    const defaultId = (await ok(stack(), `{ userType(id: "default") { id } }`)).userType.id;
    const asDefault = await ok(stack(), DELETE, { id: defaultId });
    expect(asDefault.deleteUserType).toEqual({
      deletedId: null,
      userErrors: [
        {
          code: 'FORBIDDEN',
          reason: 'PROHIBITED',
          field: null,
          message: expect.stringContaining('default user type cannot be deleted'),
        },
      ],
    });
    const withUsers = await ok(stack(), DELETE, { id: FIXTURE.contractorType });
    expect(withUsers.deleteUserType.userErrors).toEqual([
      {
        code: 'CONFLICT',
        reason: 'UNMET_REQUIREMENTS',
        field: null,
        message: expect.stringContaining('user(s) of this type exist'),
      },
    ]);
    const unknown = await ok(stack(), DELETE, { id: 'otynope' });
    expect(unknown.deleteUserType.userErrors).toEqual([
      { code: 'NOT_FOUND', field: ['id'], reason: null, message: 'No user type with id otynope exists.' },
    ]);
  });

  it('answers an update of an unknown type with not-found', async () => {
    const data = await ok(stack(), UPDATE, { id: 'otynope', input: { displayName: 'x' } });
    expect(data.updateUserType).toEqual({
      userType: null,
      userErrors: [{ code: 'NOT_FOUND', field: ['id'], message: 'No user type with id otynope exists.' }],
    });
  });

  it('throws UNAUTHENTICATED without a header, with no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(DELETE, { id: 'otynope' }, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
