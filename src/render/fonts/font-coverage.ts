/**
 * Which code points a bundled font file maps to a glyph, read from its cmap.
 * The font registry uses it to hand Skia a short family list for a run of
 * text that the stack's first family covers entirely (see fontStackFor).
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646;
const CMAP = 0x636d6170;

export interface WoffTable {
  tag: number;
  checksum: number;
  origLength: number;
  /** The table's bytes, inflated when the file stores it compressed. */
  data(): Buffer;
}

/** The table directory of a WOFF 1.0 file; throws on anything else. */
export function woffTables(woff: Buffer): WoffTable[] {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 file');
  const count = woff.readUInt16BE(12);
  const tables: WoffTable[] = [];
  for (let i = 0; i < count; i++) {
    const o = 44 + i * 20;
    const offset = woff.readUInt32BE(o + 4);
    const compLength = woff.readUInt32BE(o + 8);
    const origLength = woff.readUInt32BE(o + 12);
    tables.push({
      tag: woff.readUInt32BE(o),
      checksum: woff.readUInt32BE(o + 16),
      origLength,
      data: () => {
        const stored = woff.subarray(offset, offset + compLength);
        return compLength < origLength ? inflateSync(stored) : stored;
      },
    });
  }
  return tables;
}

/** Code points of a format 4 (BMP) subtable that map to a glyph other than .notdef. */
function format4(t: Buffer, at: number, out: Set<number>): void {
  const segCount = t.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  for (let s = 0; s < segCount; s++) {
    const end = t.readUInt16BE(ends + s * 2);
    const start = t.readUInt16BE(starts + s * 2);
    const delta = t.readInt16BE(deltas + s * 2);
    const roAt = rangeOffsets + s * 2;
    const ro = t.readUInt16BE(roAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (ro === 0) glyph = (c + delta) & 0xffff;
      else {
        const g = t.readUInt16BE(roAt + ro + (c - start) * 2);
        glyph = g === 0 ? 0 : (g + delta) & 0xffff;
      }
      if (glyph !== 0) out.add(c);
    }
  }
}

/** Code points of a format 12 (full Unicode) subtable that map to a glyph other than .notdef. */
function format12(t: Buffer, at: number, out: Set<number>): void {
  const groups = t.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g++) {
    const o = at + 16 + g * 12;
    const start = t.readUInt32BE(o);
    const end = t.readUInt32BE(o + 4);
    const glyph = t.readUInt32BE(o + 8);
    for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) out.add(c);
  }
}

/**
 * The code points the file's Unicode cmap subtable maps, as Skia's shaper
 * sees them: the full-repertoire (format 12) subtable when present, else the
 * BMP one (format 4). Null when the file has neither, or is not a WOFF.
 */
export function cmapCoverage(woff: Buffer): Set<number> | null {
  let cmap: Buffer | undefined;
  try {
    cmap = woffTables(woff)
      .find((t) => t.tag === CMAP)
      ?.data();
  } catch {
    return null;
  }
  if (!cmap) return null;
  const n = cmap.readUInt16BE(2);
  let bmp: number | undefined;
  let full: number | undefined;
  for (let i = 0; i < n; i++) {
    const o = 4 + i * 8;
    const platform = cmap.readUInt16BE(o);
    const encoding = cmap.readUInt16BE(o + 2);
    const at = cmap.readUInt32BE(o + 4);
    const format = cmap.readUInt16BE(at);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) full ??= at;
    else if (format === 4) bmp ??= at;
  }
  const out = new Set<number>();
  if (full !== undefined) format12(cmap, full, out);
  else if (bmp !== undefined) format4(cmap, bmp, out);
  else return null;
  return out;
}

/** The code points every one of the files covers (what a family of those faces covers whichever face Skia picks). */
export function commonCoverage(files: readonly string[]): Set<number> | null {
  let common: Set<number> | null = null;
  for (const file of files) {
    const own = cmapCoverage(readFileSync(file));
    if (!own) return null;
    if (common === null) common = own;
    else for (const c of common) if (!own.has(c)) common.delete(c);
  }
  return common;
}
