/**
 * The editor measures and draws text with the server's own font files
 * (the renderer's bundled faces, same unicode ranges, same order), so line
 * breaks in the editor are the line breaks of the API's PNG. Faces are
 * registered per family on first use and fetched per unicode range by the
 * browser, so a Latin-only design downloads no CJK file.
 */
import { cache } from 'fabric';
import { apiUrl, type AccountFont, type BundledFonts } from './api.js';

let bundled: BundledFonts | null = null;
let own: readonly AccountFont[] = [];
const registered = new Set<string>();

export function setBundledFonts(fonts: BundledFonts): void {
  bundled = fonts;
}

/** The account's uploaded fonts, drawn from their own files (GET /fonts/{id}/file) as the renderer draws them. */
export function setAccountFonts(fonts: readonly AccountFont[]): void {
  own = fonts;
}

/** A font just uploaded: its family is registered again, so the new face joins the ones already added. */
export function addAccountFont(font: AccountFont): void {
  own = [...own, font];
  registered.delete(font.family);
}

function register(family: string): void {
  if (registered.has(family)) return;
  const uploaded = own.filter((f) => f.family === family);
  if (uploaded.length) {
    registered.add(family);
    // An account's family shadows a bundled one of the same name, as in the renderer's account font registry.
    for (const f of uploaded) {
      document.fonts.add(new FontFace(family, `url(${apiUrl(`fonts/${encodeURIComponent(f.id)}/file`)})`, { weight: String(f.weight), style: f.style }));
    }
    return;
  }
  if (!bundled) return;
  registered.add(family);
  for (const face of bundled.faces) {
    if (face.family !== family) continue;
    const descriptors: FontFaceDescriptors = { weight: String(face.weight), style: face.style };
    if (face.unicodeRange) descriptors.unicodeRange = face.unicodeRange;
    document.fonts.add(new FontFace(family, `url(${apiUrl(bundled.files[face.file])})`, descriptors));
  }
}

export interface TextLike {
  fontFamily?: unknown;
  fontWeight?: unknown;
  fontStyle?: unknown;
  text?: unknown;
}

/**
 * Loads what the given texts need, then drops Fabric's width cache for those
 * families: widths measured with a fallback font while the file was loading
 * would otherwise stick.
 */
export async function ensureFonts(texts: readonly TextLike[]): Promise<void> {
  const loads: Promise<unknown>[] = [];
  const families = new Set<string>();
  for (const t of texts) {
    if (typeof t.fontFamily !== 'string') continue;
    const family = t.fontFamily
      .split(',')[0]
      .trim()
      .replace(/^['"]|['"]$/g, '');
    families.add(family);
    register(family);
    const weight = t.fontWeight === 'bold' ? '700' : String(t.fontWeight ?? '400');
    const style = t.fontStyle === 'italic' ? 'italic' : 'normal';
    const sample = typeof t.text === 'string' && t.text ? t.text.slice(0, 2000) : 'A';
    loads.push(document.fonts.load(`${style} ${weight} 16px ${JSON.stringify(family)}`, sample).catch(() => []));
  }
  await Promise.all(loads);
  for (const family of families) cache.clearFontCache(family);
}
