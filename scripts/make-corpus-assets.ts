/**
 * Writes the corpus's image assets into test/corpus/assets/ (deterministic, each well under 60 KB).
 *   node --import tsx scripts/make-corpus-assets.ts
 * Photographic-looking pictures are smooth colour fields plus seeded noise, so JPEG and PNG decoders
 * both get realistic work; the logo has real alpha (soft edge, transparent hole).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { corpusDir } from './corpus-images.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sky/ground "landscape": vertical gradient, a sun, rolling hills, grain. */
function landscape(w: number, h: number, seed: number, grain: number): Buffer {
  const rand = rng(seed);
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = y / h;
      let r = 70 + 150 * t,
        g = 130 + 80 * t,
        b = 220 - 60 * t;
      const dx = x - w * 0.72,
        dy = y - h * 0.3;
      const sun = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) / (h * 0.18));
      r += 120 * sun;
      g += 100 * sun;
      b += 20 * sun;
      const hill = h * (0.62 + 0.08 * Math.sin((x / w) * 7 + seed) + 0.04 * Math.sin((x / w) * 19));
      if (y > hill) {
        const d = (y - hill) / (h - hill);
        r = 40 + 50 * d;
        g = 110 - 40 * d;
        b = 50 - 20 * d;
      }
      const n = (rand() - 0.5) * grain;
      const i = (y * w + x) * 3;
      px[i] = Math.max(0, Math.min(255, r + n));
      px[i + 1] = Math.max(0, Math.min(255, g + n));
      px[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  return px;
}

/** A portrait-ish picture: warm radial vignette and a soft "head and shoulders" silhouette. */
function portrait(w: number, h: number, seed: number): Buffer {
  const rand = rng(seed);
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cx = x / w - 0.5,
        cy = y / h - 0.5;
      const v = 1 - Math.min(1, Math.sqrt(cx * cx + cy * cy) * 1.4);
      let r = 90 + 140 * v,
        g = 70 + 110 * v,
        b = 80 + 60 * v;
      const head = Math.hypot((x - w * 0.5) / (w * 0.17), (y - h * 0.38) / (h * 0.2));
      const shoulders = y > h * 0.62 && Math.abs(x - w * 0.5) < w * (0.18 + (y / h - 0.62) * 0.9);
      if (head < 1 || shoulders) {
        r = 60 + 30 * (1 - head);
        g = 45 + 20 * (1 - head);
        b = 50;
      }
      const n = (rand() - 0.5) * 18;
      const i = (y * w + x) * 3;
      px[i] = Math.max(0, Math.min(255, r + n));
      px[i + 1] = Math.max(0, Math.min(255, g + n));
      px[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  return px;
}

/** A ring-and-bar logo with anti-aliased alpha edges and a transparent centre. */
function logo(size: number): Buffer {
  const px = Buffer.alloc(size * size * 4);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const ring = Math.max(0, Math.min(1, Math.min(d - size * 0.28, size * 0.46 - d) + 0.5));
      const bar = Math.abs(y + 0.5 - c) < size * 0.07 && Math.abs(x + 0.5 - c) < size * 0.36 ? 1 : 0;
      const i = (y * size + x) * 4;
      if (bar) {
        px[i] = 240;
        px[i + 1] = 150;
        px[i + 2] = 30;
        px[i + 3] = 255;
      } else {
        px[i] = 30;
        px[i + 1] = 60 + Math.round((120 * x) / size);
        px[i + 2] = 160;
        px[i + 3] = Math.round(255 * ring);
      }
    }
  }
  return px;
}

const dir = join(corpusDir(), 'assets');
mkdirSync(dir, { recursive: true });
const jobs: Array<[string, Promise<unknown>]> = [
  [
    'landscape.jpg',
    sharp(landscape(480, 320, 7, 24), { raw: { width: 480, height: 320, channels: 3 } })
      .jpeg({ quality: 82 })
      .toFile(join(dir, 'landscape.jpg')),
  ],
  [
    'portrait.jpg',
    sharp(portrait(240, 300, 11), { raw: { width: 240, height: 300, channels: 3 } })
      .jpeg({ quality: 80 })
      .toFile(join(dir, 'portrait.jpg')),
  ],
  [
    'texture.png',
    sharp(landscape(160, 120, 3, 10), { raw: { width: 160, height: 120, channels: 3 } })
      .png({ compressionLevel: 9 })
      .toFile(join(dir, 'texture.png')),
  ],
  [
    'logo.png',
    sharp(logo(128), { raw: { width: 128, height: 128, channels: 4 } })
      .png({ compressionLevel: 9 })
      .toFile(join(dir, 'logo.png')),
  ],
];
for (const [name, job] of jobs) {
  const info = (await job) as { size: number; width: number; height: number };
  console.log(`${name}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
}
