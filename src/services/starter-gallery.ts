import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { imageSources } from '../domain/elements.js';
import { validateTemplate } from '../domain/template-schema.js';
import type { TemplateDocument } from '../domain/template.js';
import type { ServiceDeps } from './service-deps.js';

/** A ready-made design the editor's "New template" dialog offers; never stored in an account until saved. */
export interface Starter {
  /** The file's base name: stable, URL-safe, and never a template id (those start with tpl_). */
  id: string;
  name: string;
  description: string;
  width: number;
  height: number;
  template: TemplateDocument;
}

/**
 * Longest side of a preview, in pixels: the dialog shows cards about 200 px
 * wide, so 480 stays sharp on a 2× screen and keeps the 1080 × 1920 story
 * under 100 kB.
 */
export const PREVIEW_MAX_SIDE = 480;

/** The starters first, then the three demo templates every install also seeds. */
export function starterDirs(): string[] {
  return [path.join(repoRoot(), 'templates', 'starters'), path.join(repoRoot(), 'templates', 'demo')];
}

const STARTER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * Reads every `*.json` ({ name, description?, template }) of the folders, in
 * folder order then file name order. A file that is not a valid template stops
 * the server at start: a broken starter would otherwise surface only as a
 * refused save in someone's editor.
 */
export function loadStarters(dirs: readonly string[], fontFamilies: readonly string[]): Starter[] {
  const starters: Starter[] = [];
  for (const dir of dirs) {
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const id = file.slice(0, -'.json'.length);
      if (!STARTER_ID.test(id)) throw new Error(`Starter file name ${file} must be lower-case letters, digits and dashes`);
      if (starters.some((s) => s.id === id)) throw new Error(`Two starters are named ${id}`);
      const raw = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { name?: unknown; description?: unknown; template?: unknown };
      const checked = validateTemplate(raw.template, { fontFamilies: [...fontFamilies] });
      if (!checked.ok) throw new Error(`Starter ${file} is not a valid template: ${checked.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
      if (typeof raw.name !== 'string' || raw.name.trim() === '') throw new Error(`Starter ${file} needs a "name"`);
      const template = checked.document;
      starters.push({
        id,
        name: raw.name,
        description: typeof raw.description === 'string' ? raw.description : '',
        width: template.width,
        height: template.height,
        template,
      });
    }
  }
  return starters;
}

/**
 * Preview PNGs made by the server's own renderer on first request and kept
 * in memory for the life of the process: they then always match the renderer
 * that will draw the user's copy, nothing binary is committed, and the work is
 * bounded by the number of starters however many requests come.
 */
export class StarterPreviews {
  private readonly made = new Map<string, Promise<{ png: Buffer; etag: string }>>();

  constructor(private readonly deps: Pick<ServiceDeps, 'renderer' | 'fetcher'>) {}

  get(starter: Starter): Promise<{ png: Buffer; etag: string }> {
    let pending = this.made.get(starter.id);
    if (!pending) {
      pending = this.render(starter);
      // A failure (a full queue, a stopped worker) is not remembered: the next request tries again.
      pending.catch(() => this.made.delete(starter.id));
      this.made.set(starter.id, pending);
    }
    return pending;
  }

  private async render(starter: Starter): Promise<{ png: Buffer; etag: string }> {
    const images = new Map<string, Uint8Array>();
    // Starters embed their pictures as data: URLs, which the fetcher decodes without any network.
    for (const src of imageSources(starter.template).keys()) images.set(src, (await this.deps.fetcher.fetchImage(src)).bytes);
    const scale = Math.min(1, PREVIEW_MAX_SIDE / Math.max(starter.width, starter.height));
    const output = await this.deps.renderer.render({ document: starter.template, images, output: { format: 'png', scale } }, { tenant: 'starter-gallery' });
    return { png: output.data, etag: `"${createHash('sha256').update(output.data).digest('hex').slice(0, 32)}"` };
  }
}
