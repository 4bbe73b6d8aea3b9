/**
 * Answers ready to write: once the full pipeline has answered a GET with 200, the exact
 * headers and bytes it sent are kept under the request URL and the negotiated coding, and the
 * same request is answered again straight from the HTTP server's request listener, before
 * Fastify, Nest, validation or any hook runs (issue 12). An answer is a pure function of the
 * dataset version, the URL and the coding (If-None-Match only picks 200 or 304, and HEAD only
 * drops the body), so this is the response cache at its cheapest. A new dataset version
 * clears it (`clear()`); an answer computed under an older generation is never kept.
 *
 * An answer is also kept under what makes it (`answerKey`: the path and the parameters its
 * route reads), so another spelling of its URL (parameters in another order, a cache-busting
 * parameter) is answered here too: a look-up with the same bytes, a list page with its links
 * spelled from the new URL (`Spellings.respell`).
 */
import { Doorkeeper, ownMemory } from '@mc/contracts';
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { answerKey, pathOf } from './answer-keys.js';
import { matchesIfNoneMatch, negotiateEncoding, type Coding } from './encoding.js';

export interface ReadyAnswer {
  etag: string;
  /** Every header of the 200 answer, Content-Length included. */
  headers: OutgoingHttpHeaders;
  /** The headers of the 304 answer to a matching If-None-Match (no Content-Type or -Encoding). */
  notModifiedHeaders: OutgoingHttpHeaders;
  body: Buffer;
}

/** How an answer serves the other spellings of its URL. */
export interface Spellings {
  /** The query parameters its route reads: the others change nothing. */
  reads: readonly string[];
  /**
   * The ETag and body under another URL, for an answer whose links name its URL (a list
   * page); undefined when the framework must make it (another coding would apply). Without
   * it, every spelling has the same answer.
   */
  respell?: (url: string) => { etag: string; body: Buffer } | undefined;
}

/** An answer as the listener writes it. */
interface Variant {
  etag: string;
  /** The 200's headers as the flat list `writeHead` takes (name, value, name, value…). */
  head: OutgoingHttpHeader[];
  /** The 304's, the same way. */
  notModifiedHead: OutgoingHttpHeader[];
  body: Buffer;
  respell?: Spellings['respell'];
}

/**
 * Headers as a flat list of text. Node writes a list by index, where an object costs it a
 * for-in with an own-property check and a keyed load per header, the loads megamorphic in a
 * process whose answers carry different header sets (docs/design.md, "Serving fast"). A
 * number is written as text for the same reason: Node would convert it on every request.
 */
function flatHead(headers: OutgoingHttpHeaders): OutgoingHttpHeader[] {
  const head: OutgoingHttpHeader[] = [];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) head.push(name, typeof value === 'number' ? String(value) : value);
  return head;
}

/** `head` with the value of `name` (lower-case, as Node and Fastify keep them) replaced. */
function withHeader(head: readonly OutgoingHttpHeader[], name: string, value: string): OutgoingHttpHeader[] {
  const changed = head.slice();
  for (let i = 0; i < changed.length; i += 2) if (changed[i] === name) changed[i + 1] = value;
  return changed;
}

/**
 * The answers kept under one key, one per coding. Keyed by the URL itself and not by a string
 * joining coding and URL: such a key would be built, copied flat and hashed on every request.
 */
class Entry {
  br: Variant | undefined = undefined;
  gzip: Variant | undefined = undefined;
  identity: Variant | undefined = undefined;
  /** Second-chance eviction: a hit since the last sweep keeps the entry once more. */
  used = false;

  get(coding: Coding): Variant | undefined {
    return coding === 'br' ? this.br : coding === 'gzip' ? this.gzip : this.identity;
  }

  /** Sets `coding`'s answer; returns the one it replaces. */
  set(coding: Coding, variant: Variant): Variant | undefined {
    const previous = this.get(coding);
    if (coding === 'br') this.br = variant;
    else if (coding === 'gzip') this.gzip = variant;
    else this.identity = variant;
    return previous;
  }

  variants(): Variant[] {
    return [this.br, this.gzip, this.identity].filter((variant) => variant !== undefined);
  }
}

/**
 * What a request that missed carries to `keep`: the generation it began in, its keys (its URL,
 * and what makes its answer when its route's parameters are known) and whether each was seen before.
 */
