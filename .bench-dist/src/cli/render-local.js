import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../domain/errors.js';
import { applyOverrides } from '../domain/overrides.js';
import { collectImageSources, renderDocument } from '../render/render-document.js';
import { checkTemplate } from '../services/check-template.js';
/**
 * Renders a template file on this machine: no server, no account, no credits.
 * Unlike the API, the operator may point `src` at local files (relative to the
 * template), since the CLI acts with the operator's own rights.
 */
export async function renderLocal(runtime, file, options) {
    const parsed = JSON.parse(await readFile(file, 'utf8'));
    const raw = 'template' in parsed && typeof parsed.template === 'object' ? parsed.template : parsed;
    const document = await checkTemplate({ fontFamilies: runtime.deps.fontFamilies }, '', raw);
    const applied = applyOverrides(document, parseSets(options.sets));
    if (!applied.ok)
        throw new ApiError(applied.code, applied.message, { errors: applied.errors });
    const images = new Map();
    for (const src of collectImageSources(applied.document)) {
        if (/^(https?|data):/i.test(src))
            images.set(src, (await runtime.deps.fetcher.fetchImage(src)).bytes);
        else
            images.set(src, await readFile(path.resolve(path.dirname(file), src.replace(/^file:\/\//, ''))));
    }
    const output = await renderDocument({ document: applied.document, images, output: { format: options.format, scale: options.scale } });
    await writeFile(options.out, output.data);
    return { out: options.out, width: output.width, height: output.height, format: output.format, bytes: output.data.length };
}
/** `title.text=Hello world` → { title: { text: 'Hello world' } }; values stay strings and are coerced like an API override. */
export function parseSets(sets) {
    const changes = {};
    for (const set of sets) {
        const match = /^([^.=]+)\.([^=]+)=(.*)$/s.exec(set);
        if (!match)
            throw new ApiError('invalid_request', `--set "${set}" must look like element.property=value, e.g. title.text="Hello".`);
        const [, element, property, value] = match;
        (changes[element] ??= {})[property] = value;
    }
    return changes;
}
//# sourceMappingURL=render-local.js.map