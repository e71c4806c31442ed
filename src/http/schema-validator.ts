import { Kind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler } from 'fastify';
import { toBoolean, toNumber } from '../domain/overrides.js';

/**
 * Fastify's validator for every route: TypeBox checks the value against the
 * route's schema, the same schema /openapi.json documents.
 *
 * No-code tools (Zapier, Make, n8n, Pipedream) send every value as a string,
 * so a body field the schema types as a number or boolean also takes its
 * string form ("60", "0.5", "true"). Only a body that fails as sent is
 * coerced, and only scalars whose schema says number, integer or boolean: a
 * numeric string is never truncated ("60.5" for an integer still fails), and
 * nothing becomes a string, an array or an object. Query strings and path
 * parameters are strings by nature; TypeBox's own conversion serves them.
 */
export const schemaValidator: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  const refusal = (value: unknown) => ({ error: firstErrors(check.Errors(value)).map(describe) as unknown as Error });
  return (input: unknown) => {
    if (httpPart !== 'body') {
      const loose = looseNumbers(schema, input);
      const value = Value.Convert(schema, input);
      if (loose) Object.assign(value as object, loose);
      return check.Check(value) ? { value } : refusal(value);
    }
    if (check.Check(input)) return { value: input };
    // No body at all where one is required (Fastify passes null when no parser ran), or the JSON `null`.
    if (input === undefined || input === null) {
      return { error: [{ instancePath: '', message: 'is missing or null: send a JSON object with Content-Type: application/json' }] as unknown as Error };
    }
    // Each check walks every key of the body; a second one only when coercion changed a value.
    const coercion = { changed: false };
    const value = coerceScalars(schema, input, coercion);
    return coercion.changed && check.Check(value) ? { value } : refusal(value);
  };
};

/**
 * The answer lists at most this many errors. They are taken from TypeBox's
 * lazy iterator: spreading it first listed an error for every unknown key
 * of a body that may hold hundreds of thousands.
 */
const MAX_REPORTED_ERRORS = 100;

function firstErrors(errors: Iterable<ValueError>): ValueError[] {
  const first: ValueError[] = [];
  for (const error of errors) {
    first.push(error);
    if (first.length === MAX_REPORTED_ERRORS) break;
  }
  return first;
}

const DECIMAL = { Integer: /^[+-]?\d+$/, Number: /^[+-]?(\d+\.?\d*|\.\d+)$/ } as const;

/**
 * TypeBox's conversion reads a query's `limit=1e3` as 1, `2.9` as 2 and `0x10` as 16, so a client
 * asking for 1000 items silently got one. A query or path number must be written in plain decimal:
 * the strings that are not are taken before the conversion (which works in place) and put back
 * after it, so the check refuses them ("Expected integer").
 */
function looseNumbers(schema: TSchema, input: unknown): Record<string, string> | null {
  if (schema[Kind] !== 'Object' || typeof input !== 'object' || input === null) return null;
  const sent = input as Record<string, unknown>;
  let loose: Record<string, string> | null = null;
  for (const [key, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const kind = property[Kind] as string;
    const raw = Object.hasOwn(sent, key) ? sent[key] : undefined;
    if ((kind === 'Integer' || kind === 'Number') && typeof raw === 'string' && !DECIMAL[kind].test(raw.trim())) (loose ??= {})[key] = raw;
  }
  return loose;
}

/** The numbers and booleans no-code tools send as strings, turned back into what `schema` asks for. */
function coerceScalars(schema: TSchema, value: unknown, coercion: { changed: boolean }): unknown {
  switch (schema[Kind]) {
    case 'Number':
    case 'Integer':
      return typeof value === 'string' ? noteChange(value, toNumber(value) ?? value, coercion) : value;
    case 'Boolean':
      return typeof value === 'string' ? noteChange(value, toBoolean(value) ?? value, coercion) : value;
    case 'Object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      for (const [key, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
        if (Object.hasOwn(record, key)) record[key] = coerceScalars(property, record[key], coercion);
      }
      return record;
    }
    case 'Array':
      return Array.isArray(value) ? value.map((item) => coerceScalars(schema.items as TSchema, item, coercion)) : value;
    case 'Union': {
      const variants = schema.anyOf as TSchema[];
      if (variants.some((variant) => Value.Check(variant, value))) return value;
      for (const variant of variants) {
        const coerced = coerceScalars(variant, structuredClone(value), coercion);
        if (Value.Check(variant, coerced)) return coerced;
      }
      return value;
    }
    default:
      return value;
  }
}

function noteChange(before: unknown, after: unknown, coercion: { changed: boolean }): unknown {
  if (after !== before) coercion.changed = true;
  return after;
}

interface Issue {
  instancePath: string;
  message: string;
}

/**
 * TypeBox reports a failed union as "Expected union value", which tells a
 * caller nothing: a union of literals names its allowed values instead, and
 * any other union reports the errors of the variant that has the value's shape.
 */
function describe(error: ValueError): Issue {
  const schema = error.schema;
  // A list where a map is expected is a common mix-up (Bannerbear's "modifications" are a list): the
  // first sentence of the schema's own description says what to send instead.
  if (Array.isArray(error.value) && (schema[Kind] === 'Record' || schema[Kind] === 'Object') && schema.description) {
    const what = String(schema.description)
      .split(/\.\s+(?=[A-Z])/)[0]
      .replace(/\.$/, '');
    return { instancePath: error.path, message: `must be an object, not a list: ${what}` };
  }
  // A pattern is a regular expression a caller should not have to read: a schema may say what it means.
  if (error.type === ValueErrorType.StringPattern && typeof schema['x-pattern-message'] === 'string') return { instancePath: error.path, message: schema['x-pattern-message'] };
  if (schema[Kind] !== 'Union') return { instancePath: error.path, message: error.message };
  const variants = schema.anyOf as TSchema[];
  if (variants.every((variant) => variant[Kind] === 'Literal')) {
    const allowed = variants.map((variant) => String(variant.const));
    return { instancePath: error.path, message: `must be one of ${allowed.join(', ')} (got ${JSON.stringify(error.value)?.slice(0, 60)})` };
  }
  const shaped = variants.find((variant) => sameShape(variant, error.value));
  const inner = shaped ? Value.Errors(shaped, error.value).First() : undefined;
  if (inner) return describe({ ...inner, path: `${error.path}${inner.path}` });
  const shapes = [...new Set(variants.map((variant) => String(variant.type ?? variant[Kind]).toLowerCase()))];
  return { instancePath: error.path, message: `must be ${shapes.join(' or ')}` };
}

function sameShape(schema: TSchema, value: unknown): boolean {
  if (Array.isArray(value)) return schema[Kind] === 'Array';
  if (typeof value === 'object' && value !== null) return schema[Kind] === 'Object' || schema[Kind] === 'Record';
  return false;
}
