/**
 * The ports the gateway asks (CATALOG, SEARCH, GEO) over HTTP: one call per port method to
 * the service's internal API, answers decoded exactly as sent (file bytes untouched), problems
 * thrown again as the same ProblemError, so the gateway answers as in embedded mode.
 */
import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import {
  CATALOG,
  GEO,
  INTERNAL_PREFIX,
  ProblemError,
  SEARCH,
  communeListToQuery,
  douarListToQuery,
  type DouarListRequest,
  fileAnswerFrom,
  lookupTarget,
  problemFromWire,
  type CatalogPort,
  type CommuneListRequest,
  type FileAnswer,
  type GeoPort,
  type NearAnswer,
  type NearQuery,
  type PathLookup,
  type SearchAnswer,
  type SearchPort,
  type SearchRequest,
  type ServiceStatus,
} from '@mc/contracts';
import { ServiceClient, type ServiceReply } from './service-client.js';

function fileAnswer(client: ServiceClient, reply: ServiceReply): FileAnswer {
  if (reply.status !== 200) throw problemFromWire(client.service, reply.status, reply.body.toString('utf8'));
  const answer = fileAnswerFrom(reply.headers, reply.body);
  if (!answer) throw new ProblemError('unavailable', `the ${client.service} service sent an answer without its headers`);
  return answer;
}

function json<T>(client: ServiceClient, reply: ServiceReply): T {
  if (reply.status !== 200) throw problemFromWire(client.service, reply.status, reply.body.toString('utf8'));
  return JSON.parse(reply.body.toString('utf8')) as T;
}

/** A service that cannot say how it is, is not ready. */
async function statusOf(client: ServiceClient): Promise<ServiceStatus> {
  try {
    return json<ServiceStatus>(client, await client.get(`${INTERNAL_PREFIX}/status`));
  } catch (error) {
    return { ready: false, datasetVersion: null, detail: (error as Error).message };
  }
}


export class CatalogClient implements CatalogPort {
  constructor(readonly client: ServiceClient) {}

  async lookup(request: PathLookup): Promise<FileAnswer> {
    return fileAnswer(this.client, await this.client.get(lookupTarget(request.path, request.page)));
  }

  async communes(request: CommuneListRequest): Promise<FileAnswer> {
    return fileAnswer(this.client, await this.client.get(`${INTERNAL_PREFIX}/communes?${communeListToQuery(request)}`));
  }

  async douars(request: DouarListRequest): Promise<FileAnswer> {
    return fileAnswer(this.client, await this.client.get(`${INTERNAL_PREFIX}/douars?${douarListToQuery(request)}`));
  }

  status(): Promise<ServiceStatus> {
    return statusOf(this.client);
  }
}

export class SearchClient implements SearchPort {
  constructor(readonly client: ServiceClient) {}

  async search({ q, levels, limit }: SearchRequest): Promise<SearchAnswer> {
    const query = new URLSearchParams({ q, limit: String(limit), ...(levels ? { levels: levels.join(',') } : {}) });
    return json<SearchAnswer>(this.client, await this.client.get(`${INTERNAL_PREFIX}/search?${query}`));
  }

  status(): Promise<ServiceStatus> {
    return statusOf(this.client);
  }
}

export class GeoClient implements GeoPort {
  constructor(readonly client: ServiceClient) {}

  async at(lat: number, lng: number): Promise<FileAnswer> {
    return fileAnswer(this.client, await this.client.get(`${INTERNAL_PREFIX}/at?${new URLSearchParams({ lat: String(lat), lng: String(lng) })}`));
  }

  async near({ lat, lng, radiusKm, limit }: NearQuery): Promise<NearAnswer> {
    const query = new URLSearchParams({ lat: String(lat), lng: String(lng), radiusKm: String(radiusKm), limit: String(limit) });
    return json<NearAnswer>(this.client, await this.client.get(`${INTERNAL_PREFIX}/near?${query}`));
  }

  async lookup(request: PathLookup): Promise<FileAnswer> {
    return fileAnswer(this.client, await this.client.get(lookupTarget(request.path, request.page)));
  }

  status(): Promise<ServiceStatus> {
    return statusOf(this.client);
  }
}

export interface ServiceUrls {
  catalog: readonly string[];
  search: readonly string[];
  geo: readonly string[];
  /** Per call, retry included. */
  timeoutMs: number;
}

class ClientsShutdown implements OnApplicationShutdown {
  constructor(private readonly clients: ServiceClient[]) {}
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

/** Provides the three ports as HTTP clients of the services (cluster mode). */
@Module({})
export class ServiceClientsModule {
  static forUrls(urls: ServiceUrls): DynamicModule {
    const catalog = new ServiceClient('catalog', urls.catalog, urls.timeoutMs);
    const search = new ServiceClient('search', urls.search, urls.timeoutMs);
    const geo = new ServiceClient('geo', urls.geo, urls.timeoutMs);
    return {
      module: ServiceClientsModule,
      providers: [
        { provide: CATALOG, useValue: new CatalogClient(catalog) },
        { provide: SEARCH, useValue: new SearchClient(search) },
        { provide: GEO, useValue: new GeoClient(geo) },
        { provide: ClientsShutdown, useValue: new ClientsShutdown([catalog, search, geo]) },
      ],
      exports: [CATALOG, SEARCH, GEO],
    };
  }
}
