// Runs every compiled test file with node's test runner (Node 20 takes no globs), after
// building the real dataset once into a folder every test process reads (MC_TEST_BUILD_ROOT).
// Tests that need a broken or changed copy still build their own. Files run in parallel.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const roots = ['libs', 'tools', 'apps'].flatMap((group) =>
  readdirSync(group).map((name) => join(group, name, 'dist', 'test')),
);
const files = [];
const walk = (dir) => {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (entry.endsWith('.spec.js')) files.push(path);
  }
};
roots.forEach(walk);
const filter = process.argv[2];
const selected = filter ? files.filter((f) => f.includes(filter)) : files;
if (selected.length === 0) {
  console.error('no test files found; run `npm run build` first');
  process.exit(1);
}

const buildRoot = mkdtempSync(join(tmpdir(), 'mc-test-run-'));
const cleanUp = () => rmSync(buildRoot, { recursive: true, force: true });
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const etl = spawnSync(process.execPath, ['tools/etl/dist/src/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, BUILD_DIR: buildRoot },
});
if (etl.status !== 0) {
  console.error('the dataset did not build; run `npm run etl` to see why');
  process.exit(1);
}

// The slowest files first, so the last one to finish is not a long one started late.
const weight = (file) => (file.includes('e2e') ? 0 : file.includes('tools/etl') ? 1 : 2);
selected.sort((a, b) => weight(a) - weight(b) || a.localeCompare(b));
const concurrency = Number(process.env.TEST_CONCURRENCY) || Math.max(2, availableParallelism());
const result = spawnSync(
  process.execPath,
  ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...selected],
  { stdio: 'inherit', env: { ...process.env, MC_TEST_BUILD_ROOT: buildRoot } },
);
process.exit(result.status ?? 1);
