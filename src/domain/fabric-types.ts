/**
 * Fabric object type names as they appear in JSON from Fabric v5 (`i-text`,
 * `textbox`), v6 and v7 (`IText`, `Textbox`), folded to one canonical
 * lower-case spelling so the rest of the code compares against one name.
 */
export const SUPPORTED_TYPES = ['rect', 'circle', 'ellipse', 'triangle', 'line', 'polyline', 'polygon', 'path', 'textbox', 'i-text', 'text', 'image', 'group'] as const;

export type SupportedType = (typeof SUPPORTED_TYPES)[number];

const TEXT_TYPES: ReadonlySet<SupportedType> = new Set(['textbox', 'i-text', 'text']);

/** `Textbox`/`textbox` → `textbox`; `IText`/`i-text`/`itext` → `i-text`; unknown → null. */
export function canonicalType(type: unknown): SupportedType | null {
  if (typeof type !== 'string') return null;
  const lower = type.toLowerCase();
  // v6 renamed the class to IText, whose lower-cased form loses v5's hyphen.
  if (lower === 'itext') return 'i-text';
  return (SUPPORTED_TYPES as readonly string[]).includes(lower) ? (lower as SupportedType) : null;
}

export function isTextType(type: SupportedType | null): boolean {
  return type !== null && TEXT_TYPES.has(type);
}

/**
 * The family a CSS font list starts with, unquoted: `"'Open Sans', Arial"` →
 * `Open Sans`. Only that one must be installed; the rest are the renderer's
 * business (Fabric passes the whole list to the browser's font matching).
 */
export function primaryFontFamily(fontFamily: string): string {
  const first = fontFamily.split(',')[0]?.trim() ?? '';
  const quoted = /^(['"])(.*)\1$/.exec(first);
  return (quoted ? quoted[2] : first).trim();
}

/** Splits a CSS family list as Fabric users write it: `Inter`, `'Open Sans', sans-serif`; the renderer tries each in turn. */
export function parseFamilyList(fontFamily: string): string[] {
  return fontFamily
    .split(',')
    .map((s) =>
      s
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim(),
    )
    .filter((s) => s.length > 0);
}
