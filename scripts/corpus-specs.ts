/**
 * The template corpus, abbreviated: build-corpus.ts feeds each spec to the real Fabric of its version and
 * stores what that Fabric's toJSON() writes (every default included, unless `minimal`). One feature per
 * template where possible, named in the file name, so a failing golden points at the feature.
 */
type Obj = Record<string, unknown>;
export interface CorpusSpec {
  name: string;
  version: 5 | 6 | 7;
  width: number;
  height: number;
  /** A colour, or a gradient spec that becomes a real fabric.Gradient. */
  background?: string | Obj;
  /** Store as toJSON with includeDefaultValues = false (no origin, no defaults), as compact editors do. */
  minimal?: boolean;
  objects: Obj[];
  /** Canvas-level keys: backgroundImage, overlayImage, clipPath (object specs) and overlay (a colour). */
  canvas?: Obj;
  /** Hand edit applied after serialisation, for forms current Fabric no longer writes. */
  post?: (doc: Obj) => void;
}

const A = (file: string): string => `https://assets.imprint.test/${file}`;
const LT = { originX: 'left', originY: 'top' } as const;
const ORIGINS_X = ['left', 'center', 'right'] as const;
const ORIGINS_Y = ['top', 'center', 'bottom'] as const;
const PARA =
  'Design once, render everywhere. Imprint turns Fabric templates into crisp images for social cards, ' +
  'certificates and banners without a browser.';

/** 3×3 grid of the same object, one per keyword origin; a dot marks each anchor point. */
function originGrid(make: (ox: string, oy: string) => Obj, cell = 130, x0 = 70, y0 = 55): Obj[] {
  const out: Obj[] = [];
  ORIGINS_Y.forEach((oy, j) =>
    ORIGINS_X.forEach((ox, i) => {
      const left = x0 + i * cell, top = y0 + j * (cell * 0.72);
      out.push({ ...make(ox, oy), left, top, originX: ox, originY: oy });
      out.push({ type: 'circle', left, top, radius: 3, fill: '#d11', originX: 'center', originY: 'center' });
    }),
  );
  return out;
}

function text(t: string, extra: Obj = {}): Obj {
  return { type: 'textbox', text: t, fontFamily: 'Inter', fontSize: 20, fill: '#1d2433', ...LT, ...extra };
}

const gradH = (colors: string[], x2: number): Obj => ({
  type: 'linear', gradientUnits: 'pixels', coords: { x1: 0, y1: 0, x2, y2: 0 },
  colorStops: colors.map((color, i) => ({ offset: i / (colors.length - 1), color })),
});

