import type { StaticFile } from './catalog-port.js';
import type { Envelope } from './envelope.js';
import { strongEtag } from './etag.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A computed value as the bytes and validator a static file would have. */
export function prepareJson(path: string, value: unknown): StaticFile {
  return prepared(path, JSON.stringify(value));
}

function prepared(path: string, json: string): StaticFile {
  // Memory of its own, not a slice of Node's shared 8 KB pool: an answer may be kept long.
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  body.write(json);
  return { path, body, etag: strongEtag(body), contentType: JSON_TYPE };
}

const serialised = new WeakMap<object, string>();

/**
 * The JSON of a record that never changes while its dataset is served (a commune record, a row
 * of a kept order), serialised the first time and then reused: a list page joins 50 of them.
 */
export function jsonOnce(record: object): string {
  let json = serialised.get(record);
  if (json === undefined) {
    json = JSON.stringify(record);
    serialised.set(record, json);
  }
  return json;
}

/**
 * `prepareJson(path, envelope)` for an envelope of unchanging rows, byte for byte, with each
 * row's JSON taken from `jsonOnce` instead of serialised again.
 */
export function prepareRowsJson(path: string, envelope: Envelope<readonly object[]>): StaticFile {
  const rows = envelope.data.map(jsonOnce).join(',');
  return prepared(path, `{"data":[${rows}],"meta":${JSON.stringify(envelope.meta)},"links":${JSON.stringify(envelope.links)}}`);
}
