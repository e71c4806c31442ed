import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { runBlobStoreContract } from './blob-store-contract.js';
import { S3BlobStore } from './s3-blob-store.js';
import { startTestS3, type TestS3 } from './s3rver.test-helper.js';

let s3: TestS3;
let admin: S3Client;
let buckets = 0;

before(async () => {
  s3 = await startTestS3();
  const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = s3.settings;
  admin = new S3Client({ endpoint: endpoint ?? undefined, region, forcePathStyle, credentials: { accessKeyId: accessKeyId ?? '', secretAccessKey: secretAccessKey ?? '' } });
});
after(async () => {
  admin.destroy();
  await s3.close();
});

/** Each test gets its own empty bucket on the one server. */
async function freshStore(): Promise<S3BlobStore> {
  const bucket = `imprint-contract-${++buckets}`;
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return new S3BlobStore({ ...s3.settings, bucket });
}

runBlobStoreContract('S3 (s3rver)', async (t) => {
  const blobs = await freshStore();
  t.after(() => blobs.close());
  return blobs;
});

test('S3BlobStore stores the content type on the object, for anyone reading the bucket directly', async () => {
  const blobs = await freshStore();
  try {
    await blobs.put('fonts/abc', Buffer.from('font-bytes'), 'font/woff2');
    await blobs.put('images/abc.png', Buffer.from('png-bytes'), 'image/png');
    const bucket = `imprint-contract-${buckets}`;
    const font = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: 'fonts/abc' }));
    const image = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: 'images/abc.png' }));
    assert.deepEqual([font.ContentType, font.ContentLength, image.ContentType], ['font/woff2', 10, 'image/png']);
  } finally {
    blobs.close();
  }
});

test('S3BlobStore.check fails, naming the bucket, when the bucket is missing or the access key unknown; reads then throw rather than read as missing', async () => {
  const missing = new S3BlobStore({ ...s3.settings, bucket: 'imprint-no-such-bucket' });
  // s3rver checks the access key id but not SigV4 signatures, so an unknown key stands in for bad credentials.
  const wrongKey = new S3BlobStore({ ...s3.settings, accessKeyId: 'NOT-A-KEY' });
  try {
    await assert.rejects(missing.check(), /S3 bucket "imprint-no-such-bucket" is not reachable/);
    await assert.rejects(missing.get('images/abc.png'), /NoSuchBucket|bucket does not exist/i);
    await assert.rejects(wrongKey.check(), /S3 bucket "imprint-test" is not reachable/);
    await assert.rejects(wrongKey.get('images/abc.png'), /InvalidAccessKeyId|Access Key/i);
    await new S3BlobStore(s3.settings).check();
  } finally {
    missing.close();
    wrongKey.close();
  }
});

test('S3BlobStore surfaces an unreachable server as an error, never as a missing blob', async () => {
  const down = new S3BlobStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
  try {
    await assert.rejects(down.get('images/abc.png'));
    await assert.rejects(down.exists('images/abc.png'));
  } finally {
    down.close();
  }
});
