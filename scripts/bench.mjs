// `npm run bench`: speed and memory figures (never asserted by tests).
//  1. search, in process, embedded engine, one core: 200 fixed real queries, p50/p99, throughput;
//  2. HTTP, the embedded server in its own process, loaded with autocannon on loopback.
// Every loop is bounded in count and in time. Figures go to docs/performance.md by hand.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_DATASET_DIR, runEtl } from '@mc/etl';
import { createSearchService } from '@mc/search';
import { GeoService } from '@mc/geo';
import { startStack } from '@mc/test-support';

const datasetDir = resolve(process.env.DATASET_DIR || DEFAULT_DATASET_DIR);
const buildRoot = process.env.BUILD_DIR || 'build/dataset';
const build = runEtl({ datasetDir, buildRoot });
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (ms) => `${ms.toFixed(3)} ms`;

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}`);
console.log(`dataset ${build.datasetVersion}, build ${build.dir}\n`);

// 1. search
const queries = JSON.parse(readFileSync('bench/search-queries.json', 'utf8'));
const service = createSearchService(build.dir);
const rss0 = process.memoryUsage().rss;
for (let pass = 0; pass < 3; pass++) for (const q of queries) await service.hits({ q, levels: null, limit: 10 });
const samples = [];
const passes = 25;
const started = process.hrtime.bigint();
for (let pass = 0; pass < passes; pass++) {
  for (const q of queries) {
    const t0 = process.hrtime.bigint();
    await service.hits({ q, levels: null, limit: 10 });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
samples.sort((a, b) => a - b);
console.log('search (embedded engine, in process, 1 core)');
console.log(`  ${samples.length} searches of ${queries.length} queries: p50 ${fmt(quantile(samples, 0.5))}, p99 ${fmt(quantile(samples, 0.99))}, max ${fmt(samples.at(-1))}`);
console.log(`  throughput ${(samples.length / seconds).toFixed(0)} searches/s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, rss +${((process.memoryUsage().rss - rss0) / 2 ** 20).toFixed(0)} MiB\n`);

// 2. geo: at and near over the real pack, in process, one core
const geo = GeoService.fromBuild(build.dir).index;
let seed = 20261125;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const centroids = geo.pack.communes.filter((c) => c.centroid).map((c) => [c.centroid[1], c.centroid[0]]);
// Half real places (commune centroids), half uniform points over Morocco's bounding box.
const points = Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? centroids[i % centroids.length] : [21 + random() * 15, -17 + random() * 16]));
const timeEach = (label, run) => {
  for (const p of points.slice(0, 2000)) run(p);
  const times = [];
  const t0 = process.hrtime.bigint();
  for (const p of points) {
    const t = process.hrtime.bigint();
    run(p);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const total = Number(process.hrtime.bigint() - t0) / 1e9;
  times.sort((a, b) => a - b);
  console.log(`  ${label}: ${times.length} look-ups, p50 ${fmt(quantile(times, 0.5))}, p99 ${fmt(quantile(times, 0.99))}, max ${fmt(times.at(-1))}, ${(times.length / total).toFixed(0)} look-ups/s`);
};
console.log('geo (in process, 1 core; half commune centroids, half random points in the bounding box)');
timeEach('at', ([lat, lng]) => geo.at(lat, lng));
timeEach('near (radius 10 km, limit 10)', ([lat, lng]) => geo.near({ lat, lng, radiusKm: 10, limit: 10 }));
timeEach('near (radius 100 km, limit 50)', ([lat, lng]) => geo.near({ lat, lng, radiusKm: 100, limit: 50 }));
console.log('');

// 3. HTTP
const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn(process.execPath, ['apps/embedded/dist/src/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BUILD_DIR: buildRoot, DATASET_DIR: datasetDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((ready, fail) => {
  const guard = setTimeout(() => fail(new Error('server did not start in 30 s')), 30_000);
  server.stdout.on('data', (chunk) => {
    if (String(chunk).includes('serving on')) {
      clearTimeout(guard);
      ready();
    }
  });
  server.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
});
const routes = [
  ['static file', '/api/communes/01.511.01.0.json'],
  ['static page (50 communes)', '/api/communes/page/1.json'],
  ['alias (slug)', '/api/communes/tanger'],
  ['computed list', '/api/communes?province=01.511&type=urban'],
  ['computed sort', '/api/communes?sort=-density&page=3'],
  ['search', '/api/search?q=sidi&limit=10'],
  ['sorted by a figure', '/api/communes?sort=-economy.per1000.jobs&page=2'],
  ['at', '/api/communes/at?lat=35.786&lng=-5.8125'],
  ['at, a new point each time', '/api/communes/at?lat=35.786&lng=-5.8125', (n) => `/api/communes/at?lat=${(35.70 + (n % 600) * 0.0001).toFixed(4)}&lng=-5.8125`],
  ['near', '/api/communes/near?lat=34.02&lng=-6.83&radius=20'],
  // A changing unknown parameter defeats the response cache: the cost of a first answer.
  ['static file, uncached', '/api/communes/01.511.01.0.json', (n) => `/api/communes/01.511.01.0.json?_=${n}`],
  ['alias (slug), uncached', '/api/communes/tanger', (n) => `/api/communes/tanger?_=${n}`],
  ['computed sort, uncached', '/api/communes?sort=-density&page=3', (n) => `/api/communes?sort=-density&page=3&_=${n}`],
  ['search, uncached', '/api/search?q=sidi&limit=10', (n) => `/api/search?q=sidi&limit=10&_=${n}`],
  ['sorted by a figure, uncached', '/api/communes?sort=-economy.per1000.jobs&page=2', (n) => `/api/communes?sort=-economy.per1000.jobs&page=2&_=${n}`],
];
const rssMiB = (pid) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return `${(kb / 1024).toFixed(0)} MiB`;
  } catch {
    return 'unknown';
  }
};

/** Every route, `seconds` each, against `base`; requests/s, latencies and errors by route. */
async function loadRoutes(base, seconds) {
  const results = new Map();
  for (const [name, path, vary] of routes) {
    let counter = 0;
    const requests = vary ? [{ setupRequest: (req) => ({ ...req, path: vary(counter++) }) }] : undefined;
    const result = await new Promise((done, fail) => {
      const options = { url: `${base}${path}`, connections: 10, duration: seconds, maxOverallRequests: 2_000_000, headers: { 'accept-encoding': 'br' }, requests };
      const instance = autocannon(options, (err, res) => (err ? fail(err) : done(res)));
      setTimeout(() => instance.stop(), 30_000).unref();
    });
    results.set(name, result);
  }
  return results;
}

console.log(`embedded server resident memory after start: ${rssMiB(server.pid)}`);
console.log('HTTP (embedded server in its own process; autocannon, 10 connections, 5 s a route)');
console.log('| route | requests/s | p50 | p99 | errors |');
console.log('|---|---|---|---|---|');
let embedded;
try {
  embedded = await loadRoutes(`http://127.0.0.1:${port}`, 5);
  for (const [name, path] of routes) {
    const r = embedded.get(name);
    console.log(`| ${name} \`${path}\` | ${r.requests.average.toFixed(0)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.errors + r.non2xx} |`);
  }
} finally {
  console.log(`embedded server resident memory after the runs: ${rssMiB(server.pid)}`);
  server.kill('SIGTERM');
}

// 4. The same routes in cluster mode: gateway → catalog / search / two geo replicas → Redis.
const stack = await startStack({ datasetDir, buildRoot, logLevel: 'warn' });
try {
  const names = ['gateway', 'catalog', 'search', 'geo-1', 'geo-2'];
  console.log(`\ncluster mode (npm run stack), resident memory after start: ${names.map((n) => `${n} ${rssMiB(stack.pid(n))}`).join(', ')}`);
  console.log('HTTP through the gateway (autocannon, 10 connections, 5 s a route), and the ratio to embedded mode');
  console.log('| route | requests/s | p50 | p99 | errors | ratio to embedded |');
  console.log('|---|---|---|---|---|---|');
  const cluster = await loadRoutes(stack.gatewayUrl, 5);
  for (const [name, path] of routes) {
    const r = cluster.get(name);
    const ratio = r.requests.average / embedded.get(name).requests.average;
    console.log(`| ${name} \`${path}\` | ${r.requests.average.toFixed(0)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.errors + r.non2xx} | ${ratio.toFixed(2)} |`);
  }
  console.log(`resident memory after the runs: ${names.map((n) => `${n} ${rssMiB(stack.pid(n))}`).join(', ')}`);
} finally {
  await stack.stop();
}
