/**
 * Test fixtures: a template as REAL Fabric 7 writes it (built live with the
 * `fabric` dev dependency), and hand-written v5 / v6 documents that carry
 * every property those versions' toObject() writes (read from their source:
 * v5.5.2 src/shapes/*.class.js, v6.9 src/shapes/*.ts), at Fabric's defaults.
 */
import * as fabric from 'fabric';
import { createCanvas } from '@napi-rs/canvas';
import type { TemplateDocument } from './template.js';

let envReady = false;

/** Fabric text measures glyphs through a DOM canvas; give it Skia's instead of jsdom. */
function ensureFabricEnv() {
  if (envReady) return;
  const document = {
    createElement: (tag: string) => {
      if (tag === 'canvas') return createCanvas(300, 150);
      throw new Error(`fabric fixture env: cannot create <${tag}>`);
    },
  };
  fabric.setEnv({
    document,
    window: { document, devicePixelRatio: 1 },
    isTouchSupported: false,
    WebGLProbe: { queryWebGL() {}, isSupported: () => false },
    dispose() {},
    copyPasteData: {},
  } as unknown as Parameters<typeof fabric.setEnv>[0]);
  envReady = true;
}

/** What `canvas.toJSON(['name'])` returns in Fabric 7.4 for a representative design, plus width/height. */
export function fabric7Document(): TemplateDocument {
  ensureFabricEnv();
  const gradient = new fabric.Gradient({
    type: 'linear',
    coords: { x1: 0, y1: 0, x2: 200, y2: 0 },
    colorStops: [
      { offset: 0, color: '#ff0000' },
      { offset: 1, color: 'rgba(0,0,255,0.5)' },
    ],
  });
  const image = new fabric.FabricImage(createCanvas(8, 8) as unknown as ConstructorParameters<typeof fabric.FabricImage>[0], {
    name: 'logo',
    left: 600,
    top: 100,
    angle: 12,
  });
  const objects = [
    new fabric.Rect({ name: 'bg', width: 1200, height: 630, fill: gradient, left: 600, top: 315 }),
    new fabric.Rect({
      name: 'card',
      width: 400,
      height: 200,
      rx: 16,
      ry: 16,
      fill: '#ffffff',
      stroke: '#333',
      strokeWidth: 2,
      strokeDashArray: [4, 2],
      shadow: new fabric.Shadow({ color: 'rgba(0,0,0,0.3)', blur: 10, offsetX: 2, offsetY: 4 }),
    }),
    new fabric.Circle({ name: 'dot', radius: 20, fill: 'hsl(200, 80%, 50%)' }),
    new fabric.Ellipse({ rx: 30, ry: 10 }),
    new fabric.Triangle({ width: 30, height: 30, flipX: true, skewX: 10 }),
    new fabric.Line([0, 0, 300, 0], { name: 'rule', stroke: '#cccccc', strokeWidth: 3 }),
    new fabric.Polyline(
      [
        { x: 0, y: 0 },
        { x: 10, y: 20 },
        { x: 20, y: 0 },
      ],
      { fill: '', stroke: 'black' },
    ),
    new fabric.Polygon([
      { x: 0, y: 0 },
      { x: 10, y: 20 },
      { x: 20, y: 0 },
    ]),
    new fabric.Path('M 0 0 L 10 10 Q 20 20 30 0 C 1 2 3 4 5 6 z', { name: 'squiggle' }),
    new fabric.Textbox('Hello wonderful world', {
      name: 'title',
      width: 300,
      fontFamily: 'Inter',
      fontSize: 48,
      textAlign: 'justify-left',
      charSpacing: 50,
      styles: { 0: { 0: { fill: 'red', fontWeight: 'bold' }, 1: { fontFamily: 'Roboto' } } },
    }),
    new fabric.IText('Edit me', { name: 'subtitle', fontFamily: 'Roboto', underline: true }),
    new fabric.FabricText('plain', { fontFamily: 'Inter', direction: 'rtl' }),
    image,
    new fabric.Group(
      [
        new fabric.Rect({ name: 'badge-bg', width: 50, height: 20, fill: 'gold' }),
        new fabric.Group([new fabric.FabricText('NEW', { name: 'badge-text', fontFamily: 'Inter', fontSize: 12 })]),
      ],
      { name: 'badge', clipPath: new fabric.Circle({ radius: 30, inverted: true }) } as Partial<fabric.GroupProps>,
    ),
  ];
  const serialized = objects.map((o) => o.toObject(['name'] as never[]));
  return { version: fabric.version, objects: serialized, background: '#fafafa', width: 1200, height: 630 } as TemplateDocument;
}

const v5Common = {
  version: '5.3.0',
  originX: 'left',
  originY: 'top',
  left: 10,
  top: 10,
  fill: 'rgb(0,0,0)',
  stroke: null,
  strokeWidth: 1,
  strokeDashArray: null,
  strokeLineCap: 'butt',
  strokeDashOffset: 0,
  strokeLineJoin: 'miter',
  strokeUniform: false,
  strokeMiterLimit: 4,
  scaleX: 1,
  scaleY: 1,
  angle: 0,
  flipX: false,
  flipY: false,
  opacity: 1,
  shadow: null,
  visible: true,
  backgroundColor: '',
  fillRule: 'nonzero',
  paintFirst: 'fill',
  globalCompositeOperation: 'source-over',
  skewX: 0,
  skewY: 0,
};

