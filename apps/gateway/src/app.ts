/** Builds the gateway's HTTP application: the same in `main`, in tests and in benchmarks. */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ModuleMetadata } from '@nestjs/common';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { GatewayModule } from './gateway.module.js';
import type { GatewayOptions } from './gateway-options.js';
import type { Duplex } from 'node:stream';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { counter, gauge } from '@mc/contracts/service';
import { answerClientError, refuseConnect } from './http/client-errors.js';
import { originOf, sendProblem } from './http/problem.filter.js';
import { ReadyAnswers } from './http/ready-answers.js';

export interface GatewayAppOptions extends GatewayOptions {
  services: NonNullable<ModuleMetadata['imports']>;
  /** pino level for the one-line-per-request log; 'silent' in tests. */
  logLevel?: string;
}

const EXPOSED_HEADERS = 'ETag, X-Api-Tier, Content-Location';

interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
}

export async function createGatewayApp(options: GatewayAppOptions): Promise<NestFastifyApplication> {
  const ready = new ReadyAnswers();
  const adapter = new FastifyAdapter({
    // Answers ready to write leave from the server's own listener; the rest goes to Fastify.
    // The timeouts are Fastify's, as it would have set them on a server of its own.
    serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void, opts: Record<string, unknown>) => {
      const fastifyOptions = opts as unknown as ServerTimeouts;
      // A block, not an expression: a listener that returns a value makes every emit look for
      // a rejection to capture.
      const server = createServer((request, response) => {
        if (!ready.tryAnswer(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = fastifyOptions.keepAliveTimeout;
      server.requestTimeout = fastifyOptions.requestTimeout;
      server.setTimeout(fastifyOptions.connectionTimeout);
      return server;
    },
    logger: { level: options.logLevel ?? 'info' },
    logController: new LogController({ disableRequestLogging: true }),
    // Query strings are read as given: a key repeated twice stays an array and is refused.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors Fastify raises before any route runs (a path that can't be percent-decoded).
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      sendProblem(request, reply, 'invalid-code', `the path can't be read: ${error.message}`, options.publicBaseUrl ?? originOf(request));
    },
    // Requests Node's HTTP parser refuses before Fastify sees them: still a problem document.
    clientErrorHandler: (error: Error & { code?: string }, socket: Duplex) => answerClientError(error, socket, options.publicBaseUrl ?? ''),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot({ ...options, readyAnswers: ready }),
    adapter,
    { logger: options.logLevel === 'silent' ? false : ['error', 'warn'] },
  );
  const fastify = app.getHttpAdapter().getInstance();
  // Without a listener, Node drops a CONNECT request's socket without a word.
  fastify.server.on('connect', (request: { url?: string }, socket: Duplex) => refuseConnect(request, socket, options.publicBaseUrl ?? ''));
  fastify.addHook('onRequest', async (request, reply) => {
    (request as { startedAt?: bigint }).startedAt = process.hrtime.bigint();
    // Any website may call the service from a browser (spec §5).
    reply.header('Access-Control-Allow-Origin', '*').header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    // A read-only API: every other method is refused here, before any body is read or parsed.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      sendProblem(request, reply, 'method-not-allowed', `${request.method} is not allowed; this API is read-only (GET, HEAD)`, options.publicBaseUrl ?? originOf(request));
      return reply;
    }
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', 'If-None-Match, Accept, Accept-Encoding')
        .header('Access-Control-Max-Age', '86400')
        .send();
    }
    return undefined;
  });
  readyAnswerMetrics(ready);
  fastify.addHook('onClose', async () => void readyAnswersOfProcess.delete(ready));
  const logRequests = !['warn', 'error', 'fatal', 'silent'].includes(options.logLevel ?? 'info');
  if (logRequests) ready.onAnswer = (request, status) => fastify.log.info({ method: request.method, url: request.url, status, tier: 'ready', ms: 0 }, 'request');
  // One structured line per request: status, tier, duration.
  if (logRequests) fastify.addHook('onResponse', async (request, reply) => {
    const startedAt = (request as { startedAt?: bigint }).startedAt ?? process.hrtime.bigint();
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        tier: reply.getHeader('x-api-tier') ?? 'static',
        ms: Number(process.hrtime.bigint() - startedAt) / 1e6,
      },
      'request',
    );
  });
  await app.init();
  await fastify.ready();
  return app;
}

/** Every gateway of this process (one in production; several in a test process). */
const readyAnswersOfProcess = new Set<ReadyAnswers>();
let reportedAnswers = 0;

/** The ready answers in /metrics, read when scraped: nothing is counted per request. */
function readyAnswerMetrics(ready: ReadyAnswers): void {
  readyAnswersOfProcess.add(ready);
  const sum = (of: (ready: ReadyAnswers) => number) => [...readyAnswersOfProcess].reduce((total, each) => total + of(each), 0);
  counter({
    name: 'mc_ready_answers_total',
    help: 'Requests answered from the answers kept ready to write, before the framework',
    collect() {
      const answered = sum((each) => each.answered);
      if (answered > reportedAnswers) this.inc(answered - reportedAnswers);
      reportedAnswers = answered;
    },
  });
  gauge({
    name: 'mc_ready_answers_bytes',
    help: 'Bytes of the answers kept ready to write (bodies shared with other caches are counted here too)',
    collect() {
      this.set(sum((each) => each.size.bytes));
    },
  });
}
