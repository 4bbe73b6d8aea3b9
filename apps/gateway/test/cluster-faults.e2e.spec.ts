/**
 * Cluster mode under faults, with real processes and a real redis-server: a geo replica
 * killed, Redis stopped and restarted, a new dataset version loaded, all while requests flow.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadRedis, makeWritable } from '@mc/etl';
import { DATASET_DIR, freePort, scratchDir, startRedis, startStack, testBuildDir, testBuildRoot, type Stack } from '@mc/test-support';
import { Redis } from 'ioredis';

let stack: Stack;
before(async () => {
  stack = await startStack({ datasetDir: DATASET_DIR, buildRoot: testBuildRoot(), pollMs: 300, log: process.env.DEBUG ? (name, line) => console.error(`${name} | ${line}`) : undefined });
});
after(() => stack?.stop());

const units = JSON.parse(readFileSync(join(testBuildDir(), 'units.json'), 'utf8')).units as Array<{ code: string; level: string }>;
const communes = units.filter((u) => u.level === 'commune').map((u) => u.code);
const get = (path: string) => fetch(`${stack.gatewayUrl}${path}`);
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** Requests `next()`'s paths from `workers` loops until `stop` resolves; every answer is checked. */
async function steadyLoad(workers: number, next: (i: number) => string, stop: Promise<unknown>, check: (path: string, res: Response, body: Buffer) => string | null) {
  let done = false;
  void stop.then(() => (done = true));
  const failures: string[] = [];
  let count = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done && failures.length < 20) {
        const path = next(count++);
        try {
          const res = await get(path);
          const problem = check(path, res, Buffer.from(await res.arrayBuffer()));
          if (problem) failures.push(problem);
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
      }
    }),
  );
  return { failures, count };
}

