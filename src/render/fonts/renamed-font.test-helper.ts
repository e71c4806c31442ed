import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 file turned into a plain TrueType/CFF file whose name table says `family`: what anyone
 * can make of a real font with a font editor, to upload a file that claims a family name of its own
 * choosing.
 */
export function renamedFont(woff: Uint8Array, family: string): Buffer {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const tables: Array<{ tag: string; data: Buffer }> = [];
  for (let i = 0; i < src.readUInt16BE(12); i++) {
    const at = 44 + i * 20;
    const offset = src.readUInt32BE(at + 4);
    const stored = src.subarray(offset, offset + src.readUInt32BE(at + 8));
    const data = stored.length < src.readUInt32BE(at + 12) ? inflateSync(stored) : stored;
    const tag = src.toString('latin1', at, at + 4);
    tables.push({ tag, data: tag === 'name' ? nameTable(family) : Buffer.from(data) });
  }
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const dir = Buffer.alloc(12 + tables.length * 16);
  dir.writeUInt32BE(src.readUInt32BE(4), 0);
  dir.writeUInt16BE(tables.length, 4);
  const power = 2 ** Math.floor(Math.log2(tables.length));
  dir.writeUInt16BE(power * 16, 6);
  dir.writeUInt16BE(Math.log2(power), 8);
  dir.writeUInt16BE((tables.length - power) * 16, 10);
  const body: Buffer[] = [];
  let offset = dir.length;
  tables.forEach((t, i) => {
    dir.write(t.tag, 12 + i * 16, 'latin1');
    dir.writeUInt32BE(offset, 12 + i * 16 + 8);
    dir.writeUInt32BE(t.data.length, 12 + i * 16 + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    body.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([dir, ...body]);
}

/** A format-0 name table with Windows Unicode records: family, subfamily, full and PostScript names. */
function nameTable(family: string): Buffer {
  const names: Array<[number, string]> = [
    [1, family],
    [2, 'Regular'],
    [4, `${family} Regular`],
    [6, `${family.replace(/[^A-Za-z0-9]/g, '')}-Regular`],
    [16, family],
    [17, 'Regular'],
  ];
  const strings = names.map(([, s]) => Buffer.from(s, 'utf16le').swap16());
  const head = Buffer.alloc(6 + names.length * 12);
  head.writeUInt16BE(names.length, 2);
  head.writeUInt16BE(head.length, 4);
  let at = 0;
  names.forEach(([id], i) => {
    const r = 6 + i * 12;
    head.writeUInt16BE(3, r);
    head.writeUInt16BE(1, r + 2);
    head.writeUInt16BE(0x409, r + 4);
    head.writeUInt16BE(id, r + 6);
    head.writeUInt16BE(strings[i].length, r + 8);
    head.writeUInt16BE(at, r + 10);
    at += strings[i].length;
  });
  return Buffer.concat([head, ...strings]);
}
