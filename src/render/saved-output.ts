/**
 * A render's encoded bytes saved to a file by the thread that encoded them, named by a salted digest
 * of the bytes. When the image is kept on this machine's disk anyway, this keeps the bytes off the
 * server's main thread: no transfer to it (V8 counted each ~220 KB PNG as the main isolate's
 * external memory, which ran a mark-compact every ~60 generates), no hash on the event loop, and no
 * thread-pool round trips for open, write, close and rename (docs/decisions/0055).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { writeFileAtomicSync } from '../blobs/atomic-file.js';
import type { RenderFormat, RenderOutput } from './render-document.js';

/** Where to save, and the salt of the name: two salts never share a file for the same bytes. */
export interface SaveOutput {
  folder: string;
  salt: string;
}

/** What was saved: the file `name` (`<digest>.<extension>`) in the folder asked for. */
export interface SavedOutput {
  digest: string;
  name: string;
}

/** SHA-256 of the salt, a zero byte and the bytes, as 40 hex digits. */
export function outputDigest(salt: string, data: Uint8Array): string {
  return createHash('sha256').update(salt).update(Uint8Array.of(0)).update(data).digest('hex').slice(0, 40);
}

export function outputExtension(format: RenderFormat): string {
  return format === 'jpeg' ? 'jpg' : format;
}

/** Folders this thread made or found. */
const folders = new Set<string>();

/** Writes `output` into `save.folder` and returns it with `saved` set and no bytes of its own. */
export function saveOutput(output: RenderOutput, save: SaveOutput): RenderOutput {
  const digest = outputDigest(save.salt, output.data);
  const name = `${digest}.${outputExtension(output.format)}`;
  writeFileAtomicSync(path.join(save.folder, name), output.data, folders);
  return { ...output, data: Buffer.alloc(0), saved: { digest, name } };
}
