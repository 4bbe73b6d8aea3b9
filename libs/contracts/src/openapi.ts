/**
 * The OpenAPI 3.1 description of the service (spec §4.17, `/api/openapi.json`), written from
 * the same bounds the gateway validates with (`LIMITS`) and the same problem kinds.
 */
import { CHILD_FILES, COMMUNE_PARENTS, FIGURE_FAMILIES } from './api-routes.js';
import { COLLECTIONS, LEVELS, type Collection } from './levels.js';
import { DOUAR_SORT_KEYS, SETTLEMENT_TYPES } from './douars.js';
import { LIMITS } from './limits.js';
import { PROBLEM_KINDS } from './problems.js';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const query = (name: string, schema: Schema, description: string, required = false) => ({ name, in: 'query', required, description, schema });
const path = (name: string, schema: Schema, description: string) => ({ name, in: 'path', required: true, description, schema });
const code = path('code', { type: 'string' }, 'any identifier spelling: dotted code (01.511.01.0), 9-digit code (001511010), digits without leading zeros (1511010) or slug (tanger)');

const envelope = (data: Schema, paged = false): Schema => ({
  type: 'object',
  required: ['data', 'meta', 'links'],
  properties: { data, meta: ref(paged ? 'PagedMeta' : 'Meta'), links: ref('Links') },
});
const json = (schema: Schema, description: string) => ({ description, content: { 'application/json': { schema } } });
const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: Object.entries(PROBLEM_KINDS)
          .filter(([, p]) => p.status === status)
          .map(([kind, p]) => `${kind}: ${p.title}`)
          .join('; '),
        content: { 'application/problem+json': { schema: ref('Problem') } },
      },
    ]),
  );
const get = (summary: string, parameters: unknown[], ok: unknown, errors: number[], tier: 'static' | 'alias' | 'computed') => ({
  get: { summary, description: `Tier: ${tier}${tier === 'static' ? ' (no X-Api-Tier header)' : ` (X-Api-Tier: ${tier})`}.`, parameters, responses: { '200': ok, '304': { description: 'Not modified (If-None-Match)' }, ...problems(...errors) } },
});

const lat = query('lat', { type: 'number', minimum: -90, maximum: 90 }, 'latitude in degrees', true);
const lng = query('lng', { type: 'number', minimum: -180, maximum: 180 }, 'longitude in degrees', true);
const page = query('page', { type: 'integer', minimum: LIMITS.page.min, maximum: LIMITS.page.max, default: LIMITS.page.default }, `page of ${LIMITS.perPage}`);
const q = (required: boolean) => query('q', { type: 'string', minLength: LIMITS.q.min, maxLength: LIMITS.q.max }, 'a name or a code; accents, Arabic vowel marks and letter variants are folded', required);
const object = (description: string): Schema => ({ type: 'object', description });
/** Collections whose units have `child` (the router's own table, api-routes.ts). */
const owning = (child: string): Collection[] => COLLECTIONS.filter((c) => Object.hasOwn(CHILD_FILES[c], child));

