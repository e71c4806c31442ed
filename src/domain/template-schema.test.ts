import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { CreateTemplateBodySchema, TemplateDocumentSchema, isRemoteImageUrl, validateTemplate, type TemplateIssue } from './template-schema.js';
import { fabric5Document, fabric6Document, fabric7Document } from './fabric-fixtures.test-helper.js';
import type { TemplateDocument } from './template.js';

const FONTS = ['Inter', 'Roboto', 'Open Sans'];
const opts = { fontFamilies: FONTS };

function issuesOf(doc: unknown, options = opts): TemplateIssue[] {
  const result = validateTemplate(doc, options);
  assert.equal(result.ok, false, 'expected the template to be rejected');
  return result.ok ? [] : result.issues;
}

function accept(doc: unknown): TemplateDocument {
  const result = validateTemplate(doc, opts);
  assert.ok(result.ok, `expected acceptance, got ${JSON.stringify(!result.ok && result.issues, null, 1)}`);
  return result.document;
}

const rect = (extra: Record<string, unknown> = {}) => ({ type: 'rect', left: 0, top: 0, width: 10, height: 10, ...extra });
const docWith = (...objects: unknown[]) => ({ version: '7.4.0', width: 100, height: 100, objects });

test('real Fabric 7 toObject() output is accepted unchanged', () => {
  const doc = fabric7Document();
  // Guard that the fixture really is what Fabric writes, defaults included.
  const title = doc.objects.find((o) => o.name === 'title')!;
  assert.equal(title.type, 'Textbox');
  assert.equal(title.fillRule, 'nonzero');
  assert.equal(title.globalCompositeOperation, 'source-over');
  assert.ok(Array.isArray(title.styles));
  const logo = doc.objects.find((o) => o.name === 'logo')!;
  assert.deepEqual(logo.filters, []);
  assert.equal(logo.crossOrigin, null);
  const accepted = accept(doc);
  assert.equal(accepted, doc);
});

test('hand-written Fabric 5 and 6 output is accepted (both styles forms, both type spellings)', () => {
  accept(fabric5Document());
  accept(fabric6Document());
});

test('an invented property is rejected, naming object and property', () => {
  const doc = fabric7Document();
  doc.objects[2].sparkle = 1;
  const issues = issuesOf(doc);
  assert.equal(issues.length, 1);
  assert.deepEqual(issues[0], {
    path: 'objects[2].sparkle',
    message: 'objects[2] ("dot"): property "sparkle" is not supported',
    code: 'invalid_template',
  });
  const unnamed = issuesOf(docWith(rect({ sparkle: true })));
  assert.equal(unnamed[0].message, 'objects[0]: property "sparkle" is not supported');
});

