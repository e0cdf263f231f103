// GraphiQL over HTTP: a small page that is revalidated, content-hashed immutable assets in the
// encoding the client accepts, the embedded emulator's token (or a placeholder) in the Headers tab,
// and a default operation that answers with data when sent with the page's headers.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_ASSETS_PATH } from '../../src/gateway/plugins/graphiql.ts';
import { negotiateEncoding } from '../../src/gateway/plugins/staticFiles.ts';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A GET over node:http, so that the body is seen as transferred (fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The options the page passes to GraphiQL, read back from the page. */
function pageOptions(html: string): {
  defaultQuery: string;
  headers: string;
  endpoint: string;
  shouldPersistHeaders: boolean;
} {
  const json = /const options = (\{.*\});/.exec(html)?.[1];
  if (!json) throw new Error('no GraphiQL options in the page');
  return JSON.parse(json);
}

function assetUrls(html: string): string[] {
  return [...html.matchAll(/\/graphiql\/[\w.-]+/g)].map((m) => m[0]);
}

let upstream: TestUpstream;
let embedded: RunningGateway; // upstream is the embedded emulator: its token is pre-filled
let external: RunningGateway; // upstream set by UPSTREAM_URL: a placeholder
let off: RunningGateway; // GRAPHIQL=false and INTROSPECTION=false
const HTML = { accept: 'text/html' };

beforeAll(async () => {
  upstream = await startTestUpstream();
  embedded = await startTestGateway(upstream.client, { emulatorToken: TOKEN });
  external = await startTestGateway(upstream.client);
  off = await startTestGateway(upstream.client, { graphiql: false, introspection: false });
});

afterAll(async () => {
  await embedded?.close();
  await external?.close();
  await off?.close();
  await upstream?.close();
});

describe('the GraphiQL page', () => {
  it('is small, revalidated before each use, and links its assets under content-hashed names', async () => {
    const res = await get(`${embedded.url}/graphql`, HTML);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.length).toBeLessThan(4_000);
    const urls = assetUrls(res.body.toString());
    expect(urls).toHaveLength(6); // script, styles, three editor workers, icon
    for (const url of urls) expect(url).toMatch(/^\/graphiql\/[a-z.]+\.[0-9a-f]{16}\.(js|css|ico)$/);

    const again = await get(`${embedded.url}/graphql`, { ...HTML, 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('with the embedded emulator, holds its token and a default operation that answers with data', async () => {
    const html = (await get(`${embedded.url}/graphql`, HTML)).body.toString();
    const options = pageOptions(html);
    expect(JSON.parse(options.headers)).toEqual({ Authorization: `SSWS ${TOKEN}` });
    expect(options.defaultQuery).toContain('embedded emulator');
    expect(options.shouldPersistHeaders).toBe(true); // the token shown is the emulator's own

    // What GraphiQL sends on the first Run: the default operation with the Headers tab's headers.
    const res = await fetch(`${embedded.url}${options.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...JSON.parse(options.headers) },
      body: JSON.stringify({ query: options.defaultQuery }),
    });
    const body = await res.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.policies.nodes.length).toBeGreaterThan(0);
  });

  it('with UPSTREAM_URL, holds a placeholder and says where the token goes', async () => {
    const html = (await get(`${external.url}/graphql`, HTML)).body.toString();
    const options = pageOptions(html);
    expect(JSON.parse(options.headers)).toEqual({ Authorization: 'SSWS <your API token>' });
    expect(options.defaultQuery).toMatch(/^# .*Headers tab[\s\S]*replace <your API token>/);
    // A real org's token typed into the Headers tab is never written to the browser's storage.
    expect(options.shouldPersistHeaders).toBe(false);
    expect(html).not.toContain(TOKEN);
  });
});

describe('the GraphiQL assets', () => {
  it('are immutable, named by their content hash, and sent in the encoding the client accepts', async () => {
    const html = (await get(`${embedded.url}/graphql`, HTML)).body.toString();
    let compressedTotal = 0;
    for (const url of assetUrls(html)) {
      const plain = await get(embedded.url + url, { 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      const hash = createHash('sha256').update(plain.body).digest('hex').slice(0, 16);
      expect(url).toContain(`.${hash}.`);

      const gzip = await get(embedded.url + url, { 'accept-encoding': 'gzip, deflate' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

      const br = await get(embedded.url + url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      compressedTotal += gzip.body.length;
    }
    // Everything a first load needs, gzip-compressed, fits the 3 MB budget with room for the page and schema.
    expect(compressedTotal).toBeLessThan(2_600_000);
  });

  it('answers 404 for a name it does not serve', async () => {
    const res = await get(`${embedded.url}${GRAPHIQL_ASSETS_PATH}graphiql.0000000000000000.js`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).errors[0].extensions.code).toBe('NOT_FOUND');
    // Only the listed assets: not the cache folder's other files.
    expect((await get(`${embedded.url}${GRAPHIQL_ASSETS_PATH}manifest.json`)).status).toBe(404);
  });
});

describe('GRAPHIQL=false and INTROSPECTION=false', () => {
  it('serve neither the page, nor its assets, nor the schema file', async () => {
    const html = (await get(`${embedded.url}/graphql`, HTML)).body.toString();
    expect((await get(`${off.url}/graphql`, HTML)).body.toString()).not.toContain('renderYogaGraphiQL');
    for (const url of assetUrls(html)) expect((await get(off.url + url)).status).toBe(404);
    expect((await get(`${off.url}/schema.graphql`)).status).toBe(404);
  });
});

describe('Accept-Encoding', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0', 'gzip'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [null, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header, all)).toBe(expected);
  });
  it('never picks an encoding that is not available', () => {
    expect(negotiateEncoding('br', ['identity'])).toBe('identity');
  });
});
