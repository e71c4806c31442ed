import { ApiError } from '../domain/errors.js';
/** Fastify's own failures, mapped onto our catalog so no error ever leaves in Fastify's shape. */
const FASTIFY_CODES = {
    FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is larger than this server accepts (BODY_LIMIT).' },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as JSON with the header Content-Type: application/json.' },
    FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request', message: 'The body is not valid JSON.' },
    FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request', message: 'The body is empty; send a JSON object.' },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request', message: 'Content-Length does not match the body.' },
};
export function toApiError(error) {
    if (error instanceof ApiError)
        return error;
    const fastifyError = error;
    if (fastifyError.validation)
        return fromValidation(fastifyError.validation, fastifyError.validationContext ?? 'body');
    const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
    if (known)
        return new ApiError(known.code, known.message);
    if (error instanceof SyntaxError || fastifyError.statusCode === 400)
        return new ApiError('invalid_request', 'The request could not be parsed.');
    if (fastifyError.statusCode === 413)
        return new ApiError('payload_too_large', FASTIFY_CODES.FST_ERR_CTP_BODY_TOO_LARGE.message);
    if (fastifyError.statusCode === 415)
        return new ApiError('unsupported_media_type', FASTIFY_CODES.FST_ERR_CTP_INVALID_MEDIA_TYPE.message);
    return new ApiError('internal_error', 'Something went wrong on our side. It has been logged; retry, and quote the requestId if it persists.');
}
function fromValidation(issues, part) {
    const errors = issues.map((issue) => ({
        path: [part === 'body' ? '' : part, ...(issue.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.') || part,
        message: issue.message ?? 'is invalid',
    }));
    const unknownField = issues.find((issue) => /additional|unexpected|not allowed|Unexpected property/i.test(issue.message ?? ''));
    const summary = unknownField
        ? `The ${part} has a field that is not part of the API: ${errors.map((e) => e.path).join(', ')}.`
        : `The ${part} is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`;
    return new ApiError('invalid_request', summary, { errors });
}
export function sendError(request, reply, error) {
    for (const [name, value] of Object.entries(error.details.headers ?? {}))
        reply.header(name, value);
    if (error.code === 'invalid_api_key')
        reply.header('WWW-Authenticate', 'Bearer realm="imprint"');
    return reply
        .code(error.statusCode)
        .type('application/json; charset=utf-8')
        .send({
        status: 'error',
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        requestId: request.id,
        timestamp: new Date().toISOString(),
        ...(error.details.errors ? { errors: error.details.errors } : {}),
    });
}
//# sourceMappingURL=error-reply.js.map