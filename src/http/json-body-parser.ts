import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { jsonNestingDepth } from '../domain/canonical-json.js';
import { ApiError } from '../domain/errors.js';

/**
 * Replaces Fastify's application/json parser with one that first measures the
 * nesting depth in a single linear pass and refuses anything deeper than
 * `maxDepth` with a 400, before a parsed tree exists. Deep values otherwise
 * reach every recursive walk downstream (validation, hashing, previews, the
 * renderer); ~5,000 levels overflowed the stack. Parsing itself stays
 * Fastify's own (secure-json-parse), so `__proto__` and `constructor.prototype`
 * keys are still refused as before.
 *
 * Fastify answers both of its refusals with one "not valid JSON" and drops the
 * reason. A client fixing its request needs to know which: a syntax error and
 * where it is, or a forbidden key in JSON that is otherwise valid. So a refused
 * body is parsed once more, on that failure path only, to say which.
 */
export function registerJsonBodyParser(app: FastifyInstance, maxDepth: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Many HTTP clients (no-code tools among them) send Content-Type: application/json on every request.
    // A route that takes no body, or whose body is optional, reads an empty one as no body, not as an empty JSON document.
    if (text === '' && (request.routeOptions.schema?.body === undefined || request.routeOptions.config.optionalBody)) {
      done(null, undefined);
      return;
    }
    if (jsonNestingDepth(text, maxDepth) > maxDepth) {
      done(new ApiError('invalid_request', `The JSON body is nested more than ${maxDepth} levels deep.`), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if ((error as { code?: string } | null)?.code !== 'FST_ERR_CTP_INVALID_JSON_BODY') return done(error, value);
      const refused = new ApiError('invalid_request', whyNotJson(text));
      refused.cause = error;
      done(refused, undefined);
    });
  });
  // A route with `config.optionalBody` validates a missing body as `{}`: sent without a body, or an empty one, it takes its defaults.
  app.addHook('onRoute', (route) => {
    if (!route.config?.optionalBody) return;
    const own = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [absentBodyIsEmptyObject, ...own];
  });
}

function absentBodyIsEmptyObject(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.body === undefined || request.body === null) request.body = {};
  done();
}

/** Why a body the JSON parser refused was refused, in words a client can act on. */
function whyNotJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message names the position (and quotes a few characters around it): the client's own input, nothing of ours.
    return `The body is not valid JSON: ${(error as Error).message}.`;
  }
  const path = forbiddenKeyPath(value, '');
  return `The body is valid JSON but has the key ${path === null ? '"__proto__" or "constructor.prototype"' : `"${path}"`}: no field of this API has that name, and such keys are refused everywhere.`;
}

/** The first `__proto__`, or `prototype` inside a `constructor`, that secure-json-parse refuses; the body's depth is already bounded. */
function forbiddenKeyPath(value: unknown, at: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const path = at === '' ? key : `${at}.${key}`;
    if (key === '__proto__') return path;
    if (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) return `${path}.prototype`;
    const found = forbiddenKeyPath(child, path);
    if (found !== null) return found;
  }
  return null;
}
