/**
 * Imprint's `textFit: 'shrink'`: scale every font size (the object's and the
 * per-character ones) by one factor, found by bisection, so the laid-out text
 * fits the stored box: no taller than its height and no wider than its width
 * (a Textbox grows past its width only when one word cannot fit).
 */
import { TextLayout } from './text-layout.js';
import { scaleStyleFontSizes } from './text-styles.js';
const EPSILON = 0.01;
const STEPS = 14;
function scaled(props, scale) {
    return scale === 1 ? props : { ...props, fontSize: props.fontSize * scale, styles: scaleStyleFontSizes(props.styles, scale) };
}
function fits(props, box) {
    const layout = new TextLayout(props);
    return layout.width <= box.width + EPSILON && layout.height <= box.height + EPSILON;
}
export function fitTextProps(props, box, minFontSize) {
    if (fits(props, box) || props.fontSize <= minFontSize)
        return props;
    const minScale = minFontSize / props.fontSize;
    const smallest = scaled(props, minScale);
    if (!fits(smallest, box))
        return smallest;
    let lo = minScale; // fits
    let hi = 1; // does not fit
    for (let i = 0; i < STEPS; i++) {
        const mid = (lo + hi) / 2;
        if (fits(scaled(props, mid), box))
            lo = mid;
        else
            hi = mid;
    }
    return scaled(props, lo);
}
//# sourceMappingURL=text-fit.js.map