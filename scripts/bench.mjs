// `npm run bench`: speed and memory figures (never asserted by tests).
//  1. search, in process, embedded engine, one core: 200 fixed real queries, p50/p99, throughput;
//  2. HTTP, the embedded server in its own process, loaded with autocannon on loopback.
// Every loop is bounded in count and in time. Figures go to docs/performance.md by hand.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { runEtl } from '@mc/etl';
import { createSearchService } from '@mc/search';

const datasetDir = resolve(process.env.DATASET_DIR || '../shared/dataset/v1');
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
for (let pass = 0; pass < 3; pass++) for (const q of queries) await service.search({ q, levels: null, limit: 10 });
const samples = [];
const passes = 25;
const started = process.hrtime.bigint();
for (let pass = 0; pass < passes; pass++) {
  for (const q of queries) {
    const t0 = process.hrtime.bigint();
    await service.search({ q, levels: null, limit: 10 });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
samples.sort((a, b) => a - b);
console.log('search (embedded engine, in process, 1 core)');
console.log(`  ${samples.length} searches of ${queries.length} queries: p50 ${fmt(quantile(samples, 0.5))}, p99 ${fmt(quantile(samples, 0.99))}, max ${fmt(samples.at(-1))}`);
console.log(`  throughput ${(samples.length / seconds).toFixed(0)} searches/s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, rss +${((process.memoryUsage().rss - rss0) / 2 ** 20).toFixed(0)} MiB\n`);

// 2. HTTP
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
  // A changing unknown parameter defeats the response cache: the cost of a first answer.
  ['computed sort, uncached', '/api/communes?sort=-density&page=3', true],
  ['search, uncached', '/api/search?q=sidi&limit=10', true],
];
console.log('HTTP (embedded server in its own process; autocannon, 10 connections, 5 s a route)');
console.log('| route | requests/s | p50 | p99 | errors |');
console.log('|---|---|---|---|---|');
try {
  for (const [name, path, uncached] of routes) {
    let counter = 0;
    const requests = uncached ? [{ setupRequest: (req) => ({ ...req, path: `${path}&_=${counter++}` }) }] : undefined;
    const result = await new Promise((done, fail) => {
      const options = { url: `http://127.0.0.1:${port}${path}`, connections: 10, duration: 5, maxOverallRequests: 200_000, headers: { 'accept-encoding': 'br' }, requests };
      const instance = autocannon(options, (err, res) => (err ? fail(err) : done(res)));
      setTimeout(() => instance.stop(), 30_000).unref();
    });
    console.log(`| ${name} \`${path}\` | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.errors + result.non2xx} |`);
  }
} finally {
  server.kill('SIGTERM');
}
