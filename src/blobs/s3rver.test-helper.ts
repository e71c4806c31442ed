import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3BlobSettings } from './s3-blob-store.js';

export interface TestS3 {
  /** Settings for an S3BlobStore on the bucket `bucket` (already created). */
  settings: S3BlobSettings;
  /** The same server, as `S3_*` variables for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a temp folder) on a
 * free loopback port, with one bucket. The SDK runs its real code paths
 * against it (SigV4 signing, S3's XML errors, HEAD without a body); s3rver
 * checks the access key id but not SigV4 signatures.
 */
export async function startTestS3(bucket = 'imprint-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'imprint-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const settings: S3BlobSettings = { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  return {
    settings,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
