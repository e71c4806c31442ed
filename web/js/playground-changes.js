// The playground's request body, as a pure function of what the user changed,
// so the Generate and Preview buttons and the code snippets all send exactly
// the same changes (and tests can check it without a browser).

/**
 * An input's text as the value the API takes for a field of this type, or
 * undefined when it is empty (left as the template has it).
 * @param {{ type: string }} field
 * @param {string | boolean} raw
 */
export function fieldValue(field, raw) {
  if (field.type === 'boolean') return Boolean(raw);
  const text = String(raw);
  if (field.type === 'text') return text;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (field.type === 'number') return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  if (field.type === 'fontWeight' && /^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

/**
 * Element name → { property: value } for every changed property; an element
 * with no change is left out. Built with fromEntries (own properties), so an
 * element named "__proto__" stays an element.
 * @param {Array<[string, Array<[string, unknown]>]>} edits element name and its changed [property, value] pairs
 */
export function changesOf(edits) {
  return Object.fromEntries(edits.filter(([, pairs]) => pairs.length > 0).map(([name, pairs]) => [name, Object.fromEntries(pairs)]));
}

/**
 * The body of POST /image/generate; the preview sends the same minus format and scale (always PNG at 1×).
 * @param {string} templateId
 * @param {Record<string, Record<string, unknown>>} changes
 * @param {{ format?: string, scale?: number }} options
 */
export function generateBody(templateId, changes, { format = 'png', scale = 1 } = {}) {
  const body = { templateId };
  if (Object.keys(changes).length) body.elements = changes;
  if (format !== 'png') body.format = format;
  if (scale !== 1) body.scale = scale;
  return body;
}

export function previewBody(templateId, changes) {
  return generateBody(templateId, changes);
}
