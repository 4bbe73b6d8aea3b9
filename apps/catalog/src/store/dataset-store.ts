/** Where the catalog reads one build from: memory (embedded mode) or Redis (cluster mode). */
import type { StaticFile, UnitIndexEntry } from '@mc/contracts';

export interface DatasetStore {
  readonly datasetVersion: string;
  get(path: string): Promise<StaticFile | undefined>;
  /** Many files in one round trip, in the order asked. */
  getMany(paths: readonly string[]): Promise<Array<StaticFile | undefined>>;
  units(): readonly UnitIndexEntry[];
}
