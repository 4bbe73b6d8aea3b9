import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freePort, freePortOf } from '../src/ports.js';

// Ports above the shared pool (20000-31999) and below the ephemeral range: no other test takes them.
const pool = (first: number, count: number) => ({ first, count, claimsDir: mkdtempSync(join(tmpdir(), 'mc-ports-test-')) });

describe('freePort', () => {
  it('gives distinct ports below the ephemeral range, each claimed by this process', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    assert.equal(new Set(ports).size, ports.length);
    for (const port of ports) {
      assert.ok(port >= 20_000 && port < 32_000, String(port));
      assert.equal(readFileSync(join(tmpdir(), 'mc-test-ports', String(port)), 'utf8'), String(process.pid));
    }
  });

  it('never gives a port a live process claimed, and takes over the claim of one that exited', async () => {
    const ports = pool(32_100, 4);
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(ports.claimsDir, '32100'), String(process.ppid));
    writeFileSync(join(ports.claimsDir, '32101'), String(process.ppid));
    writeFileSync(join(ports.claimsDir, '32102'), exited);
    writeFileSync(join(ports.claimsDir, '32103'), String(process.ppid));
    assert.equal(await freePortOf(ports), 32_102);
    assert.equal(readFileSync(join(ports.claimsDir, '32102'), 'utf8'), String(process.pid));
    await assert.rejects(freePortOf(ports), /no free port found from 32100 to 32103/);
  });

  it('skips a port something already listens on', async () => {
    const ports = pool(32_110, 2);
    const server = createServer();
    await new Promise<void>((done) => server.listen(32_110, '127.0.0.1', done));
    try {
      assert.equal(await freePortOf(ports), 32_111);
      await assert.rejects(freePortOf(ports), /no free port/);
    } finally {
      server.close();
    }
  });
});
