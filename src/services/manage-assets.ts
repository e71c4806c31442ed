import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { BlobStore } from '../blobs/blob-store.js';
import { assetIdOf, assetUrl } from '../domain/asset-ref.js';
import { imageSources, imageUses } from '../domain/elements.js';
import { ApiError, megabytes, type FieldError } from '../domain/errors.js';
import type { TemplateDocument } from '../domain/template.js';
import { ImageFetchError } from '../fetch/image-fetch-error.js';
import { inspectImage, sniffImageFormat, type ImageFormat } from '../fetch/image-inspect.js';
import type { AssetRecord, Page } from '../store/store.js';
import { readPage } from './read-page.js';
import { nameTemplates, templatesUsing } from './templates-using.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * Limits on uploads (see docs/decisions/0018). The pixel cap is the render
 * budget's output cap and the image fetcher's, so an uploaded image can never
 * cost more to decode than a fetched one.
 */
export interface AssetLimits {
  maxBytes: number;
  quotaBytes: number;
  maxPixels: number;
}

export const DEFAULT_ASSET_LIMITS: AssetLimits = { maxBytes: 10 * 1024 * 1024, quotaBytes: 100 * 1024 * 1024, maxPixels: 40_000_000 };

/** The raster formats both the editor's canvas and the renderer's Skia draw (a GIF draws its first frame in both). */
const CONTENT_TYPES: Partial<Record<ImageFormat, string>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
/** The types POST /assets takes, for its documentation. */
export const ASSET_MEDIA_TYPES = Object.values(CONTENT_TYPES) as string[];
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
export const ASSET_CONTENT_TYPES = Object.values(CONTENT_TYPES);

const SVG_HINT = 'SVG files are not stored as assets: import them in the editor ("SVG to convert to shapes"), which turns them into shapes the renderer draws.';

export interface AssetView {
  id: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
}

export function describeAsset(deps: Pick<ServiceDeps, 'publicUrl'>, asset: AssetRecord): AssetView {
  return {
    id: asset.id,
    url: assetUrl(deps.publicUrl, asset.id),
    contentType: asset.contentType,
    width: asset.width,
    height: asset.height,
    bytes: asset.bytes,
    createdAt: asset.createdAt,
  };
}

/** Per account and content, like image ids: the same file uploaded twice is one asset, and never another account's. */
export function assetIdFor(accountId: string, data: Uint8Array): string {
  return `ast_${createHash('sha256').update(accountId).update(Uint8Array.of(0)).update(data).digest('hex').slice(0, 32)}`;
}

/**
 * Checks the bytes against the declared type and decodes them once, so a file
 * that passes here is one the renderer can draw. The client's Content-Type
 * must agree with the sniffed format: a mismatch is refused, never "fixed".
 */
