import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
/** The fidelity rule from issue 3: pixelmatch at 0.1, anti-aliased pixels ignored, ≤ 0.5% per template. */
export const PIXELMATCH_THRESHOLD = 0.1;
export const MISMATCH_BUDGET_PERCENT = 0.5;
export function decodePng(png) {
    const img = PNG.sync.read(Buffer.from(png));
    return { pixels: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.length), width: img.width, height: img.height };
}
export function encodePng(img) {
    const png = new PNG({ width: img.width, height: img.height });
    Buffer.from(img.pixels.buffer, img.pixels.byteOffset, img.pixels.length).copy(png.data);
    return PNG.sync.write(png);
}
export function diffImages(expected, actual) {
    if (expected.width !== actual.width || expected.height !== actual.height) {
        throw new Error(`size differs: expected ${expected.width}x${expected.height}, got ${actual.width}x${actual.height}`);
    }
    const { width, height } = expected;
    const out = new Uint8Array(width * height * 4);
    const mismatched = pixelmatch(expected.pixels, actual.pixels, out, width, height, {
        threshold: PIXELMATCH_THRESHOLD,
        includeAA: false,
    });
    const total = width * height;
    return { mismatched, total, percent: (mismatched / total) * 100, diff: { pixels: out, width, height } };
}
//# sourceMappingURL=pixel-diff.js.map