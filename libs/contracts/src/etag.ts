import { createHash } from 'node:crypto';

/** A strong validator for a body: its SHA-256, quoted (RFC 9110 §8.8.3). */
export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}
