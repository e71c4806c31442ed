import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementKind, listBasicElements, listElements, namedObjects } from './elements.js';
import { fabric5Document, fabric7Document } from './fabric-fixtures.test-helper.js';
import type { TemplateDocument } from './template.js';

test('elementKind covers every supported type in either spelling', () => {
  assert.equal(elementKind({ type: 'Textbox' }), 'text');
  assert.equal(elementKind({ type: 'i-text' }), 'text');
  assert.equal(elementKind({ type: 'IText' }), 'text');
  assert.equal(elementKind({ type: 'text' }), 'text');
  assert.equal(elementKind({ type: 'Line' }), 'line');
  assert.equal(elementKind({ type: 'image' }), 'image');
  assert.equal(elementKind({ type: 'Group' }), 'group');
  for (const t of ['rect', 'Circle', 'ellipse', 'triangle', 'polyline', 'polygon', 'path']) assert.equal(elementKind({ type: t }), 'shape');
});

test('listElements on real Fabric 7 output: only named objects, nested ones included, clip paths excluded', () => {
  const elements = listElements(fabric7Document());
  assert.deepEqual(Object.keys(elements), ['bg', 'card', 'dot', 'rule', 'squiggle', 'title', 'subtitle', 'logo', 'badge', 'badge-bg', 'badge-text']);
  assert.deepEqual(elements.card, {
    width: 400,
    height: 200,
    fill: '#ffffff',
    stroke: '#333',
    strokeWidth: 2,
    rx: 16,
    ry: 16,
    scaleX: 1,
    scaleY: 1,
    angle: 0,
    opacity: 1,
  });
  assert.deepEqual(Object.keys(elements.dot), ['width', 'height', 'fill', 'stroke', 'strokeWidth', 'scaleX', 'scaleY', 'angle', 'opacity']);
  assert.equal(elements.dot.stroke, 'transparent');
  const title = elements.title;
  assert.equal(title.text, 'Hello wonderful world');
  assert.equal(title.fontFamily, 'Inter');
  assert.equal(title.fontSize, 48);
  assert.equal(title.textAlign, 'justify-left');
  assert.equal(title.charSpacing, 50);
  assert.equal(title.width, 300);
  assert.ok(typeof title.height === 'number' && title.height > 0);
  assert.deepEqual(Object.keys(title), [
    'width',
    'height',
    'fill',
    'fontSize',
    'fontFamily',
    'lineHeight',
    'text',
    'charSpacing',
    'textAlign',
    'scaleX',
    'scaleY',
    'angle',
    'opacity',
  ]);
  // A line's visible colour is its stroke.
  assert.deepEqual(elements.rule, { width: 300, height: 0, fill: '#cccccc', scaleX: 1, scaleY: 1, angle: 0, opacity: 1 });
  assert.equal(elements.logo.angle, 12);
  assert.match(String(elements.logo.src), /^data:image\/png;base64,/);
  assert.equal(elements.bg.fill, '#ff0000', 'a gradient is reported by its first stop colour: the contract types fill as a string');
});

test('missing properties are filled with Fabric defaults', () => {
  const doc: TemplateDocument = {
    width: 10,
    height: 10,
    objects: [
      { type: 'rect', name: 'r' },
      { type: 'textbox', name: 't' },
      { type: 'image', name: 'i' },
      { type: 'line', name: 'l' },
      { type: 'rect', name: 'none', fill: '' },
    ],
  };
  const el = listElements(doc);
  assert.deepEqual(el.r, { width: 0, height: 0, fill: 'rgb(0,0,0)', stroke: 'transparent', strokeWidth: 1, rx: 0, ry: 0, scaleX: 1, scaleY: 1, angle: 0, opacity: 1 });
  assert.deepEqual(el.t, {
    width: 0,
    height: 0,
    fill: 'rgb(0,0,0)',
    fontSize: 40,
    fontFamily: 'Times New Roman',
    lineHeight: 1.16,
    text: '',
    charSpacing: 0,
    textAlign: 'left',
    scaleX: 1,
    scaleY: 1,
    angle: 0,
    opacity: 1,
  });
  assert.deepEqual(el.i, { src: '', width: 0, height: 0, scaleX: 1, scaleY: 1, angle: 0, opacity: 1 });
  assert.equal(el.l.fill, 'transparent');
  assert.equal(el.none.fill, 'transparent');
});

test('listBasicElements: src for images, text for text, fill for every other kind', () => {
  const basic = listBasicElements(fabric5Document());
  assert.deepEqual(basic.box, { fill: '#336699' });
  assert.deepEqual(basic.divider, { fill: '#000' });
  assert.deepEqual(basic.headline, { text: 'Hello\nworld' });
  assert.deepEqual(basic.caption, { text: 'ab\ncd' });
  assert.deepEqual(basic.photo, { src: 'https://example.com/photo.png' });
  assert.deepEqual(basic.grp, { fill: 'rgb(0,0,0)' });
  assert.deepEqual(basic.inner, { fill: 'rgb(0,0,0)' });
  assert.deepEqual(Object.keys(basic), ['box', 'ring', 'divider', 'headline', 'caption', 'photo', 'grp', 'inner']);
});

test('an element named __proto__ is an ordinary key', () => {
  const doc: TemplateDocument = { width: 1, height: 1, objects: [{ type: 'rect', name: '__proto__', fill: 'red' }] };
  const basic = listBasicElements(doc);
  assert.deepEqual(Object.keys(basic), ['__proto__']);
  assert.equal(JSON.stringify(basic), '{"__proto__":{"fill":"red"}}');
  assert.equal(namedObjects(doc).size, 1);
});
