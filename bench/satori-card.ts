/**
 * The reference card as satori elements: plain `{ type, props }` objects
 * (what JSX compiles to, so no React is needed), derived from the same
 * Fabric JSON so positions, sizes, colours and text stay in step with it.
 * Fabric geometry is translated to CSS boxes: Fabric's box (what left/top
 * and the origin place) includes the stroke, which straddles the outline,
 * so the CSS border-box is width + strokeWidth with the border inside it.
 */
import type { FabricObject, TemplateDocument } from '../src/domain/template.js';

export interface SatoriElement {
  type: string;
  props: { style?: Record<string, string | number>; children?: SatoriElement[] | string; src?: string; width?: number; height?: number };
}

/** Fabric's line box is fontSize × lineHeight × _fontSizeMult (1.13). */
const FABRIC_FONT_SIZE_MULT = 1.13;

function num(o: FabricObject, key: string, fallback = 0): number {
  const v = o[key];
  return typeof v === 'number' ? v : fallback;
}

/** Top-left of the unrotated, scaled box from left/top and the origin keywords the card uses. */
function boxTopLeft(o: FabricObject, w: number, h: number): { x: number; y: number } {
  const fx = o.originX === 'center' ? 0.5 : o.originX === 'right' ? 1 : 0;
  const fy = o.originY === 'center' ? 0.5 : o.originY === 'bottom' ? 1 : 0;
  return { x: num(o, 'left') - fx * w, y: num(o, 'top') - fy * h };
}

function rect(o: FabricObject): SatoriElement {
  const sw = o.stroke ? num(o, 'strokeWidth', 1) : 0;
  const w = num(o, 'width') * num(o, 'scaleX', 1);
  const h = num(o, 'height') * num(o, 'scaleY', 1);
  const { x, y } = boxTopLeft(o, w + sw, h + sw);
  const style: Record<string, string | number> = {
    position: 'absolute',
    left: x,
    top: y,
    width: w + sw,
    height: h + sw,
    boxSizing: 'border-box',
    backgroundColor: String(o.fill),
    borderRadius: num(o, 'rx') + sw / 2,
  };
  if (sw) style.border = `${sw}px solid ${String(o.stroke)}`;
  return { type: 'div', props: { style } };
}

function line(o: FabricObject): SatoriElement {
  // Horizontal line with round caps: a bar as long as the line plus one cap on each end.
  const sw = num(o, 'strokeWidth', 1);
  const len = Math.abs(num(o, 'x2') - num(o, 'x1')) + (o.strokeLineCap === 'round' ? sw : 0);
  const { x, y } = boxTopLeft(o, num(o, 'width'), num(o, 'height'));
  const cx = x + num(o, 'width') / 2;
  const cy = y + num(o, 'height') / 2;
  return {
    type: 'div',
    props: { style: { position: 'absolute', left: cx - len / 2, top: cy - sw / 2, width: len, height: sw, backgroundColor: String(o.stroke), borderRadius: sw / 2 } },
  };
}

function textbox(o: FabricObject): SatoriElement {
  const fontSize = num(o, 'fontSize', 40);
  return {
    type: 'div',
    props: {
      style: {
        position: 'absolute',
        left: num(o, 'left'),
        top: num(o, 'top'),
        width: num(o, 'width'),
        display: 'flex',
        fontFamily: String(o.fontFamily),
        fontWeight: Number(o.fontWeight ?? 400),
        fontSize,
        lineHeight: `${fontSize * num(o, 'lineHeight', 1.16) * FABRIC_FONT_SIZE_MULT}px`,
        color: String(o.fill),
      },
      children: String(o.text),
    },
  };
}

function image(o: FabricObject, src: string): SatoriElement {
  const w = num(o, 'width') * num(o, 'scaleX', 1);
  const h = num(o, 'height') * num(o, 'scaleY', 1);
  const { x, y } = boxTopLeft(o, w, h);
  // CSS rotates about the box centre; the card's image has a centred origin, so that matches Fabric.
  return { type: 'img', props: { src, width: w, height: h, style: { position: 'absolute', left: x, top: y, transform: `rotate(${num(o, 'angle')}deg)` } } };
}

export function satoriCard(doc: TemplateDocument, photoDataUrl: string): SatoriElement {
  const children = doc.objects.map((o) => {
    switch (String(o.type).toLowerCase()) {
      case 'rect':
        return rect(o);
      case 'line':
        return line(o);
      case 'textbox':
        return textbox(o);
      case 'image':
        return image(o, photoDataUrl);
      default:
        throw new Error(`satori-card: the reference card has an unexpected ${o.type}`);
    }
  });
  return {
    type: 'div',
    props: { style: { display: 'flex', position: 'relative', width: doc.width, height: doc.height, backgroundColor: String(doc.background) }, children },
  };
}
