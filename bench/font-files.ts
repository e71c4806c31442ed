/**
 * The card's fonts, taken from the same @fontsource files Imprint bundles
 * (Inter latin, 400 and 700). satori reads WOFF directly (not WOFF2).
 * node-canvas registers a WOFF without error but pango then silently falls
 * back to another family (measured: Noto Sans widths), so for it the WOFF
 * is unwrapped to the plain sfnt (TTF) it contains: same glyphs, same metrics.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { woffTables } from '../src/render/fonts/font-coverage.js';
import { repoRoot } from '../src/repo-root.js';

export interface BenchFont {
  family: string;
  weight: 400 | 700;
  style: 'normal';
  woff: string;
}

export function cardFonts(): BenchFont[] {
  const dir = path.join(repoRoot(), 'node_modules', '@fontsource', 'inter', 'files');
  return ([400, 700] as const).map((weight) => ({
    family: 'Inter',
    weight,
    style: 'normal',
    woff: path.join(dir, `inter-latin-${weight}-normal.woff`),
  }));
}

/** WOFF 1.0 → sfnt: copy the table directory, inflating each zlib-compressed table. */
export function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4);
  const tables = woffTables(woff);
  const count = tables.length;
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= count) {
    searchRange *= 2;
    entrySelector++;
  }
  const headerSize = 12 + 16 * count;
  const padded = (n: number): number => (n + 3) & ~3;
  const out = Buffer.alloc(tables.reduce((sum, t) => sum + padded(t.origLength), headerSize));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(searchRange * 16, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(count * 16 - searchRange * 16, 10);
  let pos = headerSize;
  tables.forEach((t, i) => {
    const o = 12 + i * 16;
    out.writeUInt32BE(t.tag, o);
    out.writeUInt32BE(t.checksum, o + 4);
    out.writeUInt32BE(pos, o + 8);
    out.writeUInt32BE(t.origLength, o + 12);
    t.data().copy(out, pos);
    pos += padded(t.origLength);
  });
  return out;
}

/** Writes the TTF next to the OS temp dir once and returns its path. */
export function sfntFileFor(font: BenchFont): string {
  const dir = path.join(os.tmpdir(), 'imprint-bench-fonts');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${path.basename(font.woff, '.woff')}.ttf`);
  writeFileSync(file, woffToSfnt(readFileSync(font.woff)));
  return file;
}
