// `npm run bench`: speed and memory figures (never asserted by tests).
//  1. search, in process, embedded engine, one core: 200 fixed real queries, p50/p99, throughput;
//  2. geo look-ups, in process;
//  3. start-up: spawn to ready with the build present, and resident memory after start;
//  4. HTTP: the embedded server against a raw node:http baseline writing the same bytes and
//     headers from memory (bench/raw-server.mjs), an unmeasured warm-up run on each
//     side, then alternating runs, medians, ratios;
//  5. cluster mode (npm run stack) against embedded mode, the same way.
// BENCH_SECONDS (2) per run, BENCH_ROUNDS (6) alternating runs per route (each side first in
// every other), BENCH_PARTS (search,geo,start,http,cluster) to run only some, BENCH_ROUTES
// (parts of routes' names, comma-separated, such as "search,one douar") to load only those. Every loop is bounded in count and in time.
// Figures go to docs/performance.md by hand.
import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, runEtl } from '@mc/etl';
import { createSearchService } from '@mc/search';
import { GeoService } from '@mc/geo';
import { readGeoPack } from '@mc/contracts';
import { serverNodeFlags, startStack } from '@mc/test-support';
import { loadOnce, median, rssMiB } from '../bench/http-load.mjs';

const datasetDir = resolve(process.env.DATASET_DIR || DEFAULT_DATASET_DIR);
const buildRoot = process.env.BUILD_DIR || 'build/dataset';
const build = runEtl({ datasetDir, buildRoot });
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (ms) => `${ms.toFixed(3)} ms`;

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}`);
console.log(`dataset ${build.datasetVersion}, build ${build.dir}\n`);

const parts = new Set((process.env.BENCH_PARTS || 'search,geo,start,http,cluster').split(','));
const seconds = Number(process.env.BENCH_SECONDS || 2);
const rounds = Number(process.env.BENCH_ROUNDS || 6);

// 1. search
if (parts.has('search')) {
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
const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
samples.sort((a, b) => a - b);
console.log('search (embedded engine, in process, 1 core)');
console.log(`  ${samples.length} searches of ${queries.length} queries: p50 ${fmt(quantile(samples, 0.5))}, p99 ${fmt(quantile(samples, 0.99))}, max ${fmt(samples.at(-1))}`);
console.log(`  throughput ${(samples.length / elapsed).toFixed(0)} searches/s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, rss +${((process.memoryUsage().rss - rss0) / 2 ** 20).toFixed(0)} MiB\n`);

}

// 2. geo: at and near over the real pack, in process, one core
if (parts.has('geo')) {
const geo = GeoService.fromBuild(build.dir).index;
let seed = 20261125;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const centroids = readGeoPack(build.dir).communes.filter((c) => c.centroid).map((c) => [c.centroid[1], c.centroid[0]]);
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
}

// 3. HTTP
const serverEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', BUILD_DIR: buildRoot, DATASET_DIR: datasetDir };
let nextPort = 3900 + Math.floor(Math.random() * 50);

/** Starts a process and resolves with it and the milliseconds until `ready` answers 200. */
async function startProcess(args, env, readyUrl) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await fetch(readyUrl).then((r) => r.status === 200, () => false)) return { child, readyMs: performance.now() - started };
    await new Promise((wait) => setTimeout(wait, 5));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} was not ready in 60 s`);
}

// The V8 flags `npm start` runs with, as the stack's processes do.
const nodeFlags = serverNodeFlags();

async function startEmbedded() {
  const port = nextPort++;
  const { child, readyMs } = await startProcess([...nodeFlags, 'apps/embedded/dist/src/main.js'], { ...serverEnv, PORT: String(port) }, `http://127.0.0.1:${port}/readyz`);
  return { child, readyMs, base: `http://127.0.0.1:${port}` };
}

const mib = (value) => `${value.toFixed(0)} MiB`;

if (parts.has('start')) {
  const starts = [];
  for (let i = 0; i < 5; i++) {
    const server = await startEmbedded();
    await new Promise((wait) => setTimeout(wait, 500));
    starts.push({ ms: server.readyMs, rss: rssMiB(server.child.pid) });
    server.child.kill('SIGKILL');
  }
  console.log(`start-up (embedded, build present; spawn to /readyz 200, 5 starts): median ${median(starts.map((s) => s.ms)).toFixed(0)} ms (${starts.map((s) => s.ms.toFixed(0)).join(', ')}); resident memory after start: median ${mib(median(starts.map((s) => s.rss)))}\n`);
}