interface Missed {
  generation: number;
  coding: Coding;
  /** The request's URL, the key of its answers. */
  key: string;
  admitted: boolean;
  answerKey?: string;
  answerAdmitted?: boolean;
}

/** The few request headers the listener reads, from `rawHeaders`: building `headers` costs more than the rest. */
interface Wanted {
  acceptEncoding: string;
  ifNoneMatch: string | undefined;
  hasBody: boolean;
}
function readHeaders(raw: readonly string[]): Wanted {
  const wanted: Wanted = { acceptEncoding: '', ifNoneMatch: undefined, hasBody: false };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Lengths first: most headers are ruled out without lower-casing them.
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding') wanted.acceptEncoding = wanted.acceptEncoding ? `${wanted.acceptEncoding}, ${raw[i + 1]}` : raw[i + 1]!;
    else if (name.length === 13 && name.toLowerCase() === 'if-none-match') wanted.ifNoneMatch = wanted.ifNoneMatch === undefined ? raw[i + 1] : `${wanted.ifNoneMatch}, ${raw[i + 1]}`;
    else if ((name.length === 14 && name.toLowerCase() === 'content-length') || (name.length === 17 && name.toLowerCase() === 'transfer-encoding')) wanted.hasBody = true;
  }
  return wanted;
}

export const READY_ANSWERS_BYTES = 64 * 2 ** 20;
export const READY_ANSWERS_ENTRIES = 20_000;

/** Accept-Encoding values seen are few (one per client library): each is parsed once. */
const CODINGS_REMEMBERED = 256;
/** Paths whose routes' parameters are known: every file of a build, and then some. */
export const READS_REMEMBERED = 50_000;

export class ReadyAnswers {
  /** Under a URL, or under `answer <what makes it>` (a URL holds no space, so the two never meet). */
  private readonly entries = new Map<string, Entry>();
  private readonly codings = new Map<string, Coding>();
  /** An answer is kept the second time its request misses, not the first. */
  private readonly doorkeeper = new Doorkeeper();
  /** The parameters each path's route reads, learnt from its answers. */
  private readonly reads = new Map<string, readonly string[]>();
  /**
   * Requests that missed, to what `keep` needs of them. Beside the request rather than on it: a
   * property added to some IncomingMessages gives them a second hidden class, and Node's HTTP
   * code, which every request runs, then meets two shapes where it met one (docs/design.md,
   * "Serving fast").
   */
  private readonly missed = new WeakMap<IncomingMessage, Missed>();
  private bytes = 0;
  private count = 0;
  private generation = 0;
  /** Requests answered here since the start (read by /metrics, which costs nothing per request). */
  answered = 0;
  /** Called once per request answered here, when the request log is on. */
  onAnswer: ((request: IncomingMessage, status: number) => void) | undefined;

  constructor(
    readonly maxBytes = READY_ANSWERS_BYTES,
    readonly maxEntries = READY_ANSWERS_ENTRIES,
  ) {}

  /** Answers the request if its answer is ready; otherwise marks it for `keep` and returns false. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const wanted = readHeaders(request.rawHeaders);
    // A request with a body goes the whole way, so that it is refused as it always was.
    if (wanted.hasBody) return false;
    const url = request.url!;
    const coding = this.codingOf(wanted.acceptEncoding);
    const kept = this.entries.get(url);
    let answer: Variant | undefined = kept?.get(coding);
    if (answer) kept!.used = true;
    else {
      const reads = this.reads.get(pathOf(url));
      const made = reads && answerKey(url, reads);
      const madeKey = made === undefined ? undefined : `answer ${made}`;
      const template = madeKey === undefined ? undefined : this.entries.get(madeKey);
      const variant = template?.get(coding);
      answer = variant && this.respelled(variant, url);
      if (!answer) {
        this.markMiss(request, coding, url, madeKey);
        return false;
      }
      template!.used = true;
      // A spelling asked again is kept as it is, under its URL.
      if (method === 'GET' && this.doorkeeper.admit(`${coding} ${url}`)) this.set(url, coding, { ...answer, body: ownMemory(answer.body) });
    }
    this.answered += 1;
    const ifNoneMatch = wanted.ifNoneMatch;
    if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, answer.etag)) {
      // statusCode set before writeHead, as the framework sets it: every ServerResponse then
      // gets its properties in one order and so one hidden class (see `missed`).
      response.statusCode = 304;
      response.writeHead(304, answer.notModifiedHead).end();
      this.onAnswer?.(request, 304);
    } else {
      response.statusCode = 200;
      response.writeHead(200, answer.head).end(method === 'HEAD' ? undefined : answer.body);
      this.onAnswer?.(request, 200);
    }
    return true;
  }

  /** `template`'s answer under `url`: the same, or with its links spelled from `url`. */
  private respelled(template: Variant, url: string): Variant | undefined {
    if (!template.respell) return template;
    const made = template.respell(url);
    if (!made) return undefined;
    return {
      etag: made.etag,
      head: withHeader(withHeader(template.head, 'etag', made.etag), 'content-length', String(made.body.length)),
      notModifiedHead: withHeader(template.notModifiedHead, 'etag', made.etag),
      body: made.body,
    };
  }