test('unsupported Fabric properties pass only at their default value', () => {
  accept(docWith(rect({ transformMatrix: null, resizeFilter: null, pathStartOffset: 0 })));
  // Text-on-a-path settings mean nothing on a shape.
  const issues = issuesOf(docWith(rect({ name: 't', pathSide: 'right' })));
  assert.equal(issues.length, 1);
  assert.match(issues[0].message, /objects\[0\] \("t"\): property "pathSide" is not supported with value "right"; only Fabric's default "left"/);
  assert.equal(issuesOf(docWith({ type: 'image', src: '', filters: [{ type: 'Noise', noise: 10 }] }))[0].path, 'objects[0].filters');
  // Circle angles mean nothing on another type.
  assert.equal(issuesOf(docWith(rect({ endAngle: 180 })))[0].path, 'objects[0].endAngle');
});

test('fill rules, dash offsets, composite operations, arcs and clip path flags are drawn, so any valid value is accepted', () => {
  accept(docWith(rect({ fillRule: 'evenodd', strokeDashOffset: -6.5, globalCompositeOperation: 'multiply', inverted: true, absolutePositioned: false })));
  accept(docWith({ type: 'circle', radius: 5, startAngle: -90, endAngle: 180, counterClockwise: true }));
  for (const globalCompositeOperation of ['destination-out', 'luminosity', 'xor', 'copy']) accept(docWith(rect({ globalCompositeOperation })));
  assert.equal(issuesOf(docWith(rect({ fillRule: 'winding' })))[0].path, 'objects[0].fillRule');
  assert.equal(issuesOf(docWith(rect({ globalCompositeOperation: 'plus-darker' })))[0].path, 'objects[0].globalCompositeOperation');
  assert.equal(issuesOf(docWith(rect({ strokeDashOffset: Number.POSITIVE_INFINITY })))[0].path, 'objects[0].strokeDashOffset');
  assert.equal(issuesOf(docWith({ type: 'circle', radius: 5, counterClockwise: 'yes' }))[0].path, 'objects[0].counterClockwise');
});

test('the canvas background and overlay images, overlay colour and clip path are checked like objects and paints', () => {
  accept({
    ...docWith(),
    backgroundImage: { type: 'Image', src: 'https://a.test/bg.jpg', name: 'bg' },
    overlayImage: { type: 'Image', src: 'https://a.test/logo.png', name: 'bg' },
    overlay: 'rgba(0,0,0,0.3)',
    clipPath: { type: 'Rect', width: 50, height: 50, rx: 8, ry: 8 },
  });
  assert.equal(issuesOf({ ...docWith(), backgroundImage: { type: 'Image', src: 'file:///etc/passwd' } })[0].path, 'backgroundImage.src');
  assert.equal(issuesOf({ ...docWith(), clipPath: { type: 'sparkle' } })[0].path, 'clipPath.type');
  assert.equal(issuesOf({ ...docWith(), overlay: 'notacolour' })[0].path, 'overlay');
  accept({ ...docWith(), overlay: { type: 'pattern', source: 'https://a.test/p.png' } });
});

test('image patterns are accepted as fills, strokes, the canvas background and overlay, as Pattern#toObject() writes them', () => {
  const pattern = { type: 'pattern', source: 'https://a.test/p.png', repeat: 'repeat-x', crossOrigin: '', offsetX: 4, offsetY: -2, patternTransform: [1, 0, 0, 1, 0, 0] };
  accept({ ...docWith(rect({ fill: pattern, stroke: { ...pattern, repeat: 'no-repeat', patternTransform: null } })), background: pattern, overlay: pattern });
  accept(docWith({ type: 'image', src: 'https://a.test/photo.jpg', stroke: { type: 'pattern', source: 'data:image/png;base64,iVBORw0KGgo=' }, strokeWidth: 4 }));
  const at = (doc: unknown) => issuesOf(doc).map((i) => `${i.path}: ${i.message}`);
  assert.match(at({ ...docWith(), background: { ...pattern, repeat: 'mirror' } })[0], /^background: .*repeat must be one of "repeat", "repeat-x", "repeat-y", "no-repeat"/);
  assert.match(at(docWith(rect({ fill: { ...pattern, source: 'file:///etc/passwd' } })))[0], /^objects\[0\]\.fill\.source: .*pattern source in "fill" must be an http\(s\) URL/);
  assert.match(at(docWith(rect({ stroke: { ...pattern, patternTransform: [1, 0, 0] } })))[0], /patternTransform must be null or an array of 6 finite numbers/);
  assert.match(at(docWith(rect({ fill: { ...pattern, sparkle: 1 } })))[0], /pattern in "fill": property "sparkle" is not supported/);
  accept(docWith({ type: 'textbox', text: 'Hi', fontFamily: 'Inter', fill: pattern, stroke: pattern }));
  // Character styles take colours only, as before.
  assert.match(at(docWith({ type: 'textbox', text: 'Hi', fontFamily: 'Inter', styles: [{ start: 0, end: 1, style: { fill: pattern } }] }))[0], /character style "fill"/);
  // A malformed pattern background gets the precise message, not TypeBox's "Expected union value".
  assert.deepEqual(at({ ...docWith(), background: { type: 'pattern', source: 'https://a.test/p.png', offsetX: 'left' } }), [
    'background: template: pattern in "background": offsetX must be a finite number',
  ]);
});

test('editor-only interaction properties are ignored whatever their value', () => {
  accept(docWith(rect({ selectable: false, evented: false, hasControls: false, lockMovementX: true, hoverCursor: 'pointer', cornerColor: 'red', id: 'abc', data: { any: 1 } })));
});

test('unknown type is rejected with the supported list; type names are case-insensitive', () => {
  const issues = issuesOf(docWith({ type: 'activeSelection', objects: [] }));
  assert.equal(issues[0].path, 'objects[0].type');
  assert.match(issues[0].message, /object type "activeSelection" is not supported; supported types: rect, circle, .*textbox, i-text, text, image, group/);
  accept(docWith(rect({ type: 'RECT' }), { type: 'iText', text: 'x', fontFamily: 'Inter' }, { type: 'I-Text', text: 'y', fontFamily: 'inter' }));
});

test('names must be unique across the template, including inside groups', () => {
  const issues = issuesOf(docWith(rect({ name: 'a' }), { type: 'group', objects: [rect({ name: 'b' }), { type: 'group', objects: [rect({ name: 'a' })] }] }));
  assert.equal(issues.length, 1);
  assert.equal(issues[0].path, 'objects[1].objects[1].objects[0].name');
  assert.match(issues[0].message, /name "a" is already used by objects\[0\]/);
  // A clip path is not an element, so its name does not collide.
  accept(docWith(rect({ name: 'a', clipPath: rect({ name: 'a' }) }), rect({ name: 'b', clipPath: { type: 'group', objects: [rect({ name: 'a' })] } })));
});

test('fonts: object level and inside styles, case-insensitive, first family of a CSS list', () => {
  accept(docWith({ type: 'textbox', text: 'x', fontFamily: "'open sans', Arial, sans-serif", styles: [{ start: 0, end: 1, style: { fontFamily: 'ROBOTO' } }] }));
  const issues = issuesOf(
    docWith(
      { type: 'textbox', name: 't', text: 'ab', fontFamily: 'Comic Sans MS, cursive' },
      { type: 'text', text: 'ab', fontFamily: 'Inter', styles: { 0: { 1: { fontFamily: 'Papyrus' } } } },
      { type: 'text', text: 'ab', fontFamily: 'Inter', styles: [{ start: 0, end: 2, style: { fontFamily: 'Wingdings' } }] },
    ),
  );
  assert.deepEqual(
    issues.map((i) => [i.code, i.path]),
    [
      ['unknown_font', 'objects[0].fontFamily'],
      ['unknown_font', 'objects[1].styles.0.1.fontFamily'],
      ['unknown_font', 'objects[2].styles[0].style.fontFamily'],
    ],
  );
  assert.equal(issues[0].message, 'objects[0] ("t"): font family "Comic Sans MS" is not available; available families: Inter, Open Sans, Roboto');
});

test('outer document shape is checked with the TypeBox schema', () => {
  for (const bad of [
    null,
    { width: 0, height: 10, objects: [] },
    { width: 10.5, height: 10, objects: [] },
    { width: 8193, height: 10, objects: [] },
    { width: 10, height: 10 },
    { width: 10, height: 10, objects: [{ name: 'no type' }] },
  ]) {
    const issues = issuesOf(bad);
    assert.ok(issues.every((i) => i.code === 'invalid_template'));
  }
  assert.equal(issuesOf({ width: 0, height: 10, objects: [] })[0].path, 'width');
  assert.match(issuesOf({ ...docWith(), backgroundImage: { type: 'image', src: 42 } })[0].message, /backgroundImage: property "src" must be a string/);
  accept({ ...docWith(), backgroundImage: null, overlay: '' });
  assert.equal(issuesOf({ ...docWith(), version: 'latest' })[0].path, 'version');
});

test('numbers must be finite and sane; enums and colours are checked', () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ opacity: 2 }, 'opacity'],
    [{ width: -1 }, 'width'],
    [{ left: Number.NaN }, 'left'],
    [{ scaleX: 1e9 }, 'scaleX'],
    [{ fill: 'notacolour' }, 'fill'],
    [{ fill: 'none' }, 'fill'],
    [{ stroke: 12 }, 'stroke'],
    [{ strokeLineCap: 'pointy' }, 'strokeLineCap'],
    [{ strokeDashArray: [1, -2] }, 'strokeDashArray'],
    [{ originX: 'middle' }, 'originX'],
    [{ visible: 'yes' }, 'visible'],
    [{ inverted: 'yes' }, 'inverted'],
  ];
  for (const [props, key] of cases) {
    const issues = issuesOf(docWith(rect(props)));
    assert.equal(issues[0].path, `objects[0].${key}`, JSON.stringify(props));
  }
  accept(docWith(rect({ originX: 0.5, originY: 'bottom', fill: null, stroke: '', backgroundColor: 'rgba(0,0,0,.5)' })));
  const text = (p: Record<string, unknown>) => docWith({ type: 'textbox', text: 'x', fontFamily: 'Inter', ...p });
  assert.equal(issuesOf(text({ fontSize: 0 }))[0].path, 'objects[0].fontSize');
  assert.equal(issuesOf(text({ textAlign: 'middle' }))[0].path, 'objects[0].textAlign');
  assert.equal(issuesOf(text({ textFit: 'grow' }))[0].path, 'objects[0].textFit');
  accept(text({ textFit: 'shrink', minFontSize: 8, fontWeight: 700, textAlign: 'justify-center', direction: 'rtl', splitByGrapheme: true }));
  accept(text({ fontWeight: '600' }));
});

