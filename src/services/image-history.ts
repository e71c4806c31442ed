import { ApiError } from '../domain/errors.js';
import { InvalidCursorError } from '../store/store-errors.js';
import type { ImageHistoryItem, Page } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';

export interface ImageHistoryEntry {
  id: string;
  templateId: string;
  templateName: string | null;
  requestId: string | null;
  format: string;
  width: number;
  height: number;
  imageURL: string;
  createdAt: string;
}

/** The account's generated images, newest first, each with the public URL the generate response gave. */
export async function imageHistory(
  deps: Pick<ServiceDeps, 'store' | 'publicUrl'>, accountId: string, limit: number, cursor: string | null,
): Promise<{ images: ImageHistoryEntry[]; nextCursor: string | null }> {
  let page: Page<ImageHistoryItem>;
  try {
    page = await deps.store.listImages(accountId, { limit, cursor });
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    const invalid = new ApiError('invalid_request', 'The cursor is not one this server issued. Pass the nextCursor of the previous page unchanged, or omit it for the first page.', {
      errors: [{ path: 'cursor', message: 'is not a cursor from a previous page' }],
    });
    invalid.cause = error;
    throw invalid;
  }
  return {
    images: page.items.map(({ image, templateName, requestId }) => ({
      id: image.id, templateId: image.templateId, templateName, requestId,
      format: image.format, width: image.width, height: image.height,
      imageURL: `${deps.publicUrl}/${image.blobKey}`, createdAt: image.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}