// Every commune's 2024 population, smallest first, distinct: a list of the communes between
// two of them (min_population, max_population) holds different rows for every pair, so the
// "new content" routes below ask for a page nothing has computed before on every request.
const populations = (() => {
  const values = new Set();
  for (let page = 1; ; page++) {
    let file;
    try {
      file = readFileSync(join(build.dir, 'static', 'api', 'communes', 'page', `${page}.json`), 'utf8');
    } catch {
      break;
    }
    for (const commune of JSON.parse(file).data) values.add(commune.population['2024'].total);
  }
  return [...values].sort((a, b) => a - b);
})();
/** The n-th pair of distinct populations at least 60 apart (a full page of 50), each pair once. */
const populationRange = (n) => {
  const count = populations.length;
  const i = n % count;
  const j = (i + 60 + (Math.floor(n / count) % (count - 120))) % count;
  return `min_population=${populations[Math.min(i, j)]}&max_population=${populations[Math.max(i, j)]}`;
};

const allRoutes = [
  { name: 'static file', path: '/api/communes/01.511.01.0.json' },
  { name: 'static page (50 communes)', path: '/api/communes/page/1.json' },
  { name: 'alias (slug)', path: '/api/communes/tanger' },
  { name: 'computed list', path: '/api/communes?province=01.511&type=urban' },
  { name: 'computed sort', path: '/api/communes?sort=-density&page=3' },
  { name: 'search', path: '/api/search?q=sidi&limit=10' },
  { name: 'sorted by a figure', path: '/api/communes?sort=-economy.per1000.jobs&page=2' },
  { name: 'at', path: '/api/communes/at?lat=35.786&lng=-5.8125' },
  { name: 'at, 600 points', path: '/api/communes/at?lat=35.786&lng=-5.8125', vary: (n) => `/api/communes/at?lat=${(35.7 + (n % 600) * 0.0001).toFixed(4)}&lng=-5.8125` },
  { name: 'near', path: '/api/communes/near?lat=34.02&lng=-6.83&radius=20' },
  { name: 'douars by distance to a school (3 pages of 50)', path: '/api/communes/09.581.03.05/douars?sort=-distancesKm.primarySchool' },
  { name: 'one douar', path: '/api/douars/0510301201001' },
  // A changing unknown parameter defeats every cache: the cost of a first answer.
  { name: 'static file, uncached', path: '/api/communes/01.511.01.0.json', vary: (n) => `/api/communes/01.511.01.0.json?_=${n}` },
  { name: 'alias (slug), uncached', path: '/api/communes/tanger', vary: (n) => `/api/communes/tanger?_=${n}` },
  { name: 'computed list, uncached', path: '/api/communes?province=01.511&type=urban', vary: (n) => `/api/communes?province=01.511&type=urban&_=${n}` },
  { name: 'computed sort, uncached', path: '/api/communes?sort=-density&page=3', vary: (n) => `/api/communes?sort=-density&page=3&_=${n}` },
  { name: 'search, uncached', path: '/api/search?q=sidi&limit=10', vary: (n) => `/api/search?q=sidi&limit=10&_=${n}` },
  { name: 'sorted by a figure, uncached', path: '/api/communes?sort=-economy.per1000.jobs&page=2', vary: (n) => `/api/communes?sort=-economy.per1000.jobs&page=2&_=${n}` },
  { name: 'near, uncached', path: '/api/communes/near?lat=34.02&lng=-6.83&radius=20', vary: (n) => `/api/communes/near?lat=34.02&lng=-6.83&radius=20&_=${n}` },
  { name: 'douars by distance to a school, uncached', path: '/api/communes/09.581.03.05/douars?sort=-distancesKm.primarySchool', vary: (n) => `/api/communes/09.581.03.05/douars?sort=-distancesKm.primarySchool&_=${n}` },
  { name: 'one douar, uncached', path: '/api/douars/0510301201001', vary: (n) => `/api/douars/0510301201001?_=${n}` },
  // "Uncached" above asks for the same content under new URLs: a page's rows and counts are
  // then compressed once (docs/design.md, "Shared heads"). These ask for new content each time.
  { name: 'computed sort, new content', path: `/api/communes?sort=-density&${populationRange(0)}`, vary: (n) => `/api/communes?sort=-density&${populationRange(n)}` },
  { name: 'sorted by a figure, new content', path: `/api/communes?sort=-economy.per1000.jobs&${populationRange(0)}`, vary: (n) => `/api/communes?sort=-economy.per1000.jobs&${populationRange(n)}` },
];
const routeNames = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const routes = routeNames ? allRoutes.filter((route) => routeNames.some((name) => route.name.includes(name))) : allRoutes;

