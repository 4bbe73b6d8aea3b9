import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { REDIS_KEYS, buildKeys, parseSort, type BuildManifest, type CommuneListQuery } from '@mc/contracts';
import { loadRedis, RedisLoadError } from '@mc/etl';
import { scratchDir, startRedis, testBuildDir, testBuildRoot, type RedisServer } from '@mc/test-support';
import { Redis } from 'ioredis';
import { BuildNotLoadedError, CatalogService, BuildFolderStore, RedisStore } from '../src/index.js';

let server: RedisServer;
let redis: Redis;
const buildDir = testBuildDir();
const manifest = JSON.parse(readFileSync(join(buildDir, 'manifest.json'), 'utf8')) as BuildManifest;

before(async () => {
  server = await startRedis();
  redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
});
after(async () => {
  redis.disconnect();
  await server.stop();
});
beforeEach(() => redis.flushall());

/** The same build under another dataset version: its own manifest, the other files shared. */
function variant(datasetVersion: string): string {
  const dir = join(scratchDir('mc-variant-'), datasetVersion);
  mkdirSync(dir);
  for (const name of readdirSync(buildDir)) if (name !== 'manifest.json') symlinkSync(join(buildDir, name), join(dir, name));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, datasetVersion }));
  return dir;
}

describe('the Redis loader', () => {
  it('loads a build, verifies it, and flips mc:current to it; a second load reuses it', async () => {
    const first = await loadRedis(redis, { buildDir });
    assert.match(first.buildId, /^1\.10\.0-[0-9a-f]{12}$/);
    assert.equal(first.reused, false);
    assert.equal(first.files, Object.keys(manifest.files).length);
    assert.equal(await redis.get(REDIS_KEYS.current), first.buildId);
    const tanger = await redis.hgetBuffer(buildKeys(first.buildId).file('/api/communes/01.511.01.0.json'), 'body');
    assert.deepEqual(tanger, readFileSync(join(buildDir, 'static/api/communes/01.511.01.0.json')));
    const again = await loadRedis(redis, { buildDir });
    assert.deepEqual([again.buildId, again.reused], [first.buildId, true]);
  });

  it('leaves mc:current where it was when the loaded keys do not verify', async () => {
    const good = await loadRedis(redis, { buildDir });
    const other = variant('1.11.0');
    await assert.rejects(
      loadRedis(redis, {
        buildDir: other,
        // Damage one file between the write and the verify step, as a failing disk or a rogue writer would.
        beforeVerify: async () => {
          const [key] = await redis.keys('mc:b:1.11.0-*:f:/api/regions.json');
          await redis.hset(key!, 'body', '{"data":[]}');
        },
      }),
      (error: Error) => {
        assert.ok(error instanceof RedisLoadError);
        assert.match(error.message, /did not verify after loading, so mc:current was not moved: \/api\/regions\.json: its bytes do not hash to its ETag/);
        return true;
      },
    );
    assert.equal(await redis.get(REDIS_KEYS.current), good.buildId);
    // The half-load has no loaded marker, so no reader can open it, and the next load clears it.
    const [half] = (await redis.keys('mc:b:1.11.0-*:units')).map((k) => k.split(':')[2]!);
    await assert.rejects(RedisStore.open(redis, { buildId: half }), BuildNotLoadedError);
    const retried = await loadRedis(redis, { buildDir: other });
    assert.equal(await redis.get(REDIS_KEYS.current), retried.buildId);
  });

  it('keeps the current and the previous build, and deletes older ones once the grace period is over', async () => {
    const a = await loadRedis(redis, { buildDir: variant('2.0.0') });
    const b = await loadRedis(redis, { buildDir: variant('2.1.0'), graceMs: 0 });
    assert.deepEqual(b.removed, [], 'the previous build stays for replicas still reading it');
    const c = await loadRedis(redis, { buildDir: variant('2.2.0'), graceMs: 60_000 });
    assert.deepEqual(c.removed, [], 'a build superseded moments ago is within its grace period');
    const d = await loadRedis(redis, { buildDir: variant('2.3.0'), graceMs: 0 });
    assert.deepEqual(d.removed.sort(), [a.buildId, b.buildId].sort());
    assert.equal((await redis.keys(`mc:b:${a.buildId}:*`)).length, 0);
    assert.ok((await redis.keys(`mc:b:${c.buildId}:*`)).length > 10_000, 'the previous build is whole');
    assert.deepEqual(Object.keys(await redis.hgetall(REDIS_KEYS.builds)).sort(), [c.buildId, d.buildId].sort());
  });

  it('refuses to run beside another loader', async () => {
    await redis.set(REDIS_KEYS.lock, 'another-etl', 'PX', 60_000);
    await assert.rejects(loadRedis(redis, { buildDir }), /another ETL is loading Redis \(mc:lock is held by another-etl\)/);
    assert.equal(await redis.get(REDIS_KEYS.current), null);
  });

  it('runs from the command line with REDIS_URL', () => {
    const run = spawnSync(process.execPath, ['tools/etl/dist/src/main.js'], { env: { ...process.env, BUILD_DIR: testBuildRoot(), REDIS_URL: server.url }, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /etl: redis: mc:current is 1\.10\.0-[0-9a-f]{12}/);
    const down = spawnSync(process.execPath, ['tools/etl/dist/src/main.js', '--redis'], { env: { ...process.env, BUILD_DIR: testBuildRoot(), REDIS_URL: 'redis://127.0.0.1:1' }, encoding: 'utf8' });
    assert.equal(down.status, 1);
    assert.match(down.stderr, /^etl: cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*\n$/);
  });
});

describe('the catalog on Redis', () => {
  it('opens nothing before the ETL has loaded a build', async () => {
    await assert.rejects(RedisStore.open(redis), /Redis holds no build \(mc:current is unset\); run npm run etl -- --redis/);
  });

  it('answers exactly as the catalog in memory: files, ETags, resolution and lists', async () => {
    await loadRedis(redis, { buildDir });
    const store = await RedisStore.open(redis, { cacheBytes: 1024 * 1024 });
    assert.equal(store.datasetVersion, '1.10.0');
    const onRedis = await CatalogService.open(store);
    const inMemory = await CatalogService.open(BuildFolderStore.open(buildDir));
    const paths = Object.keys(manifest.files).filter((_, i) => i % 37 === 0);
    for (const path of [...paths, '/api/regions.json', '/api/communes/12.391.01.01/indicators.json', '/api/nothing.json']) {
      const [a, b] = [await onRedis.file(path), await inMemory.file(path)];
      assert.deepEqual([a?.body, a?.etag, a?.contentType], [b?.body, b?.etag, b?.contentType], path);
    }
    const answer = async (service: CatalogService, path: string) => service.lookup({ path }).then((a) => [a.tier, a.file.path, a.file.etag], (e: Error) => e.message);
    for (const path of ['/api/communes/tanger', '/api/communes/1511010/indicators', '/api/provinces/06.141', '/api/regions/casablanca-settat/communes', '/api/communes/nowhere', '/api/regions/tanger/economy']) {
      assert.deepEqual(await answer(onRedis, path), await answer(inMemory, path), path);
    }
    const queries: CommuneListQuery[] = [
      { sort: parseSort('-population'), page: 2, url: '/api/communes?sort=-population&page=2' },
      { region: '12', sort: parseSort('-labour.unemploymentRate'), page: 1, url: '/api/communes?region=12&sort=-labour.unemploymentRate' },
      { province: '01.511', type: 'rural', sort: parseSort('economy.per1000.jobs'), page: 1, url: '/api/communes?province=01.511&type=rural&sort=economy.per1000.jobs' },
    ];
    for (const query of queries) assert.deepEqual(await onRedis.listCommunes(query), await inMemory.listCommunes(query), query.url);
  });
});
