import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ensureBundledFonts } from '../fonts/font-registry.js';
import { prepareText, isTextType } from './text-object.js';
import { parseStyles } from './text-styles.js';
import { FONT_SIZE_MULT } from './text-layout.js';
ensureBundledFonts();
const box = (extra) => ({ type: 'textbox', fontFamily: 'Inter', fontSize: 20, width: 200, ...extra });
test('isTextType accepts every case of the three text types', () => {
    for (const t of ['text', 'Text', 'i-text', 'IText', 'textbox', 'Textbox'])
        assert.equal(isTextType(t), true, t);
    assert.equal(isTextType('rect'), false);
});
test('textbox wraps on spaces, keeps its width, and no line exceeds it', () => {
    const p = prepareText(box({ text: 'The quick brown fox jumps over the lazy dog again and again' }));
    const { layout } = p;
    assert.equal(p.width, 200);
    assert.ok(layout.lines.length >= 3, `lines: ${layout.textLines.join('|')}`);
    for (let i = 0; i < layout.lines.length; i++) {
        assert.ok(layout.getLineWidth(i) <= 200, layout.textLines[i]);
        assert.ok(!layout.textLines[i].startsWith(' ') && !layout.textLines[i].endsWith(' '));
    }
    assert.equal(layout.textLines.join(' '), 'The quick brown fox jumps over the lazy dog again and again');
    // Fabric: every line but the last is fontSize × 1.13 × lineHeight; the last has no lineHeight.
    const n = layout.lines.length;
    assert.ok(Math.abs(p.height - (20 * FONT_SIZE_MULT * 1.16 * (n - 1) + 20 * FONT_SIZE_MULT)) < 1e-9);
});
test('a word longer than the box widens the textbox (dynamicMinWidth)', () => {
    const p = prepareText(box({ width: 40, text: 'a Supercalifragilistic b' }));
    assert.ok(p.width > 40);
    assert.deepEqual(p.layout.textLines, ['a', 'Supercalifragilistic', 'b']);
    assert.equal(p.width, p.layout.getLineWidth(1));
});
test('hard newlines always break and splitByGrapheme breaks inside words', () => {
    assert.deepEqual(prepareText(box({ text: 'one\ntwo' })).layout.textLines, ['one', 'two']);
    const g = prepareText(box({ width: 60, splitByGrapheme: true, text: 'abcdefghijklmnopqrstuvwxyz' }));
    assert.ok(g.layout.lines.length > 2);
    assert.equal(g.layout.textLines.join(''), 'abcdefghijklmnopqrstuvwxyz');
});
test('text width is the longest line, height follows the line formula', () => {
    const p = prepareText({ type: 'text', fontFamily: 'Roboto', fontSize: 30, text: 'short\nmuch longer line' });
    assert.equal(p.width, Math.max(p.layout.getLineWidth(0), p.layout.getLineWidth(1)));
    assert.ok(p.layout.getLineWidth(1) > p.layout.getLineWidth(0));
    assert.ok(Math.abs(p.height - 30 * FONT_SIZE_MULT * (1.16 + 1)) < 1e-9);
});
test('kerning: a pair is measured together, so kernedWidth can differ from width', () => {
    const p = prepareText({ type: 'text', fontFamily: 'Playfair Display', fontSize: 100, text: 'AV' });
    const [a, v] = p.layout.charBounds[0];
    assert.equal(a.kernedWidth, a.width);
    assert.notEqual(v.kernedWidth, v.width);
});
test('styles: array (v6/v7) and object (v5) forms give the same map', () => {
    const text = 'ab\ncd';
    const fromArray = parseStyles([{ start: 1, end: 3, style: { fill: 'red' } }], text);
    const fromObject = parseStyles({ 0: { 1: { fill: 'red' } }, 1: { 0: { fill: 'red' } } }, text);
    assert.deepEqual(fromArray, { 0: { 1: { fill: 'red' } }, 1: { 0: { fill: 'red' } } });
    assert.deepEqual(fromObject, fromArray);
});
test('a larger per-char fontSize raises that line only', () => {
    const p = prepareText({ type: 'text', fontFamily: 'Inter', fontSize: 20, text: 'ab\ncd', styles: [{ start: 0, end: 1, style: { fontSize: 50 } }] });
    assert.equal(p.layout.heightOfLineImpl(0), 50 * FONT_SIZE_MULT);
    assert.equal(p.layout.heightOfLineImpl(1), 20 * FONT_SIZE_MULT);
});
test('textFit shrink reaches a size that fits the stored box, never below minFontSize', () => {
    const text = 'This headline is far too long for the little box it was given';
    const obj = box({ text, fontSize: 40, width: 200, height: 100 });
    assert.ok(prepareText(obj).height > 100);
    const fit = prepareText({ ...obj, textFit: 'shrink', minFontSize: 8 });
    assert.ok(fit.height <= 100.01, String(fit.height));
    assert.equal(fit.width, 200);
    assert.ok(fit.fontSize < 40 && fit.fontSize >= 8);
    // Near-maximal: 5% larger would not fit.
    assert.ok(prepareText({ ...obj, fontSize: fit.fontSize * 1.05 }).height > 100);
    const floor = prepareText({ ...obj, textFit: 'shrink', minFontSize: 30 });
    assert.equal(floor.fontSize, 30);
    const single = prepareText({ type: 'text', fontFamily: 'Inter', fontSize: 40, width: 150, height: 46, text: 'A long single line', textFit: 'shrink' });
    assert.ok(single.width <= 150.01);
});
//# sourceMappingURL=text-object.test.js.map