/**
 * `npm run dataset:pull [-- --ref <commit>]`: downloads the upstream `data/v1` tree into the
 * dataset folder. The index of files is the pinned manifest (data/upstream.json) when the ref
 * is its ref, each file then checked by size and SHA-256; for another ref it is GitHub's tree
 * of that commit, each file checked by size and git blob id. Files land in a staging folder
 * kept between runs (a `.part` file resumes with a Range request); once every file is whole and
 * the ETL accepts the tree, the staging folder is swapped in. Nothing is replaced before that.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runEtl } from '../etl.js';
import { gitBlobSha1, listFiles, readUpstreamManifest, sha256Of, swapInto, writeUpstreamManifest, type UpstreamManifest } from './dataset-files.js';

export interface PullOptions {
  /** The dataset folder to fill (data/v1). */
  to: string;
  manifestPath: string;
  /** A commit (or branch) of the upstream repository; the manifest's ref when omitted. */
  ref?: string;
  /** Base of raw file addresses: `<rawBaseUrl>/<repository>/<ref>/<root>/<path>`. */
  rawBaseUrl?: string;
  /** Base of GitHub's REST API, for the tree of a ref the manifest does not pin. */
  apiBaseUrl?: string;
  /** A request that sends no byte for this long is abandoned (and resumed). */
  idleTimeoutMs?: number;
  /** Attempts per file, the first included. */
  attempts?: number;
  /** Wait before the second attempt, doubled for each one after. */
  retryDelayMs?: number;
  log?: (line: string) => void;
  /** Called as bytes arrive, for a progress bar. */
  onProgress?: (progress: PullProgress) => void;
}

export interface PullProgress {
  files: number;
  filesDone: number;
  bytes: number;
  bytesDone: number;
  current: string;
}

interface IndexEntry {
  path: string;
  bytes: number;
  /** What the whole file must hash to. */
  verify: { kind: 'sha256' | 'git-blob'; digest: string };
}

export class PullError extends Error {
  override name = 'PullError';
}

const DEFAULT_RAW = 'https://raw.githubusercontent.com';
const DEFAULT_API = 'https://api.github.com';
/** A relative path of plain segments: nothing an index could use to write outside the folder. */
const isSafePath = (path: string) => path.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment));

/** The files to fetch for `ref`: the pinned manifest's, or the upstream tree's. */
async function indexFor(manifest: UpstreamManifest, ref: string, apiBaseUrl: string, idleTimeoutMs: number): Promise<IndexEntry[]> {
  if (ref === manifest.ref) return manifest.files.map((f) => ({ path: f.path, bytes: f.bytes, verify: { kind: 'sha256', digest: f.sha256 } }));
  const url = `${apiBaseUrl}/repos/${manifest.repository}/git/trees/${encodeURIComponent(ref)}?recursive=1`;
  const res = await fetch(url, { headers: { accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(idleTimeoutMs * 4) }).catch((error: Error) => {
    throw new PullError(`${url}: ${error.message}`);
  });
  if (!res.ok) throw new PullError(`${url}: ${res.status} ${res.statusText}; is ${ref} a commit of ${manifest.repository}?`);
  const tree = (await res.json()) as { truncated?: boolean; tree?: Array<{ path: string; type: string; size?: number; sha: string }> };
  if (tree.truncated) throw new PullError(`${url}: GitHub truncated the tree; pull a pinned ref instead`);
  const prefix = `${manifest.root}/`;
  const entries = (tree.tree ?? [])
    .filter((e) => e.type === 'blob' && e.path.startsWith(prefix))
    .map((e) => ({ path: e.path.slice(prefix.length), bytes: e.size ?? -1, verify: { kind: 'git-blob' as const, digest: e.sha } }));
  if (entries.length === 0) throw new PullError(`${url}: ${manifest.repository} has no ${manifest.root} at ${ref}`);
  return entries;
}

function verified(entry: IndexEntry, body: Buffer): string | null {
  if (body.length !== entry.bytes) return `${body.length} bytes, expected ${entry.bytes}`;
  const digest = entry.verify.kind === 'sha256' ? sha256Of(body) : gitBlobSha1(body);
  return digest === entry.verify.digest ? null : `${entry.verify.kind} ${digest}, expected ${entry.verify.digest}`;
}

/**
 * Fetches one file into `<staging>/<path>.part`, resuming from what is there, until it is whole;
 * then checks it and renames it into place. Throws PullError when it cannot.
 */
async function fetchFile(url: string, entry: IndexEntry, staging: string, options: Required<Pick<PullOptions, 'idleTimeoutMs' | 'attempts' | 'retryDelayMs'>>, onBytes: (n: number) => void, log: (l: string) => void): Promise<void> {
  const final = join(staging, entry.path);
  const part = `${final}.part`;
  mkdirSync(dirname(final), { recursive: true });
  let lastProblem = '';
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    if (attempt > 1) await new Promise((wait) => setTimeout(wait, options.retryDelayMs * 2 ** (attempt - 2)));
    const have = existsSync(part) ? statSync(part).size : 0;
    if (have > entry.bytes) rmSync(part);
    const from = have > entry.bytes ? 0 : have;
    if (from < entry.bytes || entry.bytes === 0) {
      const controller = new AbortController();
      let timer = setTimeout(() => controller.abort(), options.idleTimeoutMs);
      const touch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(), options.idleTimeoutMs);
      };
      try {
        const res = await fetch(url, { headers: from > 0 ? { range: `bytes=${from}-` } : {}, signal: controller.signal });
        if (res.status === 404) throw new PullError(`${url}: 404 Not Found; the upstream has no such file at this ref`);
        if (res.status !== 200 && res.status !== 206) throw new Error(`${res.status} ${res.statusText}`);
        // A server that ignores Range (200), or resumes elsewhere, sends the whole file: start over.
        const resumes = res.status === 206 && (res.headers.get('content-range') ?? '').startsWith(`bytes ${from}-`);
        const fd = openSync(part, resumes ? 'a' : 'w');
        if (!resumes && from > 0) onBytes(-from);
        try {
          for await (const chunk of res.body ?? []) {
            touch();
            writeSync(fd, chunk as Uint8Array);
            onBytes((chunk as Uint8Array).length);
          }
        } finally {
          closeSync(fd);
        }
      } catch (error) {
        if (error instanceof PullError) throw error;
        const cause = (error as Error & { cause?: Error }).cause;
        lastProblem = controller.signal.aborted ? `no data for ${options.idleTimeoutMs} ms` : `${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`;
        log(`dataset: ${entry.path}: ${lastProblem}; attempt ${attempt} of ${options.attempts}`);
        continue;
      } finally {
        clearTimeout(timer);
      }
    }
    const body = readFileSync(part);
    if (body.length < entry.bytes) {
      lastProblem = `the response ended at ${body.length} of ${entry.bytes} bytes`;
      log(`dataset: ${entry.path}: ${lastProblem}; attempt ${attempt} of ${options.attempts}`);
      continue;
    }
    const problem = verified(entry, body);
    if (problem === null) {
      renameSync(part, final);
      return;
    }
    // Whole but wrong: nothing of it can be kept.
    onBytes(-body.length);
    rmSync(part);
    lastProblem = problem;
    log(`dataset: ${entry.path}: ${problem}; attempt ${attempt} of ${options.attempts}`);
  }
  throw new PullError(`${url}: ${lastProblem} after ${options.attempts} attempts; run the pull again to resume`);
}

