import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowedOverrideProperties, applyOverrides, remapStyles, type ApplyOverridesResult } from './overrides.js';
import { listElements } from './elements.js';
import { validateTemplate } from './template-schema.js';
import { fabric5Document, fabric7Document } from './fabric-fixtures.test-helper.js';
import type { FabricObject, TemplateDocument } from './template.js';

function ok(result: ApplyOverridesResult): TemplateDocument {
  assert.ok(result.ok, `expected success, got ${JSON.stringify(result)}`);
  return result.document;
}
function fail(result: ApplyOverridesResult) {
  assert.equal(result.ok, false, 'expected failure');
  if (result.ok) throw new Error('unreachable');
  return result;
}
const find = (doc: TemplateDocument, name: string): FabricObject => {
  const walk = (objs: FabricObject[]): FabricObject | undefined => {
    for (const o of objs) {
      if (o.name === name) return o;
      const inner = Array.isArray(o.objects) ? walk(o.objects as FabricObject[]) : undefined;
      if (inner) return inner;
    }
  };
  return walk(doc.objects)!;
};

test('no changes returns an equal copy; input is never mutated', () => {
  const doc = fabric7Document();
  const before = structuredClone(doc);
  for (const changes of [undefined, null, {}]) {
    const out = ok(applyOverrides(doc, changes));
    assert.notEqual(out, doc);
    assert.deepEqual(out, doc);
  }
  ok(applyOverrides(doc, { title: { text: 'New', fill: 'blue' }, logo: { src: 'https://x.test/a.png' }, 'badge-text': { text: 'HOT' } }));
  assert.deepEqual(doc, before);
});

test('string coercion for no-code tools', () => {
  const doc = fabric7Document();
  const out = ok(
    applyOverrides(doc, {
      title: { fontSize: '24', lineHeight: ' 1.5', underline: 'true', visible: 'FALSE', textAlign: 'Center', fontWeight: '700' },
      card: { opacity: '0.25', angle: -15, strokeWidth: '3e0' },
    }),
  );
  const title = find(out, 'title');
  assert.equal(title.fontSize, 24);
  assert.equal(title.lineHeight, 1.5);
  assert.equal(title.underline, true);
  assert.equal(title.visible, false);
  assert.equal(title.textAlign, 'center');
  assert.equal(title.fontWeight, 700);
  assert.equal(find(out, 'card').opacity, 0.25);
  assert.equal(find(out, 'card').strokeWidth, 3);
  // A spreadsheet's 2025, TRUE and empty cell are the texts they show.
  for (const [text, shown] of [
    [2025, '2025'],
    [-1.5, '-1.5'],
    [false, 'false'],
    [null, ''],
  ] as const) {
    assert.equal(find(ok(applyOverrides(doc, { title: { text } })), 'title').text, shown);
  }
  for (const [props, path] of [
    [{ fontSize: '24px' }, 'title.fontSize'],
    [{ fontSize: 0 }, 'title.fontSize'],
    [{ underline: 'yes' }, 'title.underline'],
    [{ underline: 1 }, 'title.underline'],
    [{ text: { value: 42 } }, 'title.text'],
    [{ text: Number.NaN }, 'title.text'],
    [{ fill: 'bleu' }, 'title.fill'],
    [{ opacity: 1.5 }, 'title.opacity'],
    [{ width: -1 }, 'title.width'],
    [{ scaleX: 'Infinity' }, 'title.scaleX'],
    [{ textAlign: 'middle' }, 'title.textAlign'],
  ] as const) {
    const r = fail(applyOverrides(doc, { title: props }));
    assert.equal(r.code, 'invalid_property');
    assert.equal(r.errors[0].path, path, JSON.stringify(props));
    assert.match(r.message, new RegExp(`^Invalid value for "${path.replace('.', '\\.')}" \\(text element\\): expected `));
  }
});

test('colours in every accepted syntax', () => {
  const doc = fabric7Document();
  for (const c of ['#abc', '#abcd', '#aabbcc', '#aabbccdd', 'rgb(1,2,3)', 'rgba(1 2 3 / 50%)', 'hsl(10, 50%, 50%)', 'hsla(10 50% 50% / .5)', 'teal', 'transparent']) {
    assert.equal(find(ok(applyOverrides(doc, { card: { fill: c } })), 'card').fill, c);
  }
});

