// The User Types service: every operation, the `default` alias, the name rules (pattern, unique,
// immutable), the limit of 10 types, and the delete errors of the spec's error table.
import { describe, expect, it } from 'vitest';
import { advanceDate, freezeDate } from '../helpers/clock.ts';
import { expectValidationCause, useEmulator } from '../helpers/emulator.ts';

const emu = useEmulator();
const T = '/api/v1/meta/types/user';

async function create(name: string, extra: Record<string, unknown> = {}) {
  const res = await emu().call('POST', T, { name, displayName: `${name} display`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const list = async () => (await emu().call('GET', T)).body as { id: string; name: string; default: boolean }[];

describe('read', () => {
  it('lists the default type and the fixture type', async () => {
    const types = await list();
    expect(types.map((t) => [t.name, t.default])).toEqual([
      ['user', true],
      ['Contractor', false],
    ]);
  });

  it('gets a type by id, and the default type by the alias `default`', async () => {
    const types = await list();
    const byId = await emu().call('GET', `${T}/oty1contractor`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(types[1]);
    const alias = await emu().call('GET', `${T}/default`);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(types[0]);
    expect(alias.body.default).toBe(true);
    expect(alias.body.id).not.toBe('default');
  });

  it('answers 404 E0000007 for an unknown id', async () => {
    const res = await emu().call('GET', `${T}/otynothere`);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('E0000007');
  });
});

describe('create', () => {
  it('creates with the spec path (trailing slash) and returns the type with default false', async () => {
    const res = await emu().call('POST', `${T}/`, {
      name: 'Partner',
      displayName: 'Partner',
      description: 'External partners',
      default: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Partner',
      displayName: 'Partner',
      description: 'External partners',
      default: false,
    });
    expect((await emu().call('GET', `${T}/${res.body.id}`)).body).toEqual(res.body);
    expect((await list()).map((t) => t.name)).toContain('Partner');
  });

  it('fills createdBy and lastUpdatedBy', async () => {
    const t = await create('Filled');
    expect(t.createdBy).toMatch(/^\S+$/);
    expect(t.lastUpdatedBy).toBe(t.createdBy);
    for (const each of await list()) {
      expect(each).toHaveProperty('createdBy');
      expect((each as unknown as { createdBy: string }).createdBy.length).toBeGreaterThan(0);
    }
  });

  it('makes description optional (empty) and displayName and name required', async () => {
    const t = await create('NoDescription');
    expect(t.description).toBe('');
    const res = await emu().call('POST', T, {});
    expectValidationCause(res, 'name');
    expectValidationCause(res, 'displayName');
  });

  it('enforces the name pattern: a letter first, then letters, digits or underscores', async () => {
    for (const name of ['Valid', 'v', 'Snake_case_9', 'x1_']) await create(name);
    for (const name of ['9lives', '_leading', 'has space', 'dash-ed', 'dot.ted', 'ümlaut', '', 42]) {
      expectValidationCause(await emu().call('POST', T, { name, displayName: 'Bad name' }), 'name');
    }
  });

  it('refuses a name that already exists', async () => {
    await create('Unique');
    expectValidationCause(await emu().call('POST', T, { name: 'Unique', displayName: 'Again' }), 'name');
    expectValidationCause(await emu().call('POST', T, { name: 'user', displayName: 'Clash with default' }), 'name');
    expectValidationCause(
      await emu().call('POST', T, { name: 'Contractor', displayName: 'Clash with fixture' }),
      'name',
    );
  });

  it('treats names that differ only in case as the same name', async () => {
    expectValidationCause(await emu().call('POST', T, { name: 'CONTRACTOR', displayName: 'Shouting' }), 'name');
  });
});

describe('limit of 10 types', () => {
  it('holds at most 10 types, the default included', async () => {
    // The fixture has the default type and one more: 8 fit.
    for (let i = 0; i < 8; i++) await create(`Type${i}`);
    expect(await list()).toHaveLength(10);
    const eleventh = await emu().call('POST', T, { name: 'Eleventh', displayName: 'Eleventh' });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.errorCode).toBe('E0000001');
    expect(await list()).toHaveLength(10);
  });

  it('stops counting a deleted type, which is gone for good', async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < 8; i++) made.push(await create(`Type${i}`));
    expect((await emu().call('DELETE', `${T}/${made[3].id}`)).status).toBe(204);
    const res = await emu().call('GET', `${T}/${made[3].id}`);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('E0000007');
    expect((await list()).some((t) => t.id === made[3].id)).toBe(false);
    await create('Replacement');
    expect((await emu().call('POST', T, { name: 'OneMore', displayName: 'One more' })).status).toBe(400);
  });

  it('never exceeds 10 under concurrent creates', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => emu().call('POST', T, { name: `Race${i}`, displayName: `Race ${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    expect(results.filter((r) => r.status === 400)).toHaveLength(12);
    expect(await list()).toHaveLength(10);
  });

  it("frees a deleted type's name for a new type with a new id", async () => {
    const first = await create('Reused');
    await emu().call('DELETE', `${T}/${first.id}`);
    const second = await create('Reused');
    expect(second.id).not.toBe(first.id);
  });
});

describe('replace (PUT)', () => {
  it('replaces displayName and description, keeping name, id and created', async () => {
    freezeDate();
    const t = await create('Replaceable', { description: 'before' });
    advanceDate(1_000);
    const res = await emu().call('PUT', `${T}/${t.id}`, {
      name: 'Replaceable',
      displayName: 'After',
      description: 'after',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: t.id,
      name: 'Replaceable',
      displayName: 'After',
      description: 'after',
      created: t.created,
    });
    expect(Date.parse(res.body.lastUpdated)).toBeGreaterThan(Date.parse(t.lastUpdated));
    expect(res.body.lastUpdatedBy.length).toBeGreaterThan(0);
    expect((await emu().call('GET', `${T}/${t.id}`)).body).toEqual(res.body);
  });

  it('refuses a different name (names are immutable), changing nothing', async () => {
    const t = await create('Fixed');
    expectValidationCause(
      await emu().call('PUT', `${T}/${t.id}`, { name: 'Renamed', displayName: 'x', description: 'y' }),
      'name',
    );
    expect((await emu().call('GET', `${T}/${t.id}`)).body).toEqual(t);
  });

  it('requires name, displayName and description', async () => {
    const t = await create('Strict');
    const res = await emu().call('PUT', `${T}/${t.id}`, {});
    expectValidationCause(res, 'name');
    expectValidationCause(res, 'displayName');
    expectValidationCause(res, 'description');
  });

  it('works through the `default` alias on the default type', async () => {
    const res = await emu().call('PUT', `${T}/default`, {
      name: 'user',
      displayName: 'Employee',
      description: 'Everyone',
    });
    expect(res.status).toBe(200);
    expect(res.body.default).toBe(true);
    expect((await emu().call('GET', `${T}/default`)).body.displayName).toBe('Employee');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await emu().call('PUT', `${T}/otynothere`, { name: 'x', displayName: 'x', description: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('partial update (POST on an id)', () => {
  it('changes only the members sent', async () => {
    const t = await create('Partial', { description: 'kept' });
    const res = await emu().call('POST', `${T}/${t.id}`, { displayName: 'Only display' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Partial', displayName: 'Only display', description: 'kept' });
    const res2 = await emu().call('POST', `${T}/${t.id}`, { description: 'only description' });
    expect(res2.body).toMatchObject({ displayName: 'Only display', description: 'only description' });
  });

  it('accepts the unchanged name but refuses a different one', async () => {
    const t = await create('Steady');
    expect((await emu().call('POST', `${T}/${t.id}`, { name: 'Steady', displayName: 'Same name' })).status).toBe(200);
    expectValidationCause(
      await emu().call('POST', `${T}/${t.id}`, { name: 'Moving', displayName: 'New name' }),
      'name',
    );
    expect((await emu().call('GET', `${T}/${t.id}`)).body.name).toBe('Steady');
  });

  it('validates the members sent', async () => {
    const t = await create('Checked');
    expectValidationCause(await emu().call('POST', `${T}/${t.id}`, { displayName: 7 }), 'displayName');
    expectValidationCause(await emu().call('POST', `${T}/${t.id}`, { displayName: '' }), 'displayName');
  });

  it('works through the `default` alias', async () => {
    const res = await emu().call('POST', `${T}/default`, { description: 'changed by alias' });
    expect(res.status).toBe(200);
    expect(res.body.default).toBe(true);
  });
});

describe('delete', () => {
  it('deletes a type without users with 204 and an empty body', async () => {
    const t = await create('Disposable');
    const res = await emu().call('DELETE', `${T}/${t.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await emu().call('DELETE', `${T}/${t.id}`)).status).toBe(404);
  });

  it('answers 404 E0000007 for an unknown id', async () => {
    const res = await emu().call('DELETE', `${T}/otynothere`);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('E0000007');
  });

  it('refuses the default type with 403 E0000142 PROHIBITED, by id and by alias', async () => {
    const def = (await list()).find((t) => t.default)!;
    for (const id of [def.id, 'default']) {
      const res = await emu().call('DELETE', `${T}/${id}`);
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('E0000142');
      expect(res.body.reason).toBe('PROHIBITED');
    }
    expect((await emu().call('GET', `${T}/${def.id}`)).status).toBe(200);
  });

  it('refuses a type that users have with 403 E0000142 UNMET_REQUIREMENTS', async () => {
    // Fixture user 00u2bob has type oty1contractor.
    const res = await emu().call('DELETE', `${T}/oty1contractor`);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('E0000142');
    expect(res.body.reason).toBe('UNMET_REQUIREMENTS');
    expect((await emu().call('GET', `${T}/oty1contractor`)).status).toBe(200);
  });

  describe('with a fixture type no user has', () => {
    const other = useEmulator({
      fixture: {
        userTypes: [
          { id: 'otyused', name: 'Used', displayName: 'Used', description: '' },
          { id: 'otyunused', name: 'Unused', displayName: 'Unused', description: '' },
        ],
        users: [{ id: '00uone', login: 'one@example.com', groupIds: [], typeId: 'otyused' }],
      },
    });

    it('allows deleting a fixture type that no user has', async () => {
      expect((await other().call('DELETE', `${T}/otyunused`)).status).toBe(204);
      expect((await other().call('DELETE', `${T}/otyused`)).body.reason).toBe('UNMET_REQUIREMENTS');
    });
  });
});
