// Shared by the developer area's Fonts screen and the editor's font upload (bundled from here).

/** "BrandSans-BoldItalic.woff2" → { family: "Brand Sans", weight: 700, style: "italic" }: a guess the person can correct. */
export function guessFromFileName(name) {
  const base = name.replace(/\.[^.]+$/, '');
  const dash = base.lastIndexOf('-');
  const face = dash > 0 ? base.slice(dash + 1).toLowerCase() : '';
  const isFace = /^(thin|extralight|light|regular|book|medium|semibold|bold|extrabold|black|heavy)?(italic|oblique)?$/.test(face) && face !== '';
  const weights = { thin: 100, extralight: 200, light: 300, medium: 500, semibold: 600, extrabold: 800, bold: 700, black: 900, heavy: 900 };
  const weight = isFace ? (Object.entries(weights).find(([word]) => face.startsWith(word))?.[1] ?? 400) : 400;
  // Only the characters the server accepts in a family name, so the guess is never refused.
  const family = (isFace ? base.slice(0, dash) : base)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[^\p{L}\p{N} -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return { family, weight, style: isFace && /italic|oblique/.test(face) ? 'italic' : 'normal' };
}
