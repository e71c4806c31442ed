import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './repo-root.js';

// Loaded from web/js itself (served as is, never compiled), as the browser loads it.
const { guessFromFileName } = (await import(pathToFileURL(path.join(repoRoot(), 'web', 'js', 'font-file-name.js')).href)) as typeof import('../web/js/font-file-name.js');

/**
 * The family, weight and style the Fonts screen and the editor prefill from a
 * dropped file's name. A guess the person corrects, but never one the server
 * would refuse (the family pattern of POST /fonts).
 */
const FAMILY = /^[\p{L}\p{N} _-]{1,100}$/u;

test('a face suffix after the last dash becomes the weight and style; the rest is the family', () => {
  assert.deepEqual(guessFromFileName('BrandSans-BoldItalic.woff2'), { family: 'Brand Sans', weight: 700, style: 'italic' });
  assert.deepEqual(guessFromFileName('Inter-Regular.otf'), { family: 'Inter', weight: 400, style: 'normal' });
  assert.deepEqual(guessFromFileName('Oswald-ExtraBold.ttf'), { family: 'Oswald', weight: 800, style: 'normal' });
  assert.deepEqual(guessFromFileName('Lora-Italic.ttf'), { family: 'Lora', weight: 400, style: 'italic' });
  assert.deepEqual(guessFromFileName('Mono-SemiBold.woff'), { family: 'Mono', weight: 600, style: 'normal' });
});

test('a name without a face suffix is kept whole, at Regular', () => {
  assert.deepEqual(guessFromFileName('oswald-latin-700-normal.woff'), { family: 'oswald-latin-700-normal', weight: 400, style: 'normal' });
  assert.deepEqual(guessFromFileName('my_font.ttf'), { family: 'my font', weight: 400, style: 'normal' });
});

test("the guessed family always passes the server's family rule", () => {
  for (const name of ['Brand (v2) [final].ttf', 'Ünïcødé—Sans.otf', `${'x'.repeat(300)}.ttf`, 'a.b.c.woff2', 'Sans+Serif&Co.ttf']) {
    const { family } = guessFromFileName(name);
    assert.match(family, FAMILY, name);
  }
  // Nothing usable in the name: an empty guess, which the form asks the person to fill.
  assert.equal(guessFromFileName('***.ttf').family, '');
});