describe('cluster mode under faults', () => {
  it('loses no request when a geo replica is killed', async () => {
    const geoPaths = (i: number) => {
      const code = communes[i % communes.length]!;
      const lat = 30 + (i % 500) / 100;
      return [`/api/communes/${code}/boundary.geojson`, `/api/communes/at?lat=${lat}&lng=-7.5`, `/api/communes/near?lat=${lat}&lng=-6.${i}`, `/api/communes/${code}/neighbours`][i % 4]!;
    };
    const killed = sleep(400).then(() => stack.kill('geo-1')).then(() => sleep(1500));
    const { failures, count } = await steadyLoad(6, geoPaths, killed, (path, res) => (res.status === 200 || (res.status === 404 && path.includes('/at?')) ? null : `${path}: ${res.status}`));
    assert.deepEqual(failures, []);
    assert.ok(count > 100, `${count} requests`);
    await stack.start('geo-1');
  });

  it('answers 503 problems within a second while Redis is down, and recovers when it is back', async () => {
    const admin = new Redis(stack.redis.url);
    await admin.save(); // the restarted server reads this dump, as a persistent Redis would
    admin.disconnect();
    await stack.redis.stop();
    const untouched = communes.slice(700, 720);
    for (const code of untouched.slice(0, 10)) {
      const started = performance.now();
      const res = await get(`/api/communes/${code}`);
      const elapsed = performance.now() - started;
      assert.equal(res.status, 503, `${code}: ${await res.clone().text()}`);
      assert.match(res.headers.get('content-type')!, /^application\/problem\+json/);
      assert.equal(res.headers.get('retry-after'), '2');
      assert.ok(elapsed < 1000, `${code}: ${elapsed.toFixed(0)} ms`);
      assert.match(((await res.json()) as { detail: string }).detail, /catalog/);
    }
    assert.equal((await get('/readyz')).status, 503);
    await stack.redis.start();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await get(`/api/communes/${untouched[15]}`)).status;
      if (status !== 200) await sleep(200);
    }
    assert.equal(status, 200, 'the catalog reads Redis again without a restart');
    assert.equal((await get('/readyz')).status, 200);
  });

  it('answers a 503 problem at its deadline while the catalog hangs, and answers again once it wakes', async () => {
    // A new URL each time: nothing the gateway keeps can answer it.
    const path = '/api/communes?sort=-density&min_population=4321&max_population=54321';
    process.kill(stack.pid('catalog')!, 'SIGSTOP');
    try {
      const started = performance.now();
      const res = await get(path);
      const elapsed = performance.now() - started;
      assert.equal(res.status, 503, await res.clone().text());
      assert.match(res.headers.get('content-type')!, /^application\/problem\+json/);
      assert.match(((await res.json()) as { detail: string }).detail, /the catalog service did not answer/);
      // The stack's deadline is 1,500 ms, retry included: far less than a hang.
      assert.ok(elapsed < 5000, `${elapsed.toFixed(0)} ms`);
    } finally {
      process.kill(stack.pid('catalog')!, 'SIGCONT');
    }
    const res = await get(path);
    assert.equal(res.status, 200, await res.clone().text());
    const page = (await res.json()) as { data: Array<{ population: { '2024': { total: number } } }> };
    assert.ok(page.data.length > 0 && page.data.every((c) => c.population['2024'].total >= 4321 && c.population['2024'].total <= 54321));
  });

  it('switches every replica to a new dataset version while requests flow, never mixing two', async () => {
    const copy = join(scratchDir('mc-next-version-'), 'v1');
    cpSync(DATASET_DIR, copy, { recursive: true });
    makeWritable(copy);
    const sources = JSON.parse(readFileSync(join(copy, 'sources.json'), 'utf8'));
    writeFileSync(join(copy, 'sources.json'), JSON.stringify({ ...sources, datasetVersion: '1.10.1' }));
    const paths = ['/api/version.json', '/api/communes/tanger', '/api/communes?sort=-population&page=2', '/api/search?q=fes', '/api/communes/near?lat=34&lng=-6.8', '/api/communes/tanger/boundary'];
    const seen = new Set<string>();
    const loaded = stack.load(copy, scratchDir('mc-next-build-')).then(() => sleep(1500));
    const { failures } = await steadyLoad(4, (i) => paths[i % paths.length]!, loaded, (path, res, body) => {
      if (res.status !== 200) return `${path}: ${res.status}`;
      const parsed = JSON.parse(body.toString('utf8'));
      const version = path.endsWith('boundary') ? null : parsed.meta.datasetVersion;
      if (version !== null) seen.add(version);
      if (version !== null && version !== '1.10.0' && version !== '1.10.1') return `${path}: version ${version}`;
      if (path === '/api/version.json' && parsed.data.sources.datasetVersion !== version) return `${path}: body of ${parsed.data.sources.datasetVersion} under ${version}`;
      return null;
    });
    assert.deepEqual(failures, []);
    assert.deepEqual([...seen].sort(), ['1.10.0', '1.10.1']);
    for (const name of ['catalog', 'search', 'geo-1', 'geo-2'] as const) {
      const status = await (await fetch(`http://127.0.0.1:${stack.ports[name]}/internal/v1/status`)).json();
      assert.deepEqual(status, { ready: true, datasetVersion: '1.10.1' }, name);
    }
    const near = (await (await get('/api/communes/near?lat=33&lng=-7&limit=3')).json()) as { meta: { datasetVersion: string } };
    assert.equal(near.meta.datasetVersion, '1.10.1');
  });
});

describe('a service before its dataset', () => {
  it('is not ready (503) until the ETL has loaded Redis, then ready without a restart', async () => {
    const redis = await startRedis();
    const port = await freePort();
    const catalog = spawn(process.execPath, ['apps/catalog/dist/src/main.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: redis.url, POLL_MS: '200', LOG_LEVEL: 'silent' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      let ready: Response | undefined;
      for (let i = 0; i < 100 && !ready; i++) ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => sleep(100).then(() => undefined));
      assert.equal(ready!.status, 503);
      assert.match(JSON.stringify(await ready!.json()), /mc:current is unset/);
      const lookup = await fetch(`http://127.0.0.1:${port}/internal/v1/lookup/api/regions.json`);
      assert.equal(lookup.status, 503);
      const client = new Redis(redis.url);
      await loadRedis(client, { buildDir: testBuildDir() });
      client.disconnect();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
        if (status !== 200) await sleep(100);
      }
      assert.equal(status, 200);
    } finally {
      catalog.kill('SIGKILL');
      await redis.stop();
    }
  });
});
