import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { parseJsonText, runEtl } from '../src/index.js';
import { BUILDS_KEPT, buildDamage, buildIdFor, findBuild, removeOldBuilds } from '../src/build-identity.js';
import { DATASET_DIR, copyDataset, sharedBuild, tempDir } from './support.js';

describe('a build is named by what made it', () => {
  it('by the dataset bytes: an edited dataset of the same version is another build', () => {
    const id = buildIdFor(DATASET_DIR, '1.10.0');
    assert.match(id, /^1\.10\.0-[0-9a-f]{12}$/);
    assert.equal(basename(sharedBuild().dir), id);
    const copy = copyDataset();
    assert.equal(buildIdFor(copy, '1.10.0'), id, 'the same bytes elsewhere are the same build');
    const sources = JSON.parse(readFileSync(join(copy, 'sources.json'), 'utf8'));
    sources.sources[0].retrievedAt = '2026-01-01';
    writeFileSync(join(copy, 'sources.json'), JSON.stringify(sources));
    assert.notEqual(buildIdFor(copy, '1.10.0'), id);
  });
});

describe('a start finds its build without the ETL (findBuild)', () => {
  it('by a stamp of the dataset files, hashing the dataset once; an edited file is another stamp and another build', () => {
    const root = tempDir('mc-find-');
    const dir = join(root, basename(sharedBuild().dir));
    cpSync(sharedBuild().dir, dir, { recursive: true });
    const copy = copyDataset();
    assert.deepEqual(findBuild(copy, root), { datasetVersion: '1.10.0', dir });
    const stamps = readdirSync(join(root, '.stamps'));
    assert.equal(stamps.length, 1);
    assert.equal(readFileSync(join(root, '.stamps', stamps[0]!), 'utf8'), basename(dir));
    assert.deepEqual(findBuild(copy, root), { datasetVersion: '1.10.0', dir }, 'the second start reads the stamp');
    assert.equal(readdirSync(join(root, '.stamps')).length, 1);
    const sources = join(copy, 'sources.json');
    writeFileSync(sources, readFileSync(sources, 'utf8').replace('"retrievedAt": "', '"retrievedAt": "1'));
    utimesSync(sources, new Date(), new Date(Date.now() + 5000));
    assert.equal(findBuild(copy, root), null, 'an edited dataset has no build yet: the ETL runs');
    assert.equal(readdirSync(join(root, '.stamps')).length, 2);
  });

  it('refuses a build cut short or missing a file, and a folder that is no dataset', () => {
    const root = tempDir('mc-find-short-');
    const dir = join(root, basename(sharedBuild().dir));
    cpSync(sharedBuild().dir, dir, { recursive: true });
    assert.equal(buildDamage(dir, 'sizes'), null);
    const file = join(dir, 'static/api/communes/01.511.01.0.json');
    const size = readFileSync(file).length;
    truncateSync(file, 100);
    assert.equal(buildDamage(dir, 'sizes'), `/api/communes/01.511.01.0.json has 100 bytes, its manifest says ${size}`);
    assert.equal(findBuild(DATASET_DIR, root), null);
    assert.equal(findBuild(tempDir('mc-no-dataset-'), root), null);
  });
});

describe('a damaged build', () => {
  it('is detected by its hashes, rebuilt rather than served, and stale staging folders go', () => {
    const root = tempDir('mc-damaged-');
    const dir = join(root, basename(sharedBuild().dir));
    cpSync(sharedBuild().dir, dir, { recursive: true });
    assert.equal(buildDamage(dir), null);
    const file = join(dir, 'static/api/communes/01.511.01.0.json');
    const original = readFileSync(file);
    const damaged = Buffer.from(original);
    damaged[20] = damaged[20] === 0x41 ? 0x42 : 0x41; // same size, other bytes
    writeFileSync(file, damaged);
    assert.equal(buildDamage(dir), '/api/communes/01.511.01.0.json does not hash to its manifest ETag');
    mkdirSync(join(root, `${basename(dir)}.staging-999999`)); // left by an ETL that was killed
    mkdirSync(join(root, '1.10.0-aaaaaaaaaaaa.removing-999998')); // a removal a killed ETL left half done
    const lines: string[] = [];
    const result = runEtl({ datasetDir: DATASET_DIR, buildRoot: root, log: (l) => lines.push(l) });
    assert.equal(result.skipped, false);
    assert.ok(lines.some((l) => l.includes('is damaged (/api/communes/01.511.01.0.json does not hash to its manifest ETag); building it again')), lines.join('\n'));
    assert.deepEqual(readFileSync(file), original);
    assert.deepEqual(readdirSync(root), [basename(dir)]);
  });
});

