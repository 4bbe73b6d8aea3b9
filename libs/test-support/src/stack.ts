/**
 * Cluster mode on one machine: a redis-server, the dataset loaded into it by the ETL, then the
 * catalog, search, geo (two replicas) and gateway as separate processes, each on a free port.
 * `npm run stack` runs it for people; the parity and fault tests run it for themselves.
 * Children are tied to this process by an IPC channel: they exit when it does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { freePort } from './ports.js';
import { startRedis, type RedisServer } from './redis.js';

export type StackProcess = 'catalog' | 'search' | 'geo-1' | 'geo-2' | 'gateway';

export interface StackOptions {
  datasetDir: string;
  buildRoot: string;
  /** An existing Redis; otherwise one is started. */
  redis?: RedisServer;
  gatewayPort?: number;
  /** How often replicas look at mc:current. */
  pollMs?: number;
  /** Each line a process prints, with its name. */
  log?: (name: string, line: string) => void;
  logLevel?: string;
  /** The gateway's PUBLIC_BASE_URL (problem type links). */
  publicBaseUrl?: string;
}

export interface Stack {
  gatewayUrl: string;
  redis: RedisServer;
  ports: Record<StackProcess, number>;
  /** The process id of one app, while it runs. */
  pid(name: StackProcess): number | undefined;
  /** Kills one process at once (SIGKILL), as a crashed pod. */
  kill(name: StackProcess): Promise<void>;
  /** Starts a stopped process again on its port and waits until it is ready. */
  start(name: StackProcess): Promise<void>;
  /** Loads a dataset into the stack's Redis with the ETL (`npm run etl -- --redis`), in a child process. */
  load(datasetDir: string, buildRoot: string): Promise<void>;
  stop(): Promise<void>;
}

const ENTRY: Record<StackProcess, string> = {
  catalog: 'apps/catalog/dist/src/main.js',
  search: 'apps/search/dist/src/main.js',
  'geo-1': 'apps/geo/dist/src/main.js',
  'geo-2': 'apps/geo/dist/src/main.js',
  gateway: 'apps/gateway/dist/src/main.js',
};
const ORDER: readonly StackProcess[] = ['catalog', 'search', 'geo-1', 'geo-2', 'gateway'];

async function waitReady(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

/**
 * The V8 flags every server process runs with: `npm start`'s (package.json config.node_flags),
 * which the images set as NODE_OPTIONS. Read from the working directory, the repository's root.
 */
export function serverNodeFlags(): string[] {
  const flags = (JSON.parse(readFileSync('package.json', 'utf8')) as { config?: { node_flags?: string } }).config?.node_flags ?? '';
  return flags.split(' ').filter(Boolean);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  const redis = options.redis ?? (await startRedis());
  const ownRedis = options.redis === undefined;
  const ports = {} as Record<StackProcess, number>;
  for (const name of ORDER) ports[name] = name === 'gateway' && options.gatewayPort !== undefined ? options.gatewayPort : await freePort();
  const url = (name: StackProcess) => `http://127.0.0.1:${ports[name]}`;
  const children = new Map<StackProcess, ChildProcess>();

  const load = async (datasetDir: string, buildRoot: string) => {
    const etl = spawn(process.execPath, ['tools/etl/dist/src/main.js'], { env: { ...process.env, DATASET_DIR: datasetDir, BUILD_DIR: buildRoot, REDIS_URL: redis.url }, stdio: ['ignore', 'pipe', 'pipe'] });
    const errors: string[] = [];
    createInterface({ input: etl.stdout! }).on('line', (line) => log('etl', line));
    createInterface({ input: etl.stderr! }).on('line', (line) => (errors.push(line), log('etl', line)));
    const code = await new Promise<number | null>((done) => etl.once('exit', done));
    if (code !== 0) throw new Error(`the ETL could not load Redis: ${errors.join(' ')}`);
  };

  const envOf = (name: StackProcess): NodeJS.ProcessEnv => {
    const common = { ...process.env, HOST: '127.0.0.1', PORT: String(ports[name]), LOG_LEVEL: options.logLevel ?? 'warn', POLL_MS: String(options.pollMs ?? 1000) };
    if (name !== 'gateway') return { ...common, REDIS_URL: redis.url, GEO_BUILD_DIR: '' };
    return { ...common, CATALOG_URL: url('catalog'), SEARCH_URL: url('search'), GEO_URL: `${url('geo-1')},${url('geo-2')}`, UPSTREAM_TIMEOUT_MS: '1500', PUBLIC_BASE_URL: options.publicBaseUrl ?? '' };
  };

  const start = async (name: StackProcess) => {
    const child = spawn(process.execPath, [...serverNodeFlags(), ENTRY[name]], { env: envOf(name), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    children.set(name, child);
    for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => log(name, line));
    await waitReady(url(name), 30_000, child);
  };

  const kill = async (name: StackProcess) => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  };

  const stop = async () => {
    await Promise.all(ORDER.map((name) => kill(name)));
    if (ownRedis) await redis.stop();
  };

  try {
    await load(options.datasetDir, options.buildRoot);
    await Promise.all(ORDER.filter((n) => n !== 'gateway').map(start));
    await start('gateway');
  } catch (error) {
    await stop();
    throw error;
  }
  return { gatewayUrl: url('gateway'), redis, ports, pid: (name) => children.get(name)?.pid, kill, start, load, stop };
}
