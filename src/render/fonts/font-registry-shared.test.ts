import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GlobalFonts } from '@napi-rs/canvas';
import type { TemplateDocument } from '../../domain/template.js';
import { RenderPool } from '../render-pool.js';
import { bundledFaceSets } from './font-faces.js';
import { sharedFontClaims } from './font-registry.js';

// Deliberately no ensureBundledFonts() in this thread: everything it sees registered, the workers registered.

const REGISTERED = 2;

function textCard(text: string): TemplateDocument {
  return {
    version: '7.0.0',
    width: 300,
    height: 80,
    background: '#ffffff',
    objects: [{ type: 'Textbox', version: '7.0.0', left: 10, top: 10, width: 280, text, fontFamily: 'Inter', fontSize: 32, fill: '#000000' }],
  } as TemplateDocument;
}

test("a pool's workers register each bundled face once between them, into the collection every thread draws from; other subsets and the fallbacks once a text needs them", async () => {
  const { families, fallbacks } = bundledFaceSets();
  const eager = families.flatMap((set) => set.faces.filter((face) => face.weight === 400 || face.weight === 700));
  const leadFaces = eager.filter((face) => families.some((set) => set.aliases[0] === face.alias)).length;
  const fallbackFaces = fallbacks.flatMap((set) => set.faces).length;
  const latinAlias = families[0].aliases[0];
  const latinExtAlias = families[0].aliases[1];
  const fallbackAlias = fallbacks[0].aliases[0];
  const registered = () => sharedFontClaims().filter((state) => state === REGISTERED).length;
  assert.equal(GlobalFonts.has(latinAlias), false, 'nothing registered in this process yet');
  const pool = new RenderPool({ size: 2 });
  try {
    await pool.whenWarm();
    assert.equal(registered(), leadFaces, "every eager face of the families' latin subsets claimed and registered by one of the workers");
    // GlobalFonts is one collection per process: what a worker registered, this thread can draw with.
    assert.equal(GlobalFonts.has(latinAlias), true);
    assert.equal(GlobalFonts.has(latinExtAlias), false, 'a Latin warm-up registers no other subset');
    // Polish (Inter's latin-ext subset) and a line break: the family's own subsets map it all.
    await pool.render({ document: textCard('Zażółć gęślą\njaźń'), images: new Map() });
    assert.equal(GlobalFonts.has(latinExtAlias), true, "a text outside the latin subset registers the families' other subsets");
    assert.equal(GlobalFonts.has(fallbackAlias), false, 'a text the family covers registers no fallback');
    assert.equal(registered(), eager.length);
    // Both workers at once: each may be the first to need the fallbacks.
    await Promise.all([pool.render({ document: textCard('你好 😀'), images: new Map() }), pool.render({ document: textCard('שלום مرحبا'), images: new Map() })]);
    assert.equal(GlobalFonts.has(fallbackAlias), true, 'a CJK or emoji text registers the fallbacks');
    assert.equal(registered(), eager.length + fallbackFaces, 'every fallback face registered once, by one of the workers');
    assert.equal(
      sharedFontClaims().some((state) => state === 1),
      false,
      'no face left half-claimed',
    );
  } finally {
    await pool.close();
  }
});
