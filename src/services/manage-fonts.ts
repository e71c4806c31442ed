import { LRUCache } from 'lru-cache';
import { ApiError, megabytes } from '../domain/errors.js';
import { orderFacesByMatch } from '../domain/font-weights.js';
import { fontUses } from '../domain/font-uses.js';
import { newId } from '../domain/ids.js';
import type { TemplateDocument } from '../domain/template.js';
import { RenderError } from '../render/render-error.js';
import type { AccountFont } from '../render/render-document.js';
import type { FontRecord } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';
import { renderFailure } from './render-template.js';
import { nameTemplates, templatesUsing } from './templates-using.js';

type Deps = Pick<ServiceDeps, 'store' | 'blobs' | 'now' | 'fontFamilies' | 'renderer'>;

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

/**
 * Faces one account may hold: five families of 18 faces (every weight, upright and italic) fit. Each
 * face is a file the account's renders may ship to the render workers, so the count is bounded like
 * keys and assets are.
 */
export const MAX_FONTS_PER_ACCOUNT = 100;

/**
 * Bytes of uploaded font files one render may draw with. Each file is copied to a render worker with
 * the job and registered in the process's font collection: without a bound, a template drawing 100
 * faces at the body limit would put 500 MB on one request. 32 MB holds four weights of a CJK family.
 */
export const MAX_FONT_BYTES_PER_RENDER = 32 * 1024 * 1024;

export async function uploadFont(deps: Deps, accountId: string, input: UploadFontInput): Promise<FontRecord> {
  if (input.data.length > MAX_FONT_BYTES_PER_RENDER) {
    throw new ApiError(
      'payload_too_large',
      `A font file may be at most ${megabytes(MAX_FONT_BYTES_PER_RENDER)}, what one render may draw with; this one is ${megabytes(input.data.length)}.`,
    );
  }
  if ((await deps.store.listFonts(accountId)).length >= MAX_FONTS_PER_ACCOUNT) {
    throw new ApiError(
      'too_many_fonts',
      `This account already holds ${MAX_FONTS_PER_ACCOUNT} font faces, the most it may. Delete faces it no longer uses (DELETE /fonts/{fontId}).`,
    );
  }
  const family = input.family.trim();
  if (!/^[\p{L}\p{N} _-]{1,100}$/u.test(family)) {
    throw new ApiError('invalid_font', 'The family name must be 1–100 letters, digits, spaces, "-" or "_", e.g. family=Brand%20Sans.');
  }
  const format = sniffFontFormat(input.data);
  if (!format) throw new ApiError('invalid_font', 'The body is not a TTF, OTF, WOFF or WOFF2 font file.');
  const id = newId('fnt');
  try {
    // Loading it once turns a corrupt file into a 400 now, not a failed render later. In a render
    // worker, not on this thread: registering a 5 MB WOFF2 takes ~0.3 s, and uploads are cheap to send.
    await deps.renderer.render(
      { document: { width: 1, height: 1, objects: [] }, images: new Map(), fonts: [{ key: id, family, weight: input.weight, style: input.style, data: input.data }] },
      { tenant: accountId },
    );
  } catch (error) {
    // A busy or stopped worker is the server's state, not the file's: 503 or 422 as for any render.
    if (!(error instanceof RenderError)) throw renderFailure(error, 'nothing was charged');
    const invalid = new ApiError('invalid_font', `The ${format.toUpperCase()} file could not be loaded as a font.`);
    invalid.cause = error;
    throw invalid;
  }
  const blobKey = `fonts/${id}.${format}`;
  await deps.blobs.put(blobKey, input.data, `font/${format}`);
  return deps.store.createFont({ id, accountId, family, weight: input.weight, style: input.style, format, blobKey, createdAt: deps.now() });
}

export function listFonts(deps: Pick<ServiceDeps, 'store'>, accountId: string): Promise<FontRecord[]> {
  return deps.store.listFonts(accountId);
}

/**
 * The account's fonts a document draws with: for each text run, the face the
 * renderer picks among the account's faces of each family it names. A face
 * no run picks (a 300 next to the 400 and 700 in use) changes no render.
 */
