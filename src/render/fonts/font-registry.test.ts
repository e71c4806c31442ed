import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { BUNDLED_FONT_WEIGHTS } from '../../domain/font-weights.js';
import { parseFamilyList } from '../../domain/fabric-types.js';
import type { TemplateDocument } from '../../domain/template.js';
import { createRenderCaches } from '../render-caches.js';
import { type RenderInput, renderDocument } from '../render-document.js';
import { USER_FAMILIES, fontAliasPrefix, packageDir } from './font-faces.js';
import { renamedFont } from './renamed-font.test-helper.js';
import { bundledFontFaces, bundledFontFamilies, ensureAccountFonts, ensureBundledFonts, fontStackFor, resolveFontStack } from './font-registry.js';

ensureBundledFonts();
ensureBundledFonts(); // idempotent

const FAMILIES = ['Inter', 'Roboto', 'Open Sans', 'Montserrat', 'Lato', 'Poppins', 'Oswald', 'Playfair Display', 'Merriweather', 'Source Code Pro', 'Noto Sans'];

function draw(text: string, family: string, weight = 400, accountKeys?: ReadonlySet<string>): Uint8ClampedArray {
  const c = createCanvas(400, 80);
  const ctx = c.getContext('2d');
  ctx.font = `normal ${weight} 40px ${resolveFontStack(family, weight, 'normal', accountKeys)}`;
  ctx.fillStyle = '#000';
  ctx.fillText(text, 10, 55);
  return ctx.getImageData(0, 0, 400, 80).data;
}

const inked = (px: Uint8ClampedArray) => px.filter((_, i) => i % 4 === 3 && px[i] > 0).length;
const coloured = (px: Uint8ClampedArray) => {
  let n = 0;
  for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 40) n++;
  return n;
};
const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.every((v, i) => v === b[i]);

test('every issue family is bundled with 400 and 700, and its files exist', () => {
  const families = bundledFontFamilies();
  for (const f of FAMILIES) assert.ok(families.includes(f), f);
  const faces = bundledFontFaces();
  for (const f of FAMILIES) {
    const own = faces.filter((x) => x.family === f);
    assert.ok(own.some((x) => x.weight === 400) && own.some((x) => x.weight === 700), f);
    assert.ok(
      own.some((x) => x.unicodeRange?.includes('U+0000-00FF')),
      `${f} latin subset`,
    );
  }
  for (const face of faces) assert.ok(existsSync(face.file), face.file);
});

test("the browser's faces: every weight and style a family has also holds the emoji faces, so bold or italic emoji are drawn, not boxes", () => {
  const faces = bundledFontFaces();
  const emojiFiles = new Set(faces.filter((f) => f.file.includes('noto-color-emoji')).map((f) => f.file));
  assert.ok(emojiFiles.size > 0);
  for (const family of bundledFontFamilies()) {
    const own = faces.filter((f) => f.family === family);
    for (const combo of new Set(own.filter((f) => !f.file.includes('noto-')).map((f) => `${f.weight} ${f.style}`))) {
      const emoji = new Set(own.filter((f) => `${f.weight} ${f.style}` === combo && emojiFiles.has(f.file)).map((f) => f.file));
      assert.equal(emoji.size, emojiFiles.size, `${family} ${combo}: ${emoji.size} of ${emojiFiles.size} emoji files`);
    }
  }
});

test('each family draws with its own file, not a fallback', () => {
  const fallback = draw('Hamburgefonstiv', 'No Such Family');
  for (const f of FAMILIES) {
    const px = draw('Hamburgefonstiv', f);
    assert.ok(inked(px) > 500, f);
    assert.ok(!same(px, fallback), `${f} rendered like the fallback`);
    assert.ok(!same(px, draw('Hamburgefonstiv', f, 700)), `${f} bold looks like regular`);
  }
});

