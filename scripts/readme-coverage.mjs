// `npm run readme:coverage`: rewrites the README's coverage section from the build of the
// dataset in DATASET_DIR (built first if needed), so the README says what the data holds.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR, formatCoverage, runEtl } from '@mc/etl';

const build = runEtl({ datasetDir: resolve(process.env.DATASET_DIR || DEFAULT_DATASET_DIR), buildRoot: process.env.BUILD_DIR || DEFAULT_BUILD_ROOT });
const coverage = JSON.parse(readFileSync(join(build.dir, 'coverage.json'), 'utf8'));
const begin = '<!-- coverage:begin -->';
const end = '<!-- coverage:end -->';
const readme = readFileSync('README.md', 'utf8');
const from = readme.indexOf(begin);
const to = readme.indexOf(end);
if (from < 0 || to < from) {
  console.error(`README.md has no ${begin} … ${end} section`);
  process.exit(1);
}
const section = [`Dataset ${coverage.datasetVersion}: records by family and level (all units, or how many of them).`, '', ...formatCoverage(coverage)];
writeFileSync('README.md', `${readme.slice(0, from + begin.length)}\n${section.join('\n')}\n${readme.slice(to)}`);
console.log(`README.md: coverage of dataset ${coverage.datasetVersion} written`);
