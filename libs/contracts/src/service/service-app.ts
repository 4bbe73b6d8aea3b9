/**
 * The frame every cluster-mode service (catalog, search, geo) runs in: a NestJS app on
 * Fastify with its internal API under /internal/v1, `/healthz`, `/readyz` (503 until the
 * service has a dataset and its dependencies answer) through @nestjs/terminus, `/metrics`
 * (requests and latency by route, dataset version) and problems sent as wire problems.
 */
import 'reflect-metadata';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Catch, Controller, Get, Header, Inject, Logger, Module, ServiceUnavailableException, type ArgumentsHost, type ExceptionFilter, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectProcessMetrics, counter, gauge, histogram, register } from './metrics.js';
import type { FileAnswer, ServiceStatus } from '../catalog-port.js';
import { ProblemError } from '../problems.js';
import { WIRE_PROBLEM_TYPE, fileAnswerHeaders, wireProblem } from './wire.js';


export interface ServiceAppOptions {
  name: 'catalog' | 'search' | 'geo';
  controllers: Type[];
  providers: Provider[];
  status: () => Promise<ServiceStatus>;
  /** pino level of the request log; 'silent' in tests. */
  logLevel?: string;
  /** Serve /metrics on the service port too (false when METRICS_PORT gives it a port of its own). */
  publicMetrics?: boolean;
}

/** Sends a file answer as its own bytes, with its facts in headers (wire.ts). */
export function sendFileAnswer(reply: FastifyReply, answer: FileAnswer): FastifyReply {
  return reply.code(200).headers(fileAnswerHeaders(answer)).send(answer.file.body);
}

/** Terminus reports "not ready" as a 503 exception carrying its report: that is an answer, not a failure. */
export function isReadinessReport(error: unknown): error is ServiceUnavailableException {
  return error instanceof ServiceUnavailableException && typeof error.getResponse() === 'object';
}

@Catch()
class WireProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('problems');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = (error as { getStatus?: () => number; statusCode?: number }).getStatus?.() ?? (error as { statusCode?: number }).statusCode;
    if (isReadinessReport(error)) return void reply.code(503).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(error.getResponse()));
    const problem =
      error instanceof ProblemError
        ? error
        : status === 404
          ? new ProblemError('not-found', 'no such internal route')
          : status !== undefined && status < 500
            ? new ProblemError('invalid-query', (error as Error).message)
            : new ProblemError('internal-error', 'the service failed to answer this request; it has been logged');
    if (problem.kind === 'internal-error') this.logger.error(error instanceof Error ? error.stack : String(error));
    void reply.code(problem.status).header('content-type', WIRE_PROBLEM_TYPE).send(JSON.stringify(wireProblem(problem)));
  }
}

/** A terminus indicator of a port's status: up with its dataset version, or down saying why. */
export function statusIndicator(indicators: HealthIndicatorService, name: string, status: () => Promise<ServiceStatus>) {
  return async () => {
    const session = indicators.check(name);
    const answer = await status().catch((error: Error): ServiceStatus => ({ ready: false, datasetVersion: null, detail: error.message }));
    const details = { version: answer.datasetVersion, ...(answer.detail ? { detail: answer.detail } : {}) };
    return answer.ready ? session.up(details) : session.down(details);
  };
}

/** Named readiness checks, each a port's status: what `/readyz` reports. */
export const HEALTH_CHECKS = Symbol.for('mc.health.checks');
export type HealthChecks = Record<string, () => Promise<ServiceStatus>>;

/** `/healthz` (alive) and `/readyz` (every check up, else 503) through @nestjs/terminus. */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(HEALTH_CHECKS) private readonly checks: HealthChecks,
  ) {}

  @Get('healthz')
  @HealthCheck()
  alive() {
    return this.health.check([]);
  }

  @Get('readyz')
  @HealthCheck()
  ready() {
    return this.health.check(Object.entries(this.checks).map(([name, status]) => statusIndicator(this.indicators, name, status)));
  }
}

/** `/metrics`: this process's registry, in the Prometheus text format. */
@Controller()
export class MetricsController {
  constructor() {
    collectProcessMetrics();
  }

  @Get('metrics')
  @Header('Content-Type', register.contentType)
  @Header('Cache-Control', 'no-store')
  exposition(): Promise<string> {
    return register.metrics();
  }
}

export async function createServiceApp(options: ServiceAppOptions): Promise<NestFastifyApplication> {
  const requests = counter({ name: 'mc_requests_total', help: 'Requests answered, by route and status', labelNames: ['route', 'status'] });
  const latency = histogram({ name: 'mc_request_seconds', help: 'Time to answer, by route', labelNames: ['route'], buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1] });
  gauge({
    name: 'mc_dataset_info',
    help: 'The dataset version this replica answers from (1 when ready), by service',
    labelNames: ['service', 'version'],
    async collect() {
      this.reset();
      const status = await options.status().catch(() => null);
      this.set({ service: options.name, version: status?.datasetVersion ?? 'none' }, status?.ready ? 1 : 0);
    },
  });

  @Module({
    imports: [TerminusModule.forRoot({ logger: false })],
    controllers: [HealthController, ...(options.publicMetrics === false ? [] : [MetricsController]), ...options.controllers],
    providers: [
      ...options.providers,
      { provide: HEALTH_CHECKS, useValue: { dataset: options.status } satisfies HealthChecks },
      { provide: APP_FILTER, useClass: WireProblemFilter },
    ],
  })
  class ServiceModule {}

  // The gateway forwards what a client sent (up to 16 KB of request line and headers), some of
  // it percent-encoded again: internal requests may be larger than public ones.
  const serverFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void) => createServer({ maxHeaderSize: 64 * 1024 }, handler);
  const adapter = new FastifyAdapter({ serverFactory, logger: { level: options.logLevel ?? 'info' }, logController: new LogController({ disableRequestLogging: true }), routerOptions: { maxParamLength: 500 } });
  const app = await NestFactory.create<NestFastifyApplication>(ServiceModule, adapter, { logger: options.logLevel === 'silent' ? false : ['error', 'warn'] });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request) => {
    (request as { startedAt?: bigint }).startedAt = process.hrtime.bigint();
  });
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = Number(process.hrtime.bigint() - ((request as { startedAt?: bigint }).startedAt ?? process.hrtime.bigint())) / 1e9;
    requests.inc({ route, status: String(reply.statusCode) });
    latency.observe({ route }, seconds);
  });
  await app.init();
  return app;
}
