import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalJson, jsonEqual, jsonNestingDepth, previewJson } from './canonical-json.js';

/** The recursive version this module replaced: stored idempotency hashes were made with it. */
function recursiveCanonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(recursiveCanonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursiveCanonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

test('canonicalJson: same output as the recursive version; key order ignored', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => assert.equal(canonicalJson(v), recursiveCanonicalJson(v))),
    { numRuns: 500 },
  );
  assert.equal(canonicalJson({ b: 1, a: [undefined, { d: undefined, c: 2 }] }), '{"a":[null,{"c":2}],"b":1}');
  assert.equal(canonicalJson({ a: 1, b: 2 }), canonicalJson({ b: 2, a: 1 }));
});

test('no walk over request data overflows the stack, at any depth', () => {
  const deep = nested(200_000);
  assert.throws(() => recursiveCanonicalJson(deep), RangeError, 'the old version overflowed');
  // 100,000 levels of {"k":…} (6 characters each) and 100,000 of […] (2 each) around the 1.
  assert.equal(canonicalJson(deep).length, 800_001);
  assert.ok(jsonEqual(deep, nested(200_000)));
  assert.ok(!jsonEqual(deep, nested(199_999)));
  assert.ok(previewJson(deep).length <= 60);
});

test('previewJson: short, cut with an ellipsis, cheap on huge values', () => {
  assert.equal(previewJson({ a: [1, 'x'] }), '{"a":[1,"x"]}');
  assert.equal(previewJson(undefined), 'undefined');
  const long = previewJson('A'.repeat(5_000_000));
  assert.equal(long.length, 60);
  assert.ok(long.endsWith('...'));
  assert.equal(previewJson(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))).length, 60);
});

test('jsonNestingDepth counts brackets outside strings only, stopping early', () => {
  assert.equal(jsonNestingDepth('{"a":[1,{"b":"[[[{{{"}]}'), 3);
  assert.equal(jsonNestingDepth('{"a":"\\"[["}'), 1);
  assert.equal(jsonNestingDepth('1'), 0);
  assert.equal(jsonNestingDepth('['.repeat(1_000_000), 64), 65);
});
