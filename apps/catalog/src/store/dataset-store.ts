/** Where the catalog reads a dataset build from: memory now, Redis in cluster mode. */
import type { StaticFile, UnitIndexEntry } from '@mc/contracts';

export interface DatasetStore {
  readonly datasetVersion: string;
  get(path: string): StaticFile | undefined;
  units(): readonly UnitIndexEntry[];
}
