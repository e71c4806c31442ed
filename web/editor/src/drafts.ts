/**
 * A local copy of unsaved work, one per template (and one for a template not
 * yet saved), in localStorage: a closed tab or a crashed browser loses
 * nothing. It holds only what the person typed on this device; the server's
 * copy stays the truth and a draft is only ever offered, never applied silently.
 */
import type { TemplateDocument } from '../../../src/domain/template.js';

export interface Draft {
  name: string;
  template: TemplateDocument;
  /** Epoch milliseconds of the last change. */
  at: number;
}

const key = (templateId: string | null) => `imprint.draft.${templateId ?? 'new'}`;

export function readDraft(templateId: string | null): Draft | null {
  try {
    const raw = localStorage.getItem(key(templateId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    const t = d.template as Partial<TemplateDocument> | undefined;
    return typeof d.name === 'string' && typeof d.at === 'number' && t && Array.isArray(t.objects) && typeof t.width === 'number' && typeof t.height === 'number'
      ? (d as Draft)
      : null;
  } catch {
    return null;
  }
}

/** False when storage is full or disabled (private mode): the caller says so rather than pretending. */
export function writeDraft(templateId: string | null, draft: Draft): boolean {
  try {
    localStorage.setItem(key(templateId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(templateId: string | null): void {
  try {
    localStorage.removeItem(key(templateId));
  } catch {
    // Storage disabled: there is no draft to clear.
  }
}
