import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { countGraphemes, lineGraphemeCounts, splitGraphemes } from './graphemes.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const reference = (s: string) => [...segmenter.segment(s)].length;

test('grapheme counts equal a whole-string Intl.Segmenter, across window edges', () => {
  const samples = [
    '',
    'a',
    'a\r\nb',
    '\r\n',
    'ab\r\n\u0301x',
    'e\u0301',
    'x👨‍👩‍👧'.repeat(200),
    '🇫🇷🇩🇪'.repeat(300),
    '한글'.repeat(400),
    `${'a'.repeat(255)}\r\n${'é'.repeat(300)}`,
    `e${'\u0301'.repeat(3000)}abc`,
    'a'.repeat(255) + '👍🏽',
  ];
  for (const s of samples) assert.equal(countGraphemes(s), reference(s), JSON.stringify(s.slice(0, 40)));
  // Pieces that combine across boundaries: CR LF, combining marks, ZWJ sequences, skin tones, flags, Hangul jamo.
  const piece = fc.constantFrom('a', '\r', '\n', '\u0301', '👍', '🏽', '\u200d', '👩', '🇫', '🇷', '한', '\u1100', '\u1161', '\u11a8', 'e', '\ud83d');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 900 }), (parts) => {
      const s = parts.join('');
      assert.equal(countGraphemes(s), reference(s));
      assert.deepEqual(
        splitGraphemes(s),
        Array.from(segmenter.segment(s), (x) => x.segment),
      );
    }),
    { numRuns: 300 },
  );
  for (const s of samples)
    assert.deepEqual(
      splitGraphemes(s),
      Array.from(segmenter.segment(s), (x) => x.segment),
    );
});

test('counting stops just past the limit, whatever the length', () => {
  assert.equal(countGraphemes('A'.repeat(1_000_000), 10), 11);
  assert.equal(countGraphemes('é'.repeat(1_000_000), 10) > 10, true);
  assert.equal(countGraphemes('abc', 10), 3);
});

test('lines split on LF and CR LF, as Fabric indexes styles', () => {
  assert.deepEqual(lineGraphemeCounts('ab\r\ncd\ne\u0301'), [2, 2, 1]);
  assert.deepEqual(lineGraphemeCounts(''), [0]);
  assert.deepEqual(lineGraphemeCounts('\n'), [0, 0]);
});
