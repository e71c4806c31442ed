/**
 * The text the editor puts on the system clipboard: a JSON wrapper that says
 * what it is, so a paste can tell Imprint objects from any other text, and
 * objects travel between tabs and templates. Pure (tested in Node).
 */
import { LIMITS } from '../../../src/domain/object-properties.js';

/** The wrapper's marker and version; a reader refuses any other. */
export const CLIPBOARD_KIND = 'imprint/fabric-objects';
export const CLIPBOARD_VERSION = 1;

type Serialized = Record<string, unknown>;

export interface ClipboardPayload {
  /** Fabric's toObject output, with absolute positions (not relative to a selection). */
  objects: Serialized[];
}

export function formatClipboard(objects: readonly Serialized[]): string {
  return JSON.stringify({ kind: CLIPBOARD_KIND, version: CLIPBOARD_VERSION, objects });
}

/**
 * The objects in a clipboard text, or null when it is not ours (plain text,
 * another app's JSON, a future version, an oversized list). Only the shape is
 * checked here; the caller runs the template schema before anything is drawn.
 */
export function parseClipboard(text: string): ClipboardPayload | null {
  if (!text || text.length > 20_000_000 || !text.trimStart().startsWith('{')) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const d = data as { kind?: unknown; version?: unknown; objects?: unknown };
  if (d.kind !== CLIPBOARD_KIND || d.version !== CLIPBOARD_VERSION || !Array.isArray(d.objects)) return null;
  if (d.objects.length === 0 || d.objects.length > LIMITS.objects) return null;
  if (!d.objects.every((o) => typeof o === 'object' && o !== null && !Array.isArray(o) && typeof (o as Serialized).type === 'string')) return null;
  return { objects: d.objects as Serialized[] };
}
