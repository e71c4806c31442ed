import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GlobalFonts } from '@napi-rs/canvas';
import { RenderPool } from '../render-pool.js';
import { bundledFaceSets } from './font-faces.js';
import { sharedFontClaims } from './font-registry.js';

// Deliberately no ensureBundledFonts() in this thread: everything it sees registered, the workers registered.

test("a pool's workers register each bundled face once between them, into the collection every thread draws from", async () => {
  const { families, fallbacks } = bundledFaceSets();
  const eager = families.flatMap((set) => set.faces.filter((face) => face.weight === 400 || face.weight === 700)).length + fallbacks.flatMap((set) => set.faces).length;
  const fallbackAlias = fallbacks[0].aliases[0];
  assert.equal(GlobalFonts.has(fallbackAlias), false, 'nothing registered in this process yet');
  const pool = new RenderPool({ size: 2 });
  try {
    await pool.whenWarm();
    const claims = sharedFontClaims();
    const registered = claims.filter((state) => state === 2).length;
    assert.equal(registered, eager, 'every eager face claimed and registered by one of the workers');
    assert.equal(
      claims.some((state) => state === 1),
      false,
      'no face left half-claimed',
    );
    // GlobalFonts is one collection per process: what a worker registered, this thread can draw with.
    assert.equal(GlobalFonts.has(fallbackAlias), true);
  } finally {
    await pool.close();
  }
});
