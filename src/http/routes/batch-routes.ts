import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BatchAccepted, BatchBody, BatchIdParams, BatchQuery, BatchView } from '../batch-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses, fileResponse, rawBody } from '../routes.js';
import { withIdempotencyKey } from '../idempotency-header.js';
import { parseBatchCsv } from '../../domain/batch-csv.js';
import { batchArchive, batchPdf, readBatch, redeliverBatchWebhook } from '../../services/read-batch.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { submitBatch } from '../../services/submit-batch.js';
import { WEBHOOK_ATTEMPTS_KEPT } from '../../store/store.js';

const tags = ['Batches'];

export async function registerBatchRoutes(app: ImprintApp, deps: ServiceDeps): Promise<void> {
  // Encapsulated: only POST /batches reads CSV. A sheet becomes the JSON body's `items`, row n being items[n-1],
  // so both forms are validated and queued by the same code; a malformed sheet is a 400 before anything is queued.
  await app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, { items: parseBatchCsv(body as string).map(({ elements }) => ({ elements })) });
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/batches',
      {
        config: { auth: 'generate' },
        schema: {
          operationId: 'createBatch',
          summary: 'Queue a batch of images from one template',
          description:
            "Send JSON (`items`, one per image), or a CSV sheet as the body (`Content-Type: text/csv`, the template in `?templateId=`): a header row of `element.property` names, then one row per image; an empty cell keeps the template's value. " +
            'The template, format and webhookUrl are checked now and refuse the whole batch; an item whose own changes are wrong (an unknown element, a bad colour) fails alone with the error a generate would answer. ' +
            'Each item costs 1 credit when it succeeds and nothing when it fails; once the credits run out, the remaining items fail with insufficient_credits. ' +
            'With webhookUrl, one signed webhook (type batch.done) is sent when every item has settled. ' +
            'Send an Idempotency-Key header to retry safely: the same key and body within 24 h returns the same batch.',
          tags,
          security: bearer,
          querystring: BatchQuery,
          body: BatchBody,
          ...rawBody('JSON items, or a CSV sheet: a header row of element.property names (e.g. title.text,photo.src), then one row per image.', ['text/csv']),
          response: { 202: BatchAccepted, ...errorResponses(400, 402, 404, 409, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        reply.code(202);
        const { account } = principalOf(request);
        const input = { ...request.query, ...request.body };
        // A retried submit with the same key gets the same batch back instead of a second one (and its charges).
        return withIdempotencyKey(deps, account.id, request, reply, { batch: input }, (claim) => submitBatch(deps, account, input, claim));
      },
    );
  });

  app.get(
    '/batches/:batchId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getBatch',
        summary: 'Read a batch: counts and every item',
        description:
          'Counts by state, the batch state (queued, running, done) and one entry per item in row order: its imageURL when it succeeded, its error body when it failed. ' +
          "With a webhookUrl, `webhook` holds the delivery log of the batch's one webhook.",
        tags,
        security: bearer,
        params: BatchIdParams,
        response: { 200: BatchView, ...errorResponses(404) },
      },
    },
    async (request) => readBatch(deps, principalOf(request).account.id, request.params.batchId),
  );

  app.post(
    '/batches/:batchId/redeliver',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'redeliverBatchWebhook',
        summary: "Send a finished batch's webhook again",
        description: `The delivery is due at once, with a fresh round of retries; the log keeps the latest ${WEBHOOK_ATTEMPTS_KEPT} attempts. While an attempt is in flight, this changes nothing.`,
        tags,
        security: bearer,
        params: BatchIdParams,
        response: { 202: BatchView, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return redeliverBatchWebhook(deps, principalOf(request).account.id, request.params.batchId);
    },
  );

  app.get(
    '/batches/:batchId.zip',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getBatchZip',
        summary: "Download a finished batch's images as a ZIP",
        description:
          'Every succeeded image, named by its row (0001.png, 0002.png, …), and manifest.csv with the columns row, status, imageURL, error for every item. ' +
          'Streamed as it is written. Until every item has succeeded or failed the answer is 409 batch_not_finished.',
        tags,
        security: bearer,
        params: BatchIdParams,
        response: { 200: fileResponse('The ZIP archive', ['application/zip']), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { batchId } = request.params;
      const archive = await batchArchive(deps, principalOf(request).account.id, batchId);
      return reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="${batchId}.zip"`).send(archive);
    },
  );

  app.get(
    '/batches/:batchId.pdf',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getBatchPdf',
        summary: 'Download a finished merged batch as one PDF',
        description:
          "For a batch submitted with format pdf and merge: true: one PDF whose pages are the succeeded items' pages in row order (a failed item has no page). " +
          "The pages are the items' own PDFs, so text stays selectable and fonts stay embedded and subset. " +
          'Until every item has succeeded or failed the answer is 409 batch_not_finished; a batch without merge, or with no succeeded item, is 400 invalid_request. ' +
          'One merged PDF holds at most 256 MB of pages (422 render_too_complex above; the ZIP has every page). It is built once, and kept.',
        tags,
        security: bearer,
        params: BatchIdParams,
        response: { 200: fileResponse('The merged PDF', ['application/pdf']), ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { batchId } = request.params;
      const pdf = await batchPdf(deps, principalOf(request).account.id, batchId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${batchId}.pdf"`)
        .header('Content-Length', pdf.length)
        .send(pdf.body);
    },
  );
}
