import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '../domain/errors.js';
import { applyOverrides } from '../domain/overrides.js';
import type { Runtime } from '../main.js';
import { type RenderFormat, renderDocument, type RenderInput } from '../render/render-document.js';
import { imageSources } from '../domain/elements.js';
import { checkTemplate } from '../services/check-template.js';
import { isLocalImagePath } from '../domain/template-schema.js';
import { putOverride, splitOverrideName } from '../domain/signed-url.js';
import type { TemplateDocument } from '../domain/template.js';

export interface LocalRenderOptions {
  out: string;
  sets: string[];
  format?: RenderFormat;
  scale?: number;
}

/** A checked template read from a file, and the folder its relative image paths are read from. */
export interface LocalTemplate {
  document: TemplateDocument;
  dir: string;
}

type LocalDeps = Pick<Runtime['deps'], 'fontFamilies' | 'fetcher'>;

/**
 * Renders a template file on this machine: no server, no account, no credits.
 * Unlike the API, the operator may point `src` at local files (relative to the
 * template), since the CLI acts with the operator's own rights.
 */
export async function renderLocal(runtime: Runtime, file: string, options: LocalRenderOptions) {
  const template = await loadLocalTemplate(runtime.deps, file);
  const input = await localRenderInput(runtime.deps, template, withAbsoluteSrcs(parseSets(options.sets), process.cwd()));
  const output = await renderDocument({ ...input, output: { format: options.format, scale: options.scale } });
  await writeFile(options.out, output.data);
  return { out: options.out, width: output.width, height: output.height, format: output.format, bytes: output.data.length };
}

/** FILE holds `{"name","template"}` (as exported) or a bare Fabric document. */
export async function loadLocalTemplate(deps: LocalDeps, file: string): Promise<LocalTemplate> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const raw = 'template' in parsed && typeof parsed.template === 'object' ? parsed.template : parsed;
  const document = await checkTemplate({ fontFamilies: deps.fontFamilies }, '', raw, { allowLocalFiles: true });
  return { document, dir: path.dirname(file) };
}

/**
 * The template with `changes` applied and every image it then shows, read
 * from disk or fetched. `images` lets a batch read each source once for all
 * its rows instead of once per row.
 */
export async function localRenderInput(
  deps: LocalDeps,
  template: LocalTemplate,
  changes: Record<string, Record<string, unknown>>,
  images: Map<string, Promise<Uint8Array>> = new Map(),
): Promise<RenderInput> {
  const applied = applyOverrides(template.document, changes, { allowLocalFiles: true });
  if (!applied.ok) throw new ApiError(applied.code, applied.message, { errors: applied.errors });
  const loaded = new Map<string, Uint8Array>();
  for (const [src, element] of imageSources(applied.document)) {
    let bytes = images.get(src);
    if (!bytes) {
      bytes = readImage(deps, template.dir, src, element);
      images.set(src, bytes);
      // A failed read is not remembered: the next row that needs it tries again.
      bytes.catch(() => images.delete(src));
    }
    loaded.set(src, await bytes);
  }
  return { document: applied.document, images: loaded };
}

async function readImage(deps: LocalDeps, dir: string, src: string, element: string): Promise<Uint8Array> {
  if (!isLocalImagePath(src)) return (await deps.fetcher.fetchImage(src)).bytes;
  const local = /^file:\/\//i.test(src) ? fileURLToPath(src) : path.resolve(dir, src.replace(/^file:/i, ''));
  try {
    return await readFile(local);
  } catch (error) {
    throw new ApiError('image_fetch_failed', `Could not read the image for element "${element}" from ${local}: ${(error as Error).message}`, {
      errors: [{ path: `${element}.src`, message: (error as Error).message }],
    });
  }
}

/**
 * A path typed on the command line means "from where I am", a path in a
 * sheet "next to the sheet", a path inside the template "next to the
 * template": paths in changes are made absolute from `base` here, before the
 * template's own are resolved against the template's folder.
 */
export function withAbsoluteSrcs<T extends Record<string, Record<string, unknown>>>(changes: T, base: string): T {
  for (const props of Object.values(changes)) {
    const src = props.src;
    if (typeof src === 'string' && isLocalImagePath(src.trim()) && !src.trim().startsWith('file:')) props.src = path.resolve(base, src.trim());
  }
  return changes;
}

/**
 * `title.text=Hello world` → { title: { text: 'Hello world' } }; values stay strings and are coerced like an API override.
 * The name splits at its last dot, as in a signed URL's query and a batch sheet's header, since element names may hold dots.
 */
export function parseSets(sets: string[]): Record<string, Record<string, unknown>> {
  const changes: Record<string, Record<string, unknown>> = {};
  for (const set of sets) {
    const eq = set.indexOf('=');
    const name = eq > 0 ? splitOverrideName(set.slice(0, eq)) : null;
    if (!name) throw new ApiError('invalid_request', `--set "${set}" must look like element.property=value, e.g. title.text="Hello".`);
    putOverride(changes, name, set.slice(eq + 1));
  }
  return changes;
}
