// Regenerates the three demo templates (social-card.json, certificate.json,
// quote-card.json) next to this file. Run from the repository root:
//   node templates/demo/build-demo-templates.mjs [--preview <dir>]
// --preview also writes each plain template document, plus a "-long" variant
// with long texts, to <dir> for scripts/fabric-reference.ts / compare-render.ts.
// Layout rule: every object uses originX/originY left/top so the look does not
// depend on Fabric's version defaults (v7 centres by default).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const HERE = dirname(fileURLToPath(import.meta.url));
const previewAt = process.argv.indexOf('--preview');
const PREVIEW = previewAt > 0 ? process.argv[previewAt + 1] : undefined;
// ---------------------------------------------------------------- images
// Every image is embedded as a data: URL so the demo templates render offline
// on first run. SVG is rasterised by sharp; photos are JPEG (small), marks PNG (alpha).
const A = {};

async function make(name, svg, { format = 'jpeg', quality = 82 } = {}) {
  let img = sharp(Buffer.from(svg));
  img = format === 'jpeg' ? img.jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }) : img.png({ compressionLevel: 9, palette: false });
  const buf = await img.toBuffer();
  const meta = await sharp(buf).metadata();
  A[name] = { src: `data:image/${format};base64,${buf.toString('base64')}`, width: meta.width, height: meta.height };
}

// Social card "photo": an abstract dusk landscape — layered hills under a glowing sun.
{
  const W = 440, H = 550;
  await make('social-photo', `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1E1B4B"/>
      <stop offset="0.45" stop-color="#6D28D9"/>
      <stop offset="0.75" stop-color="#DB2777"/>
      <stop offset="1" stop-color="#FB923C"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#FFF7ED"/>
      <stop offset="0.55" stop-color="#FED7AA"/>
      <stop offset="1" stop-color="#FDBA74"/>
    </radialGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#FDBA74" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#FDBA74" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="h1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#BE185D"/><stop offset="1" stop-color="#831843"/></linearGradient>
    <linearGradient id="h2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7E22CE"/><stop offset="1" stop-color="#4C1D95"/></linearGradient>
    <linearGradient id="h3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3730A3"/><stop offset="1" stop-color="#1E1B4B"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="12%" cy="9%" r="1.6" fill="#fff" opacity=".7"/>
  <circle cx="30%" cy="16%" r="1.2" fill="#fff" opacity=".6"/>
  <circle cx="71%" cy="7%" r="1.8" fill="#fff" opacity=".8"/>
  <circle cx="86%" cy="21%" r="1.2" fill="#fff" opacity=".6"/>
  <circle cx="52%" cy="12%" r="1" fill="#fff" opacity=".5"/>
  <circle cx="20%" cy="28%" r="1" fill="#fff" opacity=".4"/>
  <circle cx="${W * 0.62}" cy="${H * 0.5}" r="170" fill="url(#glow)"/>
  <circle cx="${W * 0.62}" cy="${H * 0.5}" r="82" fill="url(#sun)"/>
  <path d="M0 ${H * 0.6} C ${W * 0.2} ${H * 0.52}, ${W * 0.38} ${H * 0.58}, ${W * 0.55} ${H * 0.62} S ${W * 0.85} ${H * 0.55}, ${W} ${H * 0.57} L ${W} ${H} L 0 ${H} Z" fill="url(#h1)" opacity=".95"/>
  <path d="M0 ${H * 0.72} C ${W * 0.25} ${H * 0.64}, ${W * 0.45} ${H * 0.76}, ${W * 0.7} ${H * 0.7} S ${W * 0.9} ${H * 0.68}, ${W} ${H * 0.66} L ${W} ${H} L 0 ${H} Z" fill="url(#h2)"/>
  <path d="M0 ${H * 0.86} C ${W * 0.3} ${H * 0.78}, ${W * 0.55} ${H * 0.9}, ${W * 0.8} ${H * 0.83} S ${W * 0.92} ${H * 0.8}, ${W} ${H * 0.78} L ${W} ${H} L 0 ${H} Z" fill="url(#h3)"/>
</svg>`, { quality: 84 });
}

