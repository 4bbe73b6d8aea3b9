import { createHash } from 'node:crypto';
import { BytesLru } from './bytes-lru.js';
import { Doorkeeper } from './doorkeeper.js';
import type { StaticFile } from './catalog-port.js';
import type { Envelope, Links } from './envelope.js';
import { withPage } from './sorting.js';
import { strongEtag } from './etag.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A computed value as the bytes and validator a static file would have. */
export function prepareJson(path: string, value: unknown): StaticFile {
  return prepared(path, JSON.stringify(value));
}

function prepared(path: string, json: string): StaticFile {
  const body = ownBytes(json);
  return { path, body, etag: strongEtag(body), contentType: JSON_TYPE };
}

/** Memory of its own, not a slice of Node's shared 8 KB pool: an answer may be kept long. */
function ownBytes(json: string): Buffer {
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  body.write(json);
  return body;
}

const serialised = new WeakMap<object, Buffer>();
const digests = new WeakMap<object, Buffer>();

/**
 * The JSON of a record that never changes while its dataset is served (a commune record, a row
 * of a kept order), serialised the first time and then reused: a list page joins 50 of them.
 * Kept as UTF-8 bytes, copied straight into a page: as a string, a row with an Arabic name is
 * two bytes a character, and a page of them a 76 KB string to flatten and encode again.
 */
export function jsonOnce(record: object): Buffer {
  let json = serialised.get(record);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(record));
    serialised.set(record, json);
  }
  return json;
}

/** The SHA-256 of a row's kept JSON, computed once like the JSON itself. */
function digestOnce(record: object): Buffer {
  let digest = digests.get(record);
  if (digest === undefined) {
    digest = createHash('sha256').update(jsonOnce(record)).digest();
    digests.set(record, digest);
  }
  return digest;
}

/** A page's bytes before its links, with their validator. */
export interface PageHead {
  bytes: Buffer;
  etag: string;
}

/**
 * Heads of recent pages by the content they hold (any URL that asks for it), each kept the
 * second time it is made: most contents are asked for once.
 */
export class PageHeads extends BytesLru<PageHead> {
  private readonly doorkeeper = new Doorkeeper();

  constructor(maxBytes = 16 * 2 ** 20) {
    super(maxBytes, (head) => head.bytes.length);
  }

  offer(key: string, head: PageHead): void {
    if (this.doorkeeper.admit(key)) this.set(key, head);
  }
}

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/**
 * `{"data":[row,row,...],"meta":{...},"links":` as one buffer, rows copied from their kept
 * bytes, and its validator. The validator hashes the rows' digests (each made once) and the
 * meta's bytes instead of the 38 KB of a page again: the head's bytes are a function of
 * exactly these, so it still changes when any of its bytes do.
 */
export function pageHead(rows: readonly object[], meta: object): PageHead {
  const parts: Buffer[] = [DATA_OPEN];
  const validator = createHash('sha256');
  rows.forEach((row, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(jsonOnce(row));
    validator.update(digestOnce(row));
  });
  const end = Buffer.from(`],"meta":${JSON.stringify(meta)},"links":`);
  parts.push(end);
  let length = 0;
  for (const part of parts) length += part.length;
  // Memory of its own: a head may be kept long (Buffer.concat could take Node's shared pool).
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += part.copy(bytes, at);
  return { bytes, etag: `"${validator.update(end).digest('base64url')}"` };
}

/**
 * `prepareJson(path, envelope)` for an envelope of unchanging rows, byte for byte, with each
 * row's JSON taken from `jsonOnce` instead of serialised again. The bytes before the links
 * are the page's shared head: offered to `kept.heads` under `kept.key`, a name of the content
 * (filters and page, not the URL), so another URL for the same rows only appends its links.
 * The ETag hashes the head's validator and the links: one per distinct body, as ever.
 */
export function prepareRowsJson(path: string, envelope: Envelope<readonly object[]>, kept?: { heads: PageHeads; key: string }): StaticFile {
  let head = kept?.heads.get(kept.key);
  if (!head) {
    head = pageHead(envelope.data, envelope.meta);
    kept?.heads.offer(kept.key, head);
  }
  return withLinks(path, head, envelope.links);
}

/**
 * `prepareJson(path, envelope)` for a list made afresh (search hits, `near`), byte for byte,
 * with the same shared head as `prepareRowsJson`: another URL for the same hits is relinked.
 */
export function prepareListJson(path: string, envelope: Envelope<readonly object[]>): StaticFile {
  const bytes = ownBytes(`{"data":${JSON.stringify(envelope.data)},"meta":${JSON.stringify(envelope.meta)},"links":`);
  return withLinks(path, { bytes, etag: strongEtag(bytes) }, envelope.links);
}

/** A page: its head's bytes, then its links and the envelope's closing brace. */
function withLinks(path: string, head: PageHead, links: Links): StaticFile {
  const tail = `${JSON.stringify(links)}}`;
  const body = Buffer.allocUnsafeSlow(head.bytes.length + Buffer.byteLength(tail));
  head.bytes.copy(body);
  body.write(tail, head.bytes.length);
  return { path, body, etag: strongEtag(head.etag + tail), contentType: JSON_TYPE, sharedHead: { length: head.bytes.length, etag: head.etag } };
}

/**
 * Page `page` of the same rows as `file` (a page `prepareRowsJson` made for another URL), as
 * `url` asks for it: the same head, links spelled from `url`. A previous or next page exists
 * where it existed for `file`, since both have the same page and count. Without `page`, it is
 * read from `file`'s links: 1 without a previous page, else one after the previous one's.
 */
export function relinkPage(file: StaticFile, url: string, page?: number): StaticFile {
  const shared = file.sharedHead;
  if (!shared) throw new Error(`${file.path} has no shared head`);
  const before = JSON.parse(file.body.subarray(shared.length, file.body.length - 1).toString('utf8')) as Links;
  const at = page ?? (before.prev === null ? 1 : Number(new URLSearchParams(before.prev.slice(before.prev.indexOf('?') + 1)).get('page')) + 1);
  const links: Links = { self: url, prev: before.prev === null ? null : withPage(url, at - 1), next: before.next === null ? null : withPage(url, at + 1) };
  return withLinks(url, { bytes: file.body.subarray(0, shared.length), etag: shared.etag }, links);
}
