import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiskBlobStore } from './disk-blob-store.js';
test('DiskBlobStore stores, reads back and deletes by key', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-blobs-'));
    try {
        const blobs = new DiskBlobStore(dir);
        assert.equal(await blobs.get('images/abc.png'), null);
        await blobs.put('images/abc.png', Buffer.from('png-bytes'), 'image/png');
        assert.deepEqual(await blobs.get('images/abc.png'), Buffer.from('png-bytes'));
        await blobs.delete('images/abc.png');
        assert.equal(await blobs.get('images/abc.png'), null);
    }
    finally {
        await rm(dir, { recursive: true, force: true });
    }
});
test('DiskBlobStore refuses keys that could escape its folder', async () => {
    const blobs = new DiskBlobStore(os.tmpdir());
    await assert.rejects(blobs.get('../etc/passwd'), /unsafe blob key/);
    await assert.rejects(blobs.put('images/../../x', Buffer.alloc(1), 'x'), /unsafe blob key/);
});
//# sourceMappingURL=disk-blob-store.test.js.map