/**
 * Writes a build atomically: everything goes to a temporary sibling folder that is renamed
 * into place at the end, so a reader never finds half a build. Output is a pure function of
 * the input (sorted paths, compact JSON, no timestamps): a second run is byte-identical.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUILD_LAYOUT, strongEtag, type BuildManifest } from '@mc/contracts';
import { buildDamage } from './build-identity.js';
import type { StaticTree } from './static-tree.js';

export interface WrittenBuild {
  dir: string;
  files: number;
  bytes: number;
}

/**
 * Renames the staged build to its name. Another process may have put the same build there
 * meanwhile (two starts on one empty BUILD_DIR): a whole one is kept as it is, and read by both;
 * only a damaged one is replaced, moved aside first so that no reader loses files mid-read.
 */
function moveIntoPlace(staging: string, target: string): void {
  try {
    renameSync(staging, target);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
  if (buildDamage(target) === null) {
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  const aside = `${target}.damaged-${process.pid}`;
  renameSync(target, aside);
  renameSync(staging, target);
  rmSync(aside, { recursive: true, force: true });
}

/** `extras` are the build's other files (unit index, search documents), by name. */
export function writeBuild(target: string, datasetVersion: string, tree: StaticTree, extras: Record<string, unknown>): WrittenBuild {
  const staging = `${target}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const manifest: BuildManifest = { datasetVersion, files: {} };
  let bytes = 0;
  let files = 0;
  const write = (relative: string, body: Buffer) => {
    const path = join(staging, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
    bytes += body.length;
    files += 1;
  };
  try {
    for (const path of [...tree.keys()].sort()) {
      const body = Buffer.from(JSON.stringify(tree.get(path)));
      write(join(BUILD_LAYOUT.staticDir, path), body);
      manifest.files[path] = { etag: strongEtag(body), bytes: body.length };
    }
    for (const name of Object.keys(extras).sort()) write(name, Buffer.from(JSON.stringify(extras[name])));
    write(BUILD_LAYOUT.manifest, Buffer.from(JSON.stringify(manifest)));
    moveIntoPlace(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { dir: target, files, bytes };
}
