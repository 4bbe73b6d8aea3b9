/** Holds a whole build in memory (about 8 MB for dataset 1.10.0): the embedded-mode store. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_LAYOUT, contentTypeOf, readManifest, readUnitIndex, type StaticFile, type UnitIndexEntry } from '@mc/contracts';
import type { DatasetStore } from './dataset-store.js';

export class MemoryStore implements DatasetStore {
  private constructor(
    readonly datasetVersion: string,
    private readonly files: Map<string, StaticFile>,
    private readonly index: readonly UnitIndexEntry[],
  ) {}

  /**
   * Reads a build folder (the files `include` keeps); the manifest names every file, so a
   * missing one fails the load.
   */
  static load(buildDir: string, include: (path: string) => boolean = () => true): MemoryStore {
    const manifest = readManifest(buildDir);
    const index = readUnitIndex(buildDir);
    if (index.datasetVersion !== manifest.datasetVersion) {
      throw new Error(`build ${buildDir}: units.json is for ${index.datasetVersion}, manifest for ${manifest.datasetVersion}`);
    }
    const files = new Map<string, StaticFile>();
    for (const [path, { etag, bytes }] of Object.entries(manifest.files)) {
      if (!include(path)) continue;
      const body = readFileSync(join(buildDir, BUILD_LAYOUT.staticDir, path));
      if (body.length !== bytes) throw new Error(`build ${buildDir}: ${path} has ${body.length} bytes, manifest says ${bytes}`);
      files.set(path, { path, body, etag, contentType: contentTypeOf(path) });
    }
    return new MemoryStore(manifest.datasetVersion, files, index.units);
  }

  async get(path: string): Promise<StaticFile | undefined> {
    return this.files.get(path);
  }

  async getMany(paths: readonly string[]): Promise<Array<StaticFile | undefined>> {
    return paths.map((path) => this.files.get(path));
  }

  units(): readonly UnitIndexEntry[] {
    return this.index;
  }
}
