// Regenerates the starter templates of the editor's gallery (every *.json
// next to this file). Run from the repository root:
//   node templates/starters/build-starter-templates.mjs
// Layout rules, as for the demo templates: every object uses originX/originY
// left/top (Fabric 7 centres by default), every text is a Textbox with a fixed
// width, and texts a caller will replace get a height plus textFit "shrink" so a
// longer value shrinks instead of spilling out of its frame. Each height holds
// the sample text at full size (Fabric: a line is fontSize × 1.13 × lineHeight,
// the last without lineHeight), so shrinking only starts with a longer value. Only shapes,
// gradients and bundled fonts: a starter must render offline and stay small.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const VERSION = '7.4.0';

const base = (type, name, left, top, extra) => ({ type, version: VERSION, name, originX: 'left', originY: 'top', left, top, ...extra });

const rect = (name, left, top, width, height, fill, extra = {}) =>
  base('Rect', name, left, top, { width, height, fill, stroke: null, strokeWidth: 0, rx: 0, ry: 0, ...extra });

const circle = (name, left, top, radius, fill, extra = {}) =>
  base('Circle', name, left, top, { radius, width: radius * 2, height: radius * 2, fill, stroke: null, strokeWidth: 0, startAngle: 0, endAngle: 360, ...extra });

/** A horizontal line from (left, top) of the given length. */
const line = (name, left, top, length, stroke, strokeWidth, extra = {}) =>
  base('Line', name, left, top - strokeWidth / 2, {
    x1: -length / 2, y1: 0, x2: length / 2, y2: 0, width: length, height: 0, fill: 'rgb(0,0,0)', stroke, strokeWidth, strokeLineCap: 'butt', ...extra,
  });

/** points are relative to the polygon's own top-left corner. */
const polygon = (name, left, top, points, fill, extra = {}) => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return base('Polygon', name, left, top, {
    points, width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys), fill, stroke: null, strokeWidth: 0, ...extra,
  });
};

const text = (name, left, top, width, value, style) =>
  base('Textbox', name, left, top, {
    width, text: value, fontFamily: 'Inter', fontWeight: 400, fontStyle: 'normal', fontSize: 32, lineHeight: 1.16, charSpacing: 0,
    textAlign: 'left', fill: '#111827', stroke: null, strokeWidth: 1, underline: false, overline: false, linethrough: false,
    textBackgroundColor: '', direction: 'ltr', minWidth: 20, splitByGrapheme: false, styles: [], ...style,
  });

/** Shrinks to fit a box of this height, never below minFontSize. */
const fit = (height, minFontSize) => ({ height, textFit: 'shrink', minFontSize });

const linear = (x1, y1, x2, y2, stops) => ({
  type: 'linear', gradientUnits: 'pixels', offsetX: 0, offsetY: 0, gradientTransform: null, coords: { x1, y1, x2, y2 },
  colorStops: stops.map(([offset, color]) => ({ offset, color })),
});

const radial = (cx, cy, r, stops) => ({
  type: 'radial', gradientUnits: 'pixels', offsetX: 0, offsetY: 0, gradientTransform: null, coords: { x1: cx, y1: cy, r1: 0, x2: cx, y2: cy, r2: r },
  colorStops: stops.map(([offset, color]) => ({ offset, color })),
});

const shadow = (color, blur, offsetX, offsetY) => ({ color, blur, offsetX, offsetY, affectStroke: false, nonScaling: false });

/** A rounded pill with a centred label: two objects, named `${name}` and `${name}-label`. */
function pill(name, left, top, width, height, fill, label, style, extra = {}) {
  const fontSize = style.fontSize;
  return [
    rect(name, left, top, width, height, fill, { rx: height / 2, ry: height / 2, ...extra }),
    text(`${name}-label`, left, top + (height - fontSize * 1.16) / 2, width, label, { textAlign: 'center', ...style }),
  ];
}

const starters = {};