/** Runs every route (or those given) on two servers in alternating runs; medians of each side. */
async function compare(a, b, only = routes) {
  const results = new Map();
  for (const route of only) {
    const runs = { a: [], b: [] };
    const paired = { rps: [], cpu: [] };
    // One unmeasured run on each side first: a fresh process compiles its path for a few
    // seconds (a fresh cluster gateway answered new content at a third of its later rate).
    await loadOnce(a.base, route, seconds, a.pid);
    await loadOnce(b.base, route, seconds, b.pid);
    // Each side goes first in every other round: a run right after the other side's measured
    // lower or higher by up to 5% (same code on both sides), a bias the medians then cancel.
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [a, b] : [b, a];
      for (const side of order) runs[side === a ? 'a' : 'b'].push(await loadOnce(side.base, route, seconds, side.pid));
      const [ra, rb] = [runs.a.at(-1), runs.b.at(-1)];
      paired.rps.push(rb.rps / ra.rps);
      paired.cpu.push(ra.cpuMsPerRequest / rb.cpuMsPerRequest);
    }
    const summary = (list) => ({ rps: median(list.map((r) => r.rps)), cpu: median(list.map((r) => r.cpuMsPerRequest)), p50: median(list.map((r) => r.p50)), p99: median(list.map((r) => r.p99)), errors: list.reduce((n, r) => n + r.errors, 0) });
    // Ratios are the medians of each round's pair (two runs seconds apart), not the ratio of
    // the medians: a drift of the machine over the minute a route takes then cancels out.
    results.set(route.name, { a: summary(runs.a), b: summary(runs.b), rpsRatio: median(paired.rps), cpuRatio: median(paired.cpu) });
  }
  return results;
}

const ms = (value) => `${value.toFixed(3)}`;

// In the HTTP part the load generator (this process) runs on CPU 0 and the server under test
// on CPU 1, when there are two CPUs and taskset: otherwise the scheduler moves them about and
// the same server's CPU per request wandered by a quarter from one run to the next.
// BENCH_PIN=0 turns it off.
const allCpus = `0-${cpus().length - 1}`;
const canPin = process.env.BENCH_PIN !== '0' && cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
/** Every thread of `pid` on `cpuList` (a taskset list: "0", "1", "0-1"). */
const pin = (pid, cpuList) => canPin && spawnSync('taskset', ['-a', '-pc', cpuList, String(pid)], { stdio: 'ignore' }).status === 0;

