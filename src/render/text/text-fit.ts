/**
 * Imprint's `textFit: 'shrink'` on the renderer's own layout: the shared
 * search (src/domain/shrink-to-fit.ts) asks whether the text laid out at a
 * factor fits the stored box: no taller than its height and no wider than its
 * width (a Textbox grows past its width only when one word cannot fit).
 */
import { fitsBox, type Size, shrinkToFit } from '../../domain/shrink-to-fit.js';
import { TextLayout, type TextProps } from './text-layout.js';
import { scaleStyleFontSizes } from './text-styles.js';

function scaled(props: TextProps, scale: number): TextProps {
  return scale === 1 ? props : { ...props, fontSize: props.fontSize * scale, styles: scaleStyleFontSizes(props.styles, scale) };
}

/** The fitted props; `overflows` when even the smallest allowed size does not fit the box. */
export function fitTextProps(props: TextProps, box: Size, minFontSize: number): { props: TextProps; overflows: boolean } {
  const { scale, overflows } = shrinkToFit(props.fontSize, minFontSize, (s) => fitsBox(new TextLayout(scaled(props, s)), box));
  return { props: scaled(props, scale), overflows };
}
