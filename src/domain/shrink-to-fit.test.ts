import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_MIN_FONT_SIZE, fitBox, fitsBox, minFontSizeOf, shrinkToFit } from './shrink-to-fit.js';

/** A text whose laid-out height is proportional to its scale, as a one-line text's is. */
const tallerThan = (limit: number, height: number) => (scale: number) => height * scale <= limit;

test('a text that fits as designed keeps its size, and is laid out once', () => {
  const asked: number[] = [];
  const fit = shrinkToFit(40, 8, (s) => (asked.push(s), true));
  assert.deepEqual(fit, { scale: 1, overflows: false });
  assert.deepEqual(asked, [1]);
});

test('the largest factor that fits, found within 1/2^14 of the span', () => {
  const fit = shrinkToFit(40, 8, tallerThan(100, 160));
  assert.equal(fit.overflows, false);
  assert.ok(fit.scale <= 100 / 160, String(fit.scale));
  assert.ok(100 / 160 - fit.scale < (1 - 8 / 40) / 2 ** 14, String(fit.scale));
});

test('never below the minimum size: the text is drawn at it and reported as overflowing', () => {
  assert.deepEqual(
    shrinkToFit(40, 10, () => false),
    { scale: 10 / 40, overflows: true },
  );
  // Already at (or under) the minimum: no search at all.
  assert.deepEqual(
    shrinkToFit(8, 8, () => false),
    { scale: 1, overflows: true },
  );
  assert.deepEqual(
    shrinkToFit(6, 8, () => false),
    { scale: 1, overflows: true },
  );
});

test('for any monotonic predicate: the factor fits, a step larger does not, and min ≤ factor ≤ 1', () => {
  fc.assert(
    fc.property(
      fc.double({ min: 1, max: 500, noNaN: true }),
      fc.double({ min: 0.01, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1.5, noNaN: true }),
      (size, minShare, threshold) => {
        const min = size * minShare;
        const fits = (s: number) => s <= threshold;
        const { scale, overflows } = shrinkToFit(size, min, fits);
        if (threshold >= 1) return scale === 1 && !overflows;
        if (size <= min || threshold < min / size) return overflows;
        const step = (1 - min / size) / 2 ** 14;
        return !overflows && fits(scale) && !fits(scale + step) && scale >= min / size && scale <= 1;
      },
    ),
  );
});

test('the box: stored width and height, 0.01 px of slack, a missing side never binds', () => {
  assert.equal(fitsBox({ width: 200.009, height: 100 }, { width: 200, height: 100 }), true);
  assert.equal(fitsBox({ width: 200.02, height: 100 }, { width: 200, height: 100 }), false);
  assert.equal(fitsBox({ width: 200, height: 100.02 }, { width: 200, height: 100 }), false);
  assert.deepEqual(fitBox({ width: 300, height: 'tall' }), { width: 300, height: Number.POSITIVE_INFINITY });
  assert.equal(fitsBox({ width: 300, height: 1e9 }, fitBox({ width: 300 })), true);
});

test('minFontSize: the object’s own, else the default the server has always used', () => {
  assert.equal(minFontSizeOf({ minFontSize: 14 }), 14);
  assert.equal(minFontSizeOf({}), DEFAULT_MIN_FONT_SIZE);
  assert.equal(DEFAULT_MIN_FONT_SIZE, 8);
});