async function inspectUpload(declaredType: string, data: Buffer, limits: AssetLimits): Promise<{ contentType: string; width: number; height: number }> {
  if (data.length === 0) throw new ApiError('invalid_asset', 'The body is empty. Send the image file as the raw body, e.g. curl --data-binary @photo.png.');
  if (data.length > limits.maxBytes) throw new ApiError('payload_too_large', `The file is larger than the ${megabytes(limits.maxBytes)} asset limit (ASSET_MAX_BYTES).`);
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  const sniffed = sniffImageFormat(data);
  if (declared === 'image/svg+xml' || sniffed === 'svg') throw new ApiError('unsupported_media_type', SVG_HINT);
  if (/^\s*</.test(data.toString('utf8', 0, Math.min(data.length, 256)).replace(/^\uFEFF/, ''))) {
    throw new ApiError('unsupported_media_type', 'The body is markup (HTML or XML), not an image. Upload a PNG, JPEG, WebP or GIF file.');
  }
  if (!ASSET_CONTENT_TYPES.includes(declared)) {
    throw new ApiError('unsupported_media_type', `Content-Type must be one of ${ASSET_CONTENT_TYPES.join(', ')} (got ${JSON.stringify(declared || 'none')}).`);
  }
  const actual = sniffed ? CONTENT_TYPES[sniffed] : undefined;
  if (actual !== declared) {
    const what = sniffed ? `a ${sniffed.toUpperCase()} file` : 'not a PNG, JPEG, WebP or GIF image';
    throw new ApiError('unsupported_media_type', `The body is ${what}, but Content-Type says ${declared}. Send the file's real type.`);
  }
  try {
    const info = await inspectImage(data, limits.maxPixels);
    // The header can be fine and the pixels truncated: decode everything once (into an 8×8 thumbnail, so memory stays small).
    await sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'error' }).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
    return { contentType: declared, width: info.width, height: info.height };
  } catch (error) {
    const tooBig = error instanceof ImageFetchError ? error.reason === 'too_many_pixels' : error instanceof Error && /pixel limit/i.test(error.message);
    const apiError = tooBig
      ? new ApiError('payload_too_large', `The image has more than ${limits.maxPixels / 1e6} megapixels, the most the renderer draws. Scale it down first.`)
      : new ApiError('invalid_asset', `The ${sniffed!.toUpperCase()} file is corrupt or truncated and could not be decoded.`);
    apiError.cause = error;
    throw apiError;
  }
}

export async function uploadAsset(
  deps: Pick<ServiceDeps, 'store' | 'blobs' | 'now'>,
  accountId: string,
  declaredType: string,
  data: Buffer,
  limits: AssetLimits,
): Promise<{ asset: AssetRecord; created: boolean }> {
  const info = await inspectUpload(declaredType, data, limits);
  const id = assetIdFor(accountId, data);
  const existing = await deps.store.getAsset(accountId, id);
  if (existing) return { asset: existing, created: false };
  // Checked before the blob is written so a refused upload leaves nothing; the store checks again atomically.
  const used = await deps.store.assetBytes(accountId);
  if (used + data.length > limits.quotaBytes) throw quotaExceeded(used, limits);
  const blobKey = `assets/${id}.${EXTENSIONS[info.contentType]}`;
  await deps.blobs.put(blobKey, data, info.contentType);
  const result = await deps.store.createAsset({ id, accountId, blobKey, ...info, bytes: data.length, createdAt: deps.now() }, limits.quotaBytes);
  if (!result.ok) throw quotaExceeded(result.usedBytes, limits);
  return { asset: result.asset, created: result.created };
}

function quotaExceeded(used: number, limits: AssetLimits): ApiError {
  return new ApiError(
    'asset_quota_exceeded',
    `This account's assets use ${megabytes(used)} of its ${megabytes(limits.quotaBytes)} (ASSET_QUOTA_MB); this file does not fit. Delete assets you no longer use (DELETE /assets/{assetId}).`,
  );
}

export function listAssets(deps: Pick<ServiceDeps, 'store'>, accountId: string, limit: number, cursor: string | null): Promise<Page<AssetRecord>> {
  return readPage(() => deps.store.listAssets(accountId, { limit, cursor }));
}

/** Another account's asset is reported exactly like a missing one. */
export async function readAsset(deps: Pick<ServiceDeps, 'store' | 'blobs'>, accountId: string, assetId: string): Promise<{ asset: AssetRecord; data: Buffer }> {
  const asset = await deps.store.getAsset(accountId, assetId);
  const data = asset ? await deps.blobs.get(asset.blobKey) : null;
  if (!asset || !data) throw assetNotFound(assetId);
  return { asset, data };
}

/**
 * Refused while a template draws the asset: deleting it would turn every
 * later generate of that template into an error, far from the click that
 * caused it. The message names the templates to change first.
 */
