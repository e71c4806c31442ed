import { LRUCache } from 'lru-cache';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { ensureAccountFonts } from '../render/fonts/font-registry.js';
import type { AccountFont } from '../render/render-document.js';
import type { FontRecord } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'blobs' | 'now' | 'fontFamilies'>;

export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

/** The four formats Skia loads, told apart by their first four bytes (never by the client's Content-Type). */
export function sniffFontFormat(bytes: Buffer): FontFormat | null {
  if (bytes.length < 12) return null;
  const tag = bytes.subarray(0, 4).toString('latin1');
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'true' || bytes.readUInt32BE(0) === 0x00010000) return 'ttf';
  return null;
}

export interface UploadFontInput {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  data: Buffer;
}

export async function uploadFont(deps: Deps, accountId: string, input: UploadFontInput): Promise<FontRecord> {
  const family = input.family.trim();
  if (!/^[\p{L}\p{N} _-]{1,100}$/u.test(family)) {
    throw new ApiError('invalid_font', 'The family name must be 1–100 letters, digits, spaces, "-" or "_", e.g. family=Brand%20Sans.');
  }
  const format = sniffFontFormat(input.data);
  if (!format) throw new ApiError('invalid_font', 'The body is not a TTF, OTF, WOFF or WOFF2 font file.');
  const id = newId('fnt');
  try {
    // Loading it once here turns a corrupt file into a 400 now, not a failed render later.
    ensureAccountFonts([{ key: id, family, weight: input.weight, style: input.style, data: input.data }]);
  } catch {
    throw new ApiError('invalid_font', `The ${format.toUpperCase()} file could not be loaded as a font.`);
  }
  const blobKey = `fonts/${id}.${format}`;
  await deps.blobs.put(blobKey, input.data, `font/${format}`);
  return deps.store.createFont({ id, accountId, family, weight: input.weight, style: input.style, format, blobKey, createdAt: deps.now() });
}

export function listFonts(deps: Pick<ServiceDeps, 'store'>, accountId: string): Promise<FontRecord[]> {
  return deps.store.listFonts(accountId);
}

export async function deleteFont(deps: Pick<ServiceDeps, 'store' | 'blobs'>, accountId: string, fontId: string): Promise<void> {
  const font = (await deps.store.listFonts(accountId)).find((f) => f.id === fontId);
  if (!font || !(await deps.store.deleteFont(accountId, fontId))) {
    throw new ApiError('font_not_found', `No font with id "${fontId}" in this account. List them with GET /fonts.`);
  }
  await deps.blobs.delete(font.blobKey);
}

/**
 * One uploaded font's file, for its owner only (the editor draws with it, so
 * it measures text as the renderer does). Another account's id is the same
 * 404 as an unknown one: ids are not a way to probe who uploaded what.
 */
export async function readFontFile(deps: Pick<ServiceDeps, 'store' | 'blobs'>, accountId: string, fontId: string): Promise<{ data: Buffer; format: string }> {
  const font = (await deps.store.listFonts(accountId)).find((f) => f.id === fontId);
  const data = font ? await deps.blobs.get(font.blobKey) : null;
  if (!font || !data) throw new ApiError('font_not_found', `No font with id "${fontId}" in this account. List them with GET /fonts.`);
  return { data, format: font.format };
}

/**
 * Font bytes an account's renders need, read from the blob store once and
 * kept in memory: uploaded files never change (a new upload gets a new id).
 */
export class AccountFontLoader {
  private readonly cache = new LRUCache<string, Buffer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

  constructor(private readonly deps: Pick<ServiceDeps, 'store' | 'blobs'>) {}

  async load(accountId: string): Promise<AccountFont[]> {
    const fonts: AccountFont[] = [];
    for (const font of await this.deps.store.listFonts(accountId)) {
      let data = this.cache.get(font.blobKey);
      if (!data) {
        data = (await this.deps.blobs.get(font.blobKey)) ?? undefined;
        if (!data) continue;
        this.cache.set(font.blobKey, data);
      }
      fonts.push({ key: font.id, family: font.family, weight: font.weight, style: font.style, data });
    }
    return fonts;
  }
}
