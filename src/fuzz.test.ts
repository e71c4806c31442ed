/**
 * HTTP fuzz suite against a real server process. Every answer must be in the
 * error catalog's shape (exact fields, a code whose catalog status is the HTTP
 * status), no 5xx but 503 with Retry-After, no body on HEAD, and the process
 * must stay up with bounded memory throughout.
 *
 * FUZZ_RUNS sets the number of random requests (default 3,000, ~35 s here);
 * FUZZ_SEED replays a run. A failure prints fast-check's seed and path.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ERROR_CATALOG } from './domain/errors.js';
import { catalogProblem, parseRawResponse, rawHttp, startServerProcess, type ServerProcess } from './server-process.test-helper.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Resident memory the server may reach; it idles near 200 MiB and a hostile body is at most 5 MiB. */
const RSS_LIMIT_MIB = 1536;

interface Fixture {
  templateId: string;
  elements: Record<string, string[]>;
}

// ---------- value arbitraries: wrong types, huge numbers, long strings, deep nesting, prototype keys

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 64, 1e21, -0, 5e-324, 0.1 + 0.2);
const numberish = fc.oneof(fc.double(), fc.integer(), hugeNumber, fc.constantFrom('1e999', 'NaN', 'Infinity', '-0', '0x10', ' 12 ', '1'.repeat(400) + 'x'));
const longString = fc
  .tuple(fc.constantFrom('A', 'é', 'e\u0301', '👍🏽', '7', ' ', '\n', '\u0000', '"', '\\', '\ud800', '한'), fc.integer({ min: 0, max: 120_000 }))
  .map(([unit, n]) => unit.repeat(n));
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'red',
    '#fff',
    'rgba(1,2,3,0.5)',
    'hsl(1e9, 50%, 50%)',
    'data:image/png;base64,AAAA',
    'http://127.0.0.1/x.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'Inter',
    'true',
    'null',
    ...PROTO_KEYS,
  ),
  longString,
);
/** Deep nesting, both under and well over the parse-time cap. */
const deepValue = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});
const withProtoKeys = fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => Object.fromEntries([[k, v]]));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: numberish },
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  deepValue,
  withProtoKeys,
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  fc.constantFrom(...PROTO_KEYS),
  longString.map((s) => s.slice(0, 20_000)),
);
const objectOf = (keys: fc.Arbitrary<string>, values: fc.Arbitrary<unknown>, maxKeys = 5) =>
  fc.array(fc.tuple(keys, values), { maxLength: maxKeys }).map((entries) => Object.fromEntries(entries));

// ---------- body arbitraries

const OVERRIDE_PROPS = [
  'text',
  'fill',
  'stroke',
  'strokeWidth',
  'fontSize',
  'fontFamily',
  'fontWeight',
  'fontStyle',
  'left',
  'top',
  'width',
  'height',
  'scaleX',
  'scaleY',
  'angle',
  'opacity',
  'visible',
  'src',
  'fit',
  'textFit',
  'minFontSize',
  'lineHeight',
  'charSpacing',
  'textAlign',
  'rx',
  'ry',
];
/** Values an override may legitimately take, so that some generates render with fuzzed but valid input. */
const plausible = fc.oneof(
  fc.integer({ min: -2000, max: 2000 }),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.boolean(),
  fc.constantFrom('#ff0000', 'rgba(0,0,0,0.5)', 'transparent', 'Inter', 'Roboto', 'bold', 'italic', 'center', 'shrink', 'cover', 'contain', '24', ' 1.5', 'true'),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);
const generateBody = (f: Fixture) => {
  const names = Object.keys(f.elements);
  const sane = fc
    .constantFrom(...names)
    .chain((name) =>
      objectOf(fc.constantFrom(...f.elements[name], 'text', 'fill'), fc.oneof({ weight: 3, arbitrary: plausible }, anyValue), 3).map((props) => ({ [name]: props })),
    );
  const chaotic = objectOf(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, key),
    fc.oneof({ weight: 4, arbitrary: objectOf(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...OVERRIDE_PROPS) }, key), anyValue, 4) }, anyValue),
    4,
  );
  const changes = fc.oneof({ weight: 2, arbitrary: sane }, chaotic);
  return fc
    .record(
      {
        templateId: fc.oneof({ weight: 8, arbitrary: fc.constant(f.templateId) }, anyValue),
        changes: fc.option(changes, { freq: 8 }),
        under: fc.constantFrom('elements', 'modifications', 'both'),
        format: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('png', 'jpeg', 'webp') }, anyValue),
        quality: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 100 }) }, anyValue),
        scale: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0.1, 0.25, 0.5) }, anyValue),
        extra: fc.option(anyValue, { freq: 10 }),
      },
      { requiredKeys: ['templateId', 'under'] },
    )
    .map(({ changes, under, extra, ...rest }) => ({
      ...rest,
      ...(changes == null ? {} : under === 'both' ? { elements: changes, modifications: changes } : { [under]: changes }),
      ...(extra == null ? {} : { extra }),
    }));
};

