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
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
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

interface Entry extends ReadyAnswer {
  /** Second-chance eviction: a hit since the last sweep keeps the entry once more. */
  used: boolean;
  respell?: Spellings['respell'];
}

/**
 * What a request that missed carries to `keep`: the generation it began in, its keys (its URL,
 * and what makes its answer when its route's parameters are known) and whether each was seen before.
 */
const MISSED = Symbol('mc.readyAnswers.missed');
interface Missed {
  generation: number;
  key: string;
  admitted: boolean;
  answerKey?: string;
  answerAdmitted?: boolean;
}
type MarkedRequest = IncomingMessage & { [MISSED]?: Missed };

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
  private readonly entries = new Map<string, Entry>();
  private readonly codings = new Map<string, Coding>();
  /** An answer is kept the second time its request misses, not the first. */
  private readonly doorkeeper = new Doorkeeper();
  /** The parameters each path's route reads, learnt from its answers. */
  private readonly reads = new Map<string, readonly string[]>();
  private bytes = 0;
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
    const key = `${coding} ${url}`;
    let entry: ReadyAnswer | undefined = this.entries.get(key);
    if (entry) (entry as Entry).used = true;
    else {
      const reads = this.reads.get(pathOf(url));
      const made = reads && answerKey(url, reads);
      // A URL holds no space: this key can't be a URL's.
      const madeKey = made === undefined ? undefined : `${coding} answer ${made}`;
      const template = madeKey === undefined ? undefined : this.entries.get(madeKey);
      entry = template && this.respelled(template, url);
      if (!entry) {
        this.markMiss(request as MarkedRequest, key, madeKey);
        return false;
      }
      template!.used = true;
      // A spelling asked again is kept as it is, under its URL.
      if (method === 'GET' && this.doorkeeper.admit(key)) this.set(key, { ...entry, body: ownMemory(entry.body), used: false });
    }
    this.answered += 1;
    const ifNoneMatch = wanted.ifNoneMatch;
    if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, entry.etag)) {
      response.writeHead(304, entry.notModifiedHeaders).end();
      this.onAnswer?.(request, 304);
    } else {
      response.writeHead(200, entry.headers).end(method === 'HEAD' ? undefined : entry.body);
      this.onAnswer?.(request, 200);
    }
    return true;
  }

  /** `template`'s answer under `url`: the same, or with its links spelled from `url`. */
  private respelled(template: Entry, url: string): ReadyAnswer | undefined {
    if (!template.respell) return template;
    const made = template.respell(url);
    if (!made) return undefined;
    return {
      etag: made.etag,
      headers: { ...template.headers, etag: made.etag, 'content-length': made.body.length },
      notModifiedHeaders: { ...template.notModifiedHeaders, etag: made.etag },
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
    const missed = (request as MarkedRequest)[MISSED];
    return request.method === 'GET' && missed !== undefined && (missed.admitted || missed.answerAdmitted === true) && missed.generation === this.generation;
  }

  /**
   * Keeps what the pipeline answered to a GET asked before, unless the dataset changed since it
   * began: under its URL, and with `spellings` under what makes it when that was asked before.
   */
  keep(request: IncomingMessage, answer: ReadyAnswer, spellings?: Spellings): void {
    if (!this.admits(request) || answer.body.length > this.maxBytes / 16) return;
    const missed = (request as MarkedRequest)[MISSED]!;
    if (missed.admitted) this.set(missed.key, { ...answer, used: false });
    if (spellings && missed.answerKey !== undefined && missed.answerAdmitted) this.set(missed.answerKey, { ...answer, used: false, respell: spellings.respell });
  }

  private set(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.body.length;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    this.evict();
  }

  /** A new dataset version: nothing kept is served again, nothing in flight is kept. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.reads.clear();
    this.doorkeeper.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private codingOf(acceptEncoding: string): Coding {
    let coding = this.codings.get(acceptEncoding);
    if (coding === undefined) {
      coding = negotiateEncoding(acceptEncoding);
      if (this.codings.size < CODINGS_REMEMBERED) this.codings.set(acceptEncoding, coding);
    }
    return coding;
  }

  private markMiss(request: MarkedRequest, key: string, madeKey: string | undefined): void {
    if (request.method !== 'GET') return;
    const missed: Missed = { generation: this.generation, key, admitted: this.doorkeeper.admit(key) };
    if (madeKey !== undefined) {
      missed.answerKey = madeKey;
      missed.answerAdmitted = this.doorkeeper.admit(madeKey);
    }
    request[MISSED] = missed;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [key, oldest] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(key);
      if (oldest.used) {
        oldest.used = false;
        this.entries.set(key, oldest);
      } else {
        this.bytes -= oldest.body.length;
      }
    }
  }
}