test('gradients, shadows, clip paths and geometry are validated in depth', () => {
  const gradient = {
    type: 'radial',
    coords: { x1: 0, y1: 0, x2: 0, y2: 0, r1: 0, r2: 50 },
    colorStops: [
      { offset: 0, color: 'red' },
      { offset: 1, color: 'blue', opacity: 0.5 },
    ],
    gradientUnits: 'pixels',
    gradientTransform: [1, 0, 0, 1, 0, 0],
  };
  accept({ ...docWith(rect({ fill: gradient, stroke: gradient })), background: gradient });
  assert.match(issuesOf(docWith(rect({ fill: { ...gradient, colorStops: [{ offset: 2, color: 'red' }] } })))[0].message, /colorStops\[0\]\.offset/);
  assert.match(issuesOf(docWith(rect({ fill: { type: 'pattern', source: 'x.png' } })))[0].message, /pattern source in "fill" must be an http\(s\) URL/);
  assert.equal(issuesOf(docWith(rect({ shadow: { color: 'black', blur: -1 } })))[0].path, 'objects[0].shadow.blur');
  assert.equal(issuesOf(docWith(rect({ shadow: '2px 2px 4px black' })))[0].path, 'objects[0].shadow');
  assert.equal(issuesOf(docWith(rect({ clipPath: rect({ sparkle: 1 }) })))[0].path, 'objects[0].clipPath.sparkle');
  accept(docWith(rect({ clipPath: { type: 'circle', radius: 5, inverted: true, absolutePositioned: true } })));
  assert.equal(issuesOf(docWith({ type: 'polygon', points: [{ x: 0, y: 'a' }] }))[0].path, 'objects[0].points');
  assert.equal(
    issuesOf(
      docWith({
        type: 'path',
        path: [
          ['M', 0, 0],
          ['X', 1],
        ],
      }),
    )[0].path,
    'objects[0].path[1]',
  );
  assert.equal(issuesOf(docWith({ type: 'path', path: 'M 0 0 L 1 1' }))[0].path, 'objects[0].path');
  // `path` on text is the Path its glyphs follow: a Path object with at least one command, checked as an object.
  const onPath = (p: Record<string, unknown>) => docWith({ type: 'i-text', text: 'x', fontFamily: 'Inter', ...p });
  const guide = {
    type: 'Path',
    path: [
      ['M', 0, 0],
      ['Q', 50, -40, 100, 0],
    ],
    fill: '',
    stroke: '#ccc',
    name: 'guide',
  };
  accept(onPath({ path: guide, pathSide: 'right', pathAlign: 'descender', pathStartOffset: -12.5, deltaY: 3, splitByGrapheme: true, minWidth: 20 }));
  accept(onPath({ path: null }));
  assert.equal(issuesOf(onPath({ path: { type: 'path', path: [] } }))[0].path, 'objects[0].path');
  assert.equal(issuesOf(onPath({ path: [['M', 0, 0]] }))[0].path, 'objects[0].path');
  assert.equal(issuesOf(onPath({ path: { ...guide, sparkle: 1 } }))[0].path, 'objects[0].path.sparkle');
  assert.equal(issuesOf(onPath({ path: { ...guide, path: [['X', 1]] } }))[0].path, 'objects[0].path.path[0]');
  assert.equal(issuesOf(onPath({ path: guide, pathAlign: 'top' }))[0].path, 'objects[0].pathAlign');
  assert.equal(issuesOf(onPath({ path: guide, pathSide: 'up' }))[0].path, 'objects[0].pathSide');
});