const FABRIC_TYPES = [
  'rect',
  'Rect',
  'circle',
  'ellipse',
  'triangle',
  'line',
  'polyline',
  'polygon',
  'path',
  'text',
  'i-text',
  'textbox',
  'Textbox',
  'image',
  'group',
  'IText',
  'pattern',
  '',
];
const FABRIC_PROPS = [
  'left',
  'top',
  'width',
  'height',
  'fill',
  'stroke',
  'strokeWidth',
  'shadow',
  'clipPath',
  'text',
  'styles',
  'fontFamily',
  'fontSize',
  'points',
  'path',
  'src',
  'objects',
  'name',
  'opacity',
  'scaleX',
  'angle',
  'rx',
  'radius',
  'x1',
  'strokeDashArray',
  'filters',
  'originX',
];
const fabricObject: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ obj: Record<string, unknown> }>((tie) => ({
  obj: fc
    .record(
      {
        type: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FABRIC_TYPES) }, anyValue),
        name: fc.oneof(fc.string({ maxLength: 10 }), anyValue),
        props: objectOf(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FABRIC_PROPS) }, key), anyValue, 6),
        children: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant(undefined), fc.array(tie('obj'), { maxLength: 3 })),
      },
      { requiredKeys: ['type'] },
    )
    .map(({ type, name, props, children }) => ({ type, ...(name === undefined ? {} : { name }), ...props, ...(children ? { objects: children } : {}) })),
})).obj;
const templateBody = fc.record(
  {
    name: fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) }, anyValue),
    template: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record(
          {
            version: fc.oneof(fc.constantFrom('7.4.0', '5.3.0', '6.0.0'), anyValue),
            width: fc.oneof(fc.integer({ min: 1, max: 400 }), anyValue),
            height: fc.oneof(fc.integer({ min: 1, max: 400 }), anyValue),
            objects: fc.oneof({ weight: 5, arbitrary: fc.array(fabricObject, { maxLength: 4 }) }, anyValue),
            background: anyValue,
          },
          { requiredKeys: ['width', 'height', 'objects'] },
        ),
      },
      anyValue,
    ),
  },
  { requiredKeys: [] },
);

// ---------- request arbitrary: method, path, headers and body together

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'get'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=utf-16',
  'application/json;;',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  '*/*',
  '',
];
const ENCODINGS = ['gzip', 'br', 'deflate', 'identity', 'chunked', 'x'.repeat(200)];

interface FuzzRequest {
  method: string;
  path: string;
  headers: Array<[string, string]>;
  body: string | null;
}

