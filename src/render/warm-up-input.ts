import type { RenderInput } from './render-document.js';

/**
 * What a render worker draws once before it says ready: a text in the default
 * family over a shape with a gradient and a shadow, encoded as PNG, so that the
 * code paths every real card takes are compiled and the default font's glyphs
 * are in Skia's cache. Small (400×200) so a cold start stays cheap.
 */
export function warmUpInput(): RenderInput {
  return {
    images: new Map(),
    output: { format: 'png' },
    document: {
      version: '7.0.0',
      width: 400,
      height: 200,
      background: '#0F172A',
      objects: [
        {
          type: 'Rect',
          version: '7.0.0',
          name: 'panel',
          left: 20,
          top: 20,
          width: 360,
          height: 160,
          rx: 12,
          ry: 12,
          fill: {
            type: 'linear',
            coords: { x1: 0, y1: 0, x2: 360, y2: 0 },
            colorStops: [
              { offset: 0, color: '#1E3A8A' },
              { offset: 1, color: '#9333EA' },
            ],
          },
          shadow: { color: 'rgba(0,0,0,0.4)', blur: 8, offsetX: 0, offsetY: 4 },
        },
        {
          type: 'Textbox',
          version: '7.0.0',
          name: 'title',
          left: 40,
          top: 60,
          width: 320,
          text: 'Warm-up: Ág 123',
          fontFamily: 'Inter',
          fontSize: 32,
          fontWeight: 'bold',
          fill: '#FFFFFF',
        },
      ],
    },
  };
}
