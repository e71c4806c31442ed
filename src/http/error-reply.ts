import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBodyOf, megabytes, type ErrorCode, type FieldError } from '../domain/errors.js';

/** Fastify's own failures, mapped onto our catalog so no error ever leaves in Fastify's shape. */
const FASTIFY_CODES: Record<string, { code: ApiError['code']; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message:
      'This route does not take that Content-Type. Send JSON with Content-Type: application/json, or what the route documents: text/csv for POST /batches, the file itself for uploads.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request', message: 'The body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request', message: 'Content-Length does not match the body.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', message: 'A path segment of the URL is longer than this server accepts.' },
  FST_ERR_BAD_URL: { code: 'invalid_request', message: 'The URL is malformed (e.g. a bad percent-encoding).' },
};

/**
 * Any other Fastify client error keeps its status when the catalog has a
 * protocol-level code for it; any other 4xx becomes a plain 400. Fastify's own
 * message is kept: it names the problem without revealing anything internal.
 */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};

export function apiErrorForStatus(status: number, message: string): ApiError {
  const code = status >= 400 && status < 500 ? (CODE_BY_STATUS[status] ?? 'invalid_request') : 'internal_error';
  return new ApiError(code, message);
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** `bodyLimitBytes` lets a 413 say the limit in MB; without it the message names the setting only. */
export function toApiError(error: FastifyError | ApiError | Error, bodyLimitBytes?: number): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
    const limit = bodyLimitBytes === undefined ? 'this server accepts' : `the ${megabytes(bodyLimitBytes)} limit`;
    return new ApiError('payload_too_large', `The request body is larger than ${limit} (BODY_LIMIT).`);
  }
  if (fastifyError.validation) return fromValidation(fastifyError.validation, fastifyError.validationContext ?? 'body');
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return new ApiError(known.code, known.message);
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) return new ApiError('invalid_request', 'The request could not be parsed.');
  if (fastifyError.statusCode === 415) return new ApiError('unsupported_media_type', FASTIFY_CODES.FST_ERR_CTP_INVALID_MEDIA_TYPE.message);
  const status = fastifyError.statusCode ?? 0;
  if (fastifyError.code?.startsWith('FST_ERR_') && status >= 400 && status < 500) return apiErrorForStatus(status, fastifyError.message);
  return new ApiError('internal_error', 'Something went wrong on our side. It has been logged; retry, and quote the requestId if it persists.');
}

/** Paths carry request keys, which may be megabytes long; the answer quotes at most 200 characters of each. */
const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 197)}...` : text);

/** Fastify's names for the parts of a request, as a sentence starts with them, and the verbs that agree. */
const PART_NAMES: Record<string, { name: string; is: string; has: string }> = {
  body: { name: 'The body', is: 'is', has: 'has' },
  params: { name: 'The path parameters', is: 'are', has: 'have' },
  querystring: { name: 'The query string', is: 'is', has: 'has' },
  headers: { name: 'The headers', is: 'are', has: 'have' },
};

function fromValidation(issues: ValidationIssue[], part: string): ApiError {
  const errors: FieldError[] = issues.slice(0, 100).map((issue) => ({
    path: clip([part === 'body' ? '' : part, ...(issue.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.') || part),
    message: clip(issue.message ?? 'is invalid'),
  }));
  // A misspelt field usually comes with the required one it was meant to be: name the stranger first,
  // then what else is wrong, each once (a union's branches repeat the same complaint).
  const isUnknown = (error: FieldError) => /additional|unexpected|not allowed|Unexpected property/i.test(error.message);
  const unknown = [...new Set(errors.filter(isUnknown).map((e) => e.path))];
  // A missing field also fails its type check ("Expected object"): saying it is required says it all.
  const missing = new Set(errors.filter((e) => e.message === 'Expected required property').map((e) => e.path));
  const others = [...new Set(errors.filter((e) => !isUnknown(e) && !missing.has(e.path)).map((e) => `${e.path} ${e.message}`))];
  others.unshift(...[...missing].map((path) => `${path} is required`));
  const what = PART_NAMES[part] ?? { name: `The ${part}`, is: 'is', has: 'has' };
  const summary =
    unknown.length > 0
      ? `${what.name} ${what.has} ${unknown.length === 1 ? 'a field that is' : 'fields that are'} not part of the API: ${unknown.join(', ')}.${others.length > 0 ? ` Also: ${others.join('; ')}.` : ''}`
      : `${what.name} ${what.is} invalid: ${others.join('; ')}.`;
  return new ApiError('invalid_request', summary, { errors });
}

export function errorBody(error: ApiError, requestId: string) {
  return errorBodyOf(error, requestId, new Date().toISOString());
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.details.headers ?? {})) reply.header(name, value);
  if (error.code === 'invalid_api_key') reply.header('WWW-Authenticate', 'Bearer realm="imprint"');
  reply.code(error.statusCode).type('application/json; charset=utf-8');
  // A response to HEAD has no body (RFC 9110 §9.3.2), errors included.
  if (request.method === 'HEAD') return reply.send();
  return reply.send(errorBody(error, request.id));
}

/**
 * Errors Node's HTTP parser raises before a request exists (header block over
 * its limit, malformed request line): written on the raw socket, in the
 * catalog's shape. Fastify's default handler answers in its own shape.
 */
export function writeClientError(err: NodeJS.ErrnoException, socket: Duplex, requestId: string): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('headers_too_large', 'The request line and headers are larger than this server accepts (16 KiB); a long URL counts too.')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('invalid_request', 'The request was not received in time.')
        : new ApiError('invalid_request', 'The request is not valid HTTP.');
  if (!socket.writable) return void socket.destroy(err);
  const body = JSON.stringify(errorBody(error, requestId));
  // No request object exists yet; the bytes received tell whether this was a HEAD, which gets no body.
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  const head = Buffer.isBuffer(raw) && raw.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${head ? '' : body}`,
  );
  // A lingering close: the client may still be sending a body that no parser will read, and a socket
  // closed with unread bytes answers with a TCP reset, which can discard the answer above before the
  // client reads it (a fuzzed 1 MB body after a malformed request line got no answer at all). So the
  // rest is read and dropped until the client closes, for a few seconds at most.
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * An `Expect` other than 100-continue: Node answers these itself, with an empty 417 and before any
 * route or hook runs. This gives the same status in the catalog's shape. The body, if one follows,
 * is never read, so the connection closes.
 */
export function writeExpectationFailed(req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const error = new ApiError(
    'expectation_failed',
    `Expect: ${clip(String(req.headers.expect))} is not an expectation this server meets; send the request without it, or with Expect: 100-continue.`,
  );
  const body = JSON.stringify(errorBody(error, requestId));
  res.writeHead(error.statusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Request-Id': requestId,
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** How long a refused connection may keep sending before it is cut. */
const LINGER_MS = 2_000;
