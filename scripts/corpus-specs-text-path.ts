/**
 * Corpus entries for text on a path, superscript/subscript (per-character deltaY), right-to-left
 * paragraphs and splitByGrapheme. Same shape and rules as CORPUS (corpus-specs.ts); kept in its own
 * file so that parallel work on other features adds to its own list.
 */
import type { CorpusSpec } from './corpus-specs.js';

type Obj = Record<string, unknown>;
const LT = { originX: 'left', originY: 'top' } as const;

function textbox(t: string, extra: Obj = {}): Obj {
  return { type: 'textbox', text: t, fontFamily: 'Inter', fontSize: 20, fill: '#1d2433', ...LT, ...extra };
}

function itext(t: string, extra: Obj = {}): Obj {
  return { type: 'i-text', text: t, fontFamily: 'Inter', fontSize: 20, fill: '#1d2433', ...LT, ...extra };
}

/** A Fabric Path as an editor hands it to `text.path`: no fill, optionally a visible guide stroke. */
function guide(d: string, extra: Obj = {}): Obj {
  return { type: 'Path', path: d, fill: '', stroke: null, ...extra };
}

/** Styles as Fabric's setSuperscript / setSubscript write them: fontSize × 0.6, deltaY = fontSize × baseline. */
function script(kind: 'sup' | 'sub', fontSize: number): Obj {
  return { fontSize: fontSize * 0.6, deltaY: fontSize * (kind === 'sup' ? -0.35 : 0.11) };
}

/** v6/v7 style ranges marking [start, end) as superscript or subscript. */
function scripted(ranges: Array<[number, number, 'sup' | 'sub']>, fontSize: number): Obj[] {
  return ranges.map(([start, end, kind]) => ({ start, end, style: script(kind, fontSize) }));
}

const ARC_TOP = 'M 40 200 A 160 160 0 0 1 360 200';
const ARC_BOTTOM = 'M 60 210 A 140 140 0 0 0 340 210';
const ARC_Q = 'M 0 100 Q 150 0 300 100';
const WAVE = 'M 20 120 C 120 20 220 20 300 120 S 480 220 580 120';

