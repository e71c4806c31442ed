import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertSafeKey, type BlobStore } from './blob-store.js';

export interface S3BlobSettings {
  bucket: string;
  /** Unset: AWS itself, the endpoint chosen from the region. */
  endpoint: string | null;
  region: string;
  /** Both unset: the SDK's default chain (AWS_* variables, shared config, instance or task role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `bucket` in the path rather than the host name: what MinIO, Ceph, s3rver and most self-hosted servers need. */
  forcePathStyle: boolean;
}

/**
 * Blobs in an S3-compatible bucket, so every node reads what any node wrote.
 * Objects are private (no ACL is set): image URLs stay ours and are served
 * through `GET /images/…`, which keeps their caching headers and 304s identical
 * to the disk store (docs/decisions/0028).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3BlobSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  /** Fails at start, naming the bucket, rather than on the first generate after credits were reserved. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(`S3 bucket ${JSON.stringify(this.bucket)} is not reachable (${describe(error)})`, { cause: error });
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return Buffer.alloc(0);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<{ body: Readable; length: number } | null> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node the SDK's body is the HTTP response itself, a Readable.
      const body = object.Body instanceof Readable ? object.Body : Readable.from([]);
      return { body, length: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** S3 answers 204 for a key that is not there, which is the idempotent delete the disk store has too. */
  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * GetObject names NoSuchKey; HeadObject has no body, so the SDK names its 404 NotFound.
 * Not every 404: NoSuchBucket is a misconfiguration and must surface, not read as "no image".
 */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name}, HTTP ${error.$metadata.httpStatusCode ?? '?'}`;
  return error instanceof Error ? error.message : String(error);
}
