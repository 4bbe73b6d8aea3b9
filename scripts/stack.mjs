// `npm run stack`: cluster mode on this machine. Starts redis-server on a free port, loads the
// dataset into it, then catalog, search, two geo replicas and the gateway as separate
// processes; prints the gateway's URL and each process's lines behind its name. Ctrl-C (or
// any exit) stops them all. `npm start` stays the one-process embedded mode.
import { resolve } from 'node:path';
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR } from '@mc/etl';
import { startStack } from '@mc/test-support';

const width = 8;
const stack = await startStack({
  datasetDir: resolve(process.env.DATASET_DIR || DEFAULT_DATASET_DIR),
  buildRoot: process.env.BUILD_DIR || DEFAULT_BUILD_ROOT,
  gatewayPort: Number(process.env.PORT || 3000),
  logLevel: process.env.LOG_LEVEL || 'info',
  log: (name, line) => console.log(`${name.padEnd(width)}| ${line}`),
}).catch((error) => {
  console.error(`stack: ${error.message}`);
  process.exit(1);
});
console.log(`stack: redis ${stack.redis.url}; ${Object.entries(stack.ports).map(([n, p]) => `${n} :${p}`).join(', ')}`);
console.log(`stack: ready, gateway at ${stack.gatewayUrl}/api/version.json (Ctrl-C stops everything)`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
