/**
 * A local HTTP double of the Meilisearch API, since no Meilisearch server can be installed
 * here. It records every request (so tests check the settings and queries sent), keeps
 * indexes, documents, settings and tasks in memory, and answers searches with a plain
 * matcher: a query word equal to a word of a searched field, the last word also as a prefix,
 * plus the index's synonyms. It has no typo tolerance and no ranking: only candidates.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: any;
}

interface IndexState {
  primaryKey: string | null;
  settings: Record<string, any>;
  documents: Map<string, Record<string, any>>;
}

export class MeiliDouble {
  readonly requests: RecordedRequest[] = [];
  readonly indexes = new Map<string, IndexState>();
  private readonly tasks: Array<Record<string, unknown>> = [];
  private server?: Server;
  /** When set, every search answers with this HTTP status. */
  failSearchesWith: number | null = null;
  /** When set, search hits carry this code instead of the real one. */
  corruptHits = false;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  requestsTo(method: string, pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const body = text ? JSON.parse(text) : undefined;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname + url.search, body });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const notFound = (uid: string) =>
      send(404, { message: `Index \`${uid}\` not found.`, code: 'index_not_found', type: 'invalid_request', link: 'https://docs.meilisearch.com/errors#index_not_found' });
    const parts = url.pathname.split('/').filter(Boolean);

    if (method === 'GET' && parts[0] === 'health') return send(200, { status: 'available' });
    if (method === 'GET' && parts[0] === 'tasks' && parts[1]) {
      const task = this.tasks[Number(parts[1])];
      return task ? send(200, task) : send(404, { message: 'task not found', code: 'task_not_found', type: 'invalid_request', link: '' });
    }
    if (method === 'POST' && parts[0] === 'indexes' && parts.length === 1) {
      this.indexes.set(body.uid, { primaryKey: body.primaryKey ?? null, settings: {}, documents: new Map() });
      return send(202, this.task('indexCreation', body.uid));
    }
    if (method === 'POST' && parts[0] === 'swap-indexes') {
      for (const { indexes: [a, b], rename } of body as Array<{ indexes: [string, string]; rename: boolean }>) {
        const left = this.indexes.get(a);
        const right = this.indexes.get(b);
        if (rename) {
          if (!left || right) return send(202, this.task('indexSwap', null, 'failed'));
          this.indexes.delete(a);
          this.indexes.set(b, left);
        } else {
          if (!left || !right) return send(202, this.task('indexSwap', null, 'failed'));
          this.indexes.set(a, right);
          this.indexes.set(b, left);
        }
      }
      return send(202, this.task('indexSwap', null));
    }
    if (method === 'POST' && parts[0] === 'multi-search') {
      if (this.failSearchesWith !== null) return send(this.failSearchesWith, { message: 'down', code: 'internal', type: 'internal', link: '' });
      const results = [];
      for (const query of body.queries) {
        const index = this.indexes.get(query.indexUid);
        if (!index) return notFound(query.indexUid);
        results.push({ indexUid: query.indexUid, hits: this.search(index, query), query: query.q, processingTimeMs: 0 });
      }
      return send(200, { results });
    }
    if (parts[0] === 'indexes' && parts[1]) {
      const uid = parts[1];
      const index = this.indexes.get(uid);
      if (method === 'DELETE' && parts.length === 2) {
        const existed = this.indexes.delete(uid);
        return send(202, this.task('indexDeletion', uid, existed ? 'succeeded' : 'failed'));
      }
      if (!index) return notFound(uid);
      if (method === 'GET' && parts.length === 2) return send(200, { uid, primaryKey: index.primaryKey });
      if (method === 'PATCH' && parts[2] === 'settings') {
        index.settings = { ...index.settings, ...body };
        return send(202, this.task('settingsUpdate', uid));
      }
      if (method === 'POST' && parts[2] === 'documents') {
        for (const doc of body as Array<Record<string, any>>) index.documents.set(String(doc[index.primaryKey ?? 'id']), doc);
        return send(202, this.task('documentAdditionOrUpdate', uid));
      }
      if (method === 'GET' && parts[2] === 'documents') {
        const limit = Number(url.searchParams.get('limit') ?? 20);
        const results = [...index.documents.values()].slice(0, limit);
        return send(200, { results, offset: 0, limit, total: index.documents.size });
      }
    }
    return send(404, { message: `no route ${method} ${url.pathname}`, code: 'not_found', type: 'invalid_request', link: '' });
  }

  private task(type: string, indexUid: string | null, status = 'succeeded') {
    const uid = this.tasks.length;
    const now = new Date().toISOString();
    this.tasks.push({
      uid,
      indexUid,
      status,
      type,
      details: {},
      error: status === 'failed' ? { message: `${type} failed`, code: 'index_not_found', type: 'invalid_request', link: '' } : null,
      duration: 'PT0S',
      enqueuedAt: now,
      startedAt: now,
      finishedAt: now,
    });
    return { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: now };
  }

  private search(index: IndexState, query: { q: string; filter?: string; limit?: number; attributesToSearchOn?: string[] }) {
    const levels = /^level IN \[(.*)\]$/.exec(query.filter ?? '')?.[1]?.split(',').map((s) => s.trim());
    const attributes: string[] = query.attributesToSearchOn ?? index.settings.searchableAttributes ?? [];
    const words = query.q.split(' ').filter(Boolean);
    const synonyms: string[] = (index.settings.synonyms?.[query.q] ?? []).flatMap((s: string) => s.split(' '));
    const hits = [];
    for (const doc of index.documents.values()) {
      if (levels && !levels.includes(doc.level)) continue;
      const tokens = attributes.flatMap((a) => (Array.isArray(doc[a]) ? doc[a] : [doc[a]])).filter(Boolean).flatMap((v: string) => v.split(' '));
      const matches =
        words.some((w, i) => tokens.some((t: string) => t === w || (i === words.length - 1 && t.startsWith(w)))) ||
        (synonyms.length > 0 && synonyms.every((s) => tokens.includes(s)));
      if (matches) hits.push({ code: this.corruptHits ? '00.000' : doc.code });
      if (hits.length >= (query.limit ?? 20)) break;
    }
    return hits;
  }
}