describe('two ETL processes on one empty BUILD_DIR', () => {
  it('both succeed, each reading a whole build as it finishes, and leave one build, nothing else', async () => {
    const root = tempDir('mc-race-');
    // As `npm start` does: build (or find) the dataset, then read the build at once.
    const script = `import { buildDamage, runEtl } from '@mc/etl';
      const build = runEtl({ datasetDir: process.env.DATASET_DIR, buildRoot: process.env.BUILD_DIR });
      const damage = buildDamage(build.dir); if (damage) { console.error(damage); process.exit(1); }`;
    const run = () =>
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, DATASET_DIR, BUILD_DIR: root }, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr!.on('data', (c) => (stderr += c));
        child.on('exit', (code) => done({ code, stderr }));
      });
    const [a, b] = await Promise.all([run(), run()]);
    assert.deepEqual([a.code, b.code], [0, 0], `${a.stderr}\n${b.stderr}`);
    const left = readdirSync(root);
    assert.equal(left.length, 1, left.join(', '));
    assert.equal(buildDamage(join(root, left[0]!)), null);
    assert.ok(existsSync(join(root, left[0]!, 'search-docs.json')));
  });
});

describe('start-up errors name what is wrong', () => {
  it('a truncated or broken JSON file, by file, line and column', () => {
    const dir = copyDataset();
    const path = join(dir, 'attributes/communes.json');
    writeFileSync(path, readFileSync(path).subarray(0, 870_949));
    assert.throws(() => runEtl({ datasetDir: dir, buildRoot: tempDir('mc-bad-') }), /: attributes\/communes\.json is not valid JSON: it ends at line \d+ in the middle of a value \(truncated\?\)$/m);
    assert.throws(() => parseJsonText('{"a": 1,\n  "b": 2,\n}', 'x.json'), { message: 'x.json is not valid JSON at line 3, column 1: Expected double-quoted property name' });
    assert.throws(() => parseJsonText('{"a": 1,\n  "b": ]}', 'x.json'), { message: "x.json is not valid JSON: Unexpected token ']'" });
  });

  it('a CSV row of the wrong length, by file and line', () => {
    const dir = copyDataset();
    const path = join(dir, 'economy/establishments.csv');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[5] = lines[5]!.split(',').slice(0, -2).join(',');
    writeFileSync(path, lines.join('\n'));
    assert.throws(() => runEtl({ datasetDir: dir, buildRoot: tempDir('mc-bad-') }), /economy\/establishments\.csv line 6: .*columns length is \d+, got \d+/);
  });

  it('a BUILD_DIR that cannot hold a build, before any work', () => {
    const file = join(tempDir('mc-bad-'), 'a-file');
    writeFileSync(file, '');
    const lines: string[] = [];
    assert.throws(() => runEtl({ datasetDir: DATASET_DIR, buildRoot: join(file, 'builds'), log: (l) => lines.push(l) }), /^BuildRootError: BUILD_DIR .*a-file\/builds can't hold a build: ENOTDIR$/m);
    assert.deepEqual(lines, [], 'nothing was read or built first');
  });
});

describe('a build folder does not only grow (removeOldBuilds)', () => {
  it(`keeps the build just written and the ${BUILDS_KEPT - 1} newest others, and touches nothing that is not a build`, async () => {
    const root = tempDir('mc-prune-');
    const build = (name: string, minutesAgo: number | null) => {
      mkdirSync(join(root, name), { recursive: true });
      if (minutesAgo === null) return;
      writeFileSync(join(root, name, 'manifest.json'), '{}');
      const time = new Date(Date.now() - minutesAgo * 60_000);
      utimesSync(join(root, name, 'manifest.json'), time, time);
    };
    build('1.10.0-aaaaaaaaaaaa', 50);
    build('1.10.0-bbbbbbbbbbbb', 40);
    build('1.10.0-cccccccccccc', 30);
    build('1.9.0-dddddddddddd', 20);
    build('1.10.0-eeeeeeeeeeee', 60); // the one just written: kept however old its manifest
    build('1.10.0', 70); // a build of the layout before digests
    build('1.10.0-ffffffffffff', null); // no manifest: not a build (or not yet one)
    build('1.10.0-aaaaaaaaaaaa.staging-12345', 1);
    build('.stamps', null);
    build('notes', 5);
    const removed: string[] = [];
    const removing = removeOldBuilds(root, join(root, '1.10.0-eeeeeeeeeeee'), (line) => removed.push(line));
    // Renamed aside at once, under no build's name; gone when the promise settles.
    assert.ok(!readdirSync(root).some((name) => ['1.10.0-aaaaaaaaaaaa', '1.10.0-bbbbbbbbbbbb', '1.10.0'].includes(name)));
    await removing;
    assert.deepEqual(readdirSync(root).sort(), ['.stamps', '1.10.0-aaaaaaaaaaaa.staging-12345', '1.10.0-cccccccccccc', '1.10.0-eeeeeeeeeeee', '1.10.0-ffffffffffff', '1.9.0-dddddddddddd', 'notes']);
    assert.deepEqual(removed.sort(), ['1.10.0', '1.10.0-aaaaaaaaaaaa', '1.10.0-bbbbbbbbbbbb'].map((name) => `etl: removed the older build ${name}`));
  });
});
