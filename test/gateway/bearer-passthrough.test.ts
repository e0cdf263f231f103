// The gateway forwards the caller's Authorization header upstream exactly as sent, `Bearer` as
// `SSWS`; and a browser app on an allowed origin may call it with its access token (CORS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { startTestGateway, useStack } from '../helpers/gateway.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { forgedToken } from '../helpers/oauth.ts';
import { type RecordingProxy, startRecordingProxy } from '../helpers/proxy.ts';

describe('the Authorization header upstream', () => {
  let emu: TestEmulator;
  let proxy: RecordingProxy;
  let upstream: UpstreamClient;
  let gateway: RunningGateway;
  beforeAll(async () => {
    emu = await startTestEmulator();
    proxy = await startRecordingProxy(emu.url);
    upstream = new UpstreamClient({ baseUrl: proxy.url });
    gateway = await startTestGateway(upstream);
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await proxy.close();
    await emu.close();
  });

  it('is sent unchanged, Bearer as SSWS; nothing changes for an API-token caller', async () => {
    const jwt = () =>
      forgedToken({ sub: 'carol@example.com', cid: 'graphiql', exp: Math.floor(Date.now() / 1000) + 600 });
    // Two tokens: a refused credential (in any spelling) gets no second call for a while.
    for (const auth of [`Bearer ${jwt()}`, `bearer ${jwt()}`, `SSWS ${TOKEN}`]) {
      const before = proxy.received.length;
      const { body } = await postGraphql(`${gateway.url}/graphql`, '{ userTypes { id } }', { auth });
      const sent = proxy.received.slice(before);
      expect(sent.length).toBeGreaterThan(0);
      for (const request of sent) expect(request.headers.authorization).toBe(auth);
      if (auth.startsWith('SSWS')) expect(body.data.userTypes.length).toBeGreaterThan(0);
      else {
        // The emulator does not take a JWT it did not sign: its refusal, never the token, comes back.
        expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
        expect(JSON.stringify(body)).not.toContain(auth.slice(7));
      }
    }
  });
});

describe('CORS for a browser app with a Bearer token', () => {
  const origin = 'https://console.example.com';
  const stack = useStack({ corsOrigins: [origin] });

  it('a preflight from an allowed origin allows Authorization and Content-Type', async () => {
    const res = await fetch(`${stack().url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
  });

  it('the cross-origin request itself gets its answer with the origin allowed', async () => {
    const { status, headers, body } = await postGraphql(`${stack().url}/graphql`, '{ userTypes { name } }', {
      auth: `SSWS ${TOKEN}`,
      headers: { origin, accept: 'application/json' },
    });
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe(origin);
    expect(body.data.userTypes.map((t: { name: string }) => t.name)).toContain('user');
  });

  it('a preflight from another origin is refused with the way to allow it', async () => {
    const res = await fetch(`${stack().url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await res.json()).errors[0].extensions.code).toBe('CORS_ORIGIN_NOT_ALLOWED');
  });
});
