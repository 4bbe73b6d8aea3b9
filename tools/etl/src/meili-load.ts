/**
 * Loads a build's search documents into Meilisearch: a new index per dataset version, filled
 * and configured, then swapped in under the live name in one task, so searches never see a
 * half-filled index. The previous version's index is deleted afterwards.
 */
import {
  meiliSettings,
  toMeiliDocument,
  versionedIndexUid,
  type MeiliUnitDocument,
  type SearchDocumentsFile,
} from '@mc/contracts';
import { Meilisearch, type Task } from 'meilisearch';

export interface MeiliLoadOptions {
  url: string;
  apiKey?: string;
  indexUid: string;
  force?: boolean;
  log?: (line: string) => void;
}

function succeeded(task: Task, what: string): void {
  if (task.status !== 'succeeded') {
    throw new Error(`Meilisearch could not ${what}: ${task.error?.message ?? task.status}`);
  }
}

/** Whether the live index already serves this dataset version. */
async function liveVersion(client: Meilisearch, indexUid: string): Promise<string | null> {
  try {
    const result = await client.index<MeiliUnitDocument>(indexUid).getDocuments({ limit: 1, fields: ['datasetVersion'] });
    return result.results[0]?.datasetVersion ?? null;
  } catch {
    return null;
  }
}

export async function loadMeilisearch(file: SearchDocumentsFile, options: MeiliLoadOptions): Promise<{ loaded: boolean; indexUid: string }> {
  const log = options.log ?? (() => undefined);
  const client = new Meilisearch({ host: options.url, apiKey: options.apiKey });
  const version = file.datasetVersion;
  if (!options.force && (await liveVersion(client, options.indexUid)) === version) {
    log(`etl: meili    index ${options.indexUid} already serves ${version}; nothing to do`);
    return { loaded: false, indexUid: options.indexUid };
  }
  const staging = versionedIndexUid(options.indexUid, version);
  await client.deleteIndexIfExists(staging);
  succeeded(await client.createIndex(staging, { primaryKey: 'id' }).waitTask(), `create index ${staging}`);
  const index = client.index<MeiliUnitDocument>(staging);
  succeeded(await index.updateSettings(meiliSettings(file.documents)).waitTask(), `configure index ${staging}`);
  const documents = file.documents.map((doc) => toMeiliDocument(doc, version));
  succeeded(await index.addDocuments(documents).waitTask(), `add ${documents.length} documents to ${staging}`);
  // Swap when a live index exists (its old content lands under the staging name), else rename.
  const liveExists = await client
    .getIndex(options.indexUid)
    .then(() => true)
    .catch(() => false);
  succeeded(
    await client.swapIndexes([{ indexes: [staging, options.indexUid], rename: !liveExists }]).waitTask(),
    `swap ${staging} in as ${options.indexUid}`,
  );
  if (liveExists) await client.deleteIndexIfExists(staging);
  log(`etl: meili    ${documents.length} documents of ${version} live as ${options.indexUid}`);
  return { loaded: true, indexUid: options.indexUid };
}