export async function deleteAsset(deps: Pick<ServiceDeps, 'store' | 'blobs' | 'publicUrl'>, accountId: string, assetId: string): Promise<void> {
  const asset = await deps.store.getAsset(accountId, assetId);
  if (!asset) throw assetNotFound(assetId);
  const users = await templatesUsing(deps, accountId, (document) => imageUses(document).some((use) => assetIdOf(use.src, deps.publicUrl) === assetId));
  if (users.length > 0) throw new ApiError('asset_in_use', `The asset is drawn by ${nameTemplates(users)}. Replace or remove the image there first.`);
  if (await deps.store.deleteAsset(accountId, assetId)) await deps.blobs.delete(asset.blobKey);
}

export function assetNotFound(assetId: string): ApiError {
  return new ApiError('asset_not_found', `No asset with id "${assetId.slice(0, 100)}" in this account. List them with GET /assets.`);
}

/**
 * Asset bytes kept in memory per blob store, so that a template drawing an
 * uploaded photo does not read the same file on every generate (an open,
 * fstat, read and close on the event loop's thread pool, and a fresh buffer
 * for the GC). Safe without invalidation: an asset's blob key names a hash of
 * its account and bytes, and a key is never rewritten with other bytes. The
 * asset row is still read first on every request, so a deleted asset is as
 * missing as before even while its bytes are here. Bounded by bytes, and a
 * file over a quarter of the budget is read each time rather than evicting
 * everything else.
 */
const ASSET_CACHE_BYTES = 16 * 1024 * 1024;
const assetCaches = new WeakMap<BlobStore, LRUCache<string, Buffer>>();

async function assetBytes(blobs: BlobStore, blobKey: string): Promise<Buffer | null> {
  let cache = assetCaches.get(blobs);
  if (!cache) {
    cache = new LRUCache<string, Buffer>({ maxSize: ASSET_CACHE_BYTES, maxEntrySize: ASSET_CACHE_BYTES / 4, sizeCalculation: (b) => b.length || 1 });
    assetCaches.set(blobs, cache);
  }
  const hit = cache.get(blobKey);
  if (hit) return hit;
  const data = await blobs.get(blobKey);
  if (data) cache.set(blobKey, data);
  return data;
}

/**
 * The bytes of every asset the document draws, read from this account's
 * storage: an asset URL is never fetched over HTTP, and another account's
 * asset is as missing as a deleted one. Runs before any credit is reserved.
 */
export async function readAssetImages(deps: Pick<ServiceDeps, 'store' | 'blobs' | 'publicUrl'>, accountId: string, document: TemplateDocument): Promise<Map<string, Uint8Array>> {
  const images = new Map<string, Uint8Array>();
  for (const [src, element] of imageSources(document)) {
    const assetId = assetIdOf(src, deps.publicUrl);
    if (assetId === null) continue;
    const asset = await deps.store.getAsset(accountId, assetId);
    const data = asset ? await assetBytes(deps.blobs, asset.blobKey) : null;
    if (!data) {
      const reason = `the asset ${assetId.slice(0, 100)} does not exist in this account (deleted, or uploaded by another account)`;
      throw new ApiError('image_fetch_failed', `Could not load the image for element "${element}": ${reason}. Nothing was charged.`, {
        errors: [{ path: `elements.${element}.src`, message: reason }],
      });
    }
    images.set(src, data);
  }
  return images;
}

/** On save: every asset a template names must exist in the account, reported at the object that names it. */
export async function checkAssetReferences(
  deps: Pick<ServiceDeps, 'store'> & Partial<Pick<ServiceDeps, 'publicUrl'>>,
  accountId: string,
  document: TemplateDocument,
): Promise<void> {
  const errors: FieldError[] = [];
  if (deps.publicUrl === undefined) return;
  for (const use of imageUses(document)) {
    const assetId = assetIdOf(use.src, deps.publicUrl);
    if (assetId === null || (await deps.store.getAsset(accountId, assetId))) continue;
    errors.push({ path: `template.${use.path}`, message: `${use.path} (${use.element}): the image is an asset that does not exist in this account; upload the file again` });
  }
  if (errors.length > 0)
    throw new ApiError('invalid_template', `${errors[0].message}${errors.length > 1 ? ` (and ${errors.length - 1} more, listed in errors)` : ''}.`, { errors });
}
