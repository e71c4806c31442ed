import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic, writeFileAtomicSync } from './atomic-file.js';

/** The disk store writes with the async one and a render worker with the sync one: both must leave the same files. */
const writers: Array<[string, (file: string, data: Uint8Array, folders: Set<string>) => unknown]> = [
  ['writeFileAtomic', writeFileAtomic],
  ['writeFileAtomicSync', writeFileAtomicSync],
];

for (const [name, write] of writers) {
  describe(name, () => {
    test('makes the folders 0700 and the file 0600 whatever the umask, replaces a file whole and leaves no temp file', async (t) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-atomic-'));
      t.after(() => rm(dir, { recursive: true, force: true }));
      const folder = path.join(dir, 'blobs', 'images');
      const file = path.join(folder, 'a.png');
      const folders = new Set<string>();
      const previous = process.umask(0o000);
      try {
        await write(file, Buffer.from('a much longer first version'), folders);
        await write(file, Buffer.from('short'), folders);
      } finally {
        process.umask(previous);
      }
      assert.deepEqual(await readFile(file), Buffer.from('short'));
      for (const f of [path.join(dir, 'blobs'), folder]) assert.equal((await stat(f)).mode & 0o777, 0o700, f);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      assert.deepEqual(await readdir(folder), ['a.png']);
      assert.deepEqual([...folders], [folder], 'the folder is remembered, so the next write makes none');
    });

    test('makes a remembered folder again when it was removed meanwhile', async (t) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-atomic-'));
      t.after(() => rm(dir, { recursive: true, force: true }));
      const folder = path.join(dir, 'images');
      const folders = new Set<string>();
      await write(path.join(folder, 'a.png'), Buffer.from('a'), folders);
      await rm(folder, { recursive: true });
      await write(path.join(folder, 'b.png'), Buffer.from('b'), folders);
      assert.deepEqual(await readFile(path.join(folder, 'b.png')), Buffer.from('b'));
      assert.equal((await stat(folder)).mode & 0o777, 0o700);
    });

    test('a write that cannot happen throws and leaves nothing behind', async (t) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-atomic-'));
      t.after(() => rm(dir, { recursive: true, force: true }));
      // A file where the folder should be, as a full or read-only disk would refuse the write.
      await writeFileAtomic(path.join(dir, 'images'), Buffer.from('not a folder'), new Set());
      await assert.rejects(async () => write(path.join(dir, 'images', 'a.png'), Buffer.from('a'), new Set()));
      assert.deepEqual(await readdir(dir), ['images']);
    });
  });
}
