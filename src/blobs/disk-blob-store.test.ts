import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('DiskBlobStore refuses keys that could escape its folder', async () => {
  const blobs = new DiskBlobStore(os.tmpdir());
  await assert.rejects(blobs.get('../etc/passwd'), /unsafe blob key/);
  await assert.rejects(blobs.put('images/../../x', Buffer.alloc(1), 'x'), /unsafe blob key/);
});

test('DiskBlobStore creates its folders 0700 and its files 0600, whatever the umask', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-blobs-'));
  const previous = process.umask(0o000);
  try {
    const root = path.join(dir, 'data', 'blobs');
    await new DiskBlobStore(root).put('images/abc.png', Buffer.from('png-bytes'), 'image/png');
    for (const folder of [path.join(dir, 'data'), root, path.join(root, 'images')]) assert.equal((await stat(folder)).mode & 0o777, 0o700, folder);
    assert.equal((await stat(path.join(root, 'images', 'abc.png'))).mode & 0o777, 0o600);
  } finally {
    process.umask(previous);
    await rm(dir, { recursive: true, force: true });
  }
});
