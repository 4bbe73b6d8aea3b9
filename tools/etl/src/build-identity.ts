/**
 * Which build a dataset makes, and whether a build on disk is whole. A build is named by its
 * dataset version and a digest of everything that shapes it: every byte of the dataset and the
 * ETL's own code. An edited dataset of the same version, or a changed ETL, makes a new build
 * rather than being answered from an old one; a build whose files no longer hash to its
 * manifest is rebuilt, never served.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_LAYOUT, strongEtag, type BuildManifest } from '@mc/contracts';

function filesBelow(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && keep(entry.name)) out.push(path);
    }
  };
  walk(dir);
  return out;
}

let codeDigest: string | undefined;

/** A digest of the compiled ETL and contracts: what turns a dataset into a build. */
function etlCodeDigest(): string {
  if (codeDigest) return codeDigest;
  const hash = createHash('sha256');
  const etlDist = dirname(fileURLToPath(import.meta.url));
  const contractsDist = dirname(fileURLToPath(import.meta.resolve('@mc/contracts')));
  for (const root of [etlDist, contractsDist]) {
    for (const file of filesBelow(root, (name) => name.endsWith('.js'))) hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  }
  codeDigest = hash.digest('hex');
  return codeDigest;
}

/** `<datasetVersion>-<12 hex>`: the same dataset bytes and ETL code always name the same build. */
export function buildIdFor(datasetDir: string, datasetVersion: string): string {
  const hash = createHash('sha256').update(etlCodeDigest());
  for (const file of filesBelow(datasetDir, () => true)) hash.update(relative(datasetDir, file).split(sep).join('/')).update('\0').update(readFileSync(file));
  return `${datasetVersion}-${hash.digest('hex').slice(0, 12)}`;
}

/** What is wrong with a build folder, or null when every file the manifest names hashes to it. */
export function buildDamage(dir: string): string | null {
  const manifestPath = join(dir, BUILD_LAYOUT.manifest);
  if (!existsSync(manifestPath)) return 'no manifest';
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  } catch {
    return 'its manifest is not JSON';
  }
  for (const name of [BUILD_LAYOUT.units, BUILD_LAYOUT.searchDocuments, BUILD_LAYOUT.geoPack, BUILD_LAYOUT.coverage]) {
    if (!existsSync(join(dir, name))) return `${name} is missing`;
  }
  for (const [path, { etag }] of Object.entries(manifest.files)) {
    const file = join(dir, BUILD_LAYOUT.staticDir, path);
    if (!existsSync(file)) return `${path} is missing`;
    if (strongEtag(readFileSync(file)) !== etag) return `${path} does not hash to its manifest ETag`;
  }
  return null;
}

/** Removes staging folders whose writer is gone (a killed ETL leaves `<id>.staging-<pid>`). */
export function removeStaleStaging(buildRoot: string, log: (line: string) => void): void {
  if (!existsSync(buildRoot)) return;
  for (const name of readdirSync(buildRoot)) {
    const pid = Number(/\.staging-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) {
      rmSync(join(buildRoot, name), { recursive: true, force: true });
      log(`etl: removed ${name}, left by an ETL that is gone`);
    }
  }
}