const v5Text = {
  fontFamily: 'Inter',
  fontWeight: 'normal',
  fontSize: 40,
  underline: false,
  overline: false,
  linethrough: false,
  textAlign: 'left',
  fontStyle: 'normal',
  lineHeight: 1.16,
  textBackgroundColor: '',
  charSpacing: 0,
  direction: 'ltr',
  path: null,
  pathStartOffset: 0,
  pathSide: 'left',
  pathAlign: 'baseline',
};

/** Fabric 5.3 canvas.toJSON(['name', 'selectable']) with lower-case types and both styles forms. */
export function fabric5Document(): TemplateDocument {
  return {
    version: '5.3.0',
    width: 800,
    height: 400,
    background: 'white',
    objects: [
      { ...v5Common, type: 'rect', name: 'box', width: 100, height: 50, rx: 4, ry: 4, selectable: false, fill: '#336699' },
      { ...v5Common, type: 'circle', name: 'ring', width: 40, height: 40, radius: 20, startAngle: 0, endAngle: 360 },
      { ...v5Common, type: 'ellipse', width: 40, height: 20, rx: 20, ry: 10 },
      { ...v5Common, type: 'triangle', width: 10, height: 10 },
      { ...v5Common, type: 'line', name: 'divider', width: 100, height: 0, stroke: '#000', x1: -50, y1: 0, x2: 50, y2: 0 },
      {
        ...v5Common,
        type: 'polygon',
        width: 10,
        height: 10,
        points: [
          { x: 0, y: 0 },
          { x: 10, y: 10 },
          { x: 0, y: 10 },
        ],
      },
      { ...v5Common, type: 'path', width: 10, height: 10, path: [['M', 0, 0], ['L', 10, 10], ['Z']] },
      {
        ...v5Common,
        ...v5Text,
        type: 'textbox',
        name: 'headline',
        width: 300,
        height: 45.2,
        text: 'Hello\nworld',
        minWidth: 20,
        splitByGrapheme: false,
        styles: [{ start: 0, end: 5, style: { fill: '#ff0000', fontFamily: 'Roboto' } }],
      },
      {
        ...v5Common,
        ...v5Text,
        type: 'i-text',
        name: 'caption',
        width: 80,
        height: 45.2,
        text: 'ab\ncd',
        styles: { 0: { 1: { fontWeight: 'bold' } }, 1: { 0: { fontFamily: 'Inter', underline: true } } },
      },
      {
        ...v5Common,
        type: 'image',
        name: 'photo',
        width: 64,
        height: 64,
        strokeWidth: 0,
        cropX: 0,
        cropY: 0,
        src: 'https://example.com/photo.png',
        crossOrigin: 'anonymous',
        filters: [],
      },
      {
        ...v5Common,
        type: 'group',
        name: 'grp',
        width: 50,
        height: 50,
        objects: [{ ...v5Common, type: 'rect', name: 'inner', width: 10, height: 10, rx: 0, ry: 0 }],
        clipPath: { ...v5Common, type: 'rect', width: 50, height: 50, rx: 0, ry: 0, inverted: false, absolutePositioned: true },
      },
    ],
  } as TemplateDocument;
}

/** Fabric 6.x output: capitalised types, v6 group/layout keys, textDecorationThickness. */
export function fabric6Document(): TemplateDocument {
  const common = { ...v5Common, version: '6.4.3' };
  const text = { ...v5Text, textDecorationThickness: 66.667 };
  delete (text as Record<string, unknown>).path;
  return {
    version: '6.4.3',
    width: 640,
    height: 480,
    objects: [
      { ...common, type: 'Rect', name: 'panel', width: 200, height: 100, rx: 0, ry: 0 },
      { ...common, type: 'Circle', width: 40, height: 40, radius: 20, startAngle: 0, endAngle: 360, counterClockwise: false },
      {
        ...common,
        ...text,
        type: 'Textbox',
        name: 'label',
        width: 200,
        height: 45.2,
        text: 'Six',
        minWidth: 20,
        splitByGrapheme: false,
        styles: [],
      },
      { ...common, ...text, type: 'IText', name: 'itext6', width: 60, height: 45.2, text: 'it', styles: [] },
      {
        ...common,
        type: 'Image',
        name: 'pic',
        width: 10,
        height: 10,
        strokeWidth: 0,
        cropX: 0,
        cropY: 0,
        src: 'data:image/png;base64,iVBORw0KGgo=',
        crossOrigin: null,
        filters: [],
      },
      {
        ...common,
        type: 'Group',
        width: 20,
        height: 20,
        subTargetCheck: false,
        interactive: false,
        layoutManager: { type: 'layoutManager', strategy: 'fit-content' },
        objects: [{ ...common, type: 'Ellipse', name: 'oval', width: 20, height: 10, rx: 10, ry: 5 }],
      },
    ],
  } as TemplateDocument;
}