export function fontsDrawnBy(document: TemplateDocument, fonts: readonly FontRecord[]): Set<string> {
  const drawn = new Set<string>();
  for (const use of fontUses(document)) {
    for (const family of use.families) {
      const faces = fonts.filter((font) => font.family.toLowerCase() === family.toLowerCase());
      const picked = orderFacesByMatch(faces, use.weight, use.style)[0];
      if (picked) drawn.add(picked.id);
    }
  }
  return drawn;
}

/**
 * Refused while a template draws with the face: deleting it would silently
 * change (or, for a family's last face, break) every later render of those
 * templates. The message names them, like an asset in use.
 */
export async function deleteFont(deps: Pick<ServiceDeps, 'store' | 'blobs'>, accountId: string, fontId: string): Promise<FontRecord> {
  const fonts = await deps.store.listFonts(accountId);
  const font = fonts.find((f) => f.id === fontId);
  if (!font) throw fontNotFound(fontId);
  const users = await templatesUsing(deps, accountId, (document) => fontsDrawnBy(document, fonts).has(fontId));
  if (users.length > 0) {
    throw new ApiError(
      'font_in_use',
      `${font.family} ${font.weight}${font.style === 'italic' ? ' italic' : ''} draws text in ${nameTemplates(users)}. Change the font of that text there first.`,
    );
  }
  if (!(await deps.store.deleteFont(accountId, fontId))) throw fontNotFound(fontId);
  await deps.blobs.delete(font.blobKey);
  return font;
}

function fontNotFound(fontId: string): ApiError {
  return new ApiError('font_not_found', `No font with id "${fontId.slice(0, 100)}" in this account. List them with GET /fonts.`);
}

/**
 * One uploaded font's file, for its owner only (the editor draws with it, so
 * it measures text as the renderer does). Another account's id is the same
 * 404 as an unknown one: ids are not a way to probe who uploaded what.
 */
export async function readFontFile(deps: Pick<ServiceDeps, 'store' | 'blobs'>, accountId: string, fontId: string): Promise<{ data: Buffer; format: string }> {
  const font = (await deps.store.listFonts(accountId)).find((f) => f.id === fontId);
  const data = font ? await deps.blobs.get(font.blobKey) : null;
  if (!font || !data) throw fontNotFound(fontId);
  return { data, format: font.format };
}

/**
 * Font bytes an account's renders need, read from the blob store once and
 * kept in memory: uploaded files never change (a new upload gets a new id).
 */
export class AccountFontLoader {
  private readonly cache = new LRUCache<string, Buffer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

  constructor(private readonly deps: Pick<ServiceDeps, 'store' | 'blobs'>) {}

  /**
   * With `document`, only the faces it draws with (fontsDrawnBy): a render ships and registers what it
   * uses, not every face the account ever uploaded.
   */
  async load(accountId: string, document?: TemplateDocument): Promise<AccountFont[]> {
    const fonts: AccountFont[] = [];
    const records = await this.deps.store.listFonts(accountId);
    const drawn = document && records.length > 0 ? fontsDrawnBy(document, records) : null;
    let bytes = 0;
    for (const font of records) {
      if (drawn && !drawn.has(font.id)) continue;
      let data = this.cache.get(font.blobKey);
      if (!data) {
        data = (await this.deps.blobs.get(font.blobKey)) ?? undefined;
        if (!data) continue;
        this.cache.set(font.blobKey, data);
      }
      fonts.push({ key: font.id, family: font.family, weight: font.weight, style: font.style, data });
      bytes += data.length;
      if (bytes > MAX_FONT_BYTES_PER_RENDER) {
        throw new ApiError(
          'render_too_complex',
          `This template draws more than ${megabytes(MAX_FONT_BYTES_PER_RENDER)} of uploaded font files, the most one render may draw with. Use fewer faces, or smaller files (WOFF2 is the smallest format).`,
        );
      }
    }
    return fonts;
  }
}
