// GraphiQL's script, styles, editor workers and icon as separate files: taken once from the installed
// @graphql-yoga/render-graphiql bundle (one 9 MB module of strings), written to a disk cache under
// content-hashed names with brotli and gzip copies beside them, and streamed from there.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMPRESSED_ENCODINGS, ENCODING_SUFFIX, type Encoding, precompressFile } from './staticFiles.ts';

/** The bundle's exports we serve, under which file name and type. */
const ASSETS = {
  script: { export: 'js', name: 'graphiql', ext: 'js', type: 'text/javascript; charset=utf-8' },
  styles: { export: 'css', name: 'graphiql', ext: 'css', type: 'text/css; charset=utf-8' },
  editorWorker: {
    export: 'editorWorkerService',
    name: 'editor.worker',
    ext: 'js',
    type: 'text/javascript; charset=utf-8',
  },
  jsonWorker: { export: 'jsonWorker', name: 'json.worker', ext: 'js', type: 'text/javascript; charset=utf-8' },
  graphqlWorker: { export: 'graphqlWorker', name: 'graphql.worker', ext: 'js', type: 'text/javascript; charset=utf-8' },
  favicon: { export: 'favicon', name: 'favicon', ext: 'ico', type: 'image/x-icon' },
} as const;

export type GraphiQLAssetName = keyof typeof ASSETS;

export interface StaticAsset {
  /** File name with its content hash, e.g. `graphiql.0123456789abcdef.js`; also its URL's last segment. */
  file: string;
  /** Absolute path of the uncompressed file; the `.br` / `.gz` copies sit beside it. */
  path: string;
  contentType: string;
  sizes: Record<Encoding, number>;
}

export type GraphiQLAssets = Record<GraphiQLAssetName, StaticAsset>;

// Bump when what is written changes (names, compression), so that older caches are not reused.
const CACHE_FORMAT = 1;

const require = createRequire(import.meta.url);

let prepared: Promise<GraphiQLAssets> | undefined;

/** The assets, prepared on the first call of the process (from the disk cache when it has them). */
export function graphiqlAssets(): Promise<GraphiQLAssets> {
  prepared ??= prepare().catch((error: unknown) => {
    prepared = undefined; // the next request tries again
    throw error;
  });
  return prepared;
}

async function prepare(): Promise<GraphiQLAssets> {
  const bundle = require.resolve('@graphql-yoga/render-graphiql/graphiql');
  const key = `${await fileHash(bundle)}-${CACHE_FORMAT}`;
  // Beside the installed packages, as build tools do; a private temporary folder when that is read-only.
  const sharedRoot = join(dirname(bundle), '..', '..', '..', '.cache', 'graphiql-assets');
  const root = await mkdir(sharedRoot, { recursive: true }).then(
    () => sharedRoot,
    () => mkdtemp(join(tmpdir(), 'graphiql-assets-')),
  );
  const dir = join(root, key);
  const cached = await readManifest(dir);
  if (cached) return cached;

  // Built in a folder of our own and renamed into place: processes starting together never see half a cache.
  const building = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await mkdir(building, { recursive: true });
  try {
    const files = await extract(bundle, building);
    const manifest = {} as Record<GraphiQLAssetName, Omit<StaticAsset, 'path'>>;
    for (const name of Object.keys(ASSETS) as GraphiQLAssetName[]) {
      const sizes = await precompressFile(join(building, files[name]));
      manifest[name] = { file: files[name], contentType: ASSETS[name].type, sizes };
    }
    await writeFile(join(building, 'manifest.json'), JSON.stringify(manifest, null, 2));
    if (!(await readManifest(dir))) await rm(dir, { recursive: true, force: true });
    await rename(building, dir).catch(async (error: unknown) => {
      if (!(await readManifest(dir))) throw error; // another process won the race: use its copy
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  const written = await readManifest(dir);
  if (!written) throw new Error(`GraphiQL assets: ${dir} is incomplete after writing it`);
  return written;
}

/** The cache's assets when every file is there with the size the manifest records, else undefined. */
async function readManifest(dir: string): Promise<GraphiQLAssets | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Record<
      GraphiQLAssetName,
      Omit<StaticAsset, 'path'>
    >;
    const assets = {} as GraphiQLAssets;
    for (const name of Object.keys(ASSETS) as GraphiQLAssetName[]) {
      const entry = manifest[name];
      const path = join(dir, entry.file);
      for (const encoding of ['identity', ...COMPRESSED_ENCODINGS] as const) {
        const file = encoding === 'identity' ? path : path + ENCODING_SUFFIX[encoding];
        if ((await stat(file)).size !== entry.sizes[encoding]) return undefined;
      }
      assets[name] = { ...entry, path };
    }
    return assets;
  } catch {
    return undefined;
  }
}

// Runs in a worker thread: the bundle's 9 MB of strings live only in the worker's heap, which is
// gone once the files are written. Data-URI exports (the icon) are written decoded.
const EXTRACT = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const bundle = require(workerData.bundle);
const files = {};
for (const [name, asset] of Object.entries(workerData.assets)) {
  const text = bundle[asset.export];
  if (typeof text !== 'string') throw new Error('the GraphiQL bundle has no export ' + asset.export);
  const dataUri = /^data:[^,]*;base64,/.exec(text);
  const body = dataUri ? Buffer.from(text.slice(dataUri[0].length), 'base64') : Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  files[name] = asset.name + '.' + hash + '.' + asset.ext;
  writeFileSync(join(workerData.dir, files[name]), body);
}
parentPort.postMessage(files);
`;

function extract(bundle: string, dir: string): Promise<Record<GraphiQLAssetName, string>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(EXTRACT, { eval: true, workerData: { bundle, dir, assets: ASSETS } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`GraphiQL asset extraction stopped (exit code ${code})`)));
  });
}

async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 16);
}
