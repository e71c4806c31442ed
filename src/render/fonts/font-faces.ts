import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BUNDLED_FONT_WEIGHTS } from '../../domain/font-weights.js';

/**
 * One font file of the bundle. `alias` is the unique family name it is
 * registered under in Skia; `family` is the name users (and Chromium's
 * @font-face) know it by.
 */
export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  unicodeRange?: string;
  file: string;
  alias: string;
}

export interface PackageSpec {
  pkg: string;
  family: string;
  /** Only these fontsource subsets (all when absent). */
  subsets?: (subset: string) => boolean;
}

/** The families users may name, from the list. */
export const USER_FAMILIES: PackageSpec[] = [
  { pkg: 'inter', family: 'Inter' },
  { pkg: 'roboto', family: 'Roboto' },
  { pkg: 'open-sans', family: 'Open Sans' },
  { pkg: 'montserrat', family: 'Montserrat' },
  { pkg: 'lato', family: 'Lato' },
  { pkg: 'poppins', family: 'Poppins' },
  { pkg: 'oswald', family: 'Oswald' },
  { pkg: 'playfair-display', family: 'Playfair Display' },
  { pkg: 'merriweather', family: 'Merriweather' },
  { pkg: 'source-code-pro', family: 'Source Code Pro' },
  { pkg: 'noto-sans', family: 'Noto Sans' },
  // Fabric's default fontFamily is 'Times New Roman', and every toJSON()
  // of an untouched text writes it. Tinos is metric-compatible with it, so
  // line breaks match a designer's machine; we ship it under that name.
  { pkg: 'tinos', family: 'Times New Roman' },
];

/**
 * Fallbacks appended to every font stack, highest priority first. Emoji
 * comes before CJK because Noto Sans SC carries monochrome flag/emoji glyphs.
 * Only the script subsets are taken: their Latin subsets would shadow nothing
 * useful and only cost registration time.
 */
export const EMOJI_FAMILY = 'Noto Color Emoji';

const FALLBACKS: PackageSpec[] = [
  { pkg: 'noto-color-emoji', family: EMOJI_FAMILY },
  { pkg: 'noto-sans-sc', family: 'Noto Sans SC', subsets: (s) => /^\d+$/.test(s) },
  // Fontsource's Noto Sans SC keeps only a handful of Hangul syllables; after
  // SC, so Han characters keep SC's glyphs and Hangul gets KR's.
  { pkg: 'noto-sans-kr', family: 'Noto Sans KR', subsets: (s) => /^\d+$/.test(s) },
  { pkg: 'noto-sans-arabic', family: 'Noto Sans Arabic', subsets: (s) => s === 'arabic' },
  { pkg: 'noto-sans-hebrew', family: 'Noto Sans Hebrew', subsets: (s) => s === 'hebrew' },
];

/**
 * Fallback faces are bundled at 400 and 700 only (the CJK files are large);
 * Chromium gets the same list for the goldens and the editor, so both pick the
 * nearest of the two the same way.
 */
const FALLBACK_WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);

const packageDirs = new Map<string, string>();

export function packageDir(pkg: string): string {
  let dir = packageDirs.get(pkg);
  if (!dir) {
    // Asked once per weight and style while the faces are read; resolving is the costly part.
    dir = dirname(require.resolve(`@fontsource/${pkg}/package.json`));
    packageDirs.set(pkg, dir);
  }
  return dir;
}

interface ParsedFace {
  subset: string;
  weight: number;
  style: 'normal' | 'italic';
  unicodeRange?: string;
  file: string;
}

/**
 * Reads fontsource's own CSS so the unicode ranges are exactly the ones a
 * browser would get. The WOFF (v1) files are used, not WOFF2: Skia in
 * @napi-rs/canvas draws COLR emoji from WOFF but renders nothing for the
 * same glyphs from WOFF2, and one format for everything keeps both
 * renderers on identical bytes.
 */
