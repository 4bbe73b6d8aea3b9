/** Every failure leaves as an RFC 9457 problem document: never a stack trace, never HTML. */
import { Catch, HttpException, Inject, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { PROBLEM_CONTENT_TYPE, ProblemError, problemDocument, type ProblemKind } from '@mc/contracts';

/** The request target as `instance`: its path and query, even when the client sent the absolute form. */
export function requestTarget(url: string): string {
  return url.startsWith('/') ? url : url.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
}
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isReadinessReport } from '@mc/contracts/service';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options.js';

/** A Host header that is only a host name or address and a port: nothing else is ever reflected. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/**
 * The base of problem `type` links when PUBLIC_BASE_URL is not set: the request's origin if
 * its Host is plain, otherwise none (the link stays relative, `/docs/api/#…`).
 */
export function originOf(request: FastifyRequest): string {
  const host = request.headers.host;
  return host && PLAIN_HOST.test(host) ? `${request.protocol}://${host}` : '';
}

/** Fastify's and Nest's own errors, mapped onto the contract's problem kinds. */
function problemFromFramework(error: unknown, request: FastifyRequest): ProblemError {
  const path = request.url.split('?')[0];
  const status = error instanceof HttpException ? error.getStatus() : (error as { statusCode?: number })?.statusCode;
  // Every route answers GET and HEAD only: another method on any path is a 405, not a 404.
  if ((status === 404 || status === 405) && !['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
    return new ProblemError('method-not-allowed', `${request.method} is not allowed; this API is read-only (GET, HEAD)`);
  }
  if (status === 404) return new ProblemError('not-found', `${path} is not an endpoint of this API`);
  if (status !== undefined && status >= 400 && status < 500) {
    return new ProblemError('invalid-query', `the request can't be read: ${(error as Error).message}`);
  }
  return new ProblemError('internal-error', 'the server failed to answer this request; it has been logged');
}

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('problems');

  constructor(@Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (isReadinessReport(error)) {
      // /readyz when a service is not ready: terminus's report, with its 503.
      void reply.code(503).header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-store').send(JSON.stringify(error.getResponse()));
      return;
    }
    const problem = error instanceof ProblemError ? error : problemFromFramework(error, request);
    if (problem.kind === 'internal-error') this.logger.error(error instanceof Error ? error.stack : String(error));
    sendProblem(request, reply, problem.kind, problem.detail, this.options.publicBaseUrl ?? originOf(request));
  }
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, kind: ProblemKind, detail: string, baseUrl: string): void {
  const document = problemDocument(kind, detail, requestTarget(request.url), baseUrl);
  if (kind === 'method-not-allowed') reply.header('Allow', 'GET, HEAD, OPTIONS');
  // A service away for a moment: clients may try again shortly.
  if (kind === 'unavailable') reply.header('Retry-After', '2');
  void reply
    .code(document.status)
    .header('Content-Type', PROBLEM_CONTENT_TYPE)
    .header('X-Api-Tier', 'computed')
    .header('Access-Control-Allow-Origin', '*')
    .header('Cache-Control', 'no-store')
    .send(JSON.stringify(document));
}
