import { LRUCache } from 'lru-cache';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { ensureAccountFonts } from '../render/fonts/font-registry.js';
/** The four formats Skia loads, told apart by their first four bytes (never by the client's Content-Type). */
export function sniffFontFormat(bytes) {
    if (bytes.length < 12)
        return null;
    const tag = bytes.subarray(0, 4).toString('latin1');
    if (tag === 'wOFF')
        return 'woff';
    if (tag === 'wOF2')
        return 'woff2';
    if (tag === 'OTTO')
        return 'otf';
    if (tag === 'true' || bytes.readUInt32BE(0) === 0x00010000)
        return 'ttf';
    return null;
}
export async function uploadFont(deps, accountId, input) {
    const family = input.family.trim();
    if (!/^[\p{L}\p{N} _-]{1,100}$/u.test(family)) {
        throw new ApiError('invalid_font', 'The family name must be 1–100 letters, digits, spaces, "-" or "_", e.g. family=Brand%20Sans.');
    }
    const format = sniffFontFormat(input.data);
    if (!format)
        throw new ApiError('invalid_font', 'The body is not a TTF, OTF, WOFF or WOFF2 font file.');
    const id = newId('fnt');
    try {
        // Loading it once here turns a corrupt file into a 400 now, not a failed render later.
        ensureAccountFonts([{ key: id, family, weight: input.weight, style: input.style, data: input.data }]);
    }
    catch {
        throw new ApiError('invalid_font', `The ${format.toUpperCase()} file could not be loaded as a font.`);
    }
    const blobKey = `fonts/${id}.${format}`;
    await deps.blobs.put(blobKey, input.data, `font/${format}`);
    return deps.store.createFont({ id, accountId, family, weight: input.weight, style: input.style, format, blobKey, createdAt: deps.now() });
}
export function listFonts(deps, accountId) {
    return deps.store.listFonts(accountId);
}
export async function deleteFont(deps, accountId, fontId) {
    const font = (await deps.store.listFonts(accountId)).find((f) => f.id === fontId);
    if (!font || !(await deps.store.deleteFont(accountId, fontId))) {
        throw new ApiError('font_not_found', `No font with id "${fontId}" in this account. List them with GET /fonts.`);
    }
    await deps.blobs.delete(font.blobKey);
}
/**
 * Font bytes an account's renders need, read from the blob store once and
 * kept in memory: uploaded files never change (a new upload gets a new id).
 */
export class AccountFontLoader {
    deps;
    cache = new LRUCache({ maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });
    constructor(deps) {
        this.deps = deps;
    }
    async load(accountId) {
        const fonts = [];
        for (const font of await this.deps.store.listFonts(accountId)) {
            let data = this.cache.get(font.blobKey);
            if (!data) {
                data = (await this.deps.blobs.get(font.blobKey)) ?? undefined;
                if (!data)
                    continue;
                this.cache.set(font.blobKey, data);
            }
            fonts.push({ key: font.id, family: font.family, weight: font.weight, style: font.style, data });
        }
        return fonts;
    }
}
//# sourceMappingURL=manage-fonts.js.map