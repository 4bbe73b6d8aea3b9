/**
 * `npm run dataset:sync -- <dir> [--ref <commit>]` and `npm run dataset:pull [-- --ref <commit>]`:
 * refresh the dataset this repository carries (DATASET_DIR, data/v1 by default) from a local
 * folder or from the upstream repository. Every failure is one line and exit 1; the dataset
 * folder is replaced only by a complete, checked tree.
 */
import { SingleBar } from 'cli-progress';
import { DEFAULT_DATASET_DIR } from '../etl.js';
import { DEFAULT_MANIFEST } from './dataset-files.js';
import { pullDataset } from './pull.js';
import { syncDataset } from './sync.js';

const [command, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
};
const to = process.env.DATASET_DIR || DEFAULT_DATASET_DIR;
const manifestPath = process.env.DATASET_MANIFEST || DEFAULT_MANIFEST;
const quiet = (line: string) => (line.startsWith('etl: ') && !line.startsWith('etl: checked') ? undefined : console.log(line));

try {
  if (command === 'sync') {
    const from = rest.find((arg, i) => !arg.startsWith('--') && rest[i - 1] !== '--ref');
    if (!from) throw new Error('usage: npm run dataset:sync -- <folder in the data/v1 layout> [--ref <upstream commit>]');
    syncDataset({ from, to, manifestPath, ref: option('--ref') ?? null, log: quiet });
  } else if (command === 'pull') {
    const bar = process.stdout.isTTY ? new SingleBar({ format: 'dataset: [{bar}] {percentage}% | {value}/{total} kB | {file}', hideCursor: true }) : null;
    let started = false;
    let lastFile = -1;
    await pullDataset({
      to,
      manifestPath,
      ref: option('--ref'),
      rawBaseUrl: process.env.DATASET_RAW_URL,
      apiBaseUrl: process.env.DATASET_API_URL,
      log: (line) => (bar && started ? undefined : quiet(line)),
      onProgress: (p) => {
        if (bar) {
          if (!started) bar.start(Math.ceil(p.bytes / 1000), 0, { file: '' });
          started = true;
          bar.update(Math.floor(p.bytesDone / 1000), { file: `${p.filesDone}/${p.files} ${p.current}` });
          if (p.filesDone === p.files) bar.stop();
        } else if (p.filesDone !== lastFile) {
          lastFile = p.filesDone;
          console.log(`dataset: ${p.filesDone}/${p.files} files, ${(p.bytesDone / 1e6).toFixed(1)} of ${(p.bytes / 1e6).toFixed(1)} MB`);
        }
      },
    });
  } else {
    throw new Error('usage: npm run dataset:sync -- <folder> [--ref <commit>] | npm run dataset:pull [-- --ref <commit>]');
  }
} catch (error) {
  console.error(`dataset: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
