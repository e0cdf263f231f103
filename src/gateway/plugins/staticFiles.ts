// Serving fixed content over HTTP: the encoding picked by Accept-Encoding among the precompressed
// copies, caching headers and ETag revalidation. Files are streamed from disk, never held in memory.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

/** Content codings we precompress, best first; identity is always available. */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof COMPRESSED_ENCODINGS)[number] | 'identity';

/** Never changes under this URL (content-hashed names). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** May be stored, but is revalidated (ETag) before each use. */
export const REVALIDATE = 'no-cache';

// Close to quality 11's ratio at a small fraction of its time (5 MB of script: ~1 s instead of ~18 s).
const BROTLI_QUALITY = 6;

/** The suffix of a file's compressed copy on disk. */
export const ENCODING_SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

export interface Representation {
  contentType: string;
  cacheControl: string;
  /** Strong validator; If-None-Match with it answers 304. */
  etag?: string;
  /** The content in each encoding available: its byte length and a fresh body. */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

export interface Variant {
  size: number;
  body(): BodyInit | NodeJS.ReadableStream;
}

/** The encoding to send: the first of br, gzip with a non-zero q-value in Accept-Encoding, else identity. */
export function negotiateEncoding(acceptEncoding: string | null, available: readonly Encoding[]): Encoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (encoding: string) => (q.get(encoding) ?? q.get('*') ?? 0) > 0;
  return COMPRESSED_ENCODINGS.find((e) => available.includes(e) && accepted(e)) ?? 'identity';
}

/** The response for a GET or HEAD of `representation`. */
export function respond(
  fetchAPI: { Response: typeof Response },
  request: Request,
  representation: Representation,
): Response {
  const { variants } = representation;
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'), Object.keys(variants) as Encoding[]);
  const variant = variants[encoding] ?? variants.identity;
  const headers: Record<string, string> = {
    'content-type': representation.contentType,
    'cache-control': representation.cacheControl,
    vary: 'Accept-Encoding',
  };
  if (representation.etag) headers.etag = representation.etag;
  if (representation.etag && ifNoneMatch(request.headers.get('if-none-match'), representation.etag)) {
    return new fetchAPI.Response(null, { status: 304, headers });
  }
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = String(variant.size);
  const body = request.method === 'HEAD' ? null : (variant.body() as BodyInit);
  return new fetchAPI.Response(body, { status: 200, headers });
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * An in-memory representation of small content, with an ETag of its content. Each compressed copy
 * is made at its first request, not when the representation is: most gateways (and every test's)
 * are never asked for most of them, and compressing the schema's SDL took longer than building it.
 */
export function bufferRepresentation(content: Buffer, meta: Omit<Representation, 'variants' | 'etag'>): Representation {
  const variant = (buffer: Buffer): Variant => ({ size: buffer.length, body: () => new Uint8Array(buffer) });
  const compressed = (compress: () => Buffer): Variant => {
    let made: Variant | undefined;
    const once = () => (made ??= variant(compress()));
    return {
      get size() {
        return once().size;
      },
      body: () => once().body(),
    };
  };
  return {
    ...meta,
    etag: `"${createHash('sha256').update(content).digest('base64url').slice(0, 22)}"`,
    variants: {
      identity: variant(content),
      br: compressed(() =>
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
      ),
      gzip: compressed(() => gzipSync(content, { level: 9 })),
    },
  };
}

/** A representation streamed from `path` and its `.br` / `.gz` copies, whose sizes are given. */
export function fileRepresentation(
  path: string,
  sizes: Record<Encoding, number>,
  meta: Omit<Representation, 'variants'>,
): Representation {
  const variant = (file: string, size: number): Variant => ({ size, body: () => createReadStream(file) });
  return {
    ...meta,
    variants: {
      identity: variant(path, sizes.identity),
      br: variant(path + ENCODING_SUFFIX.br, sizes.br),
      gzip: variant(path + ENCODING_SUFFIX.gzip, sizes.gzip),
    },
  };
}

/**
 * Writes `path.br` and `path.gz` beside `path` (streamed through zlib, which compresses off the main
 * thread) and returns the byte size of each encoding.
 */
export async function precompressFile(path: string): Promise<Record<Encoding, number>> {
  const { size } = await stat(path);
  const brotli = () =>
    createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
  const gzip = () => createGzip({ level: 9 });
  await Promise.all([
    pipeline(createReadStream(path), brotli(), createWriteStream(path + ENCODING_SUFFIX.br)),
    pipeline(createReadStream(path), gzip(), createWriteStream(path + ENCODING_SUFFIX.gzip)),
  ]);
  const [br, gz] = await Promise.all([stat(path + ENCODING_SUFFIX.br), stat(path + ENCODING_SUFFIX.gzip)]);
  return { identity: size, br: br.size, gzip: gz.size };
}
