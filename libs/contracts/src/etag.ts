import { createHash } from 'node:crypto';

/** A strong validator for a body: its SHA-256, quoted (RFC 9110 §8.8.3). */
export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Where a build lives: one immutable folder per dataset version. */
export const BUILD_LAYOUT = {
  manifest: 'manifest.json',
  units: 'units.json',
  staticDir: 'static',
} as const;

/** `manifest.json` of a build: every static file with its validator and size. */
export interface BuildManifest {
  datasetVersion: string;
  files: Record<string, { etag: string; bytes: number }>;
}