// ---------------------------------------------------------------- blog post, Open Graph 1200 × 630
{
  const W = 1200, H = 630;
  starters['blog-post'] = {
    name: 'Blog post card',
    description: 'Open Graph image for an article: category, title, author and site.',
    template: {
      version: VERSION, width: W, height: H, background: '#F8FAFC',
      objects: [
        rect('background', 0, 0, W, H, '#F8FAFC'),
        circle('decor-blob', 760, -260, 420, radial(420, 420, 420, [[0, '#C7D2FE'], [0.6, 'rgba(199,210,254,0.55)'], [1, 'rgba(199,210,254,0)']])),
        circle('decor-blob-2', 900, 330, 260, radial(260, 260, 260, [[0, 'rgba(251,207,232,0.9)'], [1, 'rgba(251,207,232,0)']])),
        rect('accent-bar', 0, 0, 16, H, linear(0, 0, 0, H, [[0, '#4F46E5'], [1, '#DB2777']])),
        ...pill('category', 80, 84, 176, 48, '#EEF2FF', 'ENGINEERING', { fontFamily: 'Inter', fontWeight: 700, fontSize: 18, charSpacing: 120, fill: '#4338CA' }),
        text('title', 80, 170, 900, 'How we cut our image rendering time in half', { fontFamily: 'Poppins', fontWeight: 700, fontSize: 68, lineHeight: 1.1, fill: '#0F172A', ...fit(240, 40) }),
        line('divider', 80, 472, 1040, '#E2E8F0', 2),
        circle('author-avatar', 80, 504, 36, linear(0, 0, 72, 72, [[0, '#6366F1'], [1, '#EC4899']])),
        text('author-initials', 80, 504 + 36 - 14, 72, 'JL', { fontFamily: 'Inter', fontWeight: 700, fontSize: 24, textAlign: 'center', fill: '#FFFFFF' }),
        text('author', 172, 508, 560, 'Jordan Lee', { fontFamily: 'Inter', fontWeight: 700, fontSize: 26, fill: '#0F172A', ...fit(32, 16) }),
        text('meta', 172, 544, 560, 'March 14 · 6 min read', { fontFamily: 'Inter', fontSize: 22, fill: '#64748B', ...fit(28, 14) }),
        text('site', 760, 522, 360, 'blog.example.com', { fontFamily: 'Inter', fontWeight: 700, fontSize: 24, textAlign: 'right', fill: '#4338CA', ...fit(30, 14) }),
      ],
    },
  };
}

// ---------------------------------------------------------------- product announcement, square 1080 × 1080
{
  const W = 1080, H = 1080;
  starters['product-launch'] = {
    name: 'Product announcement',
    description: 'Square post for a launch: badge, product name, one-line pitch and a call to action.',
    template: {
      version: VERSION, width: W, height: H, background: '#0B1020',
      objects: [
        rect('background', 0, 0, W, H, linear(0, 0, 0, H, [[0, '#0B1020'], [1, '#131A35']])),
        circle('glow', 240, 80, 300, radial(300, 300, 300, [[0, 'rgba(56,189,248,0.35)'], [0.5, 'rgba(56,189,248,0.12)'], [1, 'rgba(56,189,248,0)']])),
        circle('product-ring', 330, 170, 210, '', { stroke: 'rgba(255,255,255,0.16)', strokeWidth: 2 }),
        circle('product-orb', 380, 220, 160, linear(40, 0, 280, 320, [[0, '#67E8F9'], [0.5, '#3B82F6'], [1, '#7C3AED']]), { shadow: shadow('rgba(59,130,246,0.55)', 80, 0, 24) }),
        circle('product-shine', 430, 262, 54, 'rgba(255,255,255,0.28)'),
        ...pill('badge', 80, 80, 150, 48, '#FACC15', 'NEW', { fontFamily: 'Inter', fontWeight: 700, fontSize: 22, charSpacing: 200, fill: '#111827' }),
        text('title', 80, 640, 920, 'Meet Aurora 2', { fontFamily: 'Montserrat', fontWeight: 700, fontSize: 96, lineHeight: 1.05, textAlign: 'left', fill: '#FFFFFF', ...fit(110, 56) }),
        text('subtitle', 80, 768, 860, 'Twice the battery, half the weight, and a screen you can read in full sun.', { fontFamily: 'Inter', fontSize: 34, lineHeight: 1.3, fill: '#CBD5E1', ...fit(96, 22) }),
        ...pill('cta', 80, 928, 300, 72, '#38BDF8', 'Available now', { fontFamily: 'Inter', fontWeight: 700, fontSize: 28, fill: '#0B1020' }),
        text('website', 560, 950, 440, 'aurora.example.com', { fontFamily: 'Inter', fontWeight: 400, fontSize: 26, textAlign: 'right', fill: '#94A3B8', ...fit(32, 16) }),
      ],
    },
  };
}

