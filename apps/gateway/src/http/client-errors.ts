/**
 * Requests Node's HTTP parser cannot read (a bad request line or method token, raw non-ASCII
 * bytes, headers over the limit, Content-Length with Transfer-Encoding, a client too slow to
 * send its headers) never reach a route. They are still answered with a problem document,
 * written straight to the socket, and the connection is closed.
 */
import { PROBLEM_CONTENT_TYPE, problemDocument, type ProblemKind } from '@mc/contracts';
import type { Duplex } from 'node:stream';

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The problem a parser error code stands for. Pure. */
export function clientErrorProblem(code: string | undefined): { kind: ProblemKind; detail: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { kind: 'headers-too-large', detail: 'the request headers are larger than this server reads (16 KB)' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { kind: 'request-timeout', detail: 'the request was not sent in time' };
    case 'HPE_INVALID_METHOD':
      return { kind: 'method-not-allowed', detail: 'the method is not one of GET, HEAD, OPTIONS; this API is read-only' };
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return { kind: 'bad-request', detail: 'the request frames its body in two ways (Content-Length and Transfer-Encoding)' };
    default:
      return { kind: 'bad-request', detail: `the request can't be read as HTTP/1.1${code ? ` (${code})` : ''}` };
  }
}

export function answerClientError(error: Error & { code?: string }, socket: Duplex, baseUrl: string): void {
  if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { kind, detail } = clientErrorProblem(error.code);
  writeProblem(socket, kind, detail, '/', baseUrl);
}

/** CONNECT asks for a tunnel, which Node hands over raw (the 'connect' event): refused like any other method. */
export function refuseConnect(request: { url?: string }, socket: Duplex, baseUrl: string): void {
  writeProblem(socket, 'method-not-allowed', 'CONNECT is not allowed; this API is read-only (GET, HEAD)', request.url?.startsWith('/') ? request.url : '/', baseUrl);
}

/** A problem document written straight to a socket, which is then closed. */
function writeProblem(socket: Duplex, kind: ProblemKind, detail: string, instance: string, baseUrl: string): void {
  const document = problemDocument(kind, detail, instance, baseUrl);
  const body = JSON.stringify(document);
  const head = [
    `HTTP/1.1 ${document.status} ${REASONS[document.status] ?? 'Error'}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Access-Control-Allow-Origin: *',
    ...(kind === 'method-not-allowed' ? ['Allow: GET, HEAD, OPTIONS'] : []),
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
