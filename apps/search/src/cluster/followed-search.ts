/**
 * The search service of cluster mode: the search documents of the build `mc:current` names,
 * read from Redis into the embedded engine (and Meilisearch when MEILI_URL is set, which the
 * ETL loads), followed as the ETL flips the pointer. Every answer carries its build's version.
 */
import { buildKeys, type SearchAnswer, type SearchDocumentsFile, type SearchPort, type SearchRequest, type ServiceStatus } from '@mc/contracts';
import { BuildFollower } from '@mc/contracts/service';
import type { Redis } from 'ioredis';
import { searchServiceOf, type MeiliOptions } from '../search.module.js';
import type { SearchService } from '../search.service.js';

export class FollowedSearch implements SearchPort {
  readonly follower: BuildFollower<SearchService>;

  constructor(redis: Redis, options: { intervalMs?: number; meili?: MeiliOptions; log?: (line: string) => void } = {}) {
    this.follower = new BuildFollower({
      redis,
      intervalMs: options.intervalMs,
      log: options.log,
      open: async (buildId) => {
        const keys = buildKeys(buildId);
        const [loaded, documents] = await Promise.all([redis.exists(keys.loaded), redis.getBuffer(keys.searchDocuments)]);
        if (loaded !== 1 || !documents) throw new Error(`build ${buildId} is not completely loaded in Redis`);
        return searchServiceOf(JSON.parse(documents.toString('utf8')) as SearchDocumentsFile, options.meili);
      },
    });
  }

  search(request: SearchRequest): Promise<SearchAnswer> {
    return this.follower.use('search', (service) => service.search(request));
  }

  /** Search answers from memory once loaded: Redis matters only for the next build. */
  async status(): Promise<ServiceStatus> {
    return this.follower.status(false);
  }
}
