import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CSS_COLOR_NAMES, isColor, parseColor } from './color.js';
test('hex forms', () => {
    assert.deepEqual(parseColor('#f00'), { r: 255, g: 0, b: 0, a: 1 });
    assert.deepEqual(parseColor('#F008'), { r: 255, g: 0, b: 0, a: 0x88 / 255 });
    assert.deepEqual(parseColor('#1a2B3c'), { r: 0x1a, g: 0x2b, b: 0x3c, a: 1 });
    assert.deepEqual(parseColor('#1a2b3c80'), { r: 0x1a, g: 0x2b, b: 0x3c, a: 0x80 / 255 });
    for (const bad of ['#', '#ff', '#fffff', '#fffffff', '#ggg', '#123456789', 'f00']) {
        assert.equal(parseColor(bad), null, bad);
    }
});
test('rgb() and rgba(), comma and space syntax, percentages', () => {
    assert.deepEqual(parseColor('rgb(0,0,0)'), { r: 0, g: 0, b: 0, a: 1 });
    assert.deepEqual(parseColor('rgba(10, 20, 30, 0.5)'), { r: 10, g: 20, b: 30, a: 0.5 });
    assert.deepEqual(parseColor('rgb(10 20 30 / 25%)'), { r: 10, g: 20, b: 30, a: 0.25 });
    assert.deepEqual(parseColor('rgb(100%, 50%, 0%)'), { r: 255, g: 128, b: 0, a: 1 });
    assert.deepEqual(parseColor('RGBA(300, -5, 0, 2)'), { r: 255, g: 0, b: 0, a: 1 });
    assert.deepEqual(parseColor('rgba(1,2,3)'), { r: 1, g: 2, b: 3, a: 1 });
    for (const bad of ['rgb(1,2)', 'rgb(1,2,3,4,5)', 'rgb(1 2, 3)', 'rgb(1,2,3 / 1)', 'rgb(a,b,c)', 'rgb(1 2 3 / )', 'rgb 1 2 3']) {
        assert.equal(parseColor(bad), null, bad);
    }
});
test('hsl() and hsla() with angle units', () => {
    assert.deepEqual(parseColor('hsl(0, 100%, 50%)'), { r: 255, g: 0, b: 0, a: 1 });
    assert.deepEqual(parseColor('hsl(120deg 100% 25%)'), { r: 0, g: 128, b: 0, a: 1 });
    assert.deepEqual(parseColor('hsla(240, 100%, 50%, .5)'), { r: 0, g: 0, b: 255, a: 0.5 });
    assert.deepEqual(parseColor('hsl(0.5turn 100% 50% / 10%)'), { r: 0, g: 255, b: 255, a: 0.1 });
    assert.deepEqual(parseColor('hsl(-120, 100%, 50%)'), { r: 0, g: 0, b: 255, a: 1 });
    assert.equal(parseColor('hsl(0, 100%)'), null);
    assert.equal(parseColor('hsl(red, 1%, 1%)'), null);
});
test('named colours and transparent', () => {
    assert.deepEqual(parseColor('RebeccaPurple'), { r: 0x66, g: 0x33, b: 0x99, a: 1 });
    assert.deepEqual(parseColor(' white '), { r: 255, g: 255, b: 255, a: 1 });
    assert.deepEqual(parseColor('transparent'), { r: 0, g: 0, b: 0, a: 0 });
    assert.equal(CSS_COLOR_NAMES.length, 149);
    for (const name of CSS_COLOR_NAMES)
        assert.ok(isColor(name), name);
    assert.equal(parseColor('notacolor'), null);
    assert.equal(parseColor('none'), null);
});
test('isColor rejects non-strings and empty strings', () => {
    assert.equal(isColor(''), false);
    assert.equal(isColor(null), false);
    assert.equal(isColor(0xff0000), false);
    assert.equal(isColor('#abc'), true);
});
//# sourceMappingURL=color.test.js.map