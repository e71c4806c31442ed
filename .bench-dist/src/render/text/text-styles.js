export const STYLE_PROPERTIES = [
    'fontSize', 'fontWeight', 'fontFamily', 'fontStyle',
    'underline', 'overline', 'linethrough',
    'stroke', 'strokeWidth', 'fill', 'deltaY', 'textBackgroundColor',
    'textDecorationThickness', 'textDecorationColor',
];
let segmenter;
/** Fabric splits with Intl.Segmenter (grapheme granularity) when available, as Chromium does. */
export function graphemeSplit(text) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), (s) => s.segment);
}
export const RE_NEWLINE = /\r?\n/;
function cleanStyle(raw) {
    const out = {};
    if (raw && typeof raw === 'object') {
        for (const [k, v] of Object.entries(raw)) {
            if (v !== undefined)
                out[k] = v;
        }
    }
    return out;
}
export function parseStyles(styles, text) {
    const out = {};
    if (!styles || typeof styles !== 'object')
        return out;
    if (!Array.isArray(styles)) {
        for (const [line, chars] of Object.entries(styles)) {
            if (!chars || typeof chars !== 'object')
                continue;
            const lineOut = {};
            for (const [ch, st] of Object.entries(chars))
                lineOut[Number(ch)] = cleanStyle(st);
            out[Number(line)] = lineOut;
        }
        return out;
    }
    // Mirrors stylesFromArray, including its assumption that ranges are sorted.
    const ranges = styles;
    let charIndex = -1;
    let styleIndex = 0;
    const lines = text.split(RE_NEWLINE);
    for (let i = 0; i < lines.length; i++) {
        const chars = graphemeSplit(lines[i]);
        for (let c = 0; c < chars.length; c++) {
            charIndex++;
            const r = ranges[styleIndex];
            if (r && r.start <= charIndex && charIndex < r.end) {
                (out[i] ??= {})[c] = cleanStyle(r.style);
                if (charIndex === r.end - 1)
                    styleIndex++;
            }
        }
    }
    return out;
}
export function hasStyleChanged(a, b) {
    return (a.fill !== b.fill ||
        a.stroke !== b.stroke ||
        a.strokeWidth !== b.strokeWidth ||
        a.fontSize !== b.fontSize ||
        a.fontFamily !== b.fontFamily ||
        a.fontWeight !== b.fontWeight ||
        a.fontStyle !== b.fontStyle ||
        a.textDecorationThickness !== b.textDecorationThickness ||
        a.textDecorationColor !== b.textDecorationColor ||
        a.textBackgroundColor !== b.textBackgroundColor ||
        a.deltaY !== b.deltaY);
}
/** Multiplies every font size (object and per-char) by `scale`; used by textFit. */
export function scaleStyleFontSizes(styles, scale) {
    const out = {};
    for (const [line, chars] of Object.entries(styles)) {
        const lineOut = {};
        for (const [ch, st] of Object.entries(chars)) {
            lineOut[Number(ch)] = st.fontSize !== undefined ? { ...st, fontSize: st.fontSize * scale } : st;
        }
        out[Number(line)] = lineOut;
    }
    return out;
}
//# sourceMappingURL=text-styles.js.map