export const TEXT_PATH_CORPUS: CorpusSpec[] = [
  // ---------- text on a path ----------
  {
    name: 'text-path-badge-arcs',
    version: 7,
    width: 400,
    height: 400,
    background: '#0f172a',
    objects: [
      { type: 'circle', left: 200, top: 200, radius: 180, fill: '#1e293b', stroke: '#f59e0b', strokeWidth: 6, originX: 'center', originY: 'center' },
      { type: 'circle', left: 200, top: 200, radius: 110, fill: '#f59e0b', originX: 'center', originY: 'center' },
      itext('BEST COFFEE IN TOWN', {
        left: 40,
        top: 40,
        fontSize: 30,
        fontWeight: 800,
        fill: '#fde68a',
        charSpacing: 120,
        textAlign: 'center',
        path: guide(ARC_TOP),
      }),
      itext('since 1987 · roasted daily', {
        left: 60,
        top: 210,
        fontSize: 22,
        fill: '#e2e8f0',
        textAlign: 'center',
        pathAlign: 'ascender',
        path: guide(ARC_BOTTOM),
      }),
      textbox('☕', { left: 160, top: 160, width: 80, fontSize: 60, textAlign: 'center' }),
    ],
  },
  {
    name: 'text-path-wave-guide-v6',
    version: 6,
    width: 600,
    height: 260,
    background: '#ecfeff',
    objects: [
      itext('Ride the wave — summer surf camp 2025', {
        left: 20,
        top: 45,
        fontSize: 26,
        fontFamily: 'Poppins',
        fontWeight: 600,
        fill: '#0e7490',
        pathStartOffset: 30,
        pathAlign: 'center',
        path: guide(WAVE, { stroke: '#67e8f9', strokeWidth: 3, strokeDashArray: [8, 6] }),
        styles: [
          { start: 0, end: 8, style: { fill: '#be185d' } },
          { start: 26, end: 37, style: { fill: '#1d4ed8', fontWeight: 800 } },
        ],
      }),
      itext('underlined along the curve', {
        left: 20,
        top: 125,
        fontSize: 20,
        fill: '#334155',
        underline: true,
        textAlign: 'right',
        pathAlign: 'descender',
        path: guide(WAVE),
      }),
    ],
  },
  {
    name: 'text-path-ring-side-v5',
    version: 5,
    width: 420,
    height: 420,
    background: '#fff7ed',
    objects: [
      itext('FRESH · LOCAL · ORGANIC · FRESH · LOCAL · ', {
        left: 60,
        top: 60,
        fontSize: 24,
        fontFamily: 'Montserrat',
        fontWeight: 700,
        fill: '#9a3412',
        pathSide: 'right',
        pathStartOffset: 40,
        path: guide('M 210 60 C 293 60 360 127 360 210 C 360 293 293 360 210 360 C 127 360 60 293 60 210 C 60 127 127 60 210 60 Z', { stroke: '#fdba74', strokeWidth: 2 }),
      }),
      itext('Market Hall', {
        left: 110,
        top: 130,
        fontSize: 30,
        fontFamily: 'Playfair Display',
        fill: '#7c2d12',
        textBackgroundColor: '#fed7aa',
        textAlign: 'center',
        path: guide('M 110 250 Q 210 130 310 250'),
      }),
    ],
  },
  {
    name: 'text-path-ribbon-start-offset',
    version: 7,
    width: 560,
    height: 300,
    background: '#ffffff',
    objects: [
      {
        type: 'path',
        path: 'M 20 170 L 140 110 L 280 170 L 420 110 L 540 170 L 540 220 L 420 160 L 280 220 L 140 160 L 20 220 Z',
        fill: '#fee2e2',
        stroke: '#ef4444',
        strokeWidth: 2,
        ...LT,
        left: 19,
        top: 109,
      },
      itext('zig zag ribbon headline with an offset start', {
        left: 20,
        top: 95,
        fontSize: 22,
        fontWeight: 700,
        fill: '#991b1b',
        pathStartOffset: -40,
        pathAlign: 'baseline',
        overline: true,
        path: guide('M 20 175 L 140 115 L 280 175 L 420 115 L 540 175'),
      }),
      itext('Loop: centred on a closed rectangle path, read around the box', {
        left: 60,
        top: 20,
        fontSize: 14,
        fill: '#374151',
        textAlign: 'center',
        path: guide('M 60 20 L 500 20 L 500 80 L 60 80 Z', { stroke: '#9ca3af' }),
      }),
    ],
  },

  {
    // Every option at once on one curve each: a Textbox (keeps its own box), RTL, a hidden guide under a
    // shadow, a translucent fill on an invisible guide, a filled guide under a transform, decorations.
    name: 'text-path-options-sheet-v5',
    version: 5,
    width: 700,
    height: 520,
    background: '#ffffff',
    objects: [
      textbox('Textbox following a curve', { left: 20, top: 10, width: 200, fontSize: 22, path: guide(ARC_Q, { stroke: '#cccccc' }), styles: {} }),
      itext('نص عربي على مسار.', {
        left: 360,
        top: 10,
        fontSize: 22,
        fontFamily: 'Noto Sans',
        direction: 'rtl',
        textAlign: 'right',
        path: guide(ARC_Q, { stroke: '#cccccc' }),
        styles: {},
      }),
      itext('hidden guide, shadowed text', {
        left: 20,
        top: 170,
        fontSize: 22,
        pathAlign: 'center',
        shadow: { color: 'rgba(0,0,0,0.5)', blur: 3, offsetX: 2, offsetY: 2 },
        path: guide(ARC_Q, { stroke: '#ff0000', visible: false }),
        styles: {},
      }),
      itext('translucent on a path', {
        left: 360,
        top: 170,
        fontSize: 22,
        fill: 'rgba(220,38,38,0.5)',
        pathAlign: 'ascender',
        path: guide(ARC_Q, { stroke: '#0000ff', opacity: 0 }),
        styles: {},
      }),
      itext('scaled and rotated', {
        left: 20,
        top: 330,
        fontSize: 22,
        scaleX: 1.3,
        scaleY: 1.3,
        angle: 10,
        path: guide(ARC_Q, { stroke: '#999999', strokeWidth: 2, fill: 'rgba(0,128,0,0.2)' }),
        styles: {},
      }),
      itext('charSpacing + underline', {
        left: 360,
        top: 330,
        fontSize: 22,
        charSpacing: 200,
        underline: true,
        linethrough: true,
        textBackgroundColor: '#fef08a',
        path: guide(ARC_Q),
        styles: {},
      }),
    ],
  },

  // ---------- superscript / subscript (deltaY) ----------
  {
    name: 'text-superscript-formulas',
    version: 7,
    width: 520,
    height: 300,
    background: '#f8fafc',
    objects: [
      textbox('E = mc2', { left: 24, top: 20, width: 300, fontSize: 48, fontFamily: 'Playfair Display', styles: scripted([[6, 7, 'sup']], 48) }),
      textbox('x2 + y2 = z2', {
        left: 24,
        top: 100,
        width: 470,
        fontSize: 36,
        underline: true,
        styles: scripted(
          [
            [1, 2, 'sup'],
            [6, 7, 'sup'],
            [11, 12, 'sup'],
          ],
          36,
        ),
      }),
      textbox('Only $99* per month, 1st month free', {
        left: 24,
        top: 170,
        width: 470,
        fontSize: 26,
        fill: '#0f766e',
        styles: [
          ...scripted(
            [
              [9, 10, 'sup'],
              [23, 25, 'sup'],
            ],
            26,
          ),
          { start: 0, end: 4, style: { fontWeight: 700 } },
        ],
      }),
      textbox('* cancel anytime', { left: 24, top: 240, width: 470, fontSize: 16, fill: '#64748b' }),
    ],
  },
  {
    name: 'text-subscript-chemistry-v5',
    version: 5,
    width: 480,
    height: 260,
    background: '#ffffff',
    objects: [
      textbox('H2O and CO2', {
        left: 20,
        top: 20,
        width: 440,
        fontSize: 40,
        fill: '#1e3a8a',
        styles: { 0: { 1: script('sub', 40), 10: script('sub', 40) } },
      }),
      textbox('C6H12O6 is glucose', {
        left: 20,
        top: 90,
        width: 440,
        fontSize: 30,
        textBackgroundColor: '#dbeafe',
        styles: { 0: { 1: script('sub', 30), 3: script('sub', 30), 4: script('sub', 30), 6: script('sub', 30) } },
      }),
      textbox('Footnote1 and a struck2 note', {
        left: 20,
        top: 160,
        width: 440,
        fontSize: 26,
        linethrough: true,
        styles: { 0: { 8: script('sup', 26), 22: script('sup', 26) } },
      }),
    ],
  },
  {
    name: 'text-superscript-itext-v6',
    version: 6,
    width: 420,
    height: 200,
    background: '#fefce8',
    objects: [
      itext('10th Anniversary', { left: 20, top: 20, fontSize: 44, fontWeight: 800, fill: '#854d0e', styles: scripted([[2, 4, 'sup']], 44) }),
      itext('m2 · km/h · NO3', {
        left: 20,
        top: 110,
        fontSize: 32,
        fill: '#3f6212',
        styles: scripted(
          [
            [1, 2, 'sup'],
            [14, 15, 'sub'],
          ],
          32,
        ),
      }),
      itext('Raised underline', { left: 240, top: 20, fontSize: 24, underline: true, fill: '#7c2d12' }),
    ],
    // Fabric keeps an object-level deltaY (default 0) that toObject never writes; a hand-edited document may carry one.
    post: (doc) => {
      const objects = doc.objects as Obj[];
      objects[2].deltaY = -6;
    },
  },

  // ---------- right to left ----------
  {
    name: 'text-rtl-arabic-punctuation',
    version: 7,
    width: 520,
    height: 560,
    background: '#ffffff',
    objects: [
      textbox('مرحبا بالعالم.', { left: 20, top: 20, width: 480, fontSize: 30, fontFamily: 'Noto Sans', direction: 'rtl', textAlign: 'right' }),
      textbox('هل أنت مستعد للعرض؟ خصم ٥٠٪ اليوم!', {
        left: 20,
        top: 80,
        width: 480,
        fontSize: 28,
        fontFamily: 'Noto Sans',
        direction: 'rtl',
        textAlign: 'right',
        fill: '#b91c1c',
      }),
      textbox('تصميم واحد، صور لا حصر لها. جرب Imprint مجانا.', { left: 20, top: 140, width: 480, fontSize: 26, fontFamily: 'Noto Sans', direction: 'rtl', textAlign: 'center' }),
      textbox('نص شفاف بلون نصف معتم.', {
        left: 20,
        top: 240,
        width: 480,
        fontSize: 34,
        fontFamily: 'Noto Sans',
        direction: 'rtl',
        textAlign: 'right',
        fill: 'rgba(29,78,216,0.45)',
      }),
      textbox('شكرا لكم.', { left: 20, top: 310, width: 480, fontSize: 30, fontFamily: 'Noto Sans', direction: 'rtl', textAlign: 'left', fill: '#15803d' }),
      textbox('عرض خاص: Imprint Pro بسعر ٩ دولارات.', {
        left: 20,
        top: 370,
        width: 480,
        fontSize: 26,
        fontFamily: 'Noto Sans',
        direction: 'rtl',
        textAlign: 'right',
        styles: [{ start: 9, end: 20, style: { fill: '#7c3aed', fontWeight: 700 } }],
      }),
      textbox('ظل خفيف تحت النص.', {
        left: 20,
        top: 430,
        width: 480,
        fontSize: 28,
        fontFamily: 'Noto Sans',
        direction: 'rtl',
        textAlign: 'right',
        fill: '#0f172a',
        shadow: { color: 'rgba(0,0,0,0.35)', blur: 4, offsetX: 2, offsetY: 2 },
      }),
      textbox('تباعد الحروف.', { left: 20, top: 490, width: 480, fontSize: 26, fontFamily: 'Noto Sans', direction: 'rtl', textAlign: 'right', charSpacing: 100, fill: '#92400e' }),
    ],
  },
  {
    name: 'text-rtl-hebrew-translucent-v6',
    version: 6,
    width: 500,
    height: 360,
    background: '#f1f5f9',
    objects: [
      { type: 'rect', left: 0, top: 0, width: 500, height: 120, fill: '#0ea5e9', ...LT },
      textbox('מבצע סוף העונה.', { left: 20, top: 30, width: 460, fontSize: 44, fontWeight: 700, direction: 'rtl', textAlign: 'right', fill: 'rgba(255,255,255,0.6)' }),
      textbox('הזמינו עכשיו ב-50% הנחה, עד יום שישי.', {
        left: 20,
        top: 140,
        width: 460,
        fontSize: 26,
        direction: 'rtl',
        textAlign: 'right',
        styles: [{ start: 11, end: 14, style: { fill: '#dc2626', fontWeight: 700 } }],
      }),
      textbox('טקסט עם ריווח אותיות.', { left: 20, top: 220, width: 460, fontSize: 26, direction: 'rtl', textAlign: 'right', charSpacing: 80, fill: 'rgba(15,23,42,0.7)' }),
      textbox('שורה ראשונה\nשורה שנייה מוצדקת לשני הצדדים של התיבה כולה.', { left: 20, top: 270, width: 300, fontSize: 20, direction: 'rtl', textAlign: 'justify-right' }),
    ],
  },
  {
    name: 'text-rtl-paragraphs-v5',
    version: 5,
    width: 480,
    height: 360,
    background: '#ffffff',
    objects: [
      textbox('هذه فقرة طويلة باللغة العربية تلتف على عدة أسطر داخل المربع. وهي تنتهي بنقطة.', {
        left: 20,
        top: 20,
        width: 440,
        fontSize: 24,
        fontFamily: 'Noto Sans',
        direction: 'rtl',
        textAlign: 'right',
        lineHeight: 1.4,
        styles: {},
      }),
      textbox('זוהי פסקה בעברית. היא נשברת לכמה שורות ומסתיימת בנקודה.', {
        left: 20,
        top: 190,
        width: 440,
        fontSize: 24,
        direction: 'rtl',
        textAlign: 'right',
        fill: 'rgba(124,58,237,0.55)',
        underline: true,
        styles: {},
      }),
    ],
  },

  // ---------- CJK and splitByGrapheme ----------
  {
    name: 'text-cjk-paragraphs-split-v6',
    version: 6,
    width: 520,
    height: 420,
    background: '#fffdf7',
    objects: [
      textbox('设计一次，到处渲染。Imprint 把模板变成社交卡片、证书和横幅的清晰图片，无需浏览器。', {
        left: 20,
        top: 20,
        width: 480,
        fontSize: 24,
        fontFamily: 'Noto Sans',
        splitByGrapheme: true,
      }),
      textbox('一度デザインすれば、どこでも描画できます。テンプレートから画像を作ります。', {
        left: 20,
        top: 150,
        width: 480,
        fontSize: 24,
        fontFamily: 'Noto Sans',
        splitByGrapheme: true,
        fill: '#9f1239',
      }),
      textbox('디자인 한 번으로 어디서나 렌더링하세요. 카드와 배너를 만듭니다.', { left: 20, top: 270, width: 480, fontSize: 24, fontFamily: 'Noto Sans', fill: '#1e40af' }),
    ],
  },
  {
    name: 'text-split-grapheme-ticket-v5',
    version: 5,
    width: 420,
    height: 360,
    background: '#f5f3ff',
    objects: [
      { type: 'rect', left: 16, top: 16, width: 388, height: 328, rx: 14, ry: 14, fill: '#ffffff', stroke: '#c4b5fd', strokeWidth: 2, ...LT },
      textbox('チケット番号', { left: 36, top: 36, width: 340, fontSize: 18, fontFamily: 'Noto Sans', fill: '#6d28d9', splitByGrapheme: true, styles: {} }),
      textbox('TKT-7F3A9C21B04E5D68A1C2E3F4A5B6C7D8', {
        left: 36,
        top: 66,
        width: 200,
        fontSize: 22,
        fontFamily: 'Source Code Pro',
        fontWeight: 700,
        splitByGrapheme: true,
        styles: {},
      }),
      textbox('東京ドームで開催されるコンサートへようこそ。入場時にこのチケットを提示してください。', {
        left: 36,
        top: 170,
        width: 348,
        fontSize: 20,
        fontFamily: 'Noto Sans',
        lineHeight: 1.3,
        splitByGrapheme: true,
        textAlign: 'center',
        styles: { 0: { 0: { fill: '#be123c', fontWeight: 700 }, 1: { fill: '#be123c', fontWeight: 700 } } },
      }),
    ],
  },
  {
    name: 'text-split-grapheme-mixed',
    version: 7,
    width: 500,
    height: 380,
    background: '#ffffff',
    objects: [
      textbox('https://imprint.example/templates/0f3c9a7b2e41d5c8/render?scale=2', {
        left: 20,
        top: 20,
        width: 300,
        fontSize: 20,
        fontFamily: 'Source Code Pro',
        splitByGrapheme: true,
        textBackgroundColor: '#e0f2fe',
      }),
      textbox('👩‍👩‍👧‍👦 family 🇯🇵 flags é̃ combining 東京タワー', { left: 20, top: 130, width: 180, fontSize: 22, splitByGrapheme: true, fill: '#7c2d12' }),
      textbox('Ünïcödé grapheme wrapping, justified edge to edge', { left: 250, top: 130, width: 230, fontSize: 22, splitByGrapheme: true, textAlign: 'justify' }),
      itext('IText ignores splitByGrapheme', { left: 20, top: 320, fontSize: 24, fill: '#4d7c0f' }),
    ],
    // Fabric writes splitByGrapheme only for a Textbox; an IText carrying it (an editor's leftover) must draw unchanged.
    post: (doc) => {
      const objects = doc.objects as Obj[];
      objects[3].splitByGrapheme = true;
    },
  },
];
