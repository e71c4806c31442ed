import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRepoRoot } from './repo-root.js';

export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  unicodeRange?: string;
  file: string;
}

const FONTSOURCE_PACKAGES = ['inter', 'roboto', 'open-sans', 'montserrat', 'lato', 'poppins', 'oswald', 'playfair-display', 'merriweather', 'source-code-pro', 'noto-sans'];

/**
 * The font faces Chromium gets as @font-face rules. Prefer the renderer's own
 * bundledFontFaces() so both renderers rasterise the very same files; until
 * that module exists, read the @fontsource CSS (400/700, normal/italic).
 */
export async function loadFontFaces(): Promise<{ faces: FontFace[]; source: 'font-registry' | 'fontsource-css' }> {
  const root = findRepoRoot();
  const registry = join(root, 'src', 'render', 'fonts', 'font-registry.ts');
  if (existsSync(registry)) {
    // A computed specifier keeps tsc from resolving a module another helper owns.
    const mod = (await import(pathToFileURL(registry).href)) as { bundledFontFaces?: () => FontFace[] };
    if (typeof mod.bundledFontFaces === 'function') return { faces: mod.bundledFontFaces(), source: 'font-registry' };
  }
  return { faces: fontsourceFaces(root), source: 'fontsource-css' };
}

function fontsourceFaces(root: string): FontFace[] {
  const faces: FontFace[] = [];
  for (const pkg of FONTSOURCE_PACKAGES) {
    const dir = join(root, 'node_modules', '@fontsource', pkg);
    for (const css of ['400.css', '400-italic.css', '700.css', '700-italic.css']) {
      const path = join(dir, css);
      if (!existsSync(path)) continue;
      for (const block of readFileSync(path, 'utf8').match(/@font-face\s*{[^}]*}/g) ?? []) {
        const family = /font-family:\s*'([^']+)'/.exec(block)?.[1];
        const style = /font-style:\s*(\w+)/.exec(block)?.[1];
        const weight = /font-weight:\s*(\d+)/.exec(block)?.[1];
        const url = /url\(\.\/([^)]+\.woff2)\)/.exec(block)?.[1];
        const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
        if (!family || !style || !weight || !url) continue;
        faces.push({
          family,
          weight: Number(weight),
          style: style === 'italic' ? 'italic' : 'normal',
          unicodeRange: range?.trim(),
          file: join(dir, url),
        });
      }
    }
  }
  return faces;
}
