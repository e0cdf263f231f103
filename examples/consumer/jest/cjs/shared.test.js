// Tests of a run share the emulator globalSetup started, through the URL and token it exported.
const headers = { authorization: `SSWS ${process.env.EMULATOR_TOKEN}` };
const api = (path, init = {}) =>
  fetch(`${process.env.EMULATOR_URL}${path}`, { ...init, headers: { ...headers, 'content-type': 'application/json' } });

beforeEach(() => api('/__emulator/reset', { method: 'POST' }));

test('the shared emulator serves the fixture', async () => {
  const res = await api('/api/v1/meta/types/user');
  expect((await res.json()).map((t) => t.name)).toEqual(['user', 'Partner']);
});

test('a reset before each test drops what the last one made', async () => {
  await api('/api/v1/policies', { method: 'POST', body: JSON.stringify({ type: 'PASSWORD', name: 'Temporary' }) });
  await api('/__emulator/reset', { method: 'POST' });
  const names = (await (await api('/api/v1/policies?type=PASSWORD')).json()).map((p) => p.name);
  expect(names).not.toContain('Temporary');
});
