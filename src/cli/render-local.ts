import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '../domain/errors.js';
import { applyOverrides } from '../domain/overrides.js';
import type { Runtime } from '../main.js';
import { type RenderFormat, renderDocument } from '../render/render-document.js';
import { imageSources } from '../domain/elements.js';
import { checkTemplate } from '../services/check-template.js';
import { isLocalImagePath } from '../domain/template-schema.js';

export interface LocalRenderOptions {
  out: string;
  sets: string[];
  format?: RenderFormat;
  scale?: number;
}

/**
 * Renders a template file on this machine: no server, no account, no credits.
 * Unlike the API, the operator may point `src` at local files (relative to the
 * template), since the CLI acts with the operator's own rights.
 */
export async function renderLocal(runtime: Runtime, file: string, options: LocalRenderOptions) {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const raw = 'template' in parsed && typeof parsed.template === 'object' ? parsed.template : parsed;
  const document = await checkTemplate({ fontFamilies: runtime.deps.fontFamilies }, '', raw, { allowLocalFiles: true });
  const applied = applyOverrides(document, withAbsoluteSrcs(parseSets(options.sets)), { allowLocalFiles: true });
  if (!applied.ok) throw new ApiError(applied.code, applied.message, { errors: applied.errors });

  const images = new Map<string, Uint8Array>();
  for (const [src, element] of imageSources(applied.document)) {
    if (!isLocalImagePath(src)) {
      images.set(src, (await runtime.deps.fetcher.fetchImage(src)).bytes);
      continue;
    }
    const local = /^file:\/\//i.test(src) ? fileURLToPath(src) : path.resolve(path.dirname(file), src.replace(/^file:/i, ''));
    try {
      images.set(src, await readFile(local));
    } catch (error) {
      throw new ApiError('image_fetch_failed', `Could not read the image for element "${element}" from ${local}: ${(error as Error).message}`, {
        errors: [{ path: `${element}.src`, message: (error as Error).message }],
      });
    }
  }
  const output = await renderDocument({ document: applied.document, images, output: { format: options.format, scale: options.scale } });
  await writeFile(options.out, output.data);
  return { out: options.out, width: output.width, height: output.height, format: output.format, bytes: output.data.length };
}

/**
 * A path typed on the command line means "from where I am", a path inside the
 * template "next to the template": --set paths are made absolute here, before
 * both are resolved against the template's folder.
 */
function withAbsoluteSrcs(changes: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  for (const props of Object.values(changes)) {
    const src = props.src;
    if (typeof src === 'string' && isLocalImagePath(src.trim()) && !src.trim().startsWith('file:')) props.src = path.resolve(src.trim());
  }
  return changes;
}

/** `title.text=Hello world` → { title: { text: 'Hello world' } }; values stay strings and are coerced like an API override. */
export function parseSets(sets: string[]): Record<string, Record<string, unknown>> {
  const changes: Record<string, Record<string, unknown>> = {};
  for (const set of sets) {
    const match = /^([^.=]+)\.([^=]+)=(.*)$/s.exec(set);
    if (!match) throw new ApiError('invalid_request', `--set "${set}" must look like element.property=value, e.g. title.text="Hello".`);
    const [, element, property, value] = match;
    (changes[element] ??= {})[property] = value;
  }
  return changes;
}