// ---------------------------------------------------------------- webinar, story 1080 × 1920
{
  const W = 1080, H = 1920;
  starters['webinar-story'] = {
    name: 'Webinar story',
    description: 'Vertical story for an event: date, title, speaker and a sign-up prompt.',
    template: {
      version: VERSION, width: W, height: H, background: '#FFF7ED',
      objects: [
        rect('background', 0, 0, W, H, linear(0, 0, W, H, [[0, '#FFF7ED'], [1, '#FFE4E6']])),
        circle('decor-sun', 620, -220, 480, radial(480, 480, 480, [[0, 'rgba(251,146,60,0.55)'], [0.7, 'rgba(251,146,60,0.12)'], [1, 'rgba(251,146,60,0)']])),
        polygon('decor-wave', 0, 1360, [{ x: 0, y: 140 }, { x: 360, y: 40 }, { x: 720, y: 120 }, { x: 1080, y: 0 }, { x: 1080, y: 560 }, { x: 0, y: 560 }], linear(0, 0, 1080, 0, [[0, '#F97316'], [1, '#E11D48']])),
        text('kicker', 96, 220, 700, 'FREE LIVE WEBINAR', { fontFamily: 'Inter', fontWeight: 700, fontSize: 34, charSpacing: 240, fill: '#C2410C' }),
        text('title', 96, 310, 888, 'Design systems that scale with your team', { fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 112, lineHeight: 1.08, fill: '#1C1917', ...fit(420, 64) }),
        rect('date-card', 96, 780, 888, 200, '#FFFFFF', { rx: 28, ry: 28, shadow: shadow('rgba(120,53,15,0.14)', 40, 0, 16) }),
        text('date', 144, 820, 520, 'Thursday, June 12', { fontFamily: 'Inter', fontWeight: 700, fontSize: 44, fill: '#1C1917', ...fit(54, 28) }),
        text('time', 144, 888, 520, '17:00 CET · 45 minutes', { fontFamily: 'Inter', fontSize: 32, fill: '#78716C', ...fit(40, 20) }),
        rect('date-divider', 690, 820, 2, 120, '#FED7AA'),
        text('seats', 720, 860, 230, 'Limited seats', { fontFamily: 'Inter', fontWeight: 700, fontSize: 30, lineHeight: 1.2, textAlign: 'center', fill: '#EA580C', ...fit(40, 18) }),
        circle('speaker-photo', 96, 1070, 80, linear(0, 0, 160, 160, [[0, '#FB923C'], [1, '#E11D48']])),
        text('speaker-initials', 96, 1070 + 80 - 29, 160, 'AM', { fontFamily: 'Poppins', fontWeight: 700, fontSize: 50, textAlign: 'center', fill: '#FFFFFF' }),
        text('speaker', 296, 1090, 690, 'Ana Martins', { fontFamily: 'Poppins', fontWeight: 700, fontSize: 44, fill: '#1C1917', ...fit(54, 26) }),
        text('speaker-role', 296, 1152, 690, 'Head of Design, Lumen', { fontFamily: 'Inter', fontSize: 32, fill: '#57534E', ...fit(40, 20) }),
        ...pill('cta', 96, 1580, 888, 120, '#FFFFFF', 'Save your seat  →', { fontFamily: 'Inter', fontWeight: 700, fontSize: 44, fill: '#BE123C' }, { shadow: shadow('rgba(0,0,0,0.18)', 30, 0, 10) }),
        text('website', 96, 1760, 888, 'lumen.example.com/webinar', { fontFamily: 'Inter', fontWeight: 700, fontSize: 32, textAlign: 'center', fill: '#FFFFFF', ...fit(40, 20) }),
      ],
    },
  };
}