test('non-Latin scripts and emoji draw real glyphs, never .notdef boxes', () => {
  // U+0378 is unassigned: every font answers it with .notdef, the tofu box.
  for (const [label, text] of [
    ['cyrillic', 'Привет'],
    ['greek', 'Καλημέρα'],
    ['cjk', '中文字体'],
    ['japanese', 'ひらがな'],
    ['arabic', 'مرحبا'],
    ['hebrew', 'שלום'],
    ['emoji', '😀🎉'],
  ]) {
    const px = draw(text, 'Inter');
    const tofu = draw('\u0378'.repeat([...text].length), 'Inter');
    assert.ok(inked(px) > 200, label);
    assert.ok(!same(px, tofu), `${label} drew tofu`);
  }
  assert.ok(coloured(draw('😀🎉❤️', 'Roboto')) > 500, 'emoji drawn in colour');
});

test('account fonts register once per key and win over bundled names', () => {
  const data = new Uint8Array(readFileSync(bundledFontFaces().find((f) => f.family === 'Oswald' && f.weight === 700 && f.unicodeRange?.includes('U+0000-00FF'))!.file));
  const font = { key: 'test-brand-1', family: 'Brand Sans', weight: 400, style: 'normal' as const, data };
  ensureAccountFonts([font]);
  ensureAccountFonts([font]);
  const own = new Set(['test-brand-1']);
  assert.ok(resolveFontStack('Brand Sans', 400, 'normal', own).startsWith(`"${fontAliasPrefix()}account test-brand-1"`));
  assert.ok(same(draw('Brand', 'Brand Sans', 400, own), draw('Brand', 'Oswald', 700)));
  assert.ok(!resolveFontStack('Brand Sans', 400, 'normal').includes('test-brand-1'), 'a render handed no fonts draws with none');
  assert.ok(!resolveFontStack('Brand Sans', 400, 'normal', new Set(['other'])).includes('test-brand-1'), 'other accounts do not see it');
});

test('the domain weight table is exactly what the fontsource packages ship, and every weight draws its own face', () => {
  for (const spec of USER_FAMILIES) {
    const meta = JSON.parse(readFileSync(`${packageDir(spec.pkg)}/metadata.json`, 'utf8')) as { weights: number[] };
    assert.deepEqual(BUNDLED_FONT_WEIGHTS[spec.family], meta.weights, spec.family);
    const faces = bundledFontFaces().filter((f) => f.family === spec.family);
    assert.deepEqual(
      [...new Set(faces.map((f) => f.weight))].sort((a, b) => a - b),
      meta.weights,
      `${spec.family} faces`,
    );
  }
  // Weights other than 400/700 are registered on first use; each must be a real, distinct face.
  const drawn = BUNDLED_FONT_WEIGHTS.Inter.map((w) => draw('Hamburgefonstiv', 'Inter', w));
  for (let i = 1; i < drawn.length; i++) assert.ok(inked(drawn[i]) > inked(drawn[i - 1]), `Inter ${BUNDLED_FONT_WEIGHTS.Inter[i]} is heavier than the one before`);
});

test('a text the first subset covers gets that family alone, and measures and draws exactly as with the whole stack', () => {
  const latin = 'Edition 12: Fabric.js — “templates” on your own server, café';
  for (const family of FAMILIES) {
    const full = resolveFontStack(family, 700, 'normal');
    const cut = fontStackFor(latin, family, 700, 'normal');
    assert.equal(cut, full.split(', ')[0], `${family}: cut to its first family`);
    const a = createCanvas(1, 1).getContext('2d');
    const b = createCanvas(1, 1).getContext('2d');
    a.font = `normal 700 400px ${full}`;
    b.font = `normal 700 400px ${cut}`;
    for (const s of [latin, 'AV', 'To', 'ff', ' 1']) assert.equal(b.measureText(s).width, a.measureText(s).width, `${family}: ${s}`);
  }
  const drawWith = (stack: string) => {
    const ctx = createCanvas(600, 60).getContext('2d');
    ctx.font = `normal 700 28px ${stack}`;
    ctx.fillText(latin, 4, 40);
    return ctx.getImageData(0, 0, 600, 60).data;
  };
  assert.ok(same(drawWith(fontStackFor(latin, 'Inter', 700, 'normal')), drawWith(resolveFontStack('Inter', 700, 'normal'))));
  for (const other of ['Hello 你好', 'Привет', 'שלום', '😀', 'e\u0301\u0327', '\u{1D400}']) {
    assert.equal(fontStackFor(other, 'Inter', 400, 'normal'), resolveFontStack('Inter', 400, 'normal'), `${other}: whole stack`);
  }
  assert.equal(fontStackFor('Arial', 'Arial, Inter', 400, 'normal'), fontStackFor('Arial', 'Inter', 400, 'normal'), 'an unknown family is left out');
});

