import { MAX_CANVAS_SIDE } from '../../../src/domain/template-schema.js';

export interface SizePreset {
  id: string;
  label: string;
  width: number;
  height: number;
}

export const SIZE_PRESETS: readonly SizePreset[] = [
  { id: 'og', label: 'Open Graph (1200 × 630)', width: 1200, height: 630 },
  { id: 'square', label: 'Square post (1080 × 1080)', width: 1080, height: 1080 },
  { id: 'story', label: 'Story (1080 × 1920)', width: 1080, height: 1920 },
  { id: 'youtube', label: 'YouTube thumbnail (1280 × 720)', width: 1280, height: 720 },
  // A4 is 297 × 210 mm; 1754 × 1240 is 150 dpi, sharp enough to print a certificate.
  { id: 'certificate', label: 'A4 landscape certificate (1754 × 1240)', width: 1754, height: 1240 },
];

export const CANVAS_SIDE = { min: 1, max: MAX_CANVAS_SIDE };