// ---------------------------------------------------------------- YouTube thumbnail 1280 × 720
{
  const W = 1280, H = 720;
  starters['youtube-thumbnail'] = {
    name: 'YouTube thumbnail',
    description: 'Bold, high-contrast thumbnail: episode tag, a big two-line headline and a play badge.',
    template: {
      version: VERSION, width: W, height: H, background: '#111111',
      objects: [
        rect('background', 0, 0, W, H, linear(0, 0, W, H, [[0, '#18181B'], [1, '#27272A']])),
        polygon('highlight', 700, 0, [{ x: 180, y: 0 }, { x: 580, y: 0 }, { x: 580, y: 720 }, { x: 0, y: 720 }], linear(0, 0, 580, 720, [[0, '#FDE047'], [1, '#F59E0B']])),
        circle('subject-circle', 830, 150, 200, '#18181B', { stroke: '#FFFFFF', strokeWidth: 12, shadow: shadow('rgba(0,0,0,0.45)', 40, 0, 16) }),
        polygon('play-icon', 975, 270, [{ x: 0, y: 0 }, { x: 140, y: 80 }, { x: 0, y: 160 }], '#FDE047', { strokeLineJoin: 'round' }),
        ...pill('episode', 64, 120, 190, 56, '#EF4444', 'EPISODE 12', { fontFamily: 'Inter', fontWeight: 700, fontSize: 22, charSpacing: 100, fill: '#FFFFFF' }),
        text('title', 64, 210, 720, 'I SHIPPED IT IN 7 DAYS', { fontFamily: 'Oswald', fontWeight: 700, fontSize: 136, lineHeight: 1, fill: '#FFFFFF', shadow: shadow('rgba(0,0,0,0.6)', 0, 6, 6), ...fit(320, 70) }),
        rect('title-underline', 64, 530, 260, 14, '#FDE047', { rx: 7, ry: 7 }),
        text('channel', 64, 566, 600, '@buildinpublic', { fontFamily: 'Inter', fontWeight: 700, fontSize: 30, fill: '#A1A1AA', ...fit(40, 18) }),
      ],
    },
  };
}

// ---------------------------------------------------------------- sale banner, wide 1500 × 500
{
  const W = 1500, H = 500;
  starters['sale-banner'] = {
    name: 'Sale banner',
    description: 'Wide banner for a promotion: discount, headline, code and end date.',
    template: {
      version: VERSION, width: W, height: H, background: '#065F46',
      objects: [
        rect('background', 0, 0, W, H, linear(0, 0, W, 0, [[0, '#064E3B'], [1, '#047857']])),
        circle('decor-circle', 1120, -180, 300, 'rgba(255,255,255,0.06)'),
        circle('decor-circle-2', 1290, 260, 200, 'rgba(255,255,255,0.05)'),
        circle('discount-disc', 90, 60, 190, '#FDE68A', { shadow: shadow('rgba(0,0,0,0.25)', 30, 0, 12) }),
        text('discount', 90, 60 + 190 - 80, 380, '40%', { fontFamily: 'Montserrat', fontWeight: 700, fontSize: 120, lineHeight: 1, textAlign: 'center', fill: '#064E3B', ...fit(140, 60) }),
        text('discount-label', 90, 60 + 190 + 52, 380, 'OFF EVERYTHING', { fontFamily: 'Inter', fontWeight: 700, fontSize: 24, charSpacing: 160, textAlign: 'center', fill: '#065F46' }),
        text('kicker', 540, 96, 860, 'SPRING SALE', { fontFamily: 'Inter', fontWeight: 700, fontSize: 28, charSpacing: 300, fill: '#6EE7B7' }),
        text('title', 540, 142, 880, 'Fresh gear for longer days', { fontFamily: 'Poppins', fontWeight: 700, fontSize: 64, lineHeight: 1.1, fill: '#FFFFFF', ...fit(150, 36) }),
        rect('code-box', 540, 324, 300, 72, '', { rx: 14, ry: 14, stroke: '#FDE68A', strokeWidth: 3, strokeDashArray: [10, 8] }),
        text('code', 540, 324 + 36 - 17, 300, 'SPRING40', { fontFamily: 'Source Code Pro', fontWeight: 700, fontSize: 30, charSpacing: 100, textAlign: 'center', fill: '#FDE68A', ...fit(36, 18) }),
        text('ends', 872, 343, 540, 'Ends Sunday at midnight', { fontFamily: 'Inter', fontSize: 28, fill: '#D1FAE5', ...fit(34, 16) }),
      ],
    },
  };
}