export const CORPUS: CorpusSpec[] = [
  // ---------- shapes ----------
  { name: 'shape-rect-rounded', version: 7, width: 400, height: 300, background: '#f4f1ea', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 160, height: 100, fill: '#2f6fde' },
    { type: 'rect', ...LT, left: 210, top: 20, width: 160, height: 100, rx: 18, ry: 18, fill: '#e0533d' },
    { type: 'rect', ...LT, left: 20, top: 150, width: 160, height: 120, rx: 40, ry: 14, fill: '#ffd166', stroke: '#7a5c00', strokeWidth: 4 },
    { type: 'rect', ...LT, left: 215, top: 155, width: 150, height: 110, rx: 75, ry: 55, fill: 'transparent', stroke: '#118ab2', strokeWidth: 6 },
  ] },
  { name: 'shape-circle-arcs', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'circle', left: 80, top: 80, radius: 55, fill: '#06d6a0' },
    { type: 'circle', left: 200, top: 80, radius: 55, fill: '#ef476f', startAngle: 0, endAngle: 270 },
    { type: 'circle', left: 320, top: 80, radius: 55, fill: '#ffd166', stroke: '#073b4c', strokeWidth: 5, startAngle: 45, endAngle: 315 },
    { type: 'circle', left: 80, top: 220, radius: 50, fill: '', stroke: '#118ab2', strokeWidth: 10, startAngle: 200, endAngle: 340 },
    { type: 'circle', left: 200, top: 220, radius: 50, fill: '#073b4c', startAngle: 300, endAngle: 60, counterClockwise: false },
    { type: 'circle', left: 320, top: 220, radius: 50, fill: '#8338ec', scaleX: 1.2, scaleY: 0.7, angle: 20 },
  ] },
  // Fabric 5.x already stores startAngle/endAngle in degrees (radians were Fabric ≤ 4).
  { name: 'shape-circle-arcs-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'circle', left: 30, top: 30, radius: 60, fill: '#ef476f', startAngle: 0, endAngle: 270 },
    { type: 'circle', left: 220, top: 30, radius: 60, fill: '#06d6a0', stroke: '#073b4c', strokeWidth: 4, startAngle: 45, endAngle: 315 },
    { type: 'circle', left: 120, top: 160, radius: 55, fill: '#ffd166' },
  ] },
  { name: 'shape-ellipse-triangle', version: 7, width: 400, height: 300, background: '#eef2f7', objects: [
    { type: 'ellipse', left: 100, top: 80, rx: 80, ry: 45, fill: '#3a86ff' },
    { type: 'ellipse', left: 300, top: 80, rx: 40, ry: 60, fill: '#fb5607', stroke: '#222', strokeWidth: 3, angle: 30 },
    { type: 'triangle', left: 100, top: 220, width: 140, height: 110, fill: '#8338ec' },
    { type: 'triangle', left: 300, top: 220, width: 100, height: 120, fill: '#ffbe0b', stroke: '#5a189a', strokeWidth: 6, strokeLineJoin: 'round', angle: -15 },
  ] },
  { name: 'shape-line-caps', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'line', x1: 40, y1: 50, x2: 360, y2: 50, stroke: '#222', strokeWidth: 16, strokeLineCap: 'butt' },
    { type: 'line', x1: 40, y1: 100, x2: 360, y2: 100, stroke: '#e63946', strokeWidth: 16, strokeLineCap: 'round' },
    { type: 'line', x1: 40, y1: 150, x2: 360, y2: 150, stroke: '#457b9d', strokeWidth: 16, strokeLineCap: 'square' },
    { type: 'line', x1: 40, y1: 280, x2: 200, y2: 190, stroke: '#2a9d8f', strokeWidth: 6 },
    { type: 'line', x1: 240, y1: 190, x2: 360, y2: 280, stroke: '#f4a261', strokeWidth: 3, strokeLineCap: 'round' },
    { type: 'line', x1: 220, y1: 180, x2: 220, y2: 290, stroke: '#264653', strokeWidth: 1 },
  ] },
  { name: 'shape-polyline-polygon-joins', version: 7, width: 400, height: 300, background: '#fafafa', objects: [
    { type: 'polyline', points: [{ x: 20, y: 120 }, { x: 70, y: 30 }, { x: 120, y: 120 }], fill: '', stroke: '#222', strokeWidth: 14, strokeLineJoin: 'miter' },
    { type: 'polyline', points: [{ x: 150, y: 120 }, { x: 200, y: 30 }, { x: 250, y: 120 }], fill: '', stroke: '#e76f51', strokeWidth: 14, strokeLineJoin: 'round' },
    { type: 'polyline', points: [{ x: 280, y: 120 }, { x: 330, y: 30 }, { x: 380, y: 120 }], fill: '', stroke: '#2a9d8f', strokeWidth: 14, strokeLineJoin: 'bevel' },
    { type: 'polygon', points: [{ x: 30, y: 280 }, { x: 60, y: 160 }, { x: 90, y: 280 }, { x: 20, y: 200 }, { x: 100, y: 200 }], fill: '#ffd166', stroke: '#7a5c00', strokeWidth: 4, strokeMiterLimit: 2 },
    { type: 'polygon', points: [{ x: 150, y: 280 }, { x: 180, y: 160 }, { x: 210, y: 280 }, { x: 140, y: 200 }, { x: 220, y: 200 }], fill: '#ffd166', stroke: '#7a5c00', strokeWidth: 4, strokeMiterLimit: 10 },
    { type: 'polygon', points: [{ x: 260, y: 170 }, { x: 380, y: 190 }, { x: 350, y: 280 }, { x: 270, y: 260 }], fill: '#118ab2', fillRule: 'evenodd', angle: 10 },
  ] },
  { name: 'shape-path-curves-arcs', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'path', path: 'M 20 150 C 60 20 140 20 180 150 S 300 280 380 150', fill: '', stroke: '#3a0ca3', strokeWidth: 5, ...LT, left: 10, top: 40 },
    { type: 'path', path: 'M 40 260 Q 120 160 200 260 T 360 260', fill: '', stroke: '#f72585', strokeWidth: 4 },
    { type: 'path', path: 'M 60 60 A 40 40 0 1 1 140 60 A 40 25 30 0 0 60 60 Z', fill: '#4cc9f0', stroke: '#222', strokeWidth: 2, left: 320, top: 70 },
    { type: 'path', path: 'M 0 0 L 40 0 L 40 40 L 0 40 Z M 10 10 L 10 30 L 30 30 L 30 10 Z', fill: '#7209b7', fillRule: 'evenodd', left: 60, top: 70, scaleX: 1.5, scaleY: 1.5 },
  ] },
  { name: 'shape-path-v5', version: 5, width: 400, height: 300, background: '#fff8f0', objects: [
    { type: 'path', path: 'M 10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80', fill: '', stroke: '#d62828', strokeWidth: 4, left: 20, top: 20, scaleX: 2, scaleY: 1.4 },
    { type: 'path', path: 'M 50 200 L 100 150 L 150 200 A 30 30 0 0 1 50 200 Z', fill: '#fcbf49', stroke: '#003049', strokeWidth: 3, left: 200, top: 150, angle: 15 },
  ] },
  // ---------- strokes ----------
  { name: 'stroke-dash-arrays', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 160, height: 110, fill: '#edf6f9', stroke: '#006d77', strokeWidth: 4, strokeDashArray: [12, 6] },
    { type: 'circle', left: 290, top: 75, radius: 55, fill: '', stroke: '#e29578', strokeWidth: 6, strokeDashArray: [2, 10], strokeLineCap: 'round' },
    { type: 'line', x1: 20, y1: 170, x2: 380, y2: 170, stroke: '#222', strokeWidth: 5, strokeDashArray: [20, 10, 5, 10] },
    { type: 'path', path: 'M 20 260 C 120 180 260 320 380 230', fill: '', stroke: '#83c5be', strokeWidth: 8, strokeDashArray: [30, 12], strokeLineCap: 'square' },
    { type: 'polygon', points: [{ x: 150, y: 280 }, { x: 200, y: 200 }, { x: 250, y: 280 }], fill: '', stroke: '#6d597a', strokeWidth: 3, strokeDashArray: [8, 4], strokeDashOffset: 3 },
  ] },
  { name: 'stroke-uniform-scaled', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 50, height: 50, scaleX: 3, scaleY: 1.5, fill: '#caf0f8', stroke: '#0077b6', strokeWidth: 4 },
    { type: 'rect', ...LT, left: 210, top: 20, width: 50, height: 50, scaleX: 3, scaleY: 1.5, fill: '#caf0f8', stroke: '#0077b6', strokeWidth: 4, strokeUniform: true },
    { type: 'ellipse', left: 100, top: 210, rx: 30, ry: 30, scaleX: 2.5, scaleY: 1.2, fill: '#ffe5ec', stroke: '#c9184a', strokeWidth: 3 },
    { type: 'ellipse', left: 290, top: 210, rx: 30, ry: 30, scaleX: 2.5, scaleY: 1.2, fill: '#ffe5ec', stroke: '#c9184a', strokeWidth: 3, strokeUniform: true, angle: 20 },
  ] },
  { name: 'stroke-paintfirst-stroke', version: 7, width: 400, height: 300, background: '#fdfcdc', objects: [
    { type: 'rect', left: 100, top: 80, width: 120, height: 80, fill: '#00afb9', stroke: '#0081a7', strokeWidth: 14, paintFirst: 'stroke' },
    { type: 'circle', left: 290, top: 80, radius: 50, fill: '#f07167', stroke: '#3d0814', strokeWidth: 12, paintFirst: 'stroke', opacity: 0.8 },
    text('Outline', { left: 30, top: 170, width: 340, fontSize: 72, fontWeight: 'bold', fontFamily: 'Montserrat', fill: '#fed9b7', stroke: '#0081a7', strokeWidth: 8, paintFirst: 'stroke', strokeLineJoin: 'round' }),
  ] },
  { name: 'stroke-text-fill-stroke', version: 6, width: 400, height: 300, background: '#ffffff', objects: [
    text('Stroked text', { left: 20, top: 30, width: 360, fontSize: 52, fontFamily: 'Poppins', fontWeight: 'bold', fill: '#ffbe0b', stroke: '#3a0ca3', strokeWidth: 2 }),
    text('Only stroke', { left: 20, top: 140, width: 360, fontSize: 52, fontFamily: 'Oswald', fill: '', stroke: '#e63946', strokeWidth: 1.5 }),
  ] },
  // ---------- paint ----------
  { name: 'opacity-visible', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 40, top: 40, width: 180, height: 140, fill: '#ff006e' },
    { type: 'rect', ...LT, left: 140, top: 100, width: 180, height: 140, fill: '#3a86ff', opacity: 0.5 },
    { type: 'circle', left: 300, top: 90, radius: 60, fill: '#8338ec', opacity: 0.25, stroke: '#000', strokeWidth: 6 },
    { type: 'rect', ...LT, left: 0, top: 0, width: 400, height: 300, fill: '#000000', visible: false },
    text('Half visible', { left: 40, top: 250, width: 300, opacity: 0.6, fontSize: 28 }),
  ] },
  { name: 'object-background-color', version: 7, width: 400, height: 300, background: '#e9ecef', objects: [
    { type: 'circle', left: 90, top: 80, radius: 50, fill: '#ff595e', backgroundColor: '#ffca3a' },
    { type: 'triangle', left: 260, top: 80, width: 100, height: 90, fill: '#1982c4', backgroundColor: 'rgba(106,76,147,0.35)', angle: 25 },
    text('Label with background', { left: 30, top: 180, width: 220, fontSize: 22, backgroundColor: '#8ac926' }),
    { type: 'ellipse', left: 320, top: 230, rx: 50, ry: 30, fill: '#6a4c93', backgroundColor: '#ffffff', stroke: '#222', strokeWidth: 4 },
  ] },
  { name: 'canvas-background-rgba', version: 6, width: 400, height: 300, background: 'rgba(30, 60, 120, 0.6)', objects: [
    { type: 'rect', ...LT, left: 100, top: 80, width: 200, height: 140, fill: '#ffffff', rx: 10, ry: 10 },
  ] },
  { name: 'gradient-linear-pixels', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 360, height: 80, fill: gradH(['#ff512f', '#dd2476'], 360) },
    { type: 'rect', ...LT, left: 20, top: 120, width: 170, height: 160, fill: { type: 'linear', gradientUnits: 'pixels', coords: { x1: 0, y1: 0, x2: 170, y2: 160 }, colorStops: [{ offset: 0, color: '#00c6ff' }, { offset: 0.5, color: 'rgba(0,114,255,0.5)' }, { offset: 1, color: '#001f54' }] } },
    { type: 'circle', left: 290, top: 200, radius: 80, fill: { type: 'linear', gradientUnits: 'pixels', coords: { x1: 80, y1: 0, x2: 80, y2: 160 }, colorStops: [{ offset: 0.2, color: '#f9d423' }, { offset: 0.8, color: '#ff4e50' }] }, stroke: '#222', strokeWidth: 2 },
  ] },
  { name: 'gradient-linear-percentage', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 360, height: 120, fill: { type: 'linear', gradientUnits: 'percentage', coords: { x1: 0, y1: 0, x2: 1, y2: 1 }, colorStops: [{ offset: 0, color: '#43cea2' }, { offset: 1, color: '#185a9d' }] } },
    { type: 'ellipse', ...LT, left: 40, top: 160, rx: 160, ry: 60, angle: 5, fill: { type: 'linear', gradientUnits: 'percentage', coords: { x1: 0, y1: 0.5, x2: 1, y2: 0.5 }, colorStops: [{ offset: 0, color: '#ee9ca7' }, { offset: 0.5, color: '#ffffff' }, { offset: 1, color: '#ffdde1' }] }, stroke: '#c06c84', strokeWidth: 3 },
  ] },
  { name: 'gradient-radial', version: 7, width: 400, height: 300, background: '#101820', objects: [
    { type: 'circle', left: 110, top: 110, radius: 90, fill: { type: 'radial', gradientUnits: 'pixels', coords: { x1: 60, y1: 60, r1: 0, x2: 90, y2: 90, r2: 90 }, colorStops: [{ offset: 0, color: '#ffffff' }, { offset: 0.4, color: '#f2aa4c' }, { offset: 1, color: '#7a3e00' }] } },
    { type: 'rect', ...LT, left: 220, top: 20, width: 160, height: 260, fill: { type: 'radial', gradientUnits: 'percentage', coords: { x1: 0.5, y1: 0.5, r1: 0.1, x2: 0.5, y2: 0.5, r2: 0.6 }, colorStops: [{ offset: 0, color: '#f2aa4c' }, { offset: 1, color: 'rgba(16,24,32,0)' }] } },
    { type: 'rect', ...LT, left: 30, top: 220, width: 160, height: 60, rx: 10, ry: 10, fill: { type: 'radial', gradientUnits: 'pixels', coords: { x1: 80, y1: 30, r1: 5, x2: 80, y2: 30, r2: 80 }, colorStops: [{ offset: 0, color: '#a1ffce' }, { offset: 1, color: '#2c5364' }] } },
  ] },
  { name: 'gradient-transform-and-stroke', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 170, height: 170, fill: { ...gradH(['#654ea3', '#eaafc8', '#654ea3'], 170), gradientTransform: [0.7071, 0.7071, -0.7071, 0.7071, 85, -35] } },
    { type: 'rect', ...LT, left: 210, top: 20, width: 170, height: 170, fill: { type: 'radial', gradientUnits: 'pixels', coords: { x1: 85, y1: 85, r1: 0, x2: 85, y2: 85, r2: 60 }, colorStops: [{ offset: 0, color: '#ffe259' }, { offset: 1, color: '#ffa751' }], gradientTransform: [1.6, 0, 0, 0.6, -50, 30] } },
    { type: 'rect', ...LT, left: 30, top: 215, width: 340, height: 60, rx: 30, ry: 30, fill: '#ffffff', strokeWidth: 10, stroke: gradH(['#00d2ff', '#3a7bd5', '#ff0080'], 340) },
  ] },
  { name: 'gradient-text-fill', version: 6, width: 400, height: 300, background: '#0b0c10', objects: [
    text('Gradient headline', { left: 20, top: 30, width: 360, fontSize: 54, fontWeight: 'bold', fontFamily: 'Montserrat', lineHeight: 1, fill: gradH(['#f7971e', '#ffd200', '#f7971e'], 360) }),
    text('and a vertical one', { left: 20, top: 190, width: 360, fontSize: 36, fontFamily: 'Lato', fill: { type: 'linear', gradientUnits: 'percentage', coords: { x1: 0, y1: 0, x2: 0, y2: 1 }, colorStops: [{ offset: 0, color: '#66fcf1' }, { offset: 1, color: '#45a29e' }] } }),
  ] },
  { name: 'shadow-shapes-affectstroke', version: 7, width: 400, height: 300, background: '#f8f9fa', objects: [
    { type: 'rect', ...LT, left: 30, top: 30, width: 140, height: 100, rx: 12, ry: 12, fill: '#ffffff', shadow: { color: 'rgba(0,0,0,0.35)', blur: 20, offsetX: 6, offsetY: 10 } },
    { type: 'circle', left: 290, top: 80, radius: 50, fill: '#4361ee', shadow: { color: '#f72585', blur: 0, offsetX: 10, offsetY: 10 } },
    { type: 'rect', ...LT, left: 30, top: 170, width: 140, height: 100, fill: '', stroke: '#3a0ca3', strokeWidth: 8, shadow: { color: 'rgba(58,12,163,0.6)', blur: 12, offsetX: 4, offsetY: 4, affectStroke: true } },
    { type: 'rect', ...LT, left: 220, top: 170, width: 140, height: 100, fill: '#4cc9f0', stroke: '#3a0ca3', strokeWidth: 8, shadow: { color: 'rgba(0,0,0,0.5)', blur: 12, offsetX: -6, offsetY: 6, affectStroke: false } },
  ] },
  { name: 'shadow-text-and-scaled', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Soft shadow', { left: 20, top: 20, width: 360, fontSize: 48, fontFamily: 'Poppins', fontWeight: 'bold', fill: '#ff6b6b', shadow: { color: 'rgba(0,0,0,0.4)', blur: 8, offsetX: 3, offsetY: 4 } }),
    text('Hard shadow', { left: 20, top: 100, width: 360, fontSize: 48, fontFamily: 'Oswald', fill: '#1a535c', shadow: { color: '#4ecdc4', blur: 0, offsetX: 4, offsetY: 4 } }),
    { type: 'rect', left: 200, top: 240, width: 60, height: 30, scaleX: 2.5, scaleY: 1.5, angle: -8, fill: '#ffe66d', shadow: { color: 'rgba(0,0,0,0.5)', blur: 10, offsetX: 5, offsetY: 5 } },
  ] },
  { name: 'shadow-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', left: 40, top: 40, width: 140, height: 100, fill: '#06d6a0', shadow: { color: 'rgba(0,0,0,0.45)', blur: 15, offsetX: 8, offsetY: 8 } },
    { type: 'textbox', left: 40, top: 180, width: 320, text: 'Shadowed v5 text', fontFamily: 'Roboto', fontSize: 36, fill: '#073b4c', shadow: { color: '#118ab2', blur: 4, offsetX: 2, offsetY: 3 } },
  ] },
  // ---------- transforms ----------
  { name: 'transform-rotate-origins', version: 7, width: 400, height: 300, background: '#ffffff',
    objects: originGrid(() => ({ type: 'rect', width: 60, height: 30, fill: 'rgba(58,134,255,0.8)', stroke: '#023e8a', strokeWidth: 2, angle: 30 })) },
  { name: 'transform-flip-origins', version: 7, width: 400, height: 300, background: '#ffffff',
    objects: originGrid((ox, oy) => ({ type: 'triangle', width: 50, height: 40, fill: 'rgba(255,0,110,0.75)', flipX: ox !== 'center', flipY: oy !== 'center', angle: 10 })) },
  { name: 'transform-skew-origins', version: 7, width: 400, height: 300, background: '#ffffff',
    objects: originGrid(() => ({ type: 'rect', width: 50, height: 32, fill: 'rgba(131,56,236,0.75)', skewX: 25, skewY: 10 })) },
  { name: 'transform-numeric-origins', version: 7, width: 400, height: 300, background: '#fefae0', objects: [
    { type: 'rect', left: 100, top: 100, width: 100, height: 60, originX: 0.25, originY: 0.75, angle: 45, fill: '#dda15e' },
    { type: 'circle', left: 100, top: 100, radius: 4, fill: '#d11', originX: 'center', originY: 'center' },
    { type: 'rect', left: 280, top: 100, width: 100, height: 60, originX: 1, originY: 0, skewX: 20, flipY: true, fill: '#606c38' },
    { type: 'circle', left: 280, top: 100, radius: 4, fill: '#d11', originX: 'center', originY: 'center' },
    text('Origin 0.5, 1', { left: 200, top: 260, width: 220, originX: 0.5, originY: 1, angle: -10, fontSize: 26, textAlign: 'center' }),
    { type: 'circle', left: 200, top: 260, radius: 4, fill: '#d11', originX: 'center', originY: 'center' },
  ] },
  { name: 'transform-flip-skew-scale-v6', version: 6, width: 400, height: 300, background: '#ffffff', objects: [
    text('Flipped X', { left: 30, top: 30, width: 150, fontSize: 30, flipX: true }),
    text('Flipped Y', { left: 220, top: 30, width: 150, fontSize: 30, flipY: true, fill: '#c1121f' }),
    { type: 'image', src: A('logo.png'), left: 30, top: 120, scaleX: 0.8, scaleY: 0.8, skewX: 15, flipX: true },
    { type: 'rect', left: 220, top: 140, width: 80, height: 50, scaleX: 1.6, scaleY: 0.9, angle: 200, skewY: 12, fill: '#669bbc', stroke: '#003049', strokeWidth: 3 },
  ] },
  { name: 'transform-origins-v5', version: 5, width: 400, height: 300, background: '#ffffff',
    objects: originGrid(() => ({ type: 'rect', width: 60, height: 30, fill: 'rgba(42,157,143,0.8)', angle: -25, skewX: 10 })) },
  // ---------- groups ----------
  { name: 'group-nested-transforms', version: 7, width: 400, height: 300, background: '#f1faee', objects: [
    { build: true, type: 'group', angle: 12, scaleX: 1.1, scaleY: 1.1, objects: [
      { type: 'rect', ...LT, left: 40, top: 40, width: 200, height: 120, fill: '#a8dadc', rx: 8, ry: 8 },
      { build: true, type: 'group', angle: -20, skewX: 10, objects: [
        { type: 'circle', left: 100, top: 100, radius: 30, fill: '#e63946' },
        { type: 'rect', left: 170, top: 100, width: 60, height: 40, fill: '#1d3557', angle: 15 },
      ] },
      text('Grouped', { left: 60, top: 130, width: 150, fontSize: 22 }),
    ] },
    { build: true, type: 'group', flipX: true, opacity: 0.7, objects: [
      { type: 'triangle', left: 320, top: 220, width: 80, height: 70, fill: '#457b9d' },
      { type: 'rect', left: 340, top: 260, width: 60, height: 20, fill: '#e63946' },
    ] },
  ] },
  { name: 'group-nested-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { build: true, type: 'group', angle: -10, objects: [
      { type: 'rect', left: 40, top: 60, width: 180, height: 110, fill: '#ffb703' },
      { build: true, type: 'group', scaleX: 0.8, scaleY: 1.2, objects: [
        { type: 'circle', left: 80, top: 80, radius: 25, fill: '#023047' },
        { type: 'textbox', left: 70, top: 140, width: 140, text: 'Nested v5', fontFamily: 'Lato', fontSize: 22, fill: '#fb8500' },
      ] },
    ] },
    { build: true, type: 'group', angle: 30, objects: [
      { type: 'ellipse', left: 260, top: 160, rx: 50, ry: 30, fill: '#219ebc' },
      { type: 'line', x1: 250, y1: 230, x2: 370, y2: 230, stroke: '#8ecae6', strokeWidth: 6 },
    ] },
  ] },
  { name: 'group-opacity-shadow-v6', version: 6, width: 400, height: 300, background: '#ffffff', objects: [
    { build: true, type: 'group', opacity: 0.6, shadow: { color: 'rgba(0,0,0,0.5)', blur: 10, offsetX: 6, offsetY: 6 }, objects: [
      { type: 'rect', left: 60, top: 60, width: 150, height: 100, fill: '#ef233c' },
      { type: 'circle', left: 150, top: 110, radius: 60, fill: '#2b2d42' },
    ] },
    { build: true, type: 'group', angle: 45, backgroundColor: '#edf2f4', objects: [
      { type: 'rect', left: 260, top: 170, width: 60, height: 60, fill: '#8d99ae' },
      { type: 'rect', left: 300, top: 210, width: 40, height: 40, fill: '#d90429' },
    ] },
  ] },
  // ---------- clip paths ----------
  { name: 'clip-path-plain', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 10, top: 10, scaleX: 0.5, scaleY: 0.5, clipPath: { type: 'circle', radius: 150, left: 0, top: 0 } },
    { type: 'rect', left: 310, top: 150, width: 140, height: 240, fill: '#ff006e', angle: 10, clipPath: { type: 'rect', width: 80, height: 80, angle: 45, left: 0, top: 0 } },
    text('Clipped text', { left: 20, top: 220, width: 200, fontSize: 40, fontFamily: 'Oswald', clipPath: { type: 'ellipse', rx: 100, ry: 16, left: 0, top: 0 } }),
  ] },
  { name: 'clip-path-absolute', version: 7, width: 400, height: 300, background: '#f0efeb', objects: [
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 0, top: 0, scaleX: 0.84, scaleY: 0.94, angle: 3, clipPath: { type: 'rect', ...LT, left: 40, top: 40, width: 320, height: 220, rx: 24, ry: 24, absolutePositioned: true } },
    { type: 'circle', left: 330, top: 60, radius: 60, fill: '#283618', clipPath: { type: 'circle', left: 360, top: 40, radius: 50, absolutePositioned: true } },
  ] },
  { name: 'clip-path-inverted', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 360, height: 260, fill: '#3d405b', clipPath: { type: 'circle', radius: 80, left: 0, top: 0, inverted: true } },
    { type: 'image', src: A('portrait.jpg'), left: 200, top: 150, scaleX: 0.6, scaleY: 0.6, clipPath: { type: 'rect', width: 120, height: 40, left: 0, top: 0, inverted: true, angle: 20 } },
  ] },
  { name: 'clip-path-on-group', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { build: true, type: 'group', angle: -6, clipPath: { type: 'circle', radius: 120, left: 0, top: 0 }, objects: [
      { type: 'rect', ...LT, left: 60, top: 30, width: 140, height: 240, fill: '#f94144' },
      { type: 'rect', ...LT, left: 200, top: 30, width: 140, height: 240, fill: '#277da1' },
      text('Group clip', { left: 80, top: 130, width: 240, fontSize: 40, fill: '#ffffff', textAlign: 'center' }),
    ] },
  ] },
  { name: 'clip-path-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'image', src: A('portrait.jpg'), left: 40, top: 20, clipPath: { type: 'circle', radius: 100, originX: 'center', originY: 'center', left: 0, top: 0 } },
    { type: 'rect', left: 220, top: 60, width: 150, height: 180, fill: '#f3722c', clipPath: { type: 'rect', left: 240, top: 80, width: 90, height: 90, absolutePositioned: true } },
  ] },
  // ---------- images ----------
  { name: 'image-scaled-rotated', version: 7, width: 400, height: 300, background: '#222222', objects: [
    { type: 'image', src: A('landscape.jpg'), left: 150, top: 120, scaleX: 0.55, scaleY: 0.55, angle: -12, stroke: '#ffffff', strokeWidth: 8 },
    { type: 'image', src: A('portrait.jpg'), left: 320, top: 180, scaleX: 0.45, scaleY: 0.5, angle: 18 },
    { type: 'image', src: A('texture.png'), ...LT, left: 10, top: 220, scaleX: 0.4, scaleY: 0.4 },
  ] },
  { name: 'image-crop-box', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 10, top: 10, cropX: 300, cropY: 20, width: 150, height: 120 },
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 180, top: 10, cropX: 100, cropY: 150, width: 200, height: 100, scaleX: 1.05, scaleY: 1.05 },
    { type: 'image', src: A('portrait.jpg'), left: 100, top: 220, cropX: 60, cropY: 40, width: 120, height: 120, scaleX: 0.6, scaleY: 0.6, angle: 10 },
    { type: 'image', src: A('portrait.jpg'), left: 280, top: 220, cropX: 20, cropY: 20, width: 200, height: 100, angle: -5, flipX: true },
  ] },
  { name: 'image-logo-alpha', version: 6, width: 400, height: 300, background: '#fffdf7', objects: [
    { type: 'rect', ...LT, left: 0, top: 150, width: 400, height: 150, fill: gradH(['#2b2d42', '#8d99ae'], 400) },
    { type: 'image', src: A('logo.png'), left: 30, top: 20 },
    { type: 'image', src: A('logo.png'), left: 200, top: 140, scaleX: 0.9, scaleY: 0.9, opacity: 0.8 },
    { type: 'image', src: A('logo.png'), left: 300, top: 30, scaleX: 0.6, scaleY: 0.6, angle: 45, shadow: { color: 'rgba(0,0,0,0.5)', blur: 6, offsetX: 3, offsetY: 3 } },
  ] },
  { name: 'image-crop-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'image', src: A('landscape.jpg'), left: 20, top: 20, cropX: 250, cropY: 30, width: 200, height: 160, scaleX: 0.9, scaleY: 0.9 },
    { type: 'image', src: A('texture.png'), left: 230, top: 40, angle: 15, scaleX: 0.9, scaleY: 0.9 },
  ] },
  // ---------- text ----------
  { name: 'text-textbox-wrapping', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text(PARA, { left: 10, top: 20, width: 175, fontSize: 17 }),
    text('Supercalifragilisticexpialidocious stretches', { left: 192, top: 20, width: 100, fontSize: 13, fill: '#9d0208', backgroundColor: '#fff0f0' }),
    text('Line one\nLine two after a newline\n\nafter a blank line', { left: 260, top: 150, width: 130, fontSize: 15, fontFamily: 'Open Sans' }),
  ] },
  { name: 'text-align-left-center-right-justify', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    ...(['left', 'center', 'right', 'justify'] as const).map((textAlign, i) =>
      text(`${textAlign}: the quick brown fox jumps over the lazy dog`, { left: 10 + (i % 2) * 195, top: 10 + Math.floor(i / 2) * 145, width: 185, fontSize: 19, textAlign, backgroundColor: '#f1f3f5' })),
  ] },
  { name: 'text-align-justify-variants', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    ...(['justify-left', 'justify-center', 'justify-right'] as const).map((textAlign, i) =>
      text(`${textAlign} the quick brown fox jumps over it`, { left: 10, top: 8 + i * 98, width: 380, fontSize: 24, textAlign, backgroundColor: '#fff3bf' })),
  ] },
  { name: 'text-charspacing', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Wide tracking 400', { left: 20, top: 20, width: 360, fontSize: 24, charSpacing: 400 }),
    text('Tight tracking -80 here', { left: 20, top: 80, width: 360, fontSize: 28, charSpacing: -80, fontFamily: 'Montserrat' }),
    text('Spaced wrapping paragraph that needs more than one line', { left: 20, top: 140, width: 250, fontSize: 20, charSpacing: 150, textAlign: 'center', underline: true }),
  ] },
  { name: 'text-lineheight', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Tight leading\nline two\nline three', { left: 15, top: 15, width: 115, fontSize: 20, lineHeight: 0.8, backgroundColor: '#e7f5ff' }),
    text('Default leading\nline two\nline three', { left: 142, top: 15, width: 115, fontSize: 20, backgroundColor: '#e7f5ff' }),
    text('Loose leading\nline two\nline three', { left: 270, top: 15, width: 115, fontSize: 20, lineHeight: 2, backgroundColor: '#e7f5ff' }),
    text('Merriweather with 1.5 and wrapping over the width', { left: 15, top: 190, width: 370, fontSize: 20, lineHeight: 1.5, fontFamily: 'Merriweather' }),
  ] },
  { name: 'text-weight-style', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Inter regular', { left: 20, top: 15, width: 360, fontSize: 26 }),
    text('Inter bold', { left: 20, top: 55, width: 360, fontSize: 26, fontWeight: 'bold' }),
    text('Inter italic', { left: 20, top: 95, width: 360, fontSize: 26, fontStyle: 'italic' }),
    text('Inter bold italic', { left: 20, top: 135, width: 360, fontSize: 26, fontWeight: 700, fontStyle: 'italic' }),
    text('Playfair bold italic', { left: 20, top: 180, width: 360, fontSize: 30, fontWeight: 'bold', fontStyle: 'italic', fontFamily: 'Playfair Display' }),
    text('Roboto 400 italic', { left: 20, top: 235, width: 360, fontSize: 30, fontWeight: 400, fontStyle: 'italic', fontFamily: 'Roboto' }),
  ] },
  { name: 'text-decoration-lines', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Underlined words', { left: 20, top: 20, width: 360, fontSize: 30, underline: true }),
    text('Struck through', { left: 20, top: 80, width: 360, fontSize: 30, linethrough: true, fill: '#c92a2a' }),
    text('Overlined text', { left: 20, top: 140, width: 360, fontSize: 30, overline: true, fontFamily: 'Lato' }),
    text('All three on a wrapped line of text', { left: 20, top: 195, width: 250, fontSize: 24, underline: true, linethrough: true, overline: true, fontFamily: 'Noto Sans', fill: '#1864ab' }),
  ] },
  { name: 'text-background-color', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Highlighted lines of text that wrap inside the box', { left: 20, top: 20, width: 240, fontSize: 24, textBackgroundColor: '#ffec99' }),
    text('Centered highlight', { left: 20, top: 150, width: 360, fontSize: 28, textAlign: 'center', textBackgroundColor: 'rgba(34,139,230,0.3)', backgroundColor: '#f8f9fa' }),
    text('Right', { left: 20, top: 220, width: 360, fontSize: 28, textAlign: 'right', textBackgroundColor: '#b2f2bb', charSpacing: 100 }),
  ] },
  { name: 'text-styles-array-v7', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Mixed styles in one textbox across lines', { left: 20, top: 20, width: 360, fontSize: 30, styles: [
      { start: 0, end: 5, style: { fill: '#e03131', fontWeight: 'bold' } },
      { start: 6, end: 12, style: { fontStyle: 'italic', underline: true, fill: '#1971c2' } },
      { start: 13, end: 15, style: { fontSize: 44, fontFamily: 'Playfair Display' } },
      { start: 20, end: 27, style: { textBackgroundColor: '#ffe066', linethrough: true } },
      { start: 28, end: 33, style: { deltaY: -8, fontSize: 20, fill: '#2f9e44' } },
      { start: 34, end: 39, style: { stroke: '#862e9c', strokeWidth: 1, fill: '#ffffff', fontFamily: 'Montserrat', fontWeight: 'bold' } },
    ] }),
  ] },
  { name: 'text-styles-object-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'textbox', left: 20, top: 20, width: 360, text: 'Per character\nstyles in v5', fontFamily: 'Roboto', fontSize: 34, fill: '#212529' },
  ], post: (doc) => {
    // Fabric ≤ 5.x editors stored styles as { line: { char: style } }; 5.5 writes arrays, so set the old form.
    const tb = (doc.objects as Obj[])[0];
    tb.styles = {
      0: { 0: { fill: '#e8590c', fontWeight: 'bold' }, 1: { fill: '#e8590c', fontWeight: 'bold' }, 2: { fill: '#e8590c', fontWeight: 'bold' }, 4: { fontStyle: 'italic', fill: '#5f3dc4' }, 5: { fontStyle: 'italic', fill: '#5f3dc4' }, 6: { fontStyle: 'italic', fill: '#5f3dc4' }, 9: { underline: true, fontSize: 44 }, 10: { underline: true, fontSize: 44 } },
      1: { 0: { textBackgroundColor: '#d3f9d8' }, 1: { textBackgroundColor: '#d3f9d8' }, 2: { textBackgroundColor: '#d3f9d8' }, 3: { textBackgroundColor: '#d3f9d8' }, 4: { textBackgroundColor: '#d3f9d8' }, 5: { textBackgroundColor: '#d3f9d8' }, 10: { fontFamily: 'Oswald', fill: '#c2255c' }, 11: { fontFamily: 'Oswald', fill: '#c2255c' } },
    };
  } },
  { name: 'text-split-by-grapheme', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('https://imprint.example/very/long/url/without/any/spaces/at/all', { left: 20, top: 20, width: 170, fontSize: 18, splitByGrapheme: true, backgroundColor: '#f1f3f5' }),
    text('https://imprint.example/very/long/url/without/any/spaces', { left: 20, top: 130, width: 150, fontSize: 11, splitByGrapheme: false, backgroundColor: '#fff3bf' }),
    text('日本語のテキストは単語の区切りがありません。文字ごとに折り返します。', { left: 20, top: 180, width: 360, fontSize: 22, splitByGrapheme: true }),
  ] },
  { name: 'text-min-width', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Short', { left: 20, top: 20, width: 40, minWidth: 200, fontSize: 28, backgroundColor: '#d0ebff', textAlign: 'center' }),
    text('Extraordinarily', { left: 20, top: 100, width: 60, minWidth: 20, fontSize: 28, backgroundColor: '#ffe3e3' }),
    text('minWidth is for editor resizing', { left: 20, top: 170, width: 150, minWidth: 330, fontSize: 22, backgroundColor: '#d3f9d8', textAlign: 'right' }),
  ] },
  { name: 'text-rtl-hebrew-arabic', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('שלום עולם, זהו טקסט בעברית שנשבר לשורות', { left: 20, top: 20, width: 360, fontSize: 26, direction: 'rtl', textAlign: 'right' }),
    text('مرحبا بالعالم، هذا نص عربي طويل يلتف', { left: 20, top: 130, width: 360, fontSize: 26, direction: 'rtl', textAlign: 'right', fontFamily: 'Noto Sans' }),
    text('Left aligned RTL', { left: 20, top: 240, width: 360, fontSize: 24, direction: 'rtl', textAlign: 'left' }),
  ] },
  { name: 'text-families-bundled', version: 7, width: 600, height: 400, background: '#ffffff', objects: [
    ...['Inter', 'Roboto', 'Open Sans', 'Montserrat', 'Lato', 'Poppins', 'Oswald', 'Playfair Display', 'Merriweather', 'Source Code Pro', 'Noto Sans'].map((fontFamily, i) =>
      text(`${fontFamily} Handgloves 0123`, { left: 15 + (i % 2) * 295, top: 10 + Math.floor(i / 2) * 64, width: 285, fontSize: 22, fontFamily, fontWeight: i % 3 === 2 ? 'bold' : 'normal' })),
  ] },
  { name: 'text-emoji-color', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('Launch day 🚀🎉 thank you ❤️', { left: 20, top: 20, width: 360, fontSize: 30 }),
    text('👍🏽 👨‍👩‍👧 🇫🇷 ✨', { left: 20, top: 120, width: 360, fontSize: 44 }),
    text('Emoji in a wrapped line 😀 with more 🌍 words', { left: 20, top: 200, width: 250, fontSize: 22, fontFamily: 'Poppins' }),
  ] },
  { name: 'text-cjk', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    text('你好，世界！欢迎使用', { left: 20, top: 20, width: 360, fontSize: 32 }),
    text('こんにちは世界 カタカナ', { left: 20, top: 90, width: 360, fontSize: 30, fontWeight: 'bold' }),
    text('안녕하세요 세계 여러분', { left: 20, top: 160, width: 360, fontSize: 30, fontFamily: 'Noto Sans' }),
    text('Mixed 混合 text テキスト', { left: 20, top: 230, width: 360, fontSize: 26, fontFamily: 'Roboto' }),
  ] },
  { name: 'text-arabic-hebrew-v6', version: 6, width: 400, height: 300, background: '#ffffff', objects: [
    text('النص العربي', { left: 20, top: 20, width: 360, fontSize: 40 }),
    text('עברית', { left: 20, top: 110, width: 360, fontSize: 40, fontFamily: 'Open Sans' }),
    text('Latin, عربي, עברית', { left: 20, top: 200, width: 360, fontSize: 30, fontFamily: 'Noto Sans' }),
  ] },
  { name: 'text-itext-and-text-types', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'i-text', text: 'IText grows\nwith its lines', ...LT, left: 20, top: 20, fontFamily: 'Lato', fontSize: 30, fill: '#0b7285' },
    { type: 'text', text: 'Plain Text object', ...LT, left: 20, top: 130, fontFamily: 'Merriweather', fontSize: 26, fill: '#5c940d', textAlign: 'center' },
    { type: 'text', text: 'right aligned\nmulti line', left: 280, top: 240, fontFamily: 'Source Code Pro', fontSize: 22, textAlign: 'right', angle: -5 },
  ] },
  { name: 'text-types-v5-lowercase', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'textbox', left: 20, top: 20, width: 360, text: 'v5 textbox that wraps onto a second line', fontFamily: 'Open Sans', fontSize: 24, textAlign: 'center', fill: '#343a40' },
    { type: 'i-text', left: 20, top: 120, text: 'v5 i-text', fontFamily: 'Poppins', fontSize: 30, fill: '#c92a2a', charSpacing: 120 },
    { type: 'text', left: 380, top: 280, originX: 'right', originY: 'bottom', text: 'v5 text, bottom right', fontFamily: 'Oswald', fontSize: 28, fill: '#2b8a3e', underline: true },
  ] },
  // ---------- document defaults ----------
  { name: 'origin-default-v5-minimal', version: 5, minimal: true, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', left: 50, top: 40, width: 120, height: 80, fill: '#4263eb', angle: 20 },
    { type: 'circle', left: 220, top: 40, radius: 40, fill: '#f03e3e', scaleX: 1.5 },
    { type: 'textbox', left: 50, top: 180, width: 300, text: 'No origin keys: left/top', fontFamily: 'Inter', fontSize: 24 },
  ] },
  { name: 'origin-default-v7-minimal', version: 7, minimal: true, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', left: 110, top: 80, width: 120, height: 80, fill: '#4263eb', angle: 20 },
    { type: 'circle', left: 280, top: 80, radius: 40, fill: '#f03e3e', scaleX: 1.5 },
    { type: 'textbox', left: 200, top: 220, width: 300, text: 'No origin keys: centre', fontFamily: 'Inter', fontSize: 24 },
    { type: 'line', x1: 0, y1: 0, x2: 100, y2: 40, left: 60, top: 260, stroke: '#212529', strokeWidth: 3 },
  ] },
  { name: 'types-lowercase-v7', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 160, height: 100, fill: '#12b886', rx: 10, ry: 10 },
    text('lowercase type names in a v7 document', { left: 200, top: 20, width: 180, fontSize: 20 }),
    { type: 'image', src: A('logo.png'), left: 100, top: 220, scaleX: 0.6, scaleY: 0.6 },
    { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 60, y: 20 }, { x: 30, y: 70 }], left: 290, top: 220, fill: '#fab005' },
  ], post: (doc) => {
    // Some editors lower-case every type; loaders must accept both spellings.
    for (const o of doc.objects as Obj[]) o.type = String(o.type).toLowerCase();
  } },
  // ---------- realistic cards ----------
  { name: 'card-social-1200x630', version: 7, width: 1200, height: 630, background: '#0f172a', objects: [
    { type: 'image', src: A('landscape.jpg'), left: 930, top: 300, scaleX: 1.05, scaleY: 1.05, angle: 6, stroke: '#ffffff', strokeWidth: 10, shadow: { color: 'rgba(0,0,0,0.5)', blur: 30, offsetX: 0, offsetY: 15 } },
    { type: 'rect', ...LT, left: 60, top: 60, width: 620, height: 510, rx: 28, ry: 28, fill: '#1e293b', stroke: '#334155', strokeWidth: 3 },
    { type: 'image', src: A('logo.png'), ...LT, left: 100, top: 100, scaleX: 0.5, scaleY: 0.5 },
    text('Imprint 2.0 ships server-side Fabric rendering', { left: 100, top: 190, width: 540, fontSize: 54, fontWeight: 'bold', fontFamily: 'Montserrat', fill: '#f8fafc', lineHeight: 1.05 }),
    { type: 'line', x1: 100, y1: 430, x2: 300, y2: 430, stroke: '#38bdf8', strokeWidth: 6, strokeLineCap: 'round', ...LT, left: 97, top: 427 },
    text('Pixel-faithful cards, certificates and banners from the templates your designers already make.', { left: 100, top: 455, width: 540, fontSize: 24, fontFamily: 'Inter', fill: '#94a3b8' }),
  ] },
  { name: 'card-event-1200x630-v6', version: 6, width: 1200, height: 630, background: '#fff7ed', objects: [
    { type: 'rect', left: 0, top: 0, width: 1200, height: 630, fill: { type: 'linear', gradientUnits: 'percentage', coords: { x1: 0, y1: 0, x2: 1, y2: 1 }, colorStops: [{ offset: 0, color: '#fff7ed' }, { offset: 1, color: '#fed7aa' }] } },
    { type: 'circle', left: 900, top: -120, radius: 300, fill: 'rgba(234,88,12,0.15)' },
    { type: 'image', src: A('portrait.jpg'), left: 820, top: 160, scaleX: 1.1, scaleY: 1.1, clipPath: { type: 'circle', radius: 120, left: 0, top: 0, originX: 'center', originY: 'center' } },
    text('LIVE WORKSHOP · MAY 14', { left: 80, top: 90, width: 650, fontSize: 26, fontFamily: 'Oswald', fill: '#ea580c', charSpacing: 200 }),
    text('Designing templates that render the same everywhere', { left: 80, top: 150, width: 650, fontSize: 60, fontFamily: 'Playfair Display', fontWeight: 'bold', fill: '#431407', lineHeight: 1.1 }),
    text('with Ada Lovelace, Staff Engineer', { left: 80, top: 470, width: 650, fontSize: 28, fontFamily: 'Lato', fontStyle: 'italic', fill: '#7c2d12' }),
    { type: 'rect', left: 80, top: 535, width: 220, height: 56, rx: 28, ry: 28, fill: '#ea580c' },
    text('Register', { left: 80, top: 546, width: 220, fontSize: 26, fontFamily: 'Poppins', fontWeight: 'bold', fill: '#ffffff', textAlign: 'center' }),
  ] },
  { name: 'card-quote-1200x630-v5', version: 5, width: 1200, height: 630, background: '#1b4332', objects: [
    { type: 'text', left: 80, top: 20, text: '“', fontFamily: 'Merriweather', fontSize: 220, fill: '#52b788' },
    { type: 'textbox', left: 120, top: 170, width: 960, text: 'Simplicity is prerequisite for reliability, and a renderer is only as good as its worst golden.', fontFamily: 'Merriweather', fontStyle: 'italic', fontSize: 46, lineHeight: 1.3, fill: '#d8f3dc', textAlign: 'justify' },
    { type: 'line', x1: 120, y1: 480, x2: 240, y2: 480, left: 120, top: 478, stroke: '#95d5b2', strokeWidth: 4 },
    { type: 'textbox', left: 120, top: 500, width: 700, text: 'EDSGER W. DIJKSTRA', fontFamily: 'Source Code Pro', fontWeight: 'bold', fontSize: 26, fill: '#95d5b2', charSpacing: 100 },
    { type: 'image', src: A('logo.png'), left: 1020, top: 470, scaleX: 0.8, scaleY: 0.8, opacity: 0.9 },
  ] },
  { name: 'card-certificate-800x600', version: 7, width: 800, height: 600, background: '#fffdf5', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 760, height: 560, fill: '', stroke: '#b08968', strokeWidth: 6 },
    { type: 'rect', ...LT, left: 36, top: 36, width: 728, height: 528, fill: '', stroke: '#b08968', strokeWidth: 1.5, strokeDashArray: [6, 4] },
    text('Certificate of Completion', { left: 400, top: 120, originX: 'center', originY: 'center', width: 660, fontSize: 44, fontFamily: 'Playfair Display', fontWeight: 'bold', textAlign: 'center', fill: '#7f5539' }),
    text('awarded to', { left: 400, top: 200, originX: 'center', originY: 'center', width: 600, fontSize: 22, fontFamily: 'Lato', fontStyle: 'italic', textAlign: 'center', fill: '#9c6644' }),
    text('Grace Hopper', { left: 400, top: 270, originX: 'center', originY: 'center', width: 600, fontSize: 56, fontFamily: 'Merriweather', textAlign: 'center', fill: '#3a2a1a', underline: true }),
    text('for completing the course Rendering Templates at Scale with distinction.', { left: 400, top: 370, originX: 'center', originY: 'center', width: 520, fontSize: 22, fontFamily: 'Open Sans', textAlign: 'center', fill: '#5e503f' }),
    { type: 'circle', left: 650, top: 480, radius: 50, fill: { type: 'radial', gradientUnits: 'percentage', coords: { x1: 0.4, y1: 0.4, r1: 0, x2: 0.5, y2: 0.5, r2: 0.5 }, colorStops: [{ offset: 0, color: '#ffd166' }, { offset: 1, color: '#b08968' }] }, stroke: '#7f5539', strokeWidth: 3 },
    { type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, left: 120, top: 500, stroke: '#7f5539', strokeWidth: 2, ...LT },
  ] },
  // ---------- dash offsets and fill rules ----------
  { name: 'stroke-dash-offset-coupon', version: 7, width: 400, height: 300, background: '#fff7e6', objects: [
    { type: 'rect', ...LT, left: 20, top: 20, width: 360, height: 160, rx: 14, ry: 14, fill: '#ffffff', stroke: '#e85d04', strokeWidth: 3, strokeDashArray: [10, 6], strokeDashOffset: 6 },
    text('20% OFF', { left: 40, top: 45, width: 220, fontSize: 44, fontFamily: 'Oswald', fill: '#e85d04' }),
    text('Use code SPRING at checkout', { left: 40, top: 110, width: 220, fontSize: 16 }),
    { type: 'circle', left: 320, top: 100, radius: 42, fill: '', stroke: '#370617', strokeWidth: 4, strokeDashArray: [4, 7], strokeDashOffset: -5, strokeLineCap: 'round' },
    { type: 'line', x1: 20, y1: 220, x2: 380, y2: 220, stroke: '#6a040f', strokeWidth: 4, strokeDashArray: [16, 8], strokeDashOffset: 12 },
    { type: 'line', x1: 20, y1: 250, x2: 380, y2: 250, stroke: '#6a040f', strokeWidth: 4, strokeDashArray: [16, 8], strokeDashOffset: 0 },
    { type: 'path', path: 'M 20 285 Q 200 235 380 285', fill: '', stroke: '#dc2f02', strokeWidth: 3, strokeDashArray: [2, 6], strokeDashOffset: 3.5, strokeLineCap: 'round' },
  ] },
  { name: 'stroke-dash-offset-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', left: 30, top: 30, width: 150, height: 110, fill: '#e9f5db', stroke: '#132a13', strokeWidth: 5, strokeDashArray: [20, 8], strokeDashOffset: 10, angle: 6 },
    { type: 'ellipse', left: 220, top: 40, rx: 80, ry: 50, fill: '', stroke: '#4f772d', strokeWidth: 6, strokeDashArray: [24, 10, 4, 10], strokeDashOffset: 17, scaleX: 1.1 },
    { type: 'polyline', points: [{ x: 30, y: 270 }, { x: 110, y: 180 }, { x: 190, y: 250 }, { x: 270, y: 170 }, { x: 370, y: 240 }], fill: '', stroke: '#31572c', strokeWidth: 4, strokeDashArray: [14, 6], strokeDashOffset: -9, strokeLineJoin: 'round' },
  ] },
  { name: 'fill-rule-evenodd-icons', version: 7, width: 400, height: 300, background: '#f8f9fa', objects: [
    // A ring and a framed square as an SVG import writes them: one path, the hole a second subpath.
    { type: 'path', path: 'M 50 0 A 50 50 0 1 1 50 100 A 50 50 0 1 1 50 0 Z M 50 25 A 25 25 0 1 1 50 75 A 25 25 0 1 1 50 25 Z', fill: '#1971c2', fillRule: 'evenodd', left: 90, top: 85 },
    { type: 'path', path: 'M 0 0 L 90 0 L 90 90 L 0 90 Z M 15 15 L 75 15 L 75 75 L 15 75 Z M 30 30 L 60 30 L 60 60 L 30 60 Z', fill: '#e03131', fillRule: 'evenodd', stroke: '#5c0a0a', strokeWidth: 2, left: 230, top: 85, angle: 12 },
    { type: 'polygon', points: [{ x: 50, y: 0 }, { x: 79, y: 90 }, { x: 2, y: 35 }, { x: 98, y: 35 }, { x: 21, y: 90 }], fill: '#f08c00', fillRule: 'evenodd', left: 90, top: 220, scaleX: 1.1, scaleY: 1.1 },
    { type: 'polygon', points: [{ x: 50, y: 0 }, { x: 79, y: 90 }, { x: 2, y: 35 }, { x: 98, y: 35 }, { x: 21, y: 90 }], fill: '#f08c00', fillRule: 'nonzero', left: 230, top: 220, scaleX: 1.1, scaleY: 1.1 },
    { type: 'path', path: 'M 0 20 C 0 0 40 0 40 20 C 40 40 0 40 0 20 Z M 10 20 C 10 10 30 10 30 20 C 30 30 10 30 10 20 Z', fill: '#2f9e44', fillRule: 'evenodd', left: 340, top: 220, scaleX: 1.4, scaleY: 1.4 },
  ] },
  { name: 'fill-rule-evenodd-v6', version: 6, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'path', path: 'M 10 10 L 190 10 L 190 130 L 10 130 Z M 40 40 L 160 40 L 160 100 L 40 100 Z', fill: '#5f3dc4', fillRule: 'evenodd', left: 20, top: 20, stroke: '#212529', strokeWidth: 3 },
    { type: 'polygon', points: [{ x: 0, y: 40 }, { x: 120, y: 40 }, { x: 20, y: 120 }, { x: 60, y: 0 }, { x: 100, y: 120 }], fill: '#c2255c', fillRule: 'evenodd', left: 250, top: 20 },
    text('Evenodd', { left: 30, top: 200, width: 340, fontSize: 48, fontFamily: 'Montserrat', fontWeight: 'bold', fill: '#343a40' }),
    { type: 'path', path: 'M 0 0 L 60 0 L 60 60 L 0 60 Z M 20 20 L 40 20 L 40 40 L 20 40 Z', fill: 'rgba(34,139,230,0.8)', fillRule: 'evenodd', left: 300, top: 190, angle: 30 },
  ] },
  // ---------- composite operations ----------
  { name: 'composite-blend-photo', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 0, top: 0, scaleX: 0.84, scaleY: 0.94 },
    { type: 'rect', ...LT, left: 0, top: 0, width: 200, height: 300, fill: '#ff6b6b', globalCompositeOperation: 'multiply' },
    { type: 'circle', left: 300, top: 90, radius: 70, fill: '#4dabf7', globalCompositeOperation: 'screen' },
    { type: 'rect', ...LT, left: 220, top: 180, width: 160, height: 100, fill: { ...gradH(['#fab005', '#7950f2'], 160) }, globalCompositeOperation: 'overlay' },
    text('Blend modes', { left: 20, top: 200, width: 360, fontSize: 52, fontFamily: 'Poppins', fontWeight: 'bold', fill: '#ffe066', globalCompositeOperation: 'soft-light' }),
    { type: 'ellipse', left: 120, top: 130, rx: 60, ry: 30, fill: '#ffffff', globalCompositeOperation: 'difference', angle: -15 },
    { type: 'rect', ...LT, left: 20, top: 20, width: 120, height: 60, fill: '#2b8a3e', globalCompositeOperation: 'color', opacity: 0.8 },
  ] },
  { name: 'composite-modes-in-groups-v6', version: 6, width: 560, height: 330, background: '#f1f3f5', objects: [
    ...(['source-over', 'source-in', 'source-out', 'source-atop', 'destination-over', 'destination-in', 'destination-out', 'destination-atop', 'lighter', 'copy', 'xor', 'multiply', 'screen', 'overlay', 'darken', 'lighten', 'color-dodge', 'color-burn', 'hard-light', 'soft-light', 'difference', 'exclusion', 'hue', 'saturation', 'color', 'luminosity'] as const).map((mode, i) => ({ build: true, type: 'group', objects: [
      { type: 'rect', ...LT, left: 12 + (i % 7) * 78, top: 12 + Math.floor(i / 7) * 78, width: 46, height: 46, fill: '#1e88e5', rx: 6, ry: 6 },
      { type: 'circle', ...LT, left: 34 + (i % 7) * 78, top: 34 + Math.floor(i / 7) * 78, radius: 22, fill: 'rgba(255,87,34,0.8)', globalCompositeOperation: mode },
    ] })),
  ] },
  { name: 'composite-knockout-v5', version: 5, width: 400, height: 300, background: '#fff3bf', objects: [
    { type: 'image', src: A('portrait.jpg'), left: 10, top: 10, scaleX: 0.9, scaleY: 0.9 },
    { type: 'rect', left: 0, top: 180, width: 400, height: 90, fill: '#212529' },
    text('KNOCKOUT', { left: 20, top: 190, width: 360, fontSize: 60, fontFamily: 'Oswald', fill: '#000000', textAlign: 'center', globalCompositeOperation: 'destination-out' }),
    { type: 'circle', left: 250, top: 30, radius: 60, fill: '#e8590c', globalCompositeOperation: 'source-atop', opacity: 0.7 },
    { type: 'rect', left: 0, top: 0, width: 400, height: 300, fill: '#dee2e6', globalCompositeOperation: 'destination-over' },
  ] },
  // ---------- circle arcs ----------
  { name: 'shape-circle-ccw-progress-v6', version: 6, width: 400, height: 300, background: '#0b1021', objects: [
    { type: 'circle', left: 30, top: 40, radius: 70, fill: '', stroke: '#1f2a48', strokeWidth: 14 },
    { type: 'circle', left: 30, top: 40, radius: 70, fill: '', stroke: '#4cc9f0', strokeWidth: 14, startAngle: -90, endAngle: 150, strokeLineCap: 'round' },
    { type: 'circle', left: 220, top: 40, radius: 70, fill: '', stroke: '#1f2a48', strokeWidth: 14 },
    { type: 'circle', left: 220, top: 40, radius: 70, fill: '', stroke: '#f72585', strokeWidth: 14, startAngle: -90, endAngle: 150, counterClockwise: true, strokeLineCap: 'round' },
    { type: 'circle', left: 60, top: 200, radius: 40, fill: '#ffd166', startAngle: 30, endAngle: 330, counterClockwise: true },
    { type: 'circle', left: 200, top: 200, radius: 40, fill: '#06d6a0', startAngle: 30, endAngle: 330, counterClockwise: false, stroke: '#ffffff', strokeWidth: 3 },
    { type: 'circle', left: 320, top: 200, radius: 40, fill: '#ef476f', startAngle: 400, endAngle: 90, counterClockwise: true, angle: 20 },
  ] },
  { name: 'shape-circle-ccw-gauge', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'circle', left: 200, top: 190, radius: 130, fill: '', stroke: '#e9ecef', strokeWidth: 26, startAngle: 180, endAngle: 0 },
    { type: 'circle', left: 200, top: 190, radius: 130, fill: '', stroke: '#40c057', strokeWidth: 26, startAngle: 0, endAngle: 250, counterClockwise: true },
    { type: 'circle', left: 200, top: 190, radius: 95, fill: '', stroke: '#fa5252', strokeWidth: 10, startAngle: -30, endAngle: 210, counterClockwise: true, strokeDashArray: [6, 6] },
    { type: 'circle', left: 200, top: 190, radius: 60, fill: '#228be6', startAngle: 200, endAngle: 340, counterClockwise: false, scaleX: 1.2 },
    text('72%', { left: 150, top: 200, width: 100, fontSize: 32, fontFamily: 'Inter', fontWeight: 'bold', textAlign: 'center' }),
  ] },
  { name: 'shape-circle-ccw-ignored-v5', version: 5, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'circle', left: 40, top: 60, radius: 70, fill: '#7048e8', startAngle: 0, endAngle: 120 },
    { type: 'circle', left: 220, top: 60, radius: 70, fill: '#f76707', stroke: '#343a40', strokeWidth: 4, startAngle: 90, endAngle: 360 },
  ],
  // Fabric 5 has no counterClockwise: a v5 document that carries one still draws clockwise.
  post: (doc) => { for (const o of doc.objects as Obj[]) o.counterClockwise = true; } },
  // ---------- clip paths: images, groups, canvas ----------
  { name: 'clip-path-image-mask', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'rect', name: 'box', ...LT, left: 20, top: 20, width: 160, height: 160, fill: gradH(['#f72585', '#4361ee'], 160), clipPath: { type: 'image', src: A('logo.png'), scaleX: 1.2, scaleY: 1.2, left: 0, top: 0 } },
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 200, top: 20, scaleX: 0.4, scaleY: 0.4, clipPath: { type: 'image', src: A('logo.png'), left: 200, top: 20, ...LT, absolutePositioned: true } },
    { type: 'rect', ...LT, left: 200, top: 170, width: 180, height: 110, fill: '#2b2d42', clipPath: { type: 'image', src: A('logo.png'), scaleX: 0.7, scaleY: 0.7, left: 0, top: 0, inverted: true } },
  ] },
  { name: 'clip-path-group-inverted-absolute-v6', version: 6, width: 400, height: 300, background: '#f8f9fa', objects: [
    { build: true, type: 'group', angle: 8, clipPath: { type: 'rect', width: 120, height: 50, originX: 'center', originY: 'center', left: 0, top: 0, inverted: true, rx: 10, ry: 10 }, objects: [
      { type: 'rect', ...LT, left: 20, top: 20, width: 170, height: 120, fill: '#e76f51' },
      { type: 'circle', ...LT, left: 100, top: 60, radius: 50, fill: '#2a9d8f' },
    ] },
    { build: true, type: 'group', clipPath: { type: 'circle', radius: 70, originX: 'center', originY: 'center', left: 300, top: 90, absolutePositioned: true }, objects: [
      { type: 'image', src: A('portrait.jpg'), ...LT, left: 220, top: 10, scaleX: 0.6, scaleY: 0.6 },
      text('Absolute', { left: 230, top: 130, width: 150, fontSize: 26, fill: '#ffffff', fontWeight: 'bold' }),
    ] },
    { build: true, type: 'group', objects: [
      { type: 'rect', ...LT, left: 20, top: 180, width: 360, height: 100, fill: '#264653' },
      { type: 'rect', ...LT, left: 40, top: 195, width: 320, height: 70, fill: '#e9c46a', clipPath: { type: 'circle', radius: 30, originX: 'center', originY: 'center', left: 200, top: 230, inverted: true, absolutePositioned: true } },
    ] },
  ] },
  { name: 'clip-path-canvas-rounded', version: 7, width: 400, height: 300, background: '#1d3557',
    canvas: { clipPath: { type: 'rect', ...LT, left: 10, top: 10, width: 380, height: 280, rx: 28, ry: 28 } }, objects: [
    { type: 'image', src: A('landscape.jpg'), ...LT, left: 0, top: 0, scaleX: 0.84, scaleY: 0.5 },
    text('Rounded card', { left: 30, top: 190, width: 340, fontSize: 38, fontFamily: 'Playfair Display', fill: '#f1faee' }),
    text('The canvas clip cuts the background too', { left: 30, top: 240, width: 340, fontSize: 16, fill: '#a8dadc' }),
  ] },
  { name: 'clip-path-canvas-circle-v5', version: 5, width: 300, height: 300, background: '#ffb703',
    canvas: { clipPath: { type: 'circle', radius: 140, originX: 'center', originY: 'center', left: 150, top: 150 } }, objects: [
    { type: 'image', src: A('portrait.jpg'), left: 30, top: 10, scaleX: 1, scaleY: 0.95 },
    { type: 'rect', left: 0, top: 220, width: 300, height: 80, fill: 'rgba(2,48,71,0.85)' },
    text('Avatar', { left: 0, top: 235, width: 300, fontSize: 34, fill: '#ffffff', textAlign: 'center' }),
  ] },
  // ---------- canvas background and overlay images ----------
  { name: 'canvas-background-overlay-images', version: 7, width: 400, height: 300, background: '#000000',
    canvas: {
      backgroundImage: { type: 'image', src: A('landscape.jpg'), ...LT, left: 0, top: 0, scaleX: 0.84, scaleY: 0.94 },
      overlay: 'rgba(10,20,60,0.25)',
      overlayImage: { type: 'image', src: A('logo.png'), ...LT, left: 300, top: 200, scaleX: 0.7, scaleY: 0.7, opacity: 0.9 },
    }, objects: [
    text('Weekend in the hills', { left: 24, top: 24, width: 300, fontSize: 34, fontFamily: 'Montserrat', fontWeight: 'bold', fill: '#ffffff' }),
    { type: 'rect', ...LT, left: 24, top: 110, width: 120, height: 6, fill: '#ffd43b' },
  ] },
  { name: 'canvas-overlay-color-v6', version: 6, width: 400, height: 300, background: '#ffffff',
    canvas: {
      backgroundImage: { type: 'image', src: A('texture.png'), ...LT, left: 0, top: 0, scaleX: 2.5, scaleY: 2.5, angle: 0 },
      overlay: 'rgba(255,255,255,0.35)',
    }, objects: [
    { type: 'circle', left: 120, top: 80, radius: 80, fill: '#d6336c' },
    text('Faded by the overlay', { left: 40, top: 230, width: 320, fontSize: 26, fill: '#212529' }),
  ] },
  { name: 'canvas-background-gradient', version: 7, width: 400, height: 300,
    background: { type: 'linear', gradientUnits: 'pixels', coords: { x1: 0, y1: 0, x2: 400, y2: 300 }, colorStops: [{ offset: 0, color: '#3a0ca3' }, { offset: 0.6, color: '#f72585' }, { offset: 1, color: '#ffba08' }] },
    objects: [
    text('Gradient canvas', { left: 30, top: 40, width: 340, fontSize: 40, fontFamily: 'Montserrat', fontWeight: 'bold', fill: '#ffffff' }),
    { type: 'rect', ...LT, left: 30, top: 180, width: 160, height: 60, rx: 30, ry: 30, fill: 'rgba(255,255,255,0.2)', stroke: '#ffffff', strokeWidth: 2 },
  ] },
  { name: 'canvas-background-gradient-radial-v5', version: 5, width: 400, height: 300,
    background: { type: 'radial', gradientUnits: 'pixels', coords: { x1: 200, y1: 150, r1: 10, x2: 200, y2: 150, r2: 260 }, colorStops: [{ offset: 0, color: '#fefae0' }, { offset: 1, color: '#283618' }] },
    objects: [
    { type: 'circle', left: 150, top: 100, radius: 50, fill: '#dda15e', stroke: '#bc6c25', strokeWidth: 6 },
    text('Radial', { left: 100, top: 220, width: 200, fontSize: 30, textAlign: 'center', fill: '#fefae0' }),
  ] },
  // ---------- image smoothing ----------
  { name: 'image-smoothing-off', version: 7, width: 400, height: 300, background: '#ffffff', objects: [
    { type: 'image', src: A('texture.png'), ...LT, left: 10, top: 10, cropX: 40, cropY: 30, width: 24, height: 18, scaleX: 7.5, scaleY: 7.5, imageSmoothing: false },
    { type: 'image', src: A('texture.png'), ...LT, left: 200, top: 10, cropX: 40, cropY: 30, width: 24, height: 18, scaleX: 7.5, scaleY: 7.5, imageSmoothing: true },
    { type: 'image', src: A('logo.png'), left: 100, top: 230, scaleX: 0.4, scaleY: 0.4, angle: 15, imageSmoothing: false },
    { type: 'image', src: A('logo.png'), left: 300, top: 230, scaleX: 0.4, scaleY: 0.4, angle: 15 },
  ],
  // toObject() leaves imageSmoothing out; an editor keeps it with toObject(['name', 'imageSmoothing']).
  post: (doc) => { for (const i of [0, 2]) (doc.objects as Obj[])[i].imageSmoothing = false; } },
  { name: 'image-smoothing-off-v5', version: 5, width: 400, height: 300, background: '#f1f3f5', objects: [
    { type: 'image', src: A('portrait.jpg'), left: 20, top: 20, cropX: 100, cropY: 100, width: 30, height: 40, scaleX: 6, scaleY: 6, imageSmoothing: false },
    { type: 'image', src: A('logo.png'), left: 240, top: 60, scaleX: 1.2, scaleY: 1.2, imageSmoothing: false, opacity: 0.9 },
  ],
  post: (doc) => { for (const o of doc.objects as Obj[]) o.imageSmoothing = false; } },
];
