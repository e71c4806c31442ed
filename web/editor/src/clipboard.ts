/**
 * Copy and paste through the system clipboard, so objects travel between
 * tabs and templates. Reading it needs the page's clipboard permission; when
 * the browser refuses (or the clipboard holds someone else's text), the copy
 * kept in this tab is used instead, so Ctrl+C / Ctrl+V always work here.
 */
import { formatClipboard, parseClipboard, type ClipboardPayload } from './clipboard-format.js';

let inTab: ClipboardPayload | null = null;

/** Where the copy went: the system clipboard as well as this tab, or this tab only. */
export async function copyObjects(objects: Record<string, unknown>[]): Promise<'system' | 'tab'> {
  inTab = { objects };
  try {
    await navigator.clipboard.writeText(formatClipboard(objects));
    return 'system';
  } catch {
    return 'tab';
  }
}

let lastPasted = '';
let repeats = 0;

/**
 * Objects to paste (the system clipboard's if they are Imprint objects, else
 * this tab's last copy, else null) and how many times that same content was
 * pasted before, so each paste lands one step further instead of on the last.
 */
export async function readObjects(): Promise<{ objects: Record<string, unknown>[]; repeat: number } | null> {
  let payload: ClipboardPayload | null = null;
  try {
    payload = parseClipboard(await navigator.clipboard.readText());
  } catch {
    // Permission refused or the page not focused: this tab's copy below.
  }
  payload ??= inTab;
  if (!payload) return null;
  const key = JSON.stringify(payload.objects);
  repeats = key === lastPasted ? repeats + 1 : 0;
  lastPasted = key;
  return { objects: payload.objects, repeat: repeats };
}
