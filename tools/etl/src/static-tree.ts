/** Every static file of spec §4.18 that needs no geometry, census, economy or housing figures. */
import {

  VERSION_PATH,
  childListPath,
  collectionPath,
  communePagePath,
  communeTypePagePath,
  listEnvelope,
  pageCount,
  pagedEnvelope,
  openApiDocument,
  recordEnvelope,
  unitPath,
  type CommuneRecord,
  type Level,
} from '@mc/contracts';
import type { Units } from './model.js';
import type { SourcesFile } from './read-dataset.js';

export type StaticTree = Map<string, unknown>;

export const API_VERSION = 'v1';

function addCommunePages(
  tree: StaticTree,
  communes: CommuneRecord[],
  version: string,
  linkTo: (page: number) => string,
): void {
  const pages = pageCount(communes.length);
  for (let page = 1; page <= pages; page++) tree.set(linkTo(page), pagedEnvelope(communes, page, version, linkTo));
}

export function buildStaticTree(units: Units, sources: SourcesFile): StaticTree {
  const version = sources.datasetVersion;
  const tree: StaticTree = new Map();
  const { regions, provinces, cercles, communes, arrondissements } = units;

  tree.set(
    VERSION_PATH,
    recordEnvelope(
      {
        api: API_VERSION,
        counts: {
          regions: regions.length,
          provinces: provinces.length,
          cercles: cercles.length,
          communes: communes.length,
          arrondissements: arrondissements.length,
        },
        sources,
      },
      version,
      VERSION_PATH,
    ),
  );

  const collection = <T extends { code: string }>(level: Level, rows: T[]) => {
    tree.set(collectionPath(level), listEnvelope(rows, version, collectionPath(level)));
    for (const row of rows) tree.set(unitPath(level, row.code), recordEnvelope(row, version, unitPath(level, row.code)));
  };
  collection('region', regions);
  collection('province', provinces);
  collection('cercle', cercles);
  collection('commune', communes);
  collection('arrondissement', arrondissements);
  // The national list is paged, never served whole (1,503 records).
  tree.delete(collectionPath('commune'));

  for (const region of regions) {
    const path = childListPath('region', region.code, 'provinces');
    tree.set(path, listEnvelope(provinces.filter((p) => p.regionCode === region.code), version, path));
    const own = communes.filter((c) => c.parents.region === region.code);
    addCommunePages(tree, own, version, (n) => communePagePath({ level: 'region', code: region.code }, n));
  }
  for (const province of provinces) {
    const path = childListPath('province', province.code, 'cercles');
    tree.set(path, listEnvelope(cercles.filter((c) => c.provinceCode === province.code), version, path));
    const own = communes.filter((c) => c.parents.province === province.code);
    addCommunePages(tree, own, version, (n) => communePagePath({ level: 'province', code: province.code }, n));
  }
  for (const cercle of cercles) {
    const own = communes.filter((c) => c.parents.cercle === cercle.code);
    addCommunePages(tree, own, version, (n) => communePagePath({ level: 'cercle', code: cercle.code }, n));
  }
  addCommunePages(tree, communes, version, (n) => communePagePath(null, n));
  for (const type of ['urban', 'rural'] as const) {
    addCommunePages(tree, communes.filter((c) => c.type === type), version, (n) => communeTypePagePath(type, n));
  }
  // From dataset 1.10.0 only the divided cities have an arrondissements list (spec §4.6).
  for (const commune of communes) {
    const own = arrondissements.filter((a) => a.communeCode === commune.code);
    if (own.length === 0) continue;
    const path = childListPath('commune', commune.code, 'arrondissements');
    tree.set(path, listEnvelope(own, version, path));
  }
  tree.set('/api/openapi.json', openApiDocument(version));
  return tree;
}

