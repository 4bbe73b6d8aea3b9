// The configuration the chart renders, run: the ETL Job's environment loads the real dataset
// into a real redis-server that requires the chart's generated password, then catalog,
// search, geo and the gateway start with exactly the environment of their Deployments
// (secrets resolved and $(VAR) expanded as the kubelet does), only Service addresses and ports
// mapped to this machine. The gateway then answers real questions through them.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { DATASET_DIR, MeiliDouble, freePort, startRedis, testBuildDir, testBuildRoot, type RedisServer } from '@mc/test-support';
import { componentEnv, find, renderChart, resolveEnv, type K8sObject } from '../src/index.js';

const APPS = ['catalog', 'search', 'geo', 'gateway'] as const;
const ENTRY = { catalog: 'apps/catalog/dist/src/main.js', search: 'apps/search/dist/src/main.js', geo: 'apps/geo/dist/src/main.js', gateway: 'apps/gateway/dist/src/main.js', etl: 'tools/etl/dist/src/main.js' };

let objects: K8sObject[];
let redis: RedisServer;
let meili: MeiliDouble;
const children: ChildProcess[] = [];
const local: Record<string, { port: number; metrics: number }> = {};
const output: Record<string, string> = {};

/** The chart's env of one component, with each Service of the chart replaced by where it listens here. */
function envHere(component: string, services: Record<string, string>): Record<string, string> {
  const env = resolveEnv(componentEnv(objects, component)!, objects);
  for (const [name, value] of Object.entries(env)) {
    if (!name.endsWith('_URL')) continue;
    const url = new URL(value);
    const here = services[url.hostname];
    if (!here) continue;
    url.host = here;
    const rewritten = url.toString();
    env[name] = !value.endsWith('/') && rewritten.endsWith('/') ? rewritten.slice(0, -1) : rewritten;
  }
  return env;
}

function run(component: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [ENTRY[component as keyof typeof ENTRY]], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  output[component] = '';
  child.stdout!.on('data', (d) => (output[component] += d));
  child.stderr!.on('data', (d) => (output[component] += d));
  children.push(child);
  return child;
}

async function ready(component: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${component} exited with ${child.exitCode}: ${output[component]}`);
    if (await fetch(`http://127.0.0.1:${local[component]!.port}/readyz`).then((r) => r.status === 200, () => false)) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${component} not ready: ${output[component]}`);
}

describe('the chart’s rendered configuration runs the system', () => {
  before(async () => {
    objects = renderChart();
    testBuildDir(); // the ETL below finds this run's build and only loads it
    const password = resolveEnv(componentEnv(objects, 'catalog')!, objects).REDIS_PASSWORD!;
    assert.match(password, /^[A-Za-z0-9]{40}$/);
    redis = await startRedis({ password });
    meili = await new MeiliDouble().start();
    for (const app of APPS) local[app] = { port: await freePort(), metrics: await freePort() };
    const services: Record<string, string> = {
      'mc-morocco-communes-redis': `127.0.0.1:${redis.port}`,
      'mc-morocco-communes-meilisearch': new URL(meili.url).host,
      ...Object.fromEntries(APPS.map((app) => [`mc-morocco-communes-${app}`, `127.0.0.1:${local[app]!.port}`])),
    };
    // The Job's env, plus what its image sets (Dockerfile: DATASET_DIR) and this run's build folder.
    const etl = run('etl', { ...envHere('etl', services), DATASET_DIR, BUILD_DIR: testBuildRoot() });
    const code = await new Promise<number | null>((done) => etl.once('exit', done));
    assert.equal(code, 0, output.etl);
    for (const app of APPS) {
      const env = { ...envHere(app, services), HOST: '127.0.0.1', PORT: String(local[app]!.port), METRICS_PORT: String(local[app]!.metrics), LOG_LEVEL: 'warn', POLL_MS: '200' };
      await ready(app, run(app, env));
    }
  });

  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    await meili?.stop();
    await redis?.stop();
  });

  it('the ETL Job loaded Redis (with the password) and Meilisearch', () => {
    assert.match(output.etl!, /mc:current/);
    assert.ok([...meili.indexes.keys()].includes('units'), `indexes: ${[...meili.indexes.keys()].join(', ')}`);
  });

  it('the gateway answers through catalog, search and geo: a commune, a search, the commune under a point', async () => {
    const base = `http://127.0.0.1:${local.gateway!.port}`;
    const commune = await fetch(`${base}/api/communes/tanger`).then((r) => r.json() as Promise<{ data: { code: string } }>);
    assert.equal(commune.data.code, '01.511.01.0');
    const at = await fetch(`${base}/api/communes/at?lat=35.786&lng=-5.8125`).then((r) => r.json() as Promise<{ data: { code: string } }>);
    assert.equal(at.data.code, '01.511.01.0');
    const search = await fetch(`${base}/api/search?q=Tanger`).then((r) => r.json() as Promise<{ data: { code: string }[] }>);
    assert.equal(search.data[0]!.code, '01.511.01.0');
    const asked = meili.requests.filter((r) => r.path === '/multi-search').flatMap((r) => r.body.queries.map((q: { indexUid: string }) => q.indexUid));
    assert.ok(asked.length > 0 && asked.every((uid) => uid === 'units'), 'search asked the Meilisearch of the chart for candidates');
  });

  it('each app serves /metrics on the metrics port the Service and annotations name, and not on its API port', async () => {
    for (const app of APPS) {
      const metrics = await fetch(`http://127.0.0.1:${local[app]!.metrics}/metrics`).catch((e) => assert.fail(`${app}: ${e.cause?.message}: ${output[app]}`));
      assert.equal(metrics.status, 200, app);
      assert.match(await metrics.text(), /process_resident_memory_bytes/);
      assert.equal((await fetch(`http://127.0.0.1:${local[app]!.port}/metrics`)).status, 404, app);
    }
    const service = find(objects, 'Service', 'mc-morocco-communes-geo')!;
    assert.ok(service.spec.ports.some((p: { name: string; targetPort: string }) => p.name === 'metrics' && p.targetPort === 'metrics'));
  });
});