test('a stack names only the faces Imprint registered, under names no font file can know', () => {
  assert.match(fontAliasPrefix(), /^imprint [A-Za-z0-9_-]{16} $/);
  for (const family of ['Inter', 'Inter, Arial, sans-serif', '"Times New Roman", serif, Roboto', 'Brand Sans, monospace']) {
    const names = parseFamilyList(resolveFontStack(family, 400, 'normal', new Set(['test-brand-1'])));
    assert.ok(names.length > 0, family);
    for (const name of names) assert.ok(name.startsWith(fontAliasPrefix()), `${family}: ${name}`);
  }
});

test("an uploaded file that names itself after a bundled face or a common family draws no other account's text", () => {
  const tinos = new Uint8Array(readFileSync(`${packageDir('tinos')}/files/tinos-latin-400-normal.woff`));
  const text = 'Hamburgefonstiv';
  const before = [draw(text, 'Inter'), draw(text, 'Inter, Arial, sans-serif'), draw(text, 'Roboto')];
  // Skia registers an uploaded file under its own name too; these were the names of the bundled
  // latin faces before they were given a random prefix, and two names a stack used to pass on.
  const names = ['imprint Inter latin', 'imprint Roboto latin', 'Arial', 'sans-serif'];
  ensureAccountFonts(names.map((name, i) => ({ key: `evil-${i}`, family: 'Evil', weight: 400, style: 'normal' as const, data: renamedFont(tinos, name) })));
  const after = [draw(text, 'Inter'), draw(text, 'Inter, Arial, sans-serif'), draw(text, 'Roboto')];
  before.forEach((px, i) => assert.ok(same(px, after[i]), `stack ${i} drew the same`));
  assert.ok(!same(draw(text, 'Evil', 400, new Set(['evil-0'])), before[0]), 'the renamed file is a different face, drawn under its own account alias');
});

test("a render handed no fonts, or an empty list, never draws with an account's face named after a bundled family", async () => {
  const doc: TemplateDocument = {
    width: 420,
    height: 90,
    background: '#ffffff',
    objects: [
      {
        type: 'Textbox',
        name: 'title',
        originX: 'left',
        originY: 'top',
        left: 10,
        top: 10,
        width: 400,
        text: 'ENGINEERING Jordan Lee',
        fontFamily: 'Inter',
        fontSize: 30,
        fill: '#111111',
      },
    ],
  };
  const input: RenderInput = { document: doc, images: new Map() };
  const before = (await renderDocument(input, createRenderCaches())).data;
  // Another account uploads a monospace face and calls it Inter: the upload check registers it in this thread.
  const mono = new Uint8Array(readFileSync(`${packageDir('source-code-pro')}/files/source-code-pro-latin-700-normal.woff`));
  const theirs = { key: 'other-account-inter', family: 'Inter', weight: 400, style: 'normal' as const, data: mono };
  await renderDocument({ document: { width: 1, height: 1, objects: [] }, images: new Map(), fonts: [theirs] }, createRenderCaches());
  // A starter preview (no list) then a template of an account with no fonts (an empty list), through
  // one worker's caches, which key both alike.
  const caches = createRenderCaches();
  for (const fonts of [undefined, [], undefined]) {
    const again = await renderDocument({ ...input, document: structuredClone(doc), fonts }, caches);
    assert.ok(again.data.equals(before), `fonts ${JSON.stringify(fonts)}: drawn with the bundled Inter`);
  }
  const own = await renderDocument({ ...input, document: structuredClone(doc), fonts: [theirs] }, createRenderCaches());
  assert.ok(!own.data.equals(before), 'the account that uploaded it draws with it');
});