// ---------------------------------------------------------------- speaker / team member card, square 1080 × 1080
{
  const W = 1080, H = 1080;
  starters['speaker-card'] = {
    name: 'Speaker card',
    description: 'Introduces a speaker or a new team member: photo frame, name, role and the talk.',
    template: {
      version: VERSION, width: W, height: H, background: '#F5F3FF',
      objects: [
        rect('background', 0, 0, W, H, '#F5F3FF'),
        rect('panel', 0, 0, W, 470, linear(0, 0, W, 470, [[0, '#4C1D95'], [1, '#7C3AED']])),
        circle('decor-ring', 760, -120, 260, '', { stroke: 'rgba(255,255,255,0.15)', strokeWidth: 3 }),
        text('event', 80, 80, 620, 'FRONTEND NORTH 2026', { fontFamily: 'Inter', fontWeight: 700, fontSize: 28, charSpacing: 240, fill: '#DDD6FE', ...fit(34, 18) }),
        text('label', 80, 126, 620, 'Speaker', { fontFamily: 'Playfair Display', fontWeight: 700, fontSize: 72, fill: '#FFFFFF' }),
        circle('photo-frame', 700, 290, 170, '#FFFFFF', { shadow: shadow('rgba(76,29,149,0.3)', 40, 0, 16) }),
        circle('photo', 716, 306, 154, linear(0, 0, 308, 308, [[0, '#A78BFA'], [1, '#F472B6']])),
        text('photo-initials', 716, 306 + 154 - 50, 308, 'SK', { fontFamily: 'Poppins', fontWeight: 700, fontSize: 86, textAlign: 'center', fill: '#FFFFFF' }),
        text('name', 80, 540, 580, 'Sofia Kowalski', { fontFamily: 'Poppins', fontWeight: 700, fontSize: 60, lineHeight: 1.1, fill: '#1E1B4B', ...fit(70, 34) }),
        text('role', 80, 624, 580, 'Staff Engineer at Parcel & Co', { fontFamily: 'Inter', fontSize: 32, lineHeight: 1.25, fill: '#6D28D9', ...fit(84, 20) }),
        line('divider', 80, 770, 920, '#DDD6FE', 2),
        text('talk-label', 80, 810, 920, 'TALK', { fontFamily: 'Inter', fontWeight: 700, fontSize: 22, charSpacing: 240, fill: '#7C3AED' }),
        text('talk', 80, 850, 920, 'Shipping accessible components without slowing down', { fontFamily: 'Inter', fontWeight: 700, fontSize: 40, lineHeight: 1.2, fill: '#1E1B4B', ...fit(100, 24) }),
        text('when', 80, 966, 920, 'Main stage · 11:30', { fontFamily: 'Inter', fontSize: 28, fill: '#6B7280', ...fit(34, 16) }),
      ],
    },
  };
}

for (const [id, starter] of Object.entries(starters)) {
  writeFileSync(join(HERE, `${id}.json`), `${JSON.stringify(starter, null, 2)}\n`);
}
console.log(`wrote ${Object.keys(starters).length} starters to ${HERE}`);