const requestArb = (f: Fixture, key: string): fc.Arbitrary<FuzzRequest> => {
  const id = fc.oneof(
    { weight: 3, arbitrary: fc.constant(f.templateId) },
    fc.constantFrom('tpl_x', 'img_x', 'key_x', '..', '%2e%2e', '%00', '%', 'a'.repeat(150), '%E0%A4%A', '~', '😀'),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const path = fc
    .oneof(
      fc.constantFrom(
        '/image/generate',
        '/templates',
        '/templates/all',
        '/account',
        '/account/usage',
        '/account/keys',
        '/fonts',
        '/healthz',
        '/readyz',
        '/openapi.json',
        '/',
        '/nope',
        '//templates//all',
        '/image/generate/',
        '/IMAGE/GENERATE',
      ),
      id.map((x) => `/templates/${x}`),
      id.map((x) => `/templates/${x}/elements`),
      id.map((x) => `/templates/${x}/elements/basic`),
      id.map((x) => `/images/${x}.png`),
      id.map((x) => `/account/keys/${x}`),
      id.map((x) => `/fonts/${x}`),
    )
    .chain((p) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(p) },
        fc
          .constantFrom('?cursor=x', '?limit=-1', '?limit=1e9', '?sort=__proto__', '?cursor=' + 'A'.repeat(3000), '?a[b][c]=1', '?__proto__[x]=1', '?%', '?limit=5&limit=6')
          .map((q) => p + q),
      ),
    );
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${key}`) },
    fc.constantFrom(
      `bearer ${key}`,
      `Bearer  ${key}`,
      `Bearer ${key} `,
      `Bearer ${key}x`,
      `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      'Bearer',
      'Bearer imp_',
      `Bearer ${'imp_' + 'x'.repeat(22)}`,
      `Token ${key}`,
      'Bearer ' + 'x'.repeat(4000),
    ),
  );
  const body = fc.oneof(
    { weight: 4, arbitrary: generateBody(f).map((b) => JSON.stringify(b)) },
    { weight: 3, arbitrary: templateBody.map((b) => JSON.stringify(b)) },
    fc.jsonValue({ maxDepth: 4 }).map((b) => JSON.stringify(b)),
    fc.integer({ min: 1, max: 100_000 }).map((n) => `{"templateId":"${f.templateId}","elements":{"title":{"text":${'['.repeat(n)}${']'.repeat(n)}}}}`),
    fc.constantFrom(
      '',
      '{',
      'null',
      '[]',
      '"x"',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"a":1,"a":2}',
      '\ufeff{}',
      '{"templateId":"x"}garbage',
      '{"templateId":1e999}',
    ),
    fc.string({ maxLength: 60 }),
  );
  const headers = fc.record(
    {
      authorization,
      'content-type': fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, fc.constantFrom(...CONTENT_TYPES)),
      'content-encoding': fc.option(fc.constantFrom(...ENCODINGS), { freq: 5 }).map((e) => e ?? undefined),
      'idempotency-key': fc.oneof(
        fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'x')),
        fc.constantFrom('a'.repeat(300), '__proto__', ' ', 'k\u00e9y'),
      ),
      accept: fc.constantFrom('application/json', 'image/*', 'text/html', '*/*', ''),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'evil', '::1, 10.0.0.1'),
      expect: fc.constantFrom('100-continue'),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"'),
    },
    { requiredKeys: [] },
  );
  const anything = fc.record({ method: fc.constantFrom(...METHODS), path, headers, body: fc.option(body, { freq: 3 }) }).map((r) => {
    let path = r.path;
    // Keep the fixtures alive: a random DELETE must not remove the template every other case uses.
    if (r.method === 'DELETE') path = path.replace(f.templateId, 'tpl_fuzzed');
    return { method: r.method, path, headers: Object.entries(r.headers).filter(([, v]) => v !== undefined) as Array<[string, string]>, body: r.body };
  });
  // Most cases get past routing, auth and content type, so that validation, overrides and rendering are what is fuzzed.
  const good: Array<[string, string]> = [
    ['authorization', `Bearer ${key}`],
    ['content-type', 'application/json'],
  ];
  const idempotency = fc.option(
    fc.string({ minLength: 1, maxLength: 12 }).map((k): [string, string] => ['idempotency-key', k.replace(/[^\x21-\x7e]/g, 'x')]),
    { freq: 3 },
  );
  const generate = fc
    .tuple(generateBody(f), idempotency)
    .map(([b, idem]): FuzzRequest => ({ method: 'POST', path: '/image/generate', headers: idem ? [...good, idem] : good, body: JSON.stringify(b) }));
  const saveTemplate = fc.tuple(fc.constantFrom('POST', 'PUT'), templateBody).map(
    ([method, b]): FuzzRequest => ({
      method,
      path: method === 'POST' ? '/templates' : `/templates/${f.templateId}`,
      headers: good,
      // PUT goes to the fixture only when the body cannot replace it with something valid.
      body: JSON.stringify(method === 'PUT' ? { ...b, extra: 1 } : b),
    }),
  );
  return fc.oneof({ weight: 5, arbitrary: generate }, { weight: 3, arbitrary: saveTemplate }, { weight: 3, arbitrary: anything });
};