test('styles: both forms, style properties checked', () => {
  const text = (styles: unknown) => docWith({ type: 'textbox', text: 'ab', fontFamily: 'Inter', styles });
  accept(text([{ start: 0, end: 2, style: { fill: 'red', deltaY: -3, textDecorationThickness: 66.667 } }]));
  accept(text({ 0: { 0: { fontSize: 20, underline: true } } }));
  accept(text({}));
  assert.equal(issuesOf(text([{ start: 2, end: 1, style: {} }]))[0].path, 'objects[0].styles[0]');
  assert.equal(issuesOf(text([{ start: 0, end: 1, style: { sparkle: 1 } }]))[0].path, 'objects[0].styles[0].style.sparkle');
  assert.equal(issuesOf(text({ 0: { 0: { fill: 'nope' } } }))[0].path, 'objects[0].styles.0.0.fill');
  assert.equal(issuesOf(text({ first: {} }))[0].path, 'objects[0].styles.first');
});

test('image src: http(s), data:image, or empty placeholder; local files only when allowed', () => {
  const img = (src: unknown) => docWith({ type: 'image', name: 'i', src, width: 10, height: 10, fit: 'contain' });
  accept(img('https://cdn.example.com/a.png'));
  accept(img('data:image/svg+xml;base64,AAAA'));
  accept(img(''));
  for (const bad of [
    'file:///etc/passwd',
    'blob:https://x/1',
    'javascript:alert(1)',
    'data:text/html,hi',
    'logo.png',
    42,
    'https://user:secret@cdn.example.com/a.png',
    'https://user@cdn.example.com/a.png',
  ]) {
    assert.equal(issuesOf(img(bad))[0].path, 'objects[0].src', String(bad));
  }
  const local = validateTemplate(img('./assets/logo.png'), { ...opts, allowLocalFiles: true });
  assert.ok(local.ok);
  assert.ok(validateTemplate(img('file:///tmp/x.png'), { ...opts, allowLocalFiles: true }).ok);
  assert.equal(isRemoteImageUrl('http://'), false);
  assert.equal(issuesOf(docWith({ type: 'image', src: '', fit: 'stretch' }))[0].path, 'objects[0].fit');
});

