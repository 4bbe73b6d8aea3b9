// The Dockerfile and compose.yaml, read as text since no container engine runs here: the
// Compose file against the Compose Specification's schema, both against the images the chart
// deploys, and the Dockerfile against the rules of docs/deploy.md.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { composeSchemaProblems, containersOf, dockerfileProblems, find, readCompose, readDockerfile, readDockerfileAt, renderChart } from '../src/index.js';

const IMAGES = ['gateway', 'catalog', 'search', 'geo', 'etl'];
const ENTRY: Record<string, string> = { gateway: 'apps/gateway/dist/src/main.js', catalog: 'apps/catalog/dist/src/main.js', search: 'apps/search/dist/src/main.js', geo: 'apps/geo/dist/src/main.js', etl: 'tools/etl/dist/src/main.js' };
const PORTS: Record<string, number> = { gateway: 3000, catalog: 3101, search: 3102, geo: 3103 };

describe('Dockerfile', () => {
  const facts = readDockerfileAt();

  it('pins its base image to an exact tag, has a target per image, runs them as a non-root user, and has no HEALTHCHECK', () => {
    assert.deepEqual(dockerfileProblems(facts, IMAGES), []);
    assert.match(facts.args.NODE_IMAGE!, /^node:20\.\d+\.\d+-bookworm-slim$/);
  });

  it('runs each app’s cluster entry point, which the build produces, the servers with `npm start`’s V8 flags', () => {
    const flags = (JSON.parse(readFileSync('package.json', 'utf8')) as { config: { node_flags: string } }).config.node_flags.split(' ');
    assert.ok(flags.includes('--max-semi-space-size=4'), flags.join(' '));
    for (const image of IMAGES) {
      const stage = facts.stages.find((s) => s.name === image)!;
      // The ETL is a job, not a server: Node's defaults suit its short burst of work.
      const args = image === 'etl' ? ['node', ENTRY[image]] : ['node', ...flags, ENTRY[image]];
      assert.equal(stage.lines.find((l) => l.startsWith('CMD')), `CMD [${args.map((a) => JSON.stringify(a)).join(', ')}]`, image);
      assert.ok(existsSync(ENTRY[image]!), `${ENTRY[image]} (npm run build)`);
    }
  });

  it('copies the package.json of every workspace before `npm ci`, so the lockfile installs', () => {
    const workspaces = (JSON.parse(readFileSync('package.json', 'utf8')) as { workspaces: string[] }).workspaces.flatMap((glob) => {
      const parent = glob.replace(/\/\*$/, '');
      return readdirSync(parent).filter((name) => existsSync(join(parent, name, 'package.json'))).map((name) => `${parent}/${name}`);
    });
    const build = facts.stages.find((s) => s.name === 'build')!;
    const copied = build.lines.filter((l) => /^COPY \S+\/package\.json /.test(l)).map((l) => l.split(/\s+/)[1]!.replace(/\/package\.json$/, ''));
    assert.deepEqual(copied.sort(), workspaces.sort());
    assert.ok(build.lines.findIndex((l) => l.startsWith('RUN npm ci')) < build.lines.findIndex((l) => l === 'COPY libs libs'), 'dependencies install before the sources are copied');
  });

  it('gives the ETL the dataset and the place names beside it, where it looks for them', () => {
    const etl = facts.stages.find((s) => s.name === 'etl')!;
    assert.ok(etl.lines.includes('COPY data/v1 data/v1'));
    assert.ok(etl.lines.includes('COPY data/api-data data/api-data'), 'PLACES_DIR defaults to api-data beside DATASET_DIR');
    assert.ok(etl.lines.some((l) => l.startsWith('ENV DATASET_DIR=/app/data/v1')));
  });

  it('leaves local and built files out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'build', '.git']) assert.ok(ignored.includes(entry), entry);
  });

  it('the rules catch a floating base image, a root target and a HEALTHCHECK', () => {
    const broken = readDockerfile('ARG BASE=node:lts\nFROM ${BASE} AS build\nRUN true\nFROM build AS gateway\nHEALTHCHECK CMD true\nCMD ["node"]\n');
    assert.deepEqual(dockerfileProblems(broken, ['gateway', 'geo']), [
      'stage build: base image node:lts is not pinned to an exact tag',
      'target gateway runs as root (no USER)',
      'no target geo',
      'HEALTHCHECK is set: the orchestrator probes /healthz and /readyz',
    ]);
  });
});

