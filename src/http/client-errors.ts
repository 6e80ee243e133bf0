import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors/api-error.js';
import { statusOf, type Surface } from '../platform/errors/error-codes.js';
import { failureBody, graphqlFailureBody } from './failure-body.js';
import { newRequestId } from './request-id.js';
import { toApiError } from './to-api-error.js';

/** Node's HPE_* errors also carry what the parser had read and its own words ("Invalid header value char"). */
type ParserError = ConnectionError & { rawPacket?: unknown; reason?: string };

export interface ClientErrorOptions {
  docsUrl: string;
  /** Which face a path belongs to, so the refusal answers that face's envelope. */
  surfaceOf(path: string): Surface;
}

/** The path of the request line the parser had read, if it got that far. */
function pathOf(error: ParserError): string {
  const line = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 2048).split('\r\n', 1)[0]! : '';
  return /^\S+ (\/\S*)/.exec(line)?.[1] ?? '/';
}

function parserFailure(error: ParserError): ApiError | null {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('headers_too_large', 'The request line and headers are over the size limit; send a shorter URL or fewer headers.');
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('request_timeout', 'The request did not arrive in time; the connection is closed.');
  }
  if (error.code?.startsWith('HPE_')) {
    return new ApiError('bad_request', `The request is not valid HTTP/1.1${error.reason ? ` (${error.reason.replace(/[^\x20-\x7e]/g, '?')})` : ''}.`);
  }
  return null;
}

/**
 * Requests Node's HTTP parser refuses (oversize headers or URL, a bad Transfer-Encoding, a raw
 * non-ASCII byte in the path, a request too slow to arrive) never reach Fastify's handlers. They
 * are answered here, on the socket, in the envelope of the face the path belongs to, with a
 * request id of their own that the log line carries too; then the connection is closed.
 */
export function clientErrorHandler(options: ClientErrorOptions) {
  return function answerOnSocket(this: FastifyInstance, connectionError: ConnectionError, socket: Socket) {
    const error: ParserError = connectionError;
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const id = newRequestId();
    const log = this.log.child({ request_id: id });
    const apiError = parserFailure(error) ?? toApiError(error, { id, log });
    if (apiError.code !== 'server_error') log.info({ code: error.code, reason: error.reason }, `refused by the HTTP parser: ${apiError.code}`);
    const surface = options.surfaceOf(pathOf(error));
    const status = statusOf(apiError.code, surface);
    const body = JSON.stringify(surface === 'graphql' ? graphqlFailureBody(apiError, id) : failureBody(apiError, id, options.docsUrl));
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${id}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  };
}
