/**
 * satori (element tree → SVG, text as paths) then @resvg/resvg-js (SVG →
 * PNG): the usual "OG image" stack. Fonts are the same @fontsource WOFF
 * files; the `fonts` array is created once so satori's per-array font cache
 * hits on every render, and resvg loads no system fonts (satori already
 * turned all text into paths).
 */
import { readFileSync } from 'node:fs';
import { importOptional } from './optional-import.js';
import type { SatoriElement } from './satori-card.js';

export interface SatoriSetup {
  card: SatoriElement;
  width: number;
  height: number;
  fonts: Array<{ name: string; woff: string; weight: number; style: 'normal' | 'italic' }>;
}

interface SatoriFont {
  name: string;
  data: Buffer;
  weight: number;
  style: 'normal' | 'italic';
}
interface SatoriModule {
  default: (element: unknown, opts: { width: number; height: number; fonts: SatoriFont[] }) => Promise<string>;
}
interface ResvgModule {
  Resvg: new (
    svg: string,
    opts: { font: { loadSystemFonts: boolean }; fitTo: { mode: 'original' } },
  ) => {
    render(): { asPng(): Buffer };
  };
}

export async function createSatoriRenderer(setup: SatoriSetup): Promise<() => Promise<Buffer>> {
  const satori = (await importOptional<SatoriModule>('satori')).default;
  const { Resvg } = await importOptional<ResvgModule>('@resvg/resvg-js');
  const fonts: SatoriFont[] = setup.fonts.map((f) => ({ name: f.name, data: readFileSync(f.woff), weight: f.weight, style: f.style }));
  return async () => {
    const svg = await satori(setup.card, { width: setup.width, height: setup.height, fonts });
    return new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().asPng();
  };
}
