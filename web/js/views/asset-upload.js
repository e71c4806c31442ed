// An image element's file upload: the file becomes an account asset
// (POST /assets) and the field gets its URL, which the renderer reads from
// storage. Pasting a long base64 data: URL is never needed.
import { h } from '../dom.js';

/**
 * @param {string} id the id of the src field it fills
 * @param {string} name the element's name, for the label
 * @param {(file: File) => Promise<{ url: string }>} upload
 * @param {(url: string) => void} onUploaded
 */
export function assetUploadControl(id, name, upload, onUploaded) {
  const fileId = `${id}-file`;
  const status = h('p', { class: 'help', role: 'status', 'aria-live': 'polite' });
  const input = h('input', { id: fileId, type: 'file', class: 'file-input', accept: 'image/png,image/jpeg,image/webp,image/gif' });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    status.textContent = `Uploading ${file.name}…`;
    try {
      const asset = await upload(file);
      onUploaded(asset.url);
      status.textContent = `Uploaded ${file.name} (${asset.width} × ${asset.height}) to your account's assets.`;
    } catch (error) {
      status.textContent = `Not uploaded: ${error.message}`;
    }
  });
  return h('div', { class: 'asset-upload' }, h('label', { for: fileId, class: 'label label-small' }, `Upload a file for ${name}`), input, status);
}
