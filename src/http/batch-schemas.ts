import { Type, type Static } from '@sinclair/typebox';
import { BATCH_MAX_ITEMS } from '../domain/batch-csv.js';
import { GenerateBody } from './api-schemas.js';
import { JobView } from './job-schemas.js';

/** Schemas of the batch endpoints. Every shared field is the generate body's own, so a format added there is a batch format too. */

const EXAMPLE_TEMPLATE_ID = 'tpl_8fJ2kQ9xLmN4pR7s';
const EXAMPLE_BATCH_ID = 'bat_4kT9wQ2mXr7LpZ3s';

const BatchItem = Type.Pick(GenerateBody, ['elements', 'modifications'], {
  additionalProperties: false,
  examples: [{ elements: { title: { text: 'Ada Lovelace' } } }, { modifications: [{ name: 'title', text: 'Grace Hopper' }] }],
});

const MergeFlag = Type.Optional(
  Type.Boolean({
    description:
      "Only with format pdf: also join the succeeded items' pages, in row order, into one PDF at GET /batches/{id}.pdf. Each item is still 1 credit when it succeeds; the merged file costs nothing more.",
  }),
);

export const BatchBody = Type.Object(
  {
    templateId: GenerateBody.properties.templateId,
    items: Type.Array(BatchItem, {
      minItems: 1,
      maxItems: BATCH_MAX_ITEMS,
      description: `One entry per image (1 to ${BATCH_MAX_ITEMS}), each with the changes a generate body takes. Row n of the results is items[n-1].`,
    }),
    format: GenerateBody.properties.format,
    quality: GenerateBody.properties.quality,
    scale: GenerateBody.properties.scale,
    merge: MergeFlag,
    webhookUrl: Type.Optional(
      Type.String({ maxLength: 2048, description: 'POSTed once, signed (Standard Webhooks), when every item has succeeded or failed. Must be a public http(s) URL' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        templateId: EXAMPLE_TEMPLATE_ID,
        items: [{ elements: { title: { text: 'Ada Lovelace' } } }, { elements: { title: { text: 'Grace Hopper' } } }],
        format: 'png',
      },
      {
        templateId: EXAMPLE_TEMPLATE_ID,
        items: [{ elements: { title: { text: 'Ada Lovelace' } } }, { elements: { title: { text: 'Grace Hopper' } } }],
        format: 'pdf',
        merge: true,
      },
    ],
  },
);
export type BatchBody = Static<typeof BatchBody>;

/** With a CSV body the shared fields come in the query; with JSON, the body's own win. */
export const BatchQuery = Type.Object({
  templateId: Type.Optional(Type.String({ description: 'The template (required with a CSV body)', examples: [EXAMPLE_TEMPLATE_ID] })),
  format: GenerateBody.properties.format,
  quality: GenerateBody.properties.quality,
  scale: GenerateBody.properties.scale,
  merge: MergeFlag,
  webhookUrl: Type.Optional(Type.String({ maxLength: 2048, description: 'As in the JSON body', examples: ['https://example.com/hooks/imprint'] })),
});

export const BatchAccepted = Type.Object({
  status: Type.Literal('queued'),
  batchId: Type.String({ examples: [EXAMPLE_BATCH_ID] }),
  statusURL: Type.String({ format: 'uri', description: 'GET it (with your key) for counts and every item' }),
  total: Type.Integer({ minimum: 1, description: 'Items queued' }),
});

export const BatchIdParams = Type.Object({ batchId: Type.String({ minLength: 1, examples: [EXAMPLE_BATCH_ID] }) });

const Count = Type.Integer({ minimum: 0 });

export const BatchView = Type.Object({
  batchId: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done')], {
    description: 'queued: no item has started; running: some have; done: every item succeeded or failed (the ZIP is ready)',
  }),
  statusURL: Type.String({ format: 'uri' }),
  zipURL: Type.String({ format: 'uri', description: 'Every succeeded image and manifest.csv, once the batch is done' }),
  pdfURL: Type.Optional(Type.String({ format: 'uri', description: "With format pdf and merge: true, the succeeded items' pages as one PDF, once the batch is done" })),
  templateId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Optional(Type.String({ format: 'date-time' })),
  counts: Type.Object({ total: Count, queued: Count, running: Count, succeeded: Count, failed: Count }),
  items: Type.Optional(
    Type.Array(
      Type.Object({
        row: Type.Integer({ minimum: 1, description: 'The CSV data row (the header is row 0), or the position in items from 1' }),
        jobId: Type.String({ description: 'The item is a job: GET /jobs/{jobId} shows its full result' }),
        status: JobView.properties.status,
        imageURL: Type.Optional(Type.String({ format: 'uri' })),
        error: Type.Optional(Type.Ref('Error')),
      }),
    ),
  ),
  webhook: JobView.properties.webhook,
});
