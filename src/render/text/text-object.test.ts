import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ensureBundledFonts } from '../fonts/font-registry.js';
import { prepareText, isTextType } from './text-object.js';
import { parseStyles } from './text-styles.js';
import { FONT_SIZE_MULT } from './text-layout.js';

ensureBundledFonts();

const box = (extra: Record<string, unknown>) => ({ type: 'textbox', fontFamily: 'Inter', fontSize: 20, width: 200, ...extra });

test('isTextType accepts every case of the three text types', () => {
  for (const t of ['text', 'Text', 'i-text', 'IText', 'textbox', 'Textbox']) assert.equal(isTextType(t), true, t);
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
  const fromArray = parseStyles([{ start: 1, end: 3, style: { fill: 'red' } }], text, 7);
  const fromObject = parseStyles({ 0: { 1: { fill: 'red' } }, 1: { 0: { fill: 'red' } } }, text, 7);
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

const onPath = (
  extra: Record<string, unknown>,
  d = [
    ['M', 0, 0],
    ['L', 300, 0],
  ],
) => ({ type: 'i-text', fontFamily: 'Inter', fontSize: 20, text: 'abc', path: { type: 'Path', path: d }, ...extra }) as never;

test('text on a path takes the path box and centres each grapheme on the point its advance reaches', () => {
  const p = prepareText(onPath({ version: '7.4.0' }));
  assert.equal(p.width, 300);
  assert.equal(p.height, 0);
  const boxes = (p.layout.getLineWidth(0), p.layout.charBounds[0]);
  // Straight path from x=0 to 300; pathOffset is its centre (150, 0).
  assert.ok(Math.abs(boxes[0].renderLeft! - (-150 + boxes[0].kernedWidth / 2)) < 1e-9);
  assert.ok(Math.abs(boxes[1].renderLeft! - (-150 + boxes[0].kernedWidth + boxes[1].kernedWidth / 2)) < 1e-9);
  assert.equal(boxes[0].renderTop, 0);
  assert.equal(boxes[0].angle, 0);
  // Fabric 5 adds 1.1 line heights around the path box.
  assert.ok(Math.abs(prepareText(onPath({ version: '5.3.0' })).width - (300 + 20 * FONT_SIZE_MULT * 1.16 * 1.1)) < 1e-9);
});

test('pathSide right reverses the order and turns the glyphs over; pathStartOffset moves and wraps around', () => {
  const right = prepareText(onPath({ pathSide: 'right' })).layout;
  right.getLineWidth(0);
  const [a, b, c] = right.charBounds[0];
  // Reversed: the last grapheme starts at the path's start (textAlign left puts the line at the end).
  assert.ok(c.renderLeft! < b.renderLeft! && b.renderLeft! < a.renderLeft!);
  assert.ok(Math.abs(a.angle! - Math.PI) < 1e-12);
  const total = right.getLineWidth(0);
  assert.ok(Math.abs(a.renderLeft! - (150 - a.kernedWidth / 2)) < 1e-9, `${a.renderLeft} ${total}`);
  const shifted = prepareText(onPath({ pathStartOffset: 310 })).layout;
  shifted.getLineWidth(0);
  // 310 along a 300-long path wraps to 10.
  assert.ok(Math.abs(shifted.charBounds[0][0].renderLeft! - (-140 + shifted.charBounds[0][0].kernedWidth / 2)) < 1e-9);
});

test('on a curve each grapheme turns with the tangent', () => {
  // A quarter circle of radius 100 from (0,-100) clockwise to (100,0), as a cubic.
  const k = 55.22847498;
  const p = prepareText(
    onPath({ text: 'On the bend', textAlign: 'center' }, [
      ['M', 0, -100],
      ['C', k, -100, 100, -k, 100, 0],
    ]),
  );
  // charBounds keeps one extra box after the last grapheme (Fabric's cursor slot); it is not on the path.
  const line = (p.layout.getLineWidth(0), p.layout.charBounds[0].slice(0, p.layout.lines[0].length));
  for (let i = 1; i < line.length; i++) assert.ok(line[i].angle! > line[i - 1].angle!, `angle grows at ${i}`);
  const mid = line[Math.floor(line.length / 2)];
  assert.ok(Math.abs(mid.angle! - Math.PI / 4) < 0.1, `middle angle ${mid.angle}`);
});

test('a grapheme whose centre falls past the end of a line segment sits on its end, as Point.lerp clamps', () => {
  const p = prepareText(
    onPath({ text: 'W' }, [
      ['M', 0, 0],
      ['L', 8, 0],
    ]),
  );
  p.layout.getLineWidth(0);
  const w = p.layout.charBounds[0][0];
  assert.ok(w.kernedWidth / 2 > 8, `W is ${w.kernedWidth} wide`);
  // The path's end (8, 0) minus its pathOffset (4, 0).
  assert.equal(w.renderLeft, 4);
});