test('unknown element lists the template element names', () => {
  const r = fail(applyOverrides(fabric7Document(), { nope: { text: 'x' }, title: { sparkle: 1 } }));
  assert.equal(r.code, 'unknown_element');
  assert.match(r.message, /^Unknown element "nope"\. Elements in this template: bg, card, dot, rule, squiggle, title, subtitle, logo, badge, badge-bg, badge-text\./);
  assert.deepEqual(
    r.errors.map((e) => e.path),
    ['nope', 'title.sparkle'],
  );
});

test('a property not allowed for the kind names element.property, the allowed list and the kind', () => {
  const r = fail(applyOverrides(fabric7Document(), { title: { src: 'https://x.test/a.png' } }));
  assert.equal(r.code, 'invalid_property');
  assert.equal(r.errors[0].path, 'title.src');
  assert.match(r.message, /"title\.src" cannot be changed: "src" is not a property of text element "title"\. Allowed on this element: left, top, .*text, fill, fontSize/);
  assert.equal(fail(applyOverrides(fabric7Document(), { logo: { text: 'x' } })).errors[0].path, 'logo.text');
  assert.equal(fail(applyOverrides(fabric7Document(), { squiggle: { width: 5 } })).errors[0].path, 'squiggle.width');
  assert.equal(fail(applyOverrides(fabric7Document(), { dot: { rx: 5 } })).errors[0].path, 'dot.rx');
  assert.equal(fail(applyOverrides(fabric7Document(), { title: 'hello' })).errors[0].path, 'title');
  assert.equal(fail(applyOverrides(fabric7Document(), ['title'])).code, 'invalid_property');
  assert.ok(allowedOverrideProperties({ type: 'Rect' }).includes('rx'));
  assert.ok(!allowedOverrideProperties({ type: 'group' }).includes('width'));
});