let embedded;
if (parts.has('http') || parts.has('cluster')) embedded = await startEmbedded();
try {
  if (parts.has('http')) {
    // The raw baseline answers with exactly what the embedded server answered once. Every
    // route is asked, even when BENCH_ROUTES picks some: the server then holds what every
    // route loads, as in a whole run, and a part measures what the whole would.
    const answers = [];
    for (const route of allRoutes) {
      // node:http, not fetch: the body as sent (compressed), not decoded.
      const response = await new Promise((done, fail) => get(`${embedded.base}${route.path}`, { headers: { 'accept-encoding': 'br' } }, done).on('error', fail));
      const chunks = [];
      for await (const chunk of response) chunks.push(chunk);
      const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)));
      answers.push({ url: route.path, status: response.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
    }
    const file = join(mkdtempSync(join(tmpdir(), 'mc-bench-')), 'answers.json');
    writeFileSync(file, JSON.stringify(answers));
    const rawPort = nextPort++;
    const raw = await startProcess(['bench/raw-server.mjs', file, String(rawPort)], process.env, `http://127.0.0.1:${rawPort}${routes[0].path}`);
    const pinned = pin(process.pid, '0') && pin(raw.child.pid, '1') && pin(embedded.child.pid, '1');
    try {
      console.log(`HTTP: the embedded server against a raw node:http server writing the same bytes (autocannon, 10 connections, br; one warm-up run, then medians of ${rounds} alternating ${seconds} s runs; ${pinned ? 'load generator on CPU 0, each server on CPU 1' : 'not pinned to CPUs'})`);
      console.log(`resident memory after one request of each route: raw ${mib(rssMiB(raw.child.pid))}, embedded ${mib(rssMiB(embedded.child.pid))}`);
      console.log('| route | raw req/s | ours req/s | ratio | raw CPU ms/req | ours CPU ms/req | CPU ratio | ours p50/p99 ms | errors |');
      console.log('|---|---|---|---|---|---|---|---|---|');
      const results = await compare({ base: `http://127.0.0.1:${rawPort}`, pid: raw.child.pid }, { base: embedded.base, pid: embedded.child.pid });
      for (const route of routes) {
        const { a, b, rpsRatio, cpuRatio } = results.get(route.name);
        console.log(`| ${route.name} \`${route.path}\` | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${rpsRatio.toFixed(2)} | ${ms(a.cpu)} | ${ms(b.cpu)} | ${cpuRatio.toFixed(2)} | ${b.p50}/${b.p99} | ${b.errors} |`);
      }
      const staticRate = results.get('static file')?.b.rps;
      const geoRoutes = ['at', 'at, 600 points', 'near'].filter((n) => results.has(n));
      if (staticRate && geoRoutes.length > 0) console.log(`at and near against our static-file rate: ${geoRoutes.map((n) => `${n} ${(results.get(n).b.rps / staticRate).toFixed(2)}`).join(', ')}`);
      console.log(`resident memory after the runs: raw ${mib(rssMiB(raw.child.pid))}, embedded ${mib(rssMiB(embedded.child.pid))}\n`);
      // What a ratio means: the raw server against a second copy of itself, run the same way.
      // Any ratio this far from 1.0 says nothing about our code.
      // A small body, a large one, and a cached computed page.
      const noiseRoutes = routes.filter((route) => ['static file', 'static page (50 communes)', 'computed sort'].includes(route.name));
      if (noiseRoutes.length === 0) noiseRoutes.push(routes[0]);
      const rawTwinPort = nextPort++;
      const rawTwin = await startProcess(['bench/raw-server.mjs', file, String(rawTwinPort)], process.env, `http://127.0.0.1:${rawTwinPort}${routes[0].path}`);
      try {
        pin(rawTwin.child.pid, '1');
        const noise = await compare({ base: `http://127.0.0.1:${rawPort}`, pid: raw.child.pid }, { base: `http://127.0.0.1:${rawTwinPort}`, pid: rawTwin.child.pid }, noiseRoutes);
        console.log('noise floor: the raw server against a copy of itself, the same way');
        console.log('| route | req/s ratio | CPU ratio |');
        console.log('|---|---|---|');
        for (const route of noiseRoutes) {
          const { rpsRatio, cpuRatio } = noise.get(route.name);
          console.log(`| ${route.name} | ${rpsRatio.toFixed(2)} | ${cpuRatio.toFixed(2)} |`);
        }
        console.log('');
      } finally {
        rawTwin.child.kill('SIGKILL');
      }
    } finally {
      raw.child.kill('SIGKILL');
      // The cluster part spreads its processes over every CPU, as a machine would.
      pin(process.pid, allCpus);
      pin(embedded.child.pid, allCpus);
    }
  }

  // 5. The same routes in cluster mode: gateway → catalog / search / two geo replicas → Redis.
  if (parts.has('cluster')) {
    const stack = await startStack({ datasetDir, buildRoot, logLevel: 'warn' });
    try {
      const names = ['gateway', 'catalog', 'search', 'geo-1', 'geo-2'];
      console.log(`cluster mode (npm run stack), resident memory after start: ${names.map((n) => `${n} ${mib(rssMiB(stack.pid(n)))}`).join(', ')}`);
      console.log(`HTTP through the gateway against the embedded server (one warm-up run, then medians of ${rounds} alternating ${seconds} s runs; CPU is the gateway's alone)`);
      console.log('| route | embedded req/s | cluster req/s | ratio | cluster p50/p99 ms | errors |');
      console.log('|---|---|---|---|---|---|');
      const results = await compare({ base: embedded.base, pid: embedded.child.pid }, { base: stack.gatewayUrl, pid: stack.pid('gateway') });
      for (const route of routes) {
        const { a, b, rpsRatio } = results.get(route.name);
        console.log(`| ${route.name} | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${rpsRatio.toFixed(2)} | ${b.p50}/${b.p99} | ${b.errors} |`);
      }
      console.log(`resident memory after the runs: ${names.map((n) => `${n} ${mib(rssMiB(stack.pid(n)))}`).join(', ')}`);
    } finally {
      await stack.stop();
    }
  }
} finally {
  embedded?.child.kill('SIGTERM');
}
