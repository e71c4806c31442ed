import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey } from './blob-store.js';
/** Local-folder blobs: the embedded default. Writes go to a temp file then rename, so a reader never sees half an image. */
export class DiskBlobStore {
    root;
    constructor(root) {
        this.root = root;
    }
    async put(key, data, _contentType) {
        const file = this.pathOf(key);
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(tmp, data);
        await rename(tmp, file);
    }
    async get(key) {
        try {
            return await readFile(this.pathOf(key));
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return null;
            throw error;
        }
    }
    async delete(key) {
        await rm(this.pathOf(key), { force: true });
    }
    pathOf(key) {
        assertSafeKey(key);
        return path.join(this.root, key);
    }
}
//# sourceMappingURL=disk-blob-store.js.map