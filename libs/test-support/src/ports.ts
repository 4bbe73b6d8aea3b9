/**
 * Ports for the servers tests start, unique across every test process of a run.
 *
 * Asking the kernel for a free port (listen on 0, close) leaves a window in which another
 * process, started by a test file running in parallel, can be handed the same port before our
 * server binds it; the test then talks to someone else's server. So ports are taken below
 * Linux's ephemeral range (32768 and up, where `listen(0)` and client sockets land) and claimed
 * by creating a file exclusively: one claimant per port on the machine. A claim left by a
 * process that died is taken over.
 */
import { mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where ports are looked for and claimed; tests of this module use a range and folder of their own. */
export interface PortPool {
  first: number;
  count: number;
  claimsDir: string;
}

const TEST_PORTS: PortPool = { first: 20_000, count: 12_000, claimsDir: join(tmpdir(), 'mc-test-ports') };
const claimed = new Set<string>();
process.on('exit', () => {
  for (const file of claimed) rmSync(file, { force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the claim file of `port`; false when a live process holds it. */
function claim(claimsDir: string, port: number): boolean {
  const file = join(claimsDir, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      claimed.add(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      // An empty file is a claim being written right now.
      if (!Number.isInteger(holder) || holder === 0 || alive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 nobody listens on and no other test process will be given. */
export function freePort(): Promise<number> {
  return freePortOf(TEST_PORTS);
}

export async function freePortOf({ first, count, claimsDir }: PortPool): Promise<number> {
  mkdirSync(claimsDir, { recursive: true });
  for (let attempt = 0; attempt < Math.max(200, count * 4); attempt++) {
    const port = first + Math.floor(Math.random() * count);
    if (!claim(claimsDir, port)) continue;
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port found from ${first} to ${first + count - 1}`);
}
