/**
 * satori (element tree → SVG, text as paths) then @resvg/resvg-js (SVG →
 * PNG): the usual "OG image" stack. Fonts are the same @fontsource WOFF
 * files; the `fonts` array is created once so satori's per-array font cache
 * hits on every render, and resvg loads no system fonts (satori already
 * turned all text into paths).
 */
import { readFileSync } from 'node:fs';
import { importOptional } from './optional-import.js';
export async function createSatoriRenderer(setup) {
    const satori = (await importOptional('satori')).default;
    const { Resvg } = await importOptional('@resvg/resvg-js');
    const fonts = setup.fonts.map((f) => ({ name: f.name, data: readFileSync(f.woff), weight: f.weight, style: f.style }));
    return async () => {
        const svg = await satori(setup.card, { width: setup.width, height: setup.height, fonts });
        return new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().asPng();
    };
}
//# sourceMappingURL=satori-engine.js.map