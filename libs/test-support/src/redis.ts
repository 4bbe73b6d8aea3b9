/**
 * A real redis-server for integration tests, on a free port of its own, with nothing saved to
 * disk. Stopped when the test process exits; `stop()` and `start()` simulate an outage.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

export interface RedisServer {
  port: number;
  url: string;
  /**
   * Starts it again on the same port, with what the last SAVE wrote (nothing is saved on its
   * own): a test that SAVEs before `stop()` simulates a restart of a persistent Redis.
   */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(200);
    socket.once('data', (data) => {
      socket.destroy();
      // A server with a password answers NOAUTH: it is up all the same.
      resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** `password`: the server requires it (AUTH), as the Helm chart's Redis does; `url` stays without it. */
export async function startRedis(options: { password?: string } = {}): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('redis-server is not installed; on Debian: sudo apt-get install -y redis-server (.ci/run does it)');
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mc-redis-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--dbfilename', 'dump.rdb', ...(options.password ? ['--requirepass', options.password] : [])], { stdio: 'ignore' });
      running.add(child);
      for (let i = 0; i < 100; i += 1) {
        if (await answersPing(port)) return;
        await new Promise((wait) => setTimeout(wait, 50));
      }
      throw new Error(`redis-server did not answer on port ${port}`);
    },
    async stop() {
      const stopping = child;
      if (!stopping || stopping.exitCode !== null) return;
      await new Promise<void>((done) => {
        stopping.once('exit', () => done());
        stopping.kill('SIGKILL');
      });
      running.delete(stopping);
    },
  };
  await server.start();
  return server;
}
