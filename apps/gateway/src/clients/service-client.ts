/**
 * The gateway's HTTP client of one service (cluster mode): a keep-alive pool per replica,
 * replicas taken in turn, a deadline per call. A connection error, a timeout or a 502/503 on
 * these idempotent GETs is retried once on the next replica; a service that stays away is a
 * 503 `unavailable` problem within the deadline: never a hang, never a 500.
 */
import { ProblemError } from '@mc/contracts';
import { counter, histogram } from '@mc/contracts/service';
import { Pool } from 'undici';

export interface ServiceReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const upstreamSeconds = () => histogram({ name: 'mc_upstream_seconds', help: 'Time a service took to answer the gateway, by service', labelNames: ['service'], buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5] });
const upstreamErrors = () => counter({ name: 'mc_upstream_errors_total', help: 'Failed calls to a service (connection, timeout, 502/503), by service', labelNames: ['service'] });
const upstreamRetries = () => counter({ name: 'mc_upstream_retries_total', help: 'Calls retried on another replica, by service', labelNames: ['service'] });

/** How long one connection to a service is reused before a new one is opened. */
export const CONNECTION_TTL_MS = 30_000;

export class ServiceClient {
  private readonly pools: Pool[];
  private next = 0;
  private readonly seconds = upstreamSeconds();
  private readonly errors = upstreamErrors();
  private readonly retries = upstreamRetries();

  constructor(
    readonly service: string,
    readonly urls: readonly string[],
    private readonly timeoutMs: number,
    connectionsPerReplica = 32,
  ) {
    // clientTtl renews each connection after 30 s: behind one Kubernetes Service (or one Compose
    // name) the new connections reach replicas added since, so scaling out takes load at once.
    this.pools = urls.map((url) => new Pool(url, { connections: connectionsPerReplica, pipelining: 1, keepAliveTimeout: 30_000, clientTtl: CONNECTION_TTL_MS, connectTimeout: Math.min(timeoutMs, 1000) }));
  }

  /** GET `pathAndQuery` on a replica, the next one once if the first fails. */
  async get(pathAndQuery: string): Promise<ServiceReply> {
    const deadline = Date.now() + this.timeoutMs;
    const first = this.next++ % this.pools.length;
    let failure = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      if (attempt > 0) this.retries.inc({ service: this.service });
      const pool = this.pools[(first + attempt) % this.pools.length]!;
      const stop = this.seconds.startTimer({ service: this.service });
      // Not AbortSignal.timeout: its timer outlives the call and, at thousands of calls a
      // second, each one fired later built an abort error for nothing.
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), left);
      try {
        const response = await pool.request({ path: pathAndQuery, method: 'GET', headersTimeout: left, bodyTimeout: left, signal: abort.signal });
        const body = Buffer.from(await response.body.arrayBuffer());
        clearTimeout(timer);
        stop();
        if (response.statusCode !== 502 && response.statusCode !== 503) return { status: response.statusCode, headers: response.headers, body };
        this.errors.inc({ service: this.service });
        failure = `answered ${response.statusCode}`;
        // A 503 with the service's own problem (no dataset, store away) is the answer if no replica does better.
        if (attempt === 1 || this.pools.length === 1) return { status: response.statusCode, headers: response.headers, body };
      } catch (error) {
        clearTimeout(timer);
        stop();
        this.errors.inc({ service: this.service });
        failure = (error as Error & { code?: string }).code ?? (error as Error).message;
      }
    }
    throw new ProblemError('unavailable', `the ${this.service} service did not answer (${failure || `no answer within ${this.timeoutMs} ms`}); try again shortly`);
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}