// Logo mark: rounded square with a gradient and a white "stacked layers" glyph.
function logoSvg(S, c1, c2) {
  const k = S / 96;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 96 96">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
  <rect x="0" y="0" width="96" height="96" rx="24" fill="url(#g)"/>
  <path d="M48 22 L74 36 L48 50 L22 36 Z" fill="#fff"/>
  <path d="M22 48 L48 62 L74 48" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round" stroke-linecap="round" opacity=".85"/>
  <path d="M22 60 L48 74 L74 60" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round" stroke-linecap="round" opacity=".6"/>
</svg>`;
}
await make('logo-social', logoSvg(96, '#F472B6', '#8B5CF6'), { format: 'png' });
await make('logo-cert', logoSvg(192, '#1E3A5F', '#2F6690'), { format: 'png' });

// Avatar placeholder: soft gradient with a head-and-shoulders silhouette.
{
  const S = 240;
  await make('avatar', `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 240 240">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FDE68A"/><stop offset="1" stop-color="#F9A8D4"/></linearGradient>
    <linearGradient id="p" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFFFFF" stop-opacity=".95"/><stop offset="1" stop-color="#FFFFFF" stop-opacity=".8"/></linearGradient>
  </defs>
  <rect width="240" height="240" fill="url(#bg)"/>
  <circle cx="120" cy="98" r="44" fill="url(#p)"/>
  <path d="M40 240 C 40 180, 80 156, 120 156 C 160 156, 200 180, 200 240 Z" fill="url(#p)"/>
</svg>`, { quality: 85 });
}

const V = '7.0.0';

const base = (type, name, left, top, extra) => ({
  type, version: V, name, originX: 'left', originY: 'top', left, top,
  ...extra,
});
const rect = (name, left, top, width, height, extra = {}) =>
  base('Rect', name, left, top, { width, height, fill: '#000000', stroke: null, strokeWidth: 0, rx: 0, ry: 0, ...extra });
const circle = (name, cx, cy, radius, extra = {}) => {
  const sw = extra.strokeWidth ?? 0;
  // originX/Y left/top: the box corner sits at centre - radius - half the stroke.
  return base('Circle', name, cx - radius - sw / 2, cy - radius - sw / 2, {
    radius, width: radius * 2, height: radius * 2, fill: '#000000', stroke: null, strokeWidth: 0,
    startAngle: 0, endAngle: 360, ...extra,
  });
};
const hline = (name, x, y, length, extra = {}) => {
  const sw = extra.strokeWidth ?? 1;
  return base('Line', name, x, y - sw / 2, {
    x1: -length / 2, y1: 0, x2: length / 2, y2: 0, width: length, height: 0,
    fill: 'rgb(0,0,0)', stroke: '#000000', strokeWidth: sw, strokeLineCap: 'butt', ...extra,
  });
};
const textbox = (name, left, top, width, text, extra = {}) =>
  base('Textbox', name, left, top, {
    width, text, fontFamily: 'Inter', fontWeight: 400, fontStyle: 'normal', fontSize: 24,
    lineHeight: 1.16, charSpacing: 0, textAlign: 'left', fill: '#000000', stroke: null, strokeWidth: 1,
    underline: false, overline: false, linethrough: false, textBackgroundColor: '', direction: 'ltr',
    minWidth: 20, splitByGrapheme: false, styles: [], ...extra,
  });
/** Image at its natural size, scaled to `displayW` wide (aspect kept unless displayH given). */
const image = (name, asset, left, top, displayW, displayH, extra = {}) => {
  const a = A[asset];
  const scaleX = displayW / a.width;
  const scaleY = displayH === undefined ? scaleX : displayH / a.height;
  return base('Image', name, left, top, {
    width: a.width, height: a.height, scaleX, scaleY, src: a.src,
    cropX: 0, cropY: 0, crossOrigin: null, filters: [], stroke: null, strokeWidth: 0, ...extra,
  });
};
/** A clip path in the image's own (unscaled, centred) coordinates. */
const roundClip = (w, h, r) => ({
  type: 'Rect', version: V, originX: 'left', originY: 'top', left: -w / 2, top: -h / 2,
  width: w, height: h, rx: r, ry: r, fill: '#000000', stroke: null, strokeWidth: 0,
  inverted: false, absolutePositioned: false,
});
const circleClip = (d) => ({
  type: 'Circle', version: V, originX: 'left', originY: 'top', left: -d / 2, top: -d / 2,
  radius: d / 2, width: d, height: d, fill: '#000000', stroke: null, strokeWidth: 0,
  startAngle: 0, endAngle: 360, inverted: false, absolutePositioned: false,
});

/** Radial gradient centred in a circle of radius r (Fabric gradient coords are relative to the box's top-left). */
const radial = (r, stops) => ({
  type: 'radial', gradientUnits: 'pixels', offsetX: 0, offsetY: 0, gradientTransform: null,
  coords: { x1: r, y1: r, r1: 0, x2: r, y2: r, r2: r },
  colorStops: stops.map(([offset, color]) => ({ offset, color })),
});
const linear = (x1, y1, x2, y2, stops) => ({
  type: 'linear', gradientUnits: 'pixels', offsetX: 0, offsetY: 0, gradientTransform: null,
  coords: { x1, y1, x2, y2 },
  colorStops: stops.map(([offset, color]) => ({ offset, color })),
});

// ---------------------------------------------------------------- social card
function socialCard() {
  const W = 1200, H = 630, M = 72;
  const photo = A['social-photo'];
  const photoLeft = W - 40 - photo.width; // 688
  const colW = photoLeft - M - 56; // text column stops 56px before the photo
  const ink = '#F8FAFC', muted = '#94A3B8', accent = '#F472B6';
  return {
    version: V, width: W, height: H, background: '#0F172A',
    objects: [
      rect('background', 0, 0, W, H, { fill: '#0F172A' }),
      circle('glow', 120, 640, 360, {
        fill: radial(360, [[0, 'rgba(124,58,237,0.30)'], [0.55, 'rgba(124,58,237,0.12)'], [1, 'rgba(124,58,237,0)']]),
      }),
      image('photo', 'social-photo', photoLeft, 40, photo.width, photo.height, {
        clipPath: roundClip(photo.width, photo.height, 28),
      }),
      image('logo', 'logo-social', M, 56, 48),
      textbox('brand', M + 64, 64, colW - 64, 'Imprint Journal', {
        fontFamily: 'Poppins', fontWeight: 700, fontSize: 24, fill: ink,
      }),
      rect('accent', M, 160, 36, 6, { fill: accent, rx: 3, ry: 3 }),
      textbox('category', M + 52, 152, colW - 52, 'DESIGN SYSTEMS', {
        fontFamily: 'Inter', fontWeight: 700, fontSize: 17, charSpacing: 160, fill: accent,
      }),
      textbox('title', M, 192, colW, 'The quiet power of a design system that grows with your team', {
        fontFamily: 'Poppins', fontWeight: 700, fontSize: 44, lineHeight: 1.08, fill: ink,
        height: 270, textFit: 'shrink', minFontSize: 30,
      }),
      hline('divider', M, 484, colW, { stroke: '#334155', strokeWidth: 2 }),
      textbox('author', M, 508, colW, 'Jane Cooper', {
        fontFamily: 'Inter', fontWeight: 700, fontSize: 22, fill: ink, height: 28, textFit: 'shrink', minFontSize: 14,
      }),
      textbox('subtitle', M, 542, colW, 'Head of Design  ·  May 14, 2025  ·  6 min read', {
        fontFamily: 'Inter', fontWeight: 400, fontSize: 19, fill: muted, height: 24, textFit: 'shrink', minFontSize: 12,
      }),
    ],
  };
}


// ---------------------------------------------------------------- certificate
/** A square rotated 45° about its top-left corner, centred on (cx, cy). */
const diamond = (name, cx, cy, side, extra = {}) =>
  rect(name, cx, cy - side / Math.SQRT2, side, side, { angle: 45, ...extra });

function certificate() {
  const W = 1600, H = 1131, CX = W / 2;
  const navy = '#1B2A41', gold = '#A8834A', ink = '#1F2937', muted = '#6B7280', paper = '#FFFDF7';
  const centred = (name, top, width, text, extra) => textbox(name, CX - width / 2, top, width, text, { textAlign: 'center', ...extra });
  const colW = 460, leftCX = 390, rightCX = W - 390, rowY = 900;
  return {
    version: V, width: W, height: H, background: paper,
    objects: [
      rect('background', 0, 0, W, H, { fill: paper }),
      rect('frame', 36, 36, W - 72 - 10, H - 72 - 10, { fill: '', stroke: navy, strokeWidth: 10 }),
      rect('frame-inner', 64, 64, W - 128 - 2, H - 128 - 2, { fill: '', stroke: gold, strokeWidth: 2 }),
      diamond('corner-tl', 64, 64, 22, { fill: gold }),
      diamond('corner-tr', W - 64, 64, 22, { fill: gold }),
      diamond('corner-bl', 64, H - 64, 22, { fill: gold }),
      diamond('corner-br', W - 64, H - 64, 22, { fill: gold }),
      image('logo', 'logo-cert', CX - 44, 128, 88),
      textbox('organization', CX - 400, 230, 800, 'IMPRINT ACADEMY', {
        textAlign: 'center', fontFamily: 'Montserrat', fontWeight: 700, fontSize: 20, charSpacing: 400, fill: navy,
      }),
      centred('heading', 290, 1200, 'Certificate of Completion', {
        fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 76, fill: navy,
      }),
      centred('presented-to', 410, 1000, 'This certificate is proudly presented to', {
        fontFamily: 'Lato', fontWeight: 400, fontStyle: 'italic', fontSize: 26, fill: muted,
      }),
      centred('recipient', 460, 1360, 'Olivia Bennett', {
        fontFamily: 'Playfair Display', fontWeight: 700, fontStyle: 'italic', fontSize: 88, fill: gold,
        height: 120, textFit: 'shrink', minFontSize: 48,
      }),
      hline('name-line', CX - 320, 596, 640, { stroke: gold, strokeWidth: 2 }),
      centred('description', 628, 1000, 'for successfully completing the course', {
        fontFamily: 'Lato', fontWeight: 400, fontSize: 26, fill: muted,
      }),
      centred('course', 676, 1200, 'Advanced Product Design', {
        fontFamily: 'Montserrat', fontWeight: 700, fontSize: 36, fill: ink,
        height: 100, textFit: 'shrink', minFontSize: 24,
      }),
      // Bottom row: date (left), seal (centre), signature (right).
      centred('date', rowY - 52, colW, 'June 12, 2025', { left: leftCX - colW / 2,
        fontFamily: 'Lato', fontWeight: 700, fontSize: 30, fill: ink, height: 36, textFit: 'shrink', minFontSize: 18 }),
      hline('date-line', leftCX - colW / 2, rowY, colW, { stroke: ink, strokeWidth: 2 }),
      textbox('date-label', leftCX - colW / 2, rowY + 16, colW, 'DATE', {
        textAlign: 'center', fontFamily: 'Montserrat', fontWeight: 700, fontSize: 15, charSpacing: 220, fill: muted,
      }),
      textbox('signature', rightCX - 270, rowY - 60, 540, 'Alex Morgan', {
        textAlign: 'center', fontFamily: 'Playfair Display', fontWeight: 400, fontStyle: 'italic', fontSize: 38, fill: navy,
        height: 44, textFit: 'shrink', minFontSize: 24,
      }),
      hline('signature-line', rightCX - colW / 2, rowY, colW, { stroke: ink, strokeWidth: 2 }),
      textbox('signer', rightCX - colW / 2, rowY + 16, colW, 'PROGRAM DIRECTOR', {
        textAlign: 'center', fontFamily: 'Montserrat', fontWeight: 700, fontSize: 15, charSpacing: 220, fill: muted,
        height: 20, textFit: 'shrink', minFontSize: 10,
      }),
      circle('seal-outer', CX, rowY - 4, 106, { fill: '', stroke: gold, strokeWidth: 2 }),
      circle('seal', CX, rowY - 4, 96, { fill: gold }),
      circle('seal-ring', CX, rowY - 4, 80, { fill: '', stroke: paper, strokeWidth: 2, strokeDashArray: [6, 5] }),
      textbox('seal-text', CX - 80, rowY - 48, 160, 'CERTIFIED\n2025', {
        textAlign: 'center', fontFamily: 'Montserrat', fontWeight: 700, fontSize: 22, charSpacing: 150, lineHeight: 1.5, fill: paper,
      }),
    ],
  };
}

// ---------------------------------------------------------------- quote card
function quoteCard() {
  const S = 1080, M = 96;
  const amber = '#FBBF24', white = '#FFFFFF';
  return {
    version: V, width: S, height: S, background: '#312E81',
    objects: [
      rect('background', 0, 0, S, S, {
        fill: linear(0, 0, S, S, [[0, '#1E1B4B'], [0.5, '#5B21B6'], [1, '#BE185D']]),
      }),
      circle('decor-ring', 1000, 60, 190, { fill: '', stroke: 'rgba(255,255,255,0.14)', strokeWidth: 3 }),
      circle('decor-dot', 980, 980, 170, { fill: 'rgba(255,255,255,0.07)' }),
      textbox('quote-mark', M - 8, 40, 240, '\u201C', {
        fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 300, lineHeight: 1, fill: amber,
      }),
      textbox('quote', M, 262, S - 2 * M, 'Simplicity isn\u2019t the absence of clutter. It\u2019s the result of a thousand careful, deliberate decisions.', {
        fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 56, lineHeight: 1.2, fill: white,
        height: 470, textFit: 'shrink', minFontSize: 30,
      }),
      hline('accent', M, 800, 96, { stroke: amber, strokeWidth: 6, strokeLineCap: 'round' }),
      image('avatar', 'avatar', M, 864, 120, undefined, { clipPath: circleClip(A.avatar.width) }),
      textbox('author', M + 148, 878, S - 2 * M - 148, 'Maya Lindqvist', {
        fontFamily: 'Poppins', fontWeight: 700, fontSize: 34, fill: white, height: 40, textFit: 'shrink', minFontSize: 20,
      }),
      textbox('author-title', M + 148, 930, S - 2 * M - 148, 'Creative Director, Northwind Studio', {
        fontFamily: 'Inter', fontWeight: 400, fontSize: 24, fill: 'rgba(255,255,255,0.75)', height: 30, textFit: 'shrink', minFontSize: 14,
      }),
    ],
  };
}

const templates = {
  'social-card': { name: 'Social card', description: 'Open Graph card with a photo, logo, title and tagline.', template: socialCard() },
  certificate: { name: 'Certificate', description: 'A4 landscape certificate: recipient, course, date and signature.', template: certificate() },
  'quote-card': { name: 'Quote card', description: 'Square quote with its author, portrait and role.', template: quoteCard() },
};

const LONG = {
  'quote-card': {
    quote: 'The details are not the details. They make the design. Every small decision compounds, and the people who use what we make can feel the care, even when they cannot name it.',
    author: 'Charles and Ray Eames Foundation',
    'author-title': 'Designers, architects and filmmakers, Los Angeles',
  },
  certificate: {
    recipient: 'Maximilian Featherstonehaugh',
    course: 'Professional Certificate in Human-Centred Service Design and Research Operations',
    signature: 'Dr. Alexandra Montgomery',
    signer: 'DEAN, SCHOOL OF DESIGN & RESEARCH',
    date: 'September 28, 2025',
  },
  'social-card': {
    title: 'Shipping a design system that scales: lessons from rebuilding every component twice over',
    author: 'Dr. Maximilian Featherstonehaugh',
    subtitle: 'Principal Design Engineer  ·  Sep 28, 2025  ·  14 min read',
  },
};

for (const [file, t] of Object.entries(templates)) {
  writeFileSync(join(HERE, `${file}.json`), JSON.stringify(t, null, 2) + '\n');
  console.log(`${file}.json: ${Buffer.byteLength(JSON.stringify(t))} bytes`);
  if (!PREVIEW) continue;
  mkdirSync(PREVIEW, { recursive: true });
  writeFileSync(join(PREVIEW, `${file}.json`), JSON.stringify(t.template));
  const long = structuredClone(t.template);
  for (const o of long.objects) if (LONG[file]?.[o.name] !== undefined) o.text = LONG[file][o.name];
  writeFileSync(join(PREVIEW, `${file}-long.json`), JSON.stringify(long));
}
