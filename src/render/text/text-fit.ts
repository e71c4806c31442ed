/**
 * Imprint's `textFit: 'shrink'`: scale every font size (the object's and the
 * per-character ones) by one factor, found by bisection, so the laid-out text
 * fits the stored box: no taller than its height and no wider than its width
 * (a Textbox grows past its width only when one word cannot fit).
 */
import { TextLayout, type TextProps } from './text-layout.js';
import { scaleStyleFontSizes } from './text-styles.js';

const EPSILON = 0.01;
const STEPS = 14;

function scaled(props: TextProps, scale: number): TextProps {
  return scale === 1 ? props : { ...props, fontSize: props.fontSize * scale, styles: scaleStyleFontSizes(props.styles, scale) };
}

function fits(props: TextProps, box: { width: number; height: number }): boolean {
  const layout = new TextLayout(props);
  return layout.width <= box.width + EPSILON && layout.height <= box.height + EPSILON;
}

/** The fitted props; `overflows` when even the smallest allowed size does not fit the box. */
export function fitTextProps(props: TextProps, box: { width: number; height: number }, minFontSize: number): { props: TextProps; overflows: boolean } {
  if (fits(props, box)) return { props, overflows: false };
  if (props.fontSize <= minFontSize) return { props, overflows: true };
  const minScale = minFontSize / props.fontSize;
  const smallest = scaled(props, minScale);
  if (!fits(smallest, box)) return { props: smallest, overflows: true };
  let lo = minScale; // fits
  let hi = 1; // does not fit
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (fits(scaled(props, mid), box)) lo = mid;
    else hi = mid;
  }
  return { props: scaled(props, lo), overflows: false };
}