test('image src: http(s) or data URL; sets fit (cover by default) and resets crop', () => {
  const doc = fabric7Document();
  const logo = find(ok(applyOverrides(doc, { logo: { src: 'https://cdn.test/x.jpg' } })), 'logo');
  assert.equal(logo.src, 'https://cdn.test/x.jpg');
  assert.equal(logo.fit, 'cover');
  assert.equal(logo.cropX, 0);
  const contained = find(ok(applyOverrides(doc, { logo: { src: 'data:image/png;base64,AAAA', fit: 'contain' } })), 'logo');
  assert.equal(contained.fit, 'contain');
  assert.equal(find(ok(applyOverrides(doc, { logo: { width: '50' } })), 'logo').fit, 'cover');
  assert.equal(find(ok(applyOverrides(doc, { logo: { opacity: 0.5 } })), 'logo').fit, undefined);
  for (const bad of ['ftp://x/a.png', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,x', '/local.png']) {
    assert.equal(fail(applyOverrides(doc, { logo: { src: bad } })).errors[0].path, 'logo.src', bad);
  }
  assert.equal(fail(applyOverrides(doc, { logo: { fit: 'stretch' } })).errors[0].path, 'logo.fit');
});

test('lines: fill is the stroke colour; width moves the end points', () => {
  const doc = fabric7Document();
  const line = find(ok(applyOverrides(doc, { rule: { fill: 'red', width: 100 } })), 'rule');
  assert.equal(line.stroke, 'red');
  assert.equal(line.fill, 'rgb(0,0,0)');
  assert.equal(line.width, 100);
  assert.equal((line.x2 as number) - (line.x1 as number), 100);
  assert.equal(listElements(ok(applyOverrides(doc, { rule: { fill: 'red' } }))).rule.fill, 'red');
});

test('circles and ellipses keep radius and box in step', () => {
  const doc = fabric7Document();
  const dot = find(ok(applyOverrides(doc, { dot: { width: 90 } })), 'dot');
  assert.equal(dot.radius, 45);
  assert.equal(dot.height, 90);
  const out = ok(applyOverrides(fabric5Document(), { box: { rx: 8 } }));
  assert.equal(find(out, 'box').rx, 8);
});

test('font overrides are checked against available families when given', () => {
  const doc = fabric7Document();
  const r = fail(applyOverrides(doc, { title: { fontFamily: 'Papyrus' } }, { fontFamilies: ['Inter', 'Roboto'] }));
  assert.match(r.message, /expected an available font family \(Inter, Roboto\)/);
  const title = find(ok(applyOverrides(doc, { title: { fontFamily: 'roboto' } }, { fontFamilies: ['Inter', 'Roboto'] })), 'title');
  assert.equal(title.fontFamily, 'roboto');
  // The per-character fontFamily from the template no longer overrides the element's font.
  assert.ok((title.styles as Array<{ style: Record<string, unknown> }>).every((r) => !('fontFamily' in r.style)));
});

test('text replacement keeps styles coherent in both serialization forms', () => {
  // Uniform style over the whole text spreads over the new text.
  assert.deepEqual(remapStyles([{ start: 0, end: 5, style: { fontFamily: 'Roboto' } }], 'Hello', 'Hi there'), [{ start: 0, end: 8, style: { fontFamily: 'Roboto' } }]);
  assert.deepEqual(remapStyles({ 0: { 0: { fill: 'red' }, 1: { fill: 'red' } } }, 'ab', 'x\nyz'), { 0: { 0: { fill: 'red' } }, 1: { 0: { fill: 'red' }, 1: { fill: 'red' } } });
  // Partial styles stay on their positions; those past the end are dropped or clipped.
  assert.deepEqual(
    remapStyles(
      [
        { start: 0, end: 1, style: { fill: 'red' } },
        { start: 3, end: 8, style: { fill: 'blue' } },
      ],
      'abcdefgh',
      'abcd',
    ),
    [
      { start: 0, end: 1, style: { fill: 'red' } },
      { start: 3, end: 4, style: { fill: 'blue' } },
    ],
  );
  assert.deepEqual(remapStyles({ 0: { 0: { fill: 'red' }, 4: { fill: 'blue' } }, 1: { 0: { fill: 'green' } } }, 'abcde\nf', 'abc'), { 0: { 0: { fill: 'red' } } });
  // Graphemes, not UTF-16 units: one emoji is one character.
  assert.deepEqual(remapStyles([{ start: 2, end: 3, style: { fill: 'red' } }], 'ab👍🏽', '👍🏽'), []);
  assert.deepEqual(remapStyles([{ start: 1, end: 2, style: { fill: 'red' } }], 'ab👍🏽', '👍🏽b'), [{ start: 1, end: 2, style: { fill: 'red' } }]);
  assert.deepEqual(remapStyles([], 'a', 'b'), []);
  // Fabric 5 counts code points: a select-all style over "ab" covers all six of 👋🏽👋🏽ab's, where 6+ counts four graphemes.
  const all = { fill: 'red' };
  assert.deepEqual(remapStyles({ 0: { 0: all, 1: all } }, 'ab', '👋🏽👋🏽ab', 5), { 0: Object.fromEntries([0, 1, 2, 3, 4, 5].map((c) => [c, all])) });
  assert.deepEqual(remapStyles({ 0: { 0: all, 1: all } }, 'ab', '👋🏽👋🏽ab', 7), { 0: Object.fromEntries([0, 1, 2, 3].map((c) => [c, all])) });

  const out = ok(applyOverrides(fabric7Document(), { title: { text: 'Hi' } }));
  const title = find(out, 'title');
  assert.equal(title.text, 'Hi');
  assert.deepEqual(title.styles, [
    { start: 0, end: 1, style: { fill: 'red', fontWeight: 'bold' } },
    { start: 1, end: 2, style: { fontFamily: 'Roboto' } },
  ]);
  const v5 = find(ok(applyOverrides(fabric5Document(), { caption: { text: 'a' } })), 'caption');
  assert.deepEqual(v5.styles, {});
});

test('overriding fill drops per-character fill so the whole text changes colour', () => {
  const title = find(ok(applyOverrides(fabric7Document(), { title: { fill: '#00f' } })), 'title');
  assert.equal(title.fill, '#00f');
  assert.deepEqual(title.styles, [
    { start: 0, end: 1, style: { fontWeight: 'bold' } },
    { start: 1, end: 2, style: { fontFamily: 'Roboto' } },
  ]);
});

test('overridden documents still pass template validation', () => {
  const out = ok(
    applyOverrides(fabric7Document(), {
      title: { text: 'Done', textFit: 'shrink', minFontSize: '10', fontStyle: 'italic' },
      logo: { src: 'https://cdn.test/x.png', fit: 'fill' },
      'badge-text': { text: 'SALE', fill: 'white', left: '4', top: -2 },
      rule: { width: 10, height: 2, strokeWidth: 4 },
      dot: { height: 10 },
    }),
  );
  const result = validateTemplate(out, { fontFamilies: ['Inter', 'Roboto'] });
  assert.ok(result.ok, JSON.stringify(!result.ok && result.issues));
});

test('a text override is bounded in graphemes, counted in linear time, before any style work', () => {
  const doc = fabric7Document();
  const started = process.cpuUsage();
  const r = fail(applyOverrides(doc, { title: { text: 'A'.repeat(100_000) } }));
  const cpuMs = (process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000;
  assert.equal(r.code, 'invalid_property');
  assert.match(r.message, /expected a string of at most 10000 characters, got "AAA/);
  assert.ok(r.message.length < 400);
  console.log(`100,000-character title refused in ${cpuMs.toFixed(1)} ms of CPU`);
  const emoji = find(ok(applyOverrides(doc, { title: { text: '👍🏽'.repeat(10_000) } })), 'title');
  assert.equal(emoji.text, '👍🏽'.repeat(10_000));
  fail(applyOverrides(doc, { title: { text: '👍🏽'.repeat(10_001) } }));
});

test('the template text total is checked after overrides', () => {
  const doc: TemplateDocument = {
    version: '7.4.0',
    width: 100,
    height: 100,
    objects: Array.from({ length: 6 }, (_, i) => ({ type: 'textbox', name: `t${i}`, left: 0, top: 0, width: 50, text: 'x', fontSize: 12, fontFamily: 'Inter' })),
  };
  ok(applyOverrides(doc, Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`t${i}`, { text: 'A'.repeat(9_999) }])))); // + the sixth's "x": 49,996
  const r = fail(applyOverrides(doc, Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`t${i}`, { text: 'A'.repeat(9_000) }]))));
  assert.equal(r.code, 'invalid_property');
  assert.match(r.message, /exceed 50000 characters in total/);
  assert.deepEqual(
    r.errors.map((e) => e.path),
    ['t0.text', 't1.text', 't2.text', 't3.text', 't4.text', 't5.text'],
  );
});