function parseFontsourceCss(pkg: string, weight: number, style: 'normal' | 'italic'): ParsedFace[] {
  const dir = packageDir(pkg);
  const cssName = `${weight}${style === 'italic' ? '-italic' : ''}.css`;
  let css: string;
  try {
    css = readFileSync(join(dir, cssName), 'utf8');
  } catch {
    return [];
  }
  const faces: ParsedFace[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const woff = /url\(\.\/files\/([^)]+?\.woff)\)/.exec(block);
    if (!woff) continue;
    const fileName = woff[1];
    const subsetMatch = new RegExp(`^${pkg}-(.+)-${weight}-${style}\\.woff$`).exec(fileName);
    const range = /unicode-range:\s*([^;]+);/.exec(block);
    faces.push({
      subset: subsetMatch ? subsetMatch[1] : fileName,
      weight,
      style,
      unicodeRange: range ? range[1].trim() : undefined,
      file: join(dir, 'files', fileName),
    });
  }
  return faces;
}

function stylesOf(pkg: string): Array<'normal' | 'italic'> {
  const meta = JSON.parse(readFileSync(join(packageDir(pkg), 'metadata.json'), 'utf8')) as { styles: string[] };
  return meta.styles.includes('italic') ? ['normal', 'italic'] : ['normal'];
}

export interface FamilyFaces {
  family: string;
  /** Subset aliases, highest priority first (the reverse of CSS order). */
  aliases: string[];
  faces: FontFace[];
}

function loadFamily(spec: PackageSpec, aliasPrefix: string, weights: readonly number[]): FamilyFaces {
  const faces: FontFace[] = [];
  const subsetOrder: string[] = [];
  for (const style of stylesOf(spec.pkg)) {
    for (const weight of weights) {
      for (const face of parseFontsourceCss(spec.pkg, weight, style)) {
        if (spec.subsets && !spec.subsets(face.subset)) continue;
        if (!subsetOrder.includes(face.subset)) subsetOrder.push(face.subset);
        faces.push({
          family: spec.family,
          weight: face.weight,
          style: face.style,
          unicodeRange: face.unicodeRange,
          file: face.file,
          // One alias per subset holding all its weights/styles, so Skia's
          // CSS3 style matching picks the weight like Chromium does.
          alias: `${aliasPrefix}${spec.family} ${face.subset}`,
        });
      }
    }
  }
  // In CSS, among @font-face rules whose unicode-range covers a character,
  // the one defined last wins; Skia takes the first family in the list that
  // has the glyph. Reversing the CSS order makes both choose the same file.
  const aliases = subsetOrder.reverse().map((s) => `${aliasPrefix}${spec.family} ${s}`);
  return { family: spec.family, aliases, faces };
}

let cached: { families: FamilyFaces[]; fallbacks: FamilyFaces[] } | undefined;

let aliasPrefix: string | undefined;

/**
 * What every family name Imprint registers in Skia starts with. Skia also
 * registers an uploaded file under the family name in its own name table, and
 * a face added to a family that already has one of the same style wins that
 * family's match: a file whose name table said "imprint Inter latin" replaced
 * Inter 400 in every account's renders. So the names a stack uses are ones no
 * file can carry: random, per process. All threads share one font collection,
 * so the render workers adopt the main thread's (adoptFontAliasPrefix).
 */
export function fontAliasPrefix(): string {
  aliasPrefix ??= `imprint ${randomBytes(12).toString('base64url')} `;
  return aliasPrefix;
}

/** Called by a render worker before any face is named, with the prefix of the thread that started it. */
export function adoptFontAliasPrefix(prefix: string): void {
  if (cached && prefix !== aliasPrefix) throw new Error('the bundled faces were named before the font alias prefix was adopted');
  aliasPrefix = prefix;
}

export function bundledFaceSets(): { families: FamilyFaces[]; fallbacks: FamilyFaces[] } {
  if (!cached) {
    cached = {
      families: USER_FAMILIES.map((s) => loadFamily(s, fontAliasPrefix(), BUNDLED_FONT_WEIGHTS[s.family] ?? FALLBACK_WEIGHTS)),
      fallbacks: FALLBACKS.map((s) => loadFamily(s, `${fontAliasPrefix()}fallback `, FALLBACK_WEIGHTS)),
    };
  }
  return cached;
}