test('limits on nesting depth stop runaway documents', () => {
  let obj: Record<string, unknown> = rect();
  for (let i = 0; i < 25; i++) obj = { type: 'group', objects: [obj] };
  assert.match(issuesOf(docWith(obj))[0].message, /nested more than 20 levels/);
});

test('TypeBox request-body schemas', () => {
  const template = docWith(rect());
  assert.ok(Value.Check(CreateTemplateBodySchema, { name: 'Card', template }));
  assert.equal(Value.Check(CreateTemplateBodySchema, { name: '', template }), false);
  assert.equal(Value.Check(CreateTemplateBodySchema, { name: '   ', template }), false);
  assert.equal(Value.Check(CreateTemplateBodySchema, { name: 'x'.repeat(201), template }), false);
  assert.equal(Value.Check(CreateTemplateBodySchema, { name: 'Card', template, extra: 1 }), false);
  assert.ok(Value.Check(TemplateDocumentSchema, fabric7Document()));
});

const textbox = (name: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  name,
  left: 0,
  top: 0,
  width: 50,
  text,
  fontSize: 12,
  fontFamily: 'Inter',
  ...extra,
});

test('text is bounded per element and per template, counted in graphemes', () => {
  accept(docWith(textbox('a', '👍🏽'.repeat(10_000)))); // 40,000 code units but 10,000 graphemes
  const one = issuesOf(docWith(textbox('a', 'A'.repeat(10_001))));
  assert.match(one[0].message, /property "text" must be a string of at most 10000 characters \(got "AAAA/);
  assert.ok(one[0].message.length < 200, 'the value is previewed, not copied');
  accept(docWith(...Array.from({ length: 5 }, (_, i) => textbox(`t${i}`, 'A'.repeat(10_000)))));
  const total = issuesOf(docWith(...Array.from({ length: 6 }, (_, i) => textbox(`t${i}`, 'A'.repeat(9_000)))));
  assert.deepEqual(
    total.map((i) => i.path),
    ['objects'],
  );
  assert.match(total[0].message, /more than 50000 characters in total/);
  // Text inside groups and clip paths counts too.
  const grouped = { type: 'group', left: 0, top: 0, objects: Array.from({ length: 6 }, (_, i) => textbox(`g${i}`, 'A'.repeat(9_000))) };
  assert.match(issuesOf(docWith(grouped))[0].message, /in total/);
});

test('the deepest legal template (groups nested to the limit, a styled gradient text inside) passes', () => {
  let inner: Record<string, unknown> = textbox('deep', 'Hi', {
    styles: [{ start: 0, end: 1, style: { fill: 'red' } }],
    fill: { type: 'linear', coords: { x1: 0, y1: 0, x2: 1, y2: 0 }, colorStops: [{ offset: 0, color: 'red' }], gradientTransform: [1, 0, 0, 1, 0, 0] },
    path: null,
  });
  for (let level = 1; level < 20; level++) inner = { type: 'group', left: 0, top: 0, objects: [inner] };
  accept(docWith(inner));
  const tooDeep = issuesOf(docWith({ type: 'group', left: 0, top: 0, objects: [inner] }));
  assert.match(tooDeep[0].message, /nested more than 20 levels deep/);
});

test('huge names and keys are quoted in messages, not copied into every issue', () => {
  const name = 'N'.repeat(1_000_000);
  const issues = issuesOf(docWith(rect({ name, bad1: 1, bad2: 2, bad3: 3 })));
  assert.ok(issues.length >= 4);
  for (const issue of issues) assert.ok(issue.message.length < 500, issue.message.slice(0, 100));
});

test('font weights: a bundled family takes only the weights it has files for, in the object and in character styles', () => {
  accept(
    docWith(
      { type: 'textbox', text: 'ab', fontFamily: 'Inter', fontWeight: 900, styles: [{ start: 0, end: 1, style: { fontWeight: '100' } }] },
      { type: 'text', text: 'ab', fontFamily: 'Roboto', fontWeight: 'bold', styles: { 0: { 1: { fontWeight: 300 } } } },
      { type: 'text', text: 'ab', fontFamily: 'Open Sans', fontWeight: 'bolder' },
    ),
  );
  const issues = issuesOf(
    docWith(
      { type: 'textbox', name: 'price', text: 'ab', fontFamily: 'Times New Roman', fontWeight: 900 },
      { type: 'text', text: 'ab', fontFamily: 'Inter', fontWeight: 450 },
      { type: 'text', text: 'ab', fontFamily: 'Inter', fontWeight: 900, styles: [{ start: 0, end: 1, style: { fontFamily: 'Oswald' } }] },
      { type: 'text', text: 'ab', fontFamily: 'Lato', styles: { 0: { 1: { fontWeight: 'lighter' }, 0: { fontWeight: 200 } } } },
    ),
    { fontFamilies: ['Inter', 'Lato', 'Oswald', 'Times New Roman'] },
  );
  assert.deepEqual(
    issues.map((i) => [i.code, i.path]),
    [
      ['unknown_font', 'objects[0].fontWeight'],
      ['unknown_font', 'objects[1].fontWeight'],
      ['unknown_font', 'objects[2].styles[0].style'],
      ['unknown_font', 'objects[3].styles.0.0'],
    ],
  );
  assert.equal(issues[0].message, 'objects[0] ("price"): font weight 900 is not available for Times New Roman; available weights: 400, 700');
  assert.match(issues[2].message, /character style: font weight 900 is not available for Oswald; available weights: 200, 300, 400, 500, 600, 700/);
});

test('text decoration thickness (Fabric 6+) and colour (Fabric 7) are accepted where that Fabric draws them', () => {
  const deco = { type: 'textbox', text: 'ab', fontFamily: 'Inter', underline: true, textDecorationThickness: 120, textDecorationColor: '#e11d48' };
  const styled = { ...deco, styles: [{ start: 0, end: 1, style: { textDecorationThickness: 30, textDecorationColor: 'blue' } }] };
  accept({ ...docWith(styled), version: '7.4.0' });
  const v6 = issuesOf({ ...docWith(styled), version: '6.9.1' });
  assert.deepEqual(
    v6.map((i) => i.path),
    ['objects[0].textDecorationColor', 'objects[0].styles[0].style.textDecorationColor'],
  );
  assert.match(v6[0].message, /"textDecorationColor" is drawn by Fabric 7\+ only; this document is Fabric 6/);
  accept({ ...docWith({ ...deco, textDecorationColor: '' }), version: '6.0.0' });
  assert.deepEqual(
    issuesOf({ ...docWith({ ...deco, textDecorationColor: null }), version: '5.3.0' }).map((i) => i.path),
    ['objects[0].textDecorationThickness'],
  );
  accept({ ...docWith({ ...deco, textDecorationThickness: 66.667, textDecorationColor: null }), version: '5.3.0' });
  assert.equal(issuesOf(docWith({ ...deco, textDecorationThickness: -1 }))[0].path, 'objects[0].textDecorationThickness');
});

test("a property named after one of Object.prototype's members is refused as unknown, never looked up there and called", () => {
  for (const key of ['hasOwnProperty', 'toString', 'valueOf', 'constructor', 'isPrototypeOf', '__defineGetter__']) {
    const issues = issuesOf(docWith(rect({ [key]: false })));
    assert.deepEqual(
      issues.map((i) => i.path),
      [`objects[0].${key}`],
      key,
    );
    assert.match(issues[0].message, /is not supported/, key);
  }
  // The same keys inside a shadow and inside a character style (both forms) are refused the same way.
  for (const key of ['hasOwnProperty', 'toString', 'valueOf', 'constructor', 'isPrototypeOf', '__defineGetter__']) {
    const shadow = issuesOf(docWith(rect({ shadow: { [key]: false } })));
    assert.deepEqual(
      shadow.map((i) => i.path),
      [`objects[0].shadow.${key}`],
      key,
    );
    for (const styles of [[{ start: 0, end: 1, style: { [key]: false } }], { 0: { 0: { [key]: false } } }]) {
      const styled = issuesOf(docWith({ type: 'textbox', text: 'ab', fontFamily: 'Inter', styles }));
      assert.equal(styled.length, 1, `${key}: ${JSON.stringify(styled)}`);
      assert.match(styled[0].message, new RegExp(`character style "${key}" is not supported`), key);
    }
  }
  // The same keys as filter types are unknown filters, not "refused" ones.
  const filtered = issuesOf(docWith({ type: 'image', src: 'https://example.com/a.png', width: 10, height: 10, filters: [{ type: 'toString' }] }));
  assert.ok(filtered.length > 0 && !filtered.some((i) => i.message.includes('function')), JSON.stringify(filtered));
});