test('error lists stay small however many unknown elements are sent', () => {
  const doc = fabric7Document();
  const changes = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`nope${i}`, { text: 'x' }]));
  const r = fail(applyOverrides(doc, changes));
  assert.equal(r.errors.length, 100);
  const deep = (() => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    return v;
  })();
  const bad = fail(applyOverrides(doc, { title: { fontSize: deep } }));
  assert.match(bad.message, /got \[\[\[\[/);
});

test('a fontWeight or fontFamily override must name a face the bundle has', () => {
  const doc: TemplateDocument = {
    version: '7.4.0',
    width: 200,
    height: 100,
    objects: [{ type: 'textbox', name: 'title', text: 'Sale', fontFamily: 'Inter', fontWeight: 900, styles: [] }],
  };
  assert.equal(find(ok(applyOverrides(doc, { title: { fontWeight: 100 } })), 'title').fontWeight, 100);
  const weight = fail(applyOverrides(doc, { title: { fontWeight: 450 } }));
  assert.equal(weight.code, 'invalid_property');
  assert.equal(weight.errors[0].path, 'title.fontWeight');
  assert.match(weight.message, /font weight 450 is not available for Inter; available weights: 100, 200, 300, 400, 500, 600, 700, 800, 900/);
  // Oswald has no 900: switching the family alone would silently draw 700.
  const family = fail(applyOverrides(doc, { title: { fontFamily: 'Oswald' } }));
  assert.match(family.message, /font weight 900 is not available for Oswald/);
  ok(applyOverrides(doc, { title: { fontFamily: 'Oswald', fontWeight: 'bold' } }));
});

test('direction can be switched with the text, so substituted Arabic or Hebrew reads right to left', () => {
  const doc = fabric7Document();
  const out = ok(applyOverrides(doc, { title: { text: 'مرحبا بالعالم.', direction: 'RTL', textAlign: 'right' } }));
  assert.equal(find(out, 'title').direction, 'rtl');
  assert.ok(validateTemplate(out, { fontFamilies: ['Inter', 'Roboto'] }).ok);
  const r = fail(applyOverrides(doc, { title: { direction: 'auto' } }));
  assert.equal(r.errors[0].path, 'title.direction');
  assert.ok(allowedOverrideProperties(find(doc, 'title')).includes('direction'));
});
