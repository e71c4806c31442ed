import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ApiError } from '../domain/errors.js';
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
  /** How long a call may wait for the answer's headers, or for a silent socket: S3_REQUEST_TIMEOUT_MS unless given (tests). */
  requestTimeoutMs?: number;
}

const S3_CONNECT_TIMEOUT_MS = 5_000;
const S3_REQUEST_TIMEOUT_MS = 30_000;

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
      // The SDK's handler waits for ever by default, on at most 50 sockets: 50 calls to a storage that stopped
      // answering held every socket, and the node served no image and no generate again, even once the
      // storage was back. Each attempt now ends: the connection within 5 s, the answer's headers within 30 s,
      // and a socket silent for 30 s mid-body; and a call makes two attempts at most (the SDK's default is
      // three), so a hung storage answers a generate within about 70 s, inside its 120 s reservation.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: S3_CONNECT_TIMEOUT_MS,
        requestTimeout: settings.requestTimeoutMs ?? S3_REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: settings.requestTimeoutMs ?? S3_REQUEST_TIMEOUT_MS,
      },
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
    await storageCall(() => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length })));
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const object = await storageCall(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      if (!object.Body) return Buffer.alloc(0);
      const body = object.Body;
      return Buffer.from(await storageCall(() => body.transformToByteArray()));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<{ body: Readable; length: number } | null> {
    assertSafeKey(key);
    try {
      const object = await storageCall(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
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
      await storageCall(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** S3 answers 204 for a key that is not there, which is the idempotent delete the disk store has too. */
  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await storageCall(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * A storage that fails (5xx), times out or drops the connection is a retryable 503 for the caller, as a
 * busy worker is, not a 500: nothing is wrong with the request, and a generate refunds what it reserved.
 * The SDK's error is kept as the cause, for the log. A missing object and a 4xx (a wrong bucket or
 * credentials: a misconfiguration) are passed on as they are.
 */
async function storageCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    // The storage's own words (addresses, host names) stay in the log: the cause is logged, not answered.
    const unavailable = new ApiError('service_unavailable', 'The image storage did not answer. Retry shortly.', { headers: { 'Retry-After': '5' } });
    unavailable.cause = error;
    throw unavailable;
  }
}

/** What a storage that is down or overloaded looks like; a DNS name that does not resolve or a TLS error is a misconfiguration. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function isUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    // 501 Not Implemented is a feature the server lacks: a misconfiguration, not an outage.
    return status >= 500 && status !== 501;
  }
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return error.name === 'TimeoutError' || (typeof code === 'string' && TRANSIENT_CODES.has(code));
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
