import { readPage } from './read-page.js';
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
  deps: Pick<ServiceDeps, 'store' | 'publicUrl'>,
  accountId: string,
  limit: number,
  cursor: string | null,
): Promise<{ images: ImageHistoryEntry[]; nextCursor: string | null }> {
  const page = await readPage(() => deps.store.listImages(accountId, { limit, cursor }));
  return {
    images: page.items.map(({ image, templateName, requestId }) => ({
      id: image.id,
      templateId: image.templateId,
      templateName,
      requestId,
      format: image.format,
      width: image.width,
      height: image.height,
      imageURL: `${deps.publicUrl}/${image.blobKey}`,
      createdAt: image.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}