export interface PullResult {
  datasetVersion: string;
  ref: string;
  files: number;
  bytes: number;
}

export async function pullDataset(options: PullOptions): Promise<PullResult> {
  const log = options.log ?? (() => undefined);
  const manifest = readUpstreamManifest(options.manifestPath);
  const ref = options.ref ?? manifest.ref;
  if (!ref) throw new PullError(`${options.manifestPath} pins no upstream commit; give one with --ref <commit>`);
  if (!/^[A-Za-z0-9._\-/]{1,100}$/.test(ref) || !isSafePath(ref)) throw new PullError(`"${ref}" is not a git ref`);
  const settings = { idleTimeoutMs: options.idleTimeoutMs ?? 30_000, attempts: options.attempts ?? 5, retryDelayMs: options.retryDelayMs ?? 1000 };
  const index = await indexFor(manifest, ref, options.apiBaseUrl ?? DEFAULT_API, settings.idleTimeoutMs);
  for (const entry of index) if (!isSafePath(entry.path)) throw new PullError(`the index names an unsafe path "${entry.path}"`);
  const to = resolve(options.to);
  // One staging folder per ref, kept when a pull stops, so the next run resumes it.
  const staging = `${to}.pull-${ref.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  mkdirSync(staging, { recursive: true });
  const progress: PullProgress = { files: index.length, filesDone: 0, bytes: index.reduce((n, e) => n + e.bytes, 0), bytesDone: 0, current: '' };
  const report = () => options.onProgress?.({ ...progress });
  log(`dataset: pulling ${index.length} files (${(progress.bytes / 1e6).toFixed(1)} MB) of ${manifest.repository}@${ref}/${manifest.root}`);
  for (const entry of index) {
    progress.current = entry.path;
    const final = join(staging, entry.path);
    if (existsSync(final) && verified(entry, readFileSync(final)) === null) {
      progress.bytesDone += entry.bytes;
    } else {
      if (existsSync(`${final}.part`)) progress.bytesDone += Math.min(statSync(`${final}.part`).size, entry.bytes);
      const url = `${options.rawBaseUrl ?? DEFAULT_RAW}/${manifest.repository}/${ref}/${manifest.root}/${entry.path}`;
      await fetchFile(url, entry, staging, settings, (n) => {
        progress.bytesDone += n;
        report();
      }, log);
    }
    progress.filesDone += 1;
    report();
  }
  // Only what the index names goes in: a stray file from an older run is not the dataset.
  const expected = new Set(index.map((e) => e.path));
  for (const path of listFiles(staging)) if (!expected.has(path)) rmSync(join(staging, path));
  let checked;
  try {
    checked = runEtl({ datasetDir: staging, buildRoot: resolve('build', 'pull-check'), checkOnly: true, log });
  } catch (error) {
    throw new PullError(`the pulled dataset does not build, so ${to} was left as it was: ${(error as Error).message}`);
  }
  swapInto(staging, to);
  writeUpstreamManifest(options.manifestPath, { ...manifest, ref, files: index.map((e) => ({ path: e.path, bytes: e.bytes, sha256: sha256Of(readFileSync(join(to, e.path))) })) });
  log(`dataset: ${to} is now dataset ${checked.datasetVersion} from ${manifest.repository}@${ref}`);
  return { datasetVersion: checked.datasetVersion, ref, files: index.length, bytes: progress.bytes };
}
