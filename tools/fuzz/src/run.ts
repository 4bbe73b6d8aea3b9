/**
 * Sends generated hostile requests to a running service and reports every answer that breaks
 * a promise: a status of 500 or more, an error that is not a problem document, an answer
 * slower than `slowMs`, a `/readyz` that stalls, a connection closed without an answer.
 */
import { connect } from 'node:net';
import { Pool } from 'undici';
import { generateRequest, randomSource, type FuzzRequest } from './generate.js';

export interface FuzzOptions {
  url: string;
  seed: number;
  count: number;
  concurrency?: number;
  slowMs?: number;
  /** `/readyz` is asked after every this many requests. */
  readyEvery?: number;
}

export interface FuzzReport {
  sent: number;
  statuses: Record<string, number>;
  failures: string[];
  slowestMs: number;
}

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

const PROBLEM_KEYS = ['type', 'title', 'status', 'detail', 'instance'];

/** What is wrong with an answer, or null. Pure. */
export function judge(request: Pick<FuzzRequest, 'method'>, answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status < 400 || request.method === 'HEAD') return null;
  if (!answer.contentType?.startsWith('application/problem+json')) return `status ${answer.status} with ${answer.contentType ?? 'no content type'}`;
  try {
    const problem = JSON.parse(answer.body) as Record<string, unknown>;
    const missing = PROBLEM_KEYS.filter((key) => !(key in problem));
    if (missing.length > 0) return `a problem document without ${missing.join(', ')}`;
    if (problem.status !== answer.status) return `problem status ${String(problem.status)} under HTTP ${answer.status}`;
  } catch {
    return `status ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 100)}`;
  }
  return null;
}

/** A raw request and the answer read back from the socket. */
function sendRaw(host: string, port: number, bytes: Buffer, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      if (!status) return reject(new Error(`no HTTP answer (${JSON.stringify(text.slice(0, 60))})`));
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split);
      resolve({ status: Number(status), contentType: /\r\ncontent-type: *([^\r\n]*)/i.exec(head)?.[1], body: Buffer.from(text.slice(split + 4), 'latin1').toString('utf8') });
    });
  });
}

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const url = new URL(options.url);
  const host = url.hostname;
  const port = Number(url.port || 80);
  const slowMs = options.slowMs ?? 1000;
  const readyEvery = options.readyEvery ?? 500;
  const pool = new Pool(url.origin, { connections: options.concurrency ?? 4 });
  const random = randomSource(options.seed);
  const requests = Array.from({ length: options.count }, () => generateRequest(random));
  const report: FuzzReport = { sent: 0, statuses: {}, failures: [], slowestMs: 0 };
  const fail = (request: FuzzRequest, problem: string) => {
    if (report.failures.length < 50) report.failures.push(`${request.method} ${request.target.slice(0, 160)}${request.raw ? ' (raw)' : ''}: ${problem}`);
  };

  const send = async (request: FuzzRequest): Promise<Answer> => {
    // CONNECT the client won't send; HEAD it can't always read (a 431 closes with a body it does not expect).
    if (request.raw || request.method === 'CONNECT' || request.method === 'HEAD') return sendRaw(host, port, request.raw ?? Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), slowMs * 5);
    // What the HTTP client refuses (a target or header outside visible ASCII) goes raw: handing it
    // to the client would leave its connection queue stuck behind the refused request.
    const clientCanSend = /^[\x21-\x7e]+$/.test(request.target) && Object.values(request.headers).every((v) => /^[\x20-\x7e]*$/.test(v)) && request.headers.host !== '';
    if (!clientCanSend) {
      const headers = Object.entries(request.headers).filter(([k]) => k !== 'host').map(([k, v]) => `${k}: ${v}\r\n`).join('');
      return sendRaw(host, port, Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\nHost: ${request.headers.host ?? 'x'}\r\n${headers}Connection: close\r\n\r\n`, 'utf8'), slowMs * 5);
    }
    // One connection per request: a hostile request may leave its connection in any state.
    const response = await pool.request({ method: request.method, path: request.target, headers: request.headers, headersTimeout: slowMs * 5, bodyTimeout: slowMs * 5, reset: true });
    const body = Buffer.from(await response.body.arrayBuffer());
    // The body of an error is read as sent: problems are never compressed below 1 KB.
    return { status: response.statusCode, contentType: response.headers['content-type'] as string | undefined, body: response.headers['content-encoding'] ? '' : body.toString('utf8') };
  };

  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index]!;
      const started = performance.now();
      try {
        const answer = await send(request);
        const elapsed = performance.now() - started;
        report.slowestMs = Math.max(report.slowestMs, elapsed);
        report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
        const problem = judge(request, answer);
        if (problem) fail(request, problem);
        else if (elapsed > slowMs) fail(request, `answered in ${elapsed.toFixed(0)} ms`);
      } catch (error) {
        fail(request, (error as Error).message);
      }
      report.sent += 1;
      if (index > 0 && index % readyEvery === 0) {
        const at = performance.now();
        const ready = await pool.request({ method: 'GET', path: '/readyz', headersTimeout: slowMs }).then((r) => (r.body.dump(), r.statusCode), (e: Error) => e.message);
        const took = performance.now() - at;
        if (ready !== 200 || took > slowMs) fail({ method: 'GET', target: '/readyz', headers: {} }, `readiness ${ready} in ${took.toFixed(0)} ms after ${index} requests`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
    const alive = await pool.request({ method: 'GET', path: '/healthz', headersTimeout: slowMs }).then((r) => (r.body.dump(), r.statusCode), (e: Error) => e.message);
    if (alive !== 200) report.failures.push(`the service is down after the run: /healthz ${alive}`);
  } finally {
    await pool.close();
  }
  return report;
}
