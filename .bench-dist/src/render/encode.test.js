import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { renderDocument, renderToRaw } from './render-document.js';
const doc = {
    width: 200,
    height: 100,
    background: '#ff0000',
    objects: [{ type: 'rect', left: 150, top: 50, width: 100, height: 100, fill: 'rgba(0,0,255,0.5)' }],
};
test('png/jpeg/webp outputs are real images of the document size', async () => {
    for (const format of ['png', 'jpeg', 'webp']) {
        const out = await renderDocument({ document: doc, images: new Map(), output: { format, quality: 80 } });
        const meta = await sharp(out.data).metadata();
        assert.equal(meta.format, format);
        assert.deepEqual([meta.width, meta.height, out.width, out.height, out.format], [200, 100, 200, 100, format]);
    }
});
test('scale renders at the scaled size, not by resampling', async () => {
    const out = await renderDocument({ document: doc, images: new Map(), output: { scale: 2.5 } });
    const meta = await sharp(out.data).metadata();
    assert.deepEqual([meta.width, meta.height], [500, 250]);
    const raw = await renderToRaw({ document: doc, images: new Map(), output: { scale: 2 } });
    // The rect's left edge (x=100 in document units) lands exactly on x=200 at scale 2.
    const px = (x, y) => [...raw.pixels.subarray((y * raw.width + x) * 4, (y * raw.width + x) * 4 + 4)];
    assert.deepEqual(px(199, 100), [255, 0, 0, 255]);
    assert.deepEqual(px(200, 100), [127, 0, 128, 255]);
    await assert.rejects(renderDocument({ document: doc, images: new Map(), output: { scale: 5 } }), /scale/);
});
test('raw pixels are unpremultiplied RGBA', async () => {
    const raw = await renderToRaw({
        document: { width: 4, height: 4, objects: [{ type: 'rect', left: 2, top: 2, width: 4, height: 4, fill: 'rgba(0,255,0,0.5)', strokeWidth: 0 }] },
        images: new Map(),
    });
    const [r, g, b, a] = raw.pixels.subarray(0, 4);
    assert.deepEqual([r, b], [0, 0]);
    assert.ok(g >= 254 && Math.abs(a - 128) <= 1, `${g} ${a}`);
});
test('a missing image names the element', async () => {
    await assert.rejects(renderDocument({ document: { width: 10, height: 10, objects: [{ type: 'image', name: 'logo', src: 'https://x/y.png' }] }, images: new Map() }), (err) => err.name === 'RenderError' && err.element === 'logo');
});
//# sourceMappingURL=encode.test.js.map