function toRaw(r: FuzzRequest): Buffer {
  const body = r.body === null ? null : Buffer.from(r.body, 'utf8');
  const lines = [`${r.method} ${r.path} HTTP/1.1`, 'Host: fuzz', 'Connection: close'];
  for (const [name, value] of r.headers) lines.push(`${name}: ${Buffer.from(value, 'utf8').toString('latin1')}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);
}

describe('HTTP fuzzing a real server', () => {
  let s: ServerProcess;
  let fixture: Fixture;
  before(async () => {
    s = await startServerProcess({ RENDER_WORKERS: '1' });
    const all = (await (await fetch(`${s.base}/templates/all`, { headers: s.auth })).json()) as Array<{ id: string }>;
    for (const t of all) {
      const { elements } = (await (await fetch(`${s.base}/templates/${t.id}/elements`, { headers: s.auth })).json()) as { elements: Record<string, Record<string, unknown>> };
      if ('title' in elements) fixture = { templateId: t.id, elements: Object.fromEntries(Object.entries(elements).map(([k, v]) => [k, Object.keys(v)])) };
    }
  });
  after(() => s.stop());

  test(`${RUNS} random requests: catalog-shaped answers, no 5xx, the server alive with bounded RSS`, { timeout: 30 * 60_000 }, async () => {
    const statuses = new Map<number, number>();
    let maxRss = 0;
    await fc.assert(
      fc.asyncProperty(requestArb(fixture, s.key), async (request) => {
        const raw = await rawHttp(s.port, toRaw(request), 60_000);
        const res = parseRawResponse(raw);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const problem = catalogProblem(ERROR_CATALOG, request.method, res);
        const rss = s.rssMiB();
        maxRss = Math.max(maxRss, rss);
        // fast-check reports the failing input; this line says what was wrong with the answer.
        if (problem || !s.alive() || rss >= RSS_LIMIT_MIB) console.log(`fuzz failure: ${problem ?? ''} alive=${s.alive()} rss=${rss.toFixed(0)} MiB; answer: ${raw.slice(0, 300)}`);
        assert.ok(s.alive(), `the server died:\n${s.output().slice(-2000)}`);
        assert.ok(Number.isInteger(res.status) && res.status >= 100, `no HTTP answer: ${raw.slice(0, 200)}`);
        assert.equal(problem, null, `${request.method} ${request.path.slice(0, 200)} → ${problem}`);
        assert.ok(rss < RSS_LIMIT_MIB, `RSS ${rss.toFixed(0)} MiB`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true, verbose: 1 },
    );
    console.log(`fuzz: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, max RSS ${maxRss.toFixed(0)} MiB`);
    const health = await fetch(`${s.base}/healthz`);
    assert.equal(health.status, 200);
  });

  const post = async (url: string, body: unknown, method = 'POST') => {
    const res = await fetch(`${s.base}${url}`, { method, headers: { ...s.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    const problem = catalogProblem(ERROR_CATALOG, method, { status: res.status, headers: Object.fromEntries(res.headers), body: text });
    assert.equal(problem, null, problem ?? '');
    return { status: res.status, body: text };
  };
  const textbox = (i: number, text: string) => ({ type: 'textbox', name: `t${i}`, left: 0, top: i, width: 400, text, fontSize: 12, fontFamily: 'Inter' });

  test('adversarial: 1,000 textboxes of 4,000 characters are refused on save and as overrides, at once and for free', async () => {
    const credits = async () => ((await (await fetch(`${s.base}/account`, { headers: s.auth })).json()) as { credits: number }).credits;
    const before = await credits();
    const saved = await post('/templates', {
      name: 'wall of text',
      template: { version: '7.4.0', width: 1200, height: 1200, objects: Array.from({ length: 1000 }, (_, i) => textbox(i, 'A'.repeat(4000))) },
    });
    assert.equal(saved.status, 400, saved.body.slice(0, 300));
    assert.equal(JSON.parse(saved.body).code, 'invalid_template');
    const small = await post('/templates', {
      name: 'many boxes',
      template: { version: '7.4.0', width: 1200, height: 1200, objects: Array.from({ length: 1000 }, (_, i) => textbox(i, 'x')) },
    });
    assert.equal(small.status, 201, small.body.slice(0, 300));
    const { id } = JSON.parse(small.body) as { id: string };
    const generated = await post('/image/generate', {
      templateId: id,
      elements: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`t${i}`, { text: 'A'.repeat(4000) }])),
    });
    assert.equal(generated.status, 400, generated.body.slice(0, 300));
    assert.match(JSON.parse(generated.body).message, /in total/);
    assert.equal(await credits(), before);
    assert.ok(s.alive());
  });

  test('adversarial: 200 large rectangles with shadow blur 500 on an 8192² canvas can never fit the render budget and are refused on save', async () => {
    const rects = Array.from({ length: 200 }, (_, i) => ({
      type: 'rect',
      name: `r${i}`,
      left: 0,
      top: 0,
      width: 8192,
      height: 8192,
      fill: '#336699',
      shadow: { color: 'rgba(0,0,0,0.5)', blur: 500, offsetX: 10, offsetY: 10 },
    }));
    const saved = await post('/templates', { name: 'blur bomb', template: { version: '7.4.0', width: 8192, height: 8192, objects: rects } });
    assert.equal(saved.status, 400, saved.body.slice(0, 300));
    assert.equal(JSON.parse(saved.body).code, 'invalid_template');
    const normal = await post('/image/generate', { templateId: fixture.templateId, scale: 0.25 });
    assert.ok([200, 402].includes(normal.status), normal.body.slice(0, 300));
    assert.ok(s.alive());
    assert.ok(s.rssMiB() < RSS_LIMIT_MIB);
  });
});
