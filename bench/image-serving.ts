/**
 * `npm run build && node dist/bench/image-serving.js`: what `GET /images/{id}.png`
 * costs when the bytes live on the node's disk versus in S3 behind the node
 * (the proxy Imprint does), and what the client would pay on the two legs of a
 * presigned redirect instead. S3 here is s3rver on loopback in this process, so
 * its figures are a floor for the S3 leg, not a stand-in for AWS.
 * See docs/decisions/0028-blobs-on-s3.md.
 */
import { Agent, request } from 'undici';
import { S3BlobStore } from '../src/blobs/s3-blob-store.js';
import { startTestS3 } from '../src/blobs/s3rver.test-helper.js';
import { createTestApp, type TestApp } from '../src/http/test-app.js';
import { sampleLatency, summarizeLatency, summarizeThroughput, timeConcurrentFor } from './measure.js';

const CONCURRENCY = 8;
const RUN_MS = 3000;
const SAMPLES = 200;
const PORTS = { disk: 3201, s3: 3202 };

const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });

async function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await request(url, { headers, dispatcher: agent });
  const body = Buffer.from(await res.body.arrayBuffer());
  return body.length;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<void> {
  const bytes = await get(url, headers);
  const latency = summarizeLatency(await sampleLatency(() => get(url, headers), SAMPLES));
  const { n, wallMs } = await timeConcurrentFor(() => get(url, headers), RUN_MS, CONCURRENCY);
  const rate = summarizeThroughput(n, wallMs);
  console.log(
    `${label.padEnd(44)} ${String(bytes).padStart(7)} B  p50 ${latency.p50.toFixed(2).padStart(6)} ms  p90 ${latency.p90.toFixed(2).padStart(6)} ms  ${JSON.stringify(rate)}`,
  );
}

async function imageOn(t: TestApp, port: number): Promise<{ url: string; etag: string; key: string }> {
  await t.app.listen({ port, host: '127.0.0.1' });
  // 1200 × 675: a typical social card.
  const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, scale: 3.75 } });
  if (res.statusCode !== 200) throw new Error(res.body);
  const pathname = new URL(res.json().imageURL).pathname;
  const head = await t.app.inject({ url: pathname });
  const image = await t.store.getImage(pathname.slice('/images/'.length, -'.png'.length));
  if (!image) throw new Error('no image row');
  return { url: `http://127.0.0.1:${port}${pathname}`, etag: String(head.headers.etag), key: image.blobKey };
}

const s3 = await startTestS3();
const disk = await createTestApp({ credits: 10 });
const onS3 = await createTestApp({ credits: 10, blobs: new S3BlobStore(s3.settings) });
try {
  const a = await imageOn(disk, PORTS.disk);
  const b = await imageOn(onS3, PORTS.s3);
  console.log(`concurrency ${CONCURRENCY}, ${RUN_MS} ms per throughput run, ${SAMPLES} sequential samples for latency`);
  await measure('200, disk store', a.url);
  await measure('200, S3 store, proxied by the node', b.url);
  await measure('304, disk store (stat)', a.url, { 'if-none-match': a.etag });
  await measure('304, S3 store (HEAD)', b.url, { 'if-none-match': b.etag });
  // A presigned redirect's second leg: the client reading the object from S3 itself.
  await measure('direct S3 GET (redirect leg 2)', `${s3.settings.endpoint}/${s3.settings.bucket}/${b.key}`);
} finally {
  await disk.close();
  await onS3.close();
  await s3.close();
  await agent.close();
}
