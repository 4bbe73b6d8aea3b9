/** A build folder on disk, read as it is asked (BuildFolderFiles): the embedded-mode store. */
import { BuildFolderFiles, sharedManifest, sharedUnitIndex, type StaticFile, type UnitIndexEntry } from '@mc/contracts';
import type { DatasetStore } from './dataset-store.js';

export class BuildFolderStore implements DatasetStore {
  private constructor(
    private readonly files: BuildFolderFiles,
    private readonly index: readonly UnitIndexEntry[],
  ) {}

  /** Reads the manifest and the unit index of a build folder; `include` keeps the files this store serves. */
  static open(buildDir: string, include: (path: string) => boolean = () => true): BuildFolderStore {
    const manifest = sharedManifest(buildDir);
    const index = sharedUnitIndex(buildDir);
    if (index.datasetVersion !== manifest.datasetVersion) {
      throw new Error(`build ${buildDir}: units.json is for ${index.datasetVersion}, manifest for ${manifest.datasetVersion}`);
    }
    return new BuildFolderStore(new BuildFolderFiles(buildDir, manifest, include), index.units);
  }

  get datasetVersion(): string {
    return this.files.datasetVersion;
  }

  get(path: string): Promise<StaticFile | undefined> {
    return this.files.get(path);
  }

  getMany(paths: readonly string[]): Promise<Array<StaticFile | undefined>> {
    return Promise.all(paths.map((path) => this.files.get(path)));
  }

  units(): readonly UnitIndexEntry[] {
    return this.index;
  }
}