describe('compose.yaml', () => {
  const compose = readCompose();

  it('is valid against the Compose Specification schema, and the schema refuses a broken copy', () => {
    assert.deepEqual(composeSchemaProblems(compose), []);
    const broken = structuredClone(compose);
    broken.services.geo.deploy.replicas = 'two';
    broken.services.gateway.healthcheck = { test: ['CMD', 'true'], interval: 'soon' };
    broken.services.search.restart_policy = 'always';
    const problems = composeSchemaProblems(broken);
    assert.ok(problems.includes('/services/geo/deploy/replicas must be integer'), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith('/services/gateway/healthcheck/interval')), problems.join('\n'));
    assert.ok(problems.includes('/services/search must NOT have additional properties'), problems.join('\n'));
  });

  it('builds the chart’s images from the Dockerfile targets of the same names', () => {
    const chartImages = renderChart().flatMap((o) => (o.spec?.template ? containersOf(o).map((c) => c.image as string) : []));
    for (const image of IMAGES) {
      const service = compose.services[image];
      assert.deepEqual(service.build, { context: '.', target: image }, image);
      assert.equal(service.image, `\${REGISTRY:-morocco-communes}/${image}:\${TAG:-local}`);
      assert.ok(chartImages.includes(`ghcr.io/morocco-communes/${image}:0.1.0`), `the chart deploys ${image}`);
    }
  });

  it('runs Redis, Meilisearch, the ETL once, two geo replicas, and publishes the gateway alone', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['catalog', 'etl', 'gateway', 'geo', 'meilisearch', 'redis', 'search']);
    assert.equal(compose.services.geo.deploy.replicas, 2);
    assert.equal(compose.services.etl.restart, 'no');
    assert.deepEqual(compose.services.etl.depends_on, { redis: { condition: 'service_healthy' }, meilisearch: { condition: 'service_healthy' } });
    const published = Object.entries(compose.services).filter(([, s]) => s.ports).map(([name]) => name);
    assert.deepEqual(published, ['gateway']);
    assert.deepEqual(compose.services.gateway.ports, ['${PORT:-3000}:3000']);
  });

  it('gives each app what it needs, as the chart does, and runs it unprivileged and read-only', () => {
    const gateway = compose.services.gateway.environment;
    for (const [name, variable] of [['catalog', 'CATALOG_URL'], ['search', 'SEARCH_URL'], ['geo', 'GEO_URL']] as const) assert.equal(gateway[variable], `http://${name}:${PORTS[name]}`);
    for (const app of ['catalog', 'search', 'geo', 'etl']) assert.equal(compose.services[app].environment.REDIS_URL, 'redis://redis:6379/0', app);
    for (const app of ['search', 'etl']) assert.equal(compose.services[app].environment.MEILI_URL, 'http://meilisearch:7700', app);
    for (const app of IMAGES) {
      const service = compose.services[app];
      assert.equal(service.read_only, true, app);
      assert.equal(service.user, '1000:1000', app);
      assert.deepEqual(service.cap_drop, ['ALL'], app);
    }
    // The chart's Deployments run the same entry points on the same ports.
    const objects = renderChart();
    for (const app of Object.keys(PORTS)) {
      const container = containersOf(find(objects, 'Deployment', `mc-morocco-communes-${app}`)!)[0];
      assert.equal(container.ports[0].containerPort, PORTS[app], app);
    }
  });
});
