// <input type="color"> only speaks #rrggbb. The canvas parses every CSS colour
// (names, rgb(), hsl(), #rgba), so it converts for the picker; the text field
// next to it keeps the exact value the user typed, alpha included.

const ctx = document.createElement('canvas').getContext('2d');

/** '#rrggbb' for any CSS colour, or null when the browser can't parse it (e.g. "transparent" has no picker value). */
export function toPickerHex(value) {
  if (typeof value !== 'string' || !ctx) return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'transparent') return null;
  ctx.fillStyle = '#010203';
  ctx.fillStyle = trimmed;
  const parsed = ctx.fillStyle;
  if (parsed === '#010203' && trimmed.toLowerCase() !== '#010203') return null;
  if (parsed.startsWith('#')) return parsed;
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(parsed);
  if (!m) return null;
  return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
}

/** A hint only, for marking the field: the server has the final word on colours. */
export function isValidColor(value) {
  if (typeof value !== 'string') return false;
  const t = value.trim().toLowerCase();
  return t === 'transparent' || toPickerHex(t) !== null;
}