export function openApiDocument(datasetVersion: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Morocco communes open-data service',
      version: 'v1',
      description: `Read-only JSON API over Morocco's régions, provinces and préfectures, cercles, communes and arrondissements. Dataset ${datasetVersion}. Census, establishment and housing figures: Haut-Commissariat au Plan (RGPH 2024 and 2014, CC BY 4.0 terms). Boundaries and the fields derived from them, and neighbourhood names: © OpenStreetMap contributors (ODbL 1.0). Postcodes and quarter names: Poste Maroc, data.gov.ma (ODbL 1.0). Douars: HCP, RGPH 2024 (CC BY 4.0 terms).`,
    },
    paths: {
      '/api/search': get('Find units by name or code', [q(true), query('levels', { type: 'string' }, `comma-separated levels among ${LEVELS.join(', ')}`), query('limit', { type: 'integer', minimum: LIMITS.searchLimit.min, maximum: LIMITS.searchLimit.max, default: LIMITS.searchLimit.default }, 'hits at most')], json(envelope({ type: 'array', items: ref('SearchHit') }), 'hits, best first'), [400], 'computed'),
      '/api/communes': get(
        'List communes: filter, sort, page; or search them by name with q',
        [
          query('region', { type: 'string' }, 'région code or slug'),
          query('province', { type: 'string' }, 'province or préfecture code or slug'),
          query('cercle', { type: 'string' }, 'cercle code or slug'),
          query('type', { type: 'string', enum: ['urban', 'rural'] }, 'urban or rural'),
          query('min_population', { type: 'integer', minimum: LIMITS.population.min, maximum: LIMITS.population.max }, '2024 population at least'),
          query('max_population', { type: 'integer', minimum: LIMITS.population.min, maximum: LIMITS.population.max }, '2024 population at most'),
          query('sort', { type: 'string', default: 'code' }, 'code, name, population, change, density, area, a census path (labour.unemploymentRate), 2014.<path>, change.<path>, economy.<topic>.<key>, economy.per1000.establishments|jobs, economy.perBusiness.jobs; - for descending'),
          page,
          { ...q(false), description: `searches communes by name (at most ${LIMITS.communeSearchLimit} hits); goes with no other parameter` },
        ],
        json(envelope({ type: 'array', items: { oneOf: [ref('Commune'), ref('SearchHit')] } }, true), 'a page of communes (or search hits with q)'),
        [400, 404],
        'computed',
      ),
      '/api/communes/at': get('The commune whose boundary holds a point', [lat, lng], json(envelope(ref('Commune')), 'the commune, with arrondissement in the 6 divided cities'), [400, 404], 'computed'),
      '/api/communes/near': get('Communes whose centroid is within a radius, nearest first', [lat, lng, query('radius', { type: 'number', exclusiveMinimum: 0, maximum: LIMITS.radiusKm.max, default: LIMITS.radiusKm.default }, 'km'), query('limit', { type: 'integer', minimum: LIMITS.nearLimit.min, maximum: LIMITS.nearLimit.max, default: LIMITS.nearLimit.default }, 'hits at most')], json(envelope({ type: 'array', items: ref('NearHit') }), 'communes, nearest first'), [400], 'computed'),
      '/api/{collection}/{code}': get('One unit, in any identifier spelling', [path('collection', { type: 'string', enum: COLLECTIONS }, 'the level'), code], json(envelope(object('the unit record of its level')), 'the unit (the body of its .json file)'), [400, 404], 'alias'),
      '/api/{collection}/{code}/{figures}': get('Census indicators, establishments or urban housing of a unit', [path('collection', { type: 'string', enum: COLLECTIONS }, 'the level'), code, path('figures', { type: 'string', enum: FIGURE_FAMILIES }, 'the family')], json(envelope(object('Indicators, Economy or Housing record (spec §2.9–2.11); a census record built from a source file without some catalogue topics lists them in missingTopics')), 'the record'), [400, 404], 'alias'),
      '/api/{collection}/{figures}.json': get('Census indicators, establishments or urban housing of every unit of a level, for comparison', [path('collection', { type: 'string', enum: ['regions', 'provinces', 'cercles', 'arrondissements'] }, 'the level (housing: regions and provinces; establishments: not cercles)'), path('figures', { type: 'string', enum: FIGURE_FAMILIES }, 'the family')], json(envelope({ type: 'array', items: object('Indicators, Economy or Housing record') }), 'the records of the level'), [404], 'static'),
      '/api/{collection}/{code}/communes': get('A unit\'s communes, 50 per page (its page files)', [path('collection', { type: 'string', enum: COMMUNE_PARENTS }, 'the level'), code, page], json(envelope({ type: 'array', items: ref('Commune') }, true), 'a page of communes'), [400, 404], 'alias'),
      '/api/communes/{code}/neighbours': get('Communes sharing a border, longest first', [code], json(envelope({ type: 'array', items: ref('Neighbour') }), 'neighbours'), [400, 404], 'alias'),
      '/api/communes/{code}/postcodes': get('The postcodes that serve a commune, with the quarters each serves there (Poste Maroc, ODbL 1.0)', [code], json(envelope({ type: 'array', items: ref('PostcodeRow') }), 'postcodes, in order; empty for a commune without one'), [400, 404], 'alias'),
      '/api/{collection}/{code}/neighbourhoods': get('The named places of a commune or arrondissement: OpenStreetMap neighbourhoods and Poste Maroc quarters (ODbL 1.0)', [path('collection', { type: 'string', enum: owning('neighbourhoods') }, 'the level'), code], json(envelope({ type: 'array', items: ref('NeighbourhoodRow') }), 'places by name; a divided city lists its arrondissements\' places with their arrondissement'), [400, 404], 'alias'),
      '/api/communes/{code}/douars': get(
        'The douars (villages) of a commune, 2024 census (HCP, CC BY 4.0 terms). Without parameters, the whole list by code (its static douars.json, empty for an urban commune); with any, filtered, sorted and paged by 50 (computed)',
        [
          code,
          query('sort', { type: 'string', enum: DOUAR_SORT_KEYS.flatMap((key) => [key, `-${key}`]), default: 'code' }, 'code, name (Arabic), population, households, distancesKm.<pavedRoad|drivableTrack|primarySchool|middleSchool|highSchool|healthCentre>, shares.<group>.<key>; - for descending; unpublished values last either way'),
          query('type', { type: 'string', enum: SETTLEMENT_TYPES }, 'settlement type'),
          query('fraction', { type: 'string', pattern: '^[0-9]{10}$' }, 'fraction code'),
          query('min_population', { type: 'integer', minimum: LIMITS.population.min, maximum: LIMITS.population.max }, 'population at least (a douar without a published population never matches a bound)'),
          query('max_population', { type: 'integer', minimum: LIMITS.population.min, maximum: LIMITS.population.max }, 'population at most'),
          page,
        ],
        json({ ...envelope({ type: 'array', items: ref('Douar') }), properties: { data: { type: 'array', items: ref('Douar') }, meta: { anyOf: [ref('Meta'), ref('PagedMeta')] }, links: ref('Links') } }, 'douars: the whole list, or a page of the filtered and sorted list'),
        [400, 404],
        'alias',
      ),
      '/api/douars/{code}': get('One douar by its 13-digit HCP code', [path('code', { type: 'string', pattern: '^[0-9]{13}$' }, 'douar code, such as 0510301201001')], json(envelope(ref('Douar')), 'the douar'), [400, 404], 'computed'),
      '/api/communes/{code}/arrondissements': get('The arrondissements of a divided city', [code], json(envelope({ type: 'array', items: object('Arrondissement record') }), 'arrondissements'), [400, 404], 'alias'),
      '/api/{collection}/{code}/boundary': get('Boundary as GeoJSON', [path('collection', { type: 'string', enum: owning('boundary') }, 'the level'), code], { description: 'a GeoJSON Feature', content: { 'application/geo+json': { schema: object('GeoJSON Feature') } } }, [400, 404], 'alias'),
      '/api/version.json': get('Interface and dataset versions, counts and sources', [], json(envelope(object('Version record')), 'the version record'), [], 'static'),
      '/api/communes/page/{n}.json': get('All communes, 50 per page', [path('n', { type: 'integer', minimum: 1 }, 'page')], json(envelope({ type: 'array', items: ref('Commune') }, true), 'a page'), [404], 'static'),
      '/api/tiles.json': get('Index of boundary tiles', [], json(envelope({ type: 'array', items: object('{z, x, y, bbox}') }), 'the tiles'), [], 'static'),
      '/api/tiles/{z}/{x}/{y}.json': get('Boundaries clipped to a tile of 1/2^z degrees', [path('z', { type: 'integer' }, 'zoom'), path('x', { type: 'integer' }, 'column from 180°W'), path('y', { type: 'integer' }, 'row from 90°S')], json(envelope(object('GeoJSON FeatureCollection')), 'the tile'), [404], 'static'),
    },
    components: {
      schemas: {
        Problem: { type: 'object', required: ['type', 'title', 'status', 'detail', 'instance'], properties: { type: { type: 'string', format: 'uri' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, instance: { type: 'string' } } },
        Links: { type: 'object', required: ['self', 'prev', 'next'], properties: { self: { type: 'string' }, prev: { type: ['string', 'null'] }, next: { type: ['string', 'null'] } } },
        Meta: { type: 'object', required: ['datasetVersion'], properties: { datasetVersion: { type: 'string' }, total: { type: 'integer' } } },
        PagedMeta: { type: 'object', required: ['datasetVersion', 'page', 'perPage', 'total', 'totalPages'], properties: { datasetVersion: { type: 'string' }, page: { type: 'integer' }, perPage: { type: 'integer', const: LIMITS.perPage }, total: { type: 'integer' }, totalPages: { type: 'integer' } } },
        Name: { type: 'object', required: ['fr', 'ar'], properties: { fr: { type: 'string' }, ar: { type: ['string', 'null'] } } },
        Commune: { type: 'object', description: 'spec §2.3; sorted by a figure, rows add indicator, derived, basis', required: ['code', 'codeDigits', 'slug', 'name', 'type', 'parents', 'population'], properties: { code: { type: 'string' }, codeDigits: { type: 'string' }, slug: { type: 'string' }, nameFrRaw: { type: ['string', 'null'] }, name: ref('Name'), type: { enum: ['urban', 'rural'] }, parents: { type: 'object' }, population: { type: 'object' }, urbanCentres: { type: 'array' }, centroid: { type: ['object', 'null'] }, bbox: { type: ['array', 'null'], items: { type: 'number' } }, areaKm2: { type: ['number', 'null'] }, density: { type: ['number', 'null'] }, map: { type: ['object', 'null'] }, provenance: { type: 'object' }, arrondissement: { type: ['object', 'null'] }, indicator: { type: 'object' }, derived: { const: true }, basis: { const: 'arrondissement_sum' } } },
        SearchHit: { type: 'object', required: ['code', 'level', 'name', 'slug', 'score', 'matched'], properties: { code: { type: 'string' }, level: { enum: LEVELS }, name: ref('Name'), slug: { type: 'string' }, score: { type: 'number' }, matched: { enum: ['code', 'exact', 'alias', 'prefix', 'spelling', 'trigram', 'neighbourhood', 'postcode', 'douar'] }, neighbourhood: ref('Name'), postcode: { type: 'string', pattern: '^[0-9]{5}$' }, douar: { type: 'object', description: 'the douar of this commune that matched', required: ['code', 'name'], properties: { code: { type: 'string', pattern: '^[0-9]{13}$' }, name: { type: 'object', properties: { ar: { type: 'string' } } } } } } },
        NearHit: { type: 'object', required: ['code', 'name', 'slug', 'distanceKm'], properties: { code: { type: 'string' }, name: ref('Name'), slug: { type: 'string' }, distanceKm: { type: 'number' } } },
        Neighbour: { type: 'object', required: ['code', 'name', 'km'], properties: { code: { type: 'string' }, name: ref('Name'), km: { type: 'number' } } },
        Douar: {
          type: 'object',
          required: ['code', 'commune', 'fraction', 'name', 'type', 'households', 'population', 'shares', 'distancesKm'],
          description: 'null where the census publishes nothing; shares in percent',
          properties: {
            code: { type: 'string', pattern: '^[0-9]{13}$' },
            commune: { type: 'string' },
            fraction: { type: 'object', properties: { code: { type: 'string' }, ar: { type: ['string', 'null'] } } },
            name: { type: 'object', properties: { ar: { type: ['string', 'null'] } } },
            type: { enum: ['grouped', 'dispersed', 'split', null] },
            households: { type: ['integer', 'null'] },
            population: { type: ['integer', 'null'] },
            shares: object('nationality, sex, age, civilRegistration, maritalStatus, dwellingType: percentages'),
            distancesKm: object('pavedRoad, drivableTrack, primarySchool, middleSchool, highSchool, healthCentre: km to the nearest'),
          },
        },
        PostcodeRow: { type: 'object', required: ['postcode', 'quarters'], properties: { postcode: { type: 'string', pattern: '^[0-9]{5}$' }, quarters: { type: 'array', items: { type: 'string' } } } },
        NeighbourhoodRow: { type: 'object', required: ['name', 'source'], properties: { name: ref('Name'), arrondissement: { type: 'string' }, postcode: { type: 'string', pattern: '^[0-9]{5}$' }, source: { enum: ['OpenStreetMap', 'Poste Maroc'] } } },
      },
    },
  };
}
