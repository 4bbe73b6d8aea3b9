/**
 * The static files of a build folder, read from disk when first asked and kept while hot
 * (embedded mode): a start reads only the manifest, and memory holds what is asked, not the
 * whole tree (112 MB on disk for dataset 1.10.0). The manifest gives each file's ETag and size;
 * a file whose size is not the manifest's is refused, never served.
 */
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_LAYOUT, type BuildManifest } from './build-layout.js';
import type { UnitIndex } from './records.js';
import type { StaticFile } from './catalog-port.js';
import { BytesLru } from './bytes-lru.js';
import { contentTypeOf } from './static-paths.js';

export const BUILD_FOLDER_CACHE_BYTES = 16 * 2 ** 20;

const parsed = new Map<string, { stamp: string; value: unknown }>();

/**
 * A JSON file of a build folder, parsed once per process however many services read it (the
 * catalog and geo in embedded mode each read the manifest, 15,000 entries, and the unit index).
 * A build is never changed in place, but a file rewritten since (another size or time) is
 * read again.
 */
function sharedJson<T>(dir: string, name: string): T {
  const path = join(dir, name);
  const { size, mtimeMs } = statSync(path);
  const stamp = `${size} ${mtimeMs}`;
  const known = parsed.get(path);
  if (known?.stamp === stamp) return known.value as T;
  const value = JSON.parse(readFileSync(path, 'utf8')) as T;
  parsed.set(path, { stamp, value });
  return value;
}

export const sharedManifest = (dir: string) => sharedJson<BuildManifest>(dir, BUILD_LAYOUT.manifest);
export const sharedUnitIndex = (dir: string) => sharedJson<UnitIndex>(dir, BUILD_LAYOUT.units);

export class BuildFolderFiles {
  private readonly cache: BytesLru<StaticFile>;

  constructor(
    readonly dir: string,
    private readonly manifest: BuildManifest = sharedManifest(dir),
    /** The files this reader serves (the rest are another service's). */
    private readonly include: (path: string) => boolean = () => true,
    cacheBytes = BUILD_FOLDER_CACHE_BYTES,
  ) {
    this.cache = new BytesLru(cacheBytes, (file) => file.body.length);
  }

  get datasetVersion(): string {
    return this.manifest.datasetVersion;
  }

  has(path: string): boolean {
    return Object.hasOwn(this.manifest.files, path) && this.include(path);
  }

  async get(path: string): Promise<StaticFile | undefined> {
    if (!this.has(path)) return undefined;
    const hit = this.cache.get(path);
    if (hit) return hit;
    const { etag, bytes } = this.manifest.files[path]!;
    const body = await readFile(join(this.dir, BUILD_LAYOUT.staticDir, path));
    if (body.length !== bytes) throw new Error(`build ${this.dir}: ${path} has ${body.length} bytes, its manifest says ${bytes} (npm run etl rebuilds it)`);
    const file: StaticFile = { path, body, etag, contentType: contentTypeOf(path) };
    this.cache.set(path, file);
    return file;
  }
}
