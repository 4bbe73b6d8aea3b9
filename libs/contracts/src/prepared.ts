import type { StaticFile } from './catalog-port.js';
import { strongEtag } from './etag.js';

/** A computed value as the bytes and validator a static file would have. */
export function prepareJson(path: string, value: unknown): StaticFile {
  const body = Buffer.from(JSON.stringify(value));
  return { path, body, etag: strongEtag(body), contentType: 'application/json; charset=utf-8' };
}
