/**
 * The Meilisearch index both the ETL (which loads it) and the search service (which queries
 * it) agree on. Meilisearch only retrieves candidates; the shared scorer decides.
 */
import type { Level } from '../levels.js';
import type { SearchDocument } from './documents.js';
import { EXONYMS } from './exonyms.js';
import { normaliseName } from '../normalise.js';

export const DEFAULT_MEILI_INDEX = 'units';

export interface MeiliUnitDocument {
  /** Meilisearch ids allow letters, digits, - and _: the dotted code with _ for dots. */
  id: string;
  code: string;
  level: Level;
  datasetVersion: string;
  /** Folded French name, folded Arabic name, slug with spaces. */
  names: string[];
  aliases: string[];
  skeletons: string[];
  /** Folded names of the places the unit holds (neighbourhoods, quarters). */
  neighbourhoods: string[];
  /** Folded Arabic names of the commune's douars, and their skeletons (`arabicSkeleton`). */
  douars: string[];
  douarSkeletons: string[];
}

export function meiliId(code: string): string {
  return code.replace(/\./g, '_');
}

export function toMeiliDocument(doc: SearchDocument, datasetVersion: string): MeiliUnitDocument {
  const names = [...new Set([doc.fields.fr, doc.fields.ar, doc.fields.slug].filter((n) => n !== ''))];
  const neighbourhoods = [...new Set((doc.neighbourhoods ?? []).flatMap((n) => n.folded))];
  const douars = [...new Set((doc.douars ?? []).map((d) => d.folded))];
  const douarSkeletons = [...new Set((doc.douars ?? []).flatMap((d) => (d.skeleton === undefined ? [] : [d.skeleton])))];
  return { id: meiliId(doc.code), code: doc.code, level: doc.level, datasetVersion, names, aliases: doc.aliases, skeletons: doc.skeletons, neighbourhoods, douars, douarSkeletons };
}

/** Index name of one dataset version, before it is swapped in under the live name. */
export function versionedIndexUid(liveUid: string, datasetVersion: string): string {
  return `${liveUid}-${datasetVersion.replace(/[^0-9A-Za-z]/g, '-')}`;
}

/**
 * Settings: names and aliases searched with typo tolerance and prefixes; skeletons matched
 * exactly (a typo on a skeleton would match nearly anything); `level` filterable; exonyms
 * also as synonyms of their target's folded name, so a query mixing words still finds them.
 */
export function meiliSettings(documents: readonly SearchDocument[]) {
  const byCode = new Map(documents.map((d) => [d.code, d]));
  const synonyms: Record<string, string[]> = {};
  for (const exonym of EXONYMS) {
    const target = byCode.get(exonym.code);
    if (target) synonyms[normaliseName(exonym.name)] = [target.fields.fr];
  }
  return {
    searchableAttributes: ['names', 'aliases', 'skeletons', 'neighbourhoods', 'douars', 'douarSkeletons'],
    filterableAttributes: ['level'],
    displayedAttributes: ['code', 'level', 'datasetVersion'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness'],
    synonyms,
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 }, disableOnAttributes: ['skeletons', 'douarSkeletons'] },
    pagination: { maxTotalHits: 1000 },
  };
}

/** The `level IN [...]` filter, or undefined for every level. */
export function meiliLevelFilter(levels: ReadonlySet<Level> | null): string | undefined {
  return levels ? `level IN [${[...levels].sort().join(', ')}]` : undefined;
}
