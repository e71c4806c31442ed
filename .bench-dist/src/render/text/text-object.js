import { drawTextLayout } from './text-draw.js';
import { TextLayout } from './text-layout.js';
import { parseStyles } from './text-styles.js';
import { fitTextProps } from './text-fit.js';
const TEXT_TYPES = new Set(['text', 'i-text', 'itext', 'textbox']);
export function isTextType(type) {
    return TEXT_TYPES.has(type.toLowerCase());
}
const num = (v, d) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v, d) => (typeof v === 'string' ? v : d);
const bool = (v) => v === true;
/** Fabric v7 Text/Textbox defaults (textDefaultValues, textboxDefaultValues, FabricObject). */
export function textPropsFromObject(obj, options = {}) {
    const text = typeof obj.text === 'string' ? obj.text : obj.text == null ? '' : String(obj.text);
    const weight = obj.fontWeight;
    return {
        text,
        isTextbox: obj.type.toLowerCase() === 'textbox',
        width: num(obj.width, 0),
        fontSize: num(obj.fontSize, 40),
        fontFamily: str(obj.fontFamily, 'Times New Roman'),
        fontWeight: typeof weight === 'number' || typeof weight === 'string' ? weight : 'normal',
        fontStyle: str(obj.fontStyle, 'normal'),
        lineHeight: num(obj.lineHeight, 1.16),
        charSpacing: num(obj.charSpacing, 0),
        textAlign: str(obj.textAlign, 'left'),
        direction: str(obj.direction, 'ltr'),
        splitByGrapheme: bool(obj.splitByGrapheme),
        underline: bool(obj.underline),
        overline: bool(obj.overline),
        linethrough: bool(obj.linethrough),
        textBackgroundColor: str(obj.textBackgroundColor, ''),
        fill: obj.fill === undefined ? 'rgb(0,0,0)' : obj.fill,
        stroke: obj.stroke ?? null,
        strokeWidth: num(obj.strokeWidth, 1),
        deltaY: 0,
        textDecorationThickness: num(obj.textDecorationThickness, 66.667),
        textDecorationColor: str(obj.textDecorationColor, ''),
        styles: parseStyles(obj.styles, text),
        accountKeys: options.fonts ? new Set(options.fonts.map((f) => f.key)) : undefined,
    };
}
/**
 * Fabric's initDimensions: wraps (Textbox), measures, and sets width/height.
 * With `textFit: 'shrink'` (Imprint extension) the sizes shrink until the
 * text fits the stored box.
 */
export function prepareText(obj, options = {}) {
    let props = textPropsFromObject(obj, options);
    if (obj.textFit === 'shrink') {
        const box = { width: num(obj.width, Infinity), height: num(obj.height, Infinity) };
        props = fitTextProps(props, box, num(obj.minFontSize, 8));
    }
    const layout = new TextLayout(props);
    return { width: layout.width, height: layout.height, fontSize: props.fontSize, layout };
}
export function drawText(ctx, prepared, obj) {
    const shadow = obj.shadow;
    drawTextLayout(ctx, prepared.layout, {
        paintFirst: str(obj.paintFirst, 'fill'),
        strokeLineCap: str(obj.strokeLineCap, 'butt'),
        strokeLineJoin: str(obj.strokeLineJoin, 'miter'),
        strokeMiterLimit: num(obj.strokeMiterLimit, 4),
        strokeDashOffset: num(obj.strokeDashOffset, 0),
        strokeDashArray: Array.isArray(obj.strokeDashArray) ? obj.strokeDashArray : null,
        shadowAffectsStroke: !!shadow && shadow.affectStroke === true,
    });
}
//# sourceMappingURL=text-object.js.map