  /** Learns the parameters `url`'s route reads: its path's other spellings can then be named. */
  learn(url: string, reads: readonly string[]): void {
    const path = pathOf(url);
    if (this.reads.get(path) === reads) return;
    if (this.reads.size >= READS_REMEMBERED) this.reads.delete(this.reads.keys().next().value!);
    this.reads.set(path, reads);
  }

  /** Whether `keep` would keep the answer to this request (so that it is worth preparing). */
  admits(request: IncomingMessage): boolean {
    const missed = this.missed.get(request);
    return request.method === 'GET' && missed !== undefined && (missed.admitted || missed.answerAdmitted === true) && missed.generation === this.generation;
  }

  /**
   * Keeps what the pipeline answered to a GET asked before, unless the dataset changed since it
   * began: under its URL, and with `spellings` under what makes it when that was asked before.
   */
  keep(request: IncomingMessage, answer: ReadyAnswer, spellings?: Spellings): void {
    if (!this.admits(request) || answer.body.length > this.maxBytes / 16) return;
    const missed = this.missed.get(request)!;
    const ready: Variant = { etag: answer.etag, head: flatHead(answer.headers), notModifiedHead: flatHead(answer.notModifiedHeaders), body: answer.body };
    if (missed.admitted) this.set(missed.key, missed.coding, ready);
    if (spellings && missed.answerKey !== undefined && missed.answerAdmitted) this.set(missed.answerKey, missed.coding, { ...ready, respell: spellings.respell });
  }

  private set(key: string, coding: Coding, variant: Variant): void {
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = new Entry()));
    const previous = entry.set(coding, variant);
    if (previous) this.bytes -= previous.body.length;
    else this.count += 1;
    this.bytes += variant.body.length;
    this.evict();
  }

  /** A new dataset version: nothing kept is served again, nothing in flight is kept. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.reads.clear();
    this.doorkeeper.clear();
    this.bytes = 0;
    this.count = 0;
  }

  /** Answers kept (one per URL and coding) and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.count, bytes: this.bytes };
  }

  private codingOf(acceptEncoding: string): Coding {
    let coding = this.codings.get(acceptEncoding);
    if (coding === undefined) {
      coding = negotiateEncoding(acceptEncoding);
      if (this.codings.size < CODINGS_REMEMBERED) this.codings.set(acceptEncoding, coding);
    }
    return coding;
  }

  private markMiss(request: IncomingMessage, coding: Coding, url: string, madeKey: string | undefined): void {
    if (request.method !== 'GET') return;
    const missed: Missed = { generation: this.generation, coding, key: url, admitted: this.doorkeeper.admit(`${coding} ${url}`) };
    if (madeKey !== undefined) {
      missed.answerKey = madeKey;
      missed.answerAdmitted = this.doorkeeper.admit(`${coding} ${madeKey}`);
    }
    this.missed.set(request, missed);
  }

  /** Drops the oldest keys (with all their codings) until within bounds; a key served since the last sweep goes round once more. */
  private evict(): void {
    while (this.count > this.maxEntries || this.bytes > this.maxBytes) {
      const [key, oldest] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(key);
      if (oldest.used) {
        oldest.used = false;
        this.entries.set(key, oldest);
      } else {
        for (const variant of oldest.variants()) {
          this.bytes -= variant.body.length;
          this.count -= 1;
        }
      }
    }
  }
}
