import { Type, type Static } from '@sinclair/typebox';
import { ModificationItem } from '../domain/request-changes.js';
import { CreateTemplateBodySchema, TemplateDocumentSchema, UNPRINTABLE_NAME_CHARACTERS, UpdateTemplateBodySchema } from '../domain/template-schema.js';

/**
 * Request and response schemas of the HTTP API. Each is written once and
 * serves three purposes: Fastify validates with it, handlers get its static
 * type, and /openapi.json is generated from it.
 */

export const ErrorBody = Type.Object(
  {
    status: Type.Literal('error'),
    statusCode: Type.Integer(),
    code: Type.String({ description: 'Stable machine-readable error code (see the error catalog)' }),
    message: Type.String({ description: 'What went wrong and how to fix it' }),
    requestId: Type.String({ description: 'Equals the Request-Id response header' }),
    timestamp: Type.String({ format: 'date-time' }),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'Error' },
);

const Changes = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
  description:
    'Map from element name to the properties to change, e.g. {"title": {"text": "Hello"}} (a list of {"name": …} items goes in "modifications" instead). ' +
    'Strings such as "24" or "true" are accepted where a number or boolean is expected.',
});

const Modifications = Type.Union([Changes, Type.Array(ModificationItem)], {
  description:
    'Same as elements (send one or the other), or a Bannerbear-style list: [{"name": "title", "text": "Hello", "color": "#ffffff"}, {"name": "photo", "image_url": "https://…"}]. ' +
    'In a list, color sets fill, image_url src, font_family fontFamily, text_align_h textAlign, border_color stroke, border_width strokeWidth, hide: true visible: false; any other key is an Imprint property.',
});

const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'pdf'] as const;

/** The id used in examples; /docs "try it" needs one of your own (GET /templates/all). */
const EXAMPLE_TEMPLATE_ID = 'tpl_8fJ2kQ9xLmN4pR7s';

export const GenerateBody = Type.Object(
  {
    templateId: Type.Optional(Type.String({ description: 'ID of the template to render (required; a missing one is reported as missing_template_id)' })),
    elements: Type.Optional(Changes),
    modifications: Type.Optional(Modifications),
    format: Type.Optional(
      Type.Union(
        IMAGE_FORMATS.map((f) => Type.Literal(f)),
        {
          default: 'png',
          description: `One of ${IMAGE_FORMATS.join(', ')}. pdf is a one-page vector PDF of width × height points (1 px = 1 pt, times scale): text stays selectable text in embedded subset fonts, images keep their source resolution; 1 credit per page like an image.`,
        },
      ),
    ),
    quality: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'jpeg/webp quality, default 90. A numeric string ("60") is accepted.' })),
    scale: Type.Optional(Type.Number({ minimum: 0.1, maximum: 4, description: 'Output scale factor, default 1 (for pdf, the page size). A numeric string ("0.5") is accepted.' })),
    webhookUrl: Type.Optional(
      Type.String({ maxLength: 2048, description: 'Run in the background (202) and POST the outcome here, signed (Standard Webhooks). Must be a public http(s) URL' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { templateId: EXAMPLE_TEMPLATE_ID, elements: { title: { text: 'Hello from the API', fill: '#ffffff' } } },
      { templateId: EXAMPLE_TEMPLATE_ID, modifications: [{ name: 'title', text: 'Hello from Zapier', color: '#ffffff' }], format: 'jpeg', quality: 80 },
    ],
  },
);
export type GenerateBody = Static<typeof GenerateBody>;

/** A free preview: the generate body's changes on a saved template, or an unsaved document (what an editor shows). */
export const PreviewBody = Type.Object(
  {
    templateId: Type.Optional(Type.String({ description: 'ID of a saved template; send this or "template", not both' })),
    template: Type.Optional(TemplateDocumentSchema),
    elements: Type.Optional(Changes),
    modifications: Type.Optional(Modifications),
  },
  { additionalProperties: false, examples: [{ templateId: EXAMPLE_TEMPLATE_ID, elements: { title: { text: 'Draft title' } } }] },
);
export type PreviewBody = Static<typeof PreviewBody>;

export const GenerateResult = Type.Object(
  {
    status: Type.Literal('success'),
    statusCode: Type.Literal(200),
    message: Type.String(),
    imageURL: Type.String({ format: 'uri' }),
    details: Type.Object({
      dimensions: Type.Object({ width: Type.Integer(), height: Type.Integer() }, { description: 'Pixels; for a pdf, the page size in points.' }),
      format: Type.String(),
      warnings: Type.Optional(
        Type.Array(
          Type.Object({
            element: Type.String({ description: 'The element name (or its path in the document when unnamed).' }),
            code: Type.Literal('text_overflow'),
            message: Type.String(),
          }),
          {
            description:
              'Only present when something was drawn other than as designed: `text_overflow` when a text with `textFit: "shrink"` is still larger than its box at its `minFontSize` (the image is made and charged; the text overflows its box).',
          },
        ),
      ),
    }),
    usage: Type.Object({
      previousCredits: Type.Integer(),
      creditsUsed: Type.Integer(),
      remainingCredits: Type.Integer(),
    }),
    requestCompletionTime: Type.String({ examples: ['37 ms'] }),
    timestamp: Type.String({ format: 'date-time' }),
  },
  {
    description: 'The image was generated and 1 credit charged',
    examples: [
      {
        status: 'success',
        statusCode: 200,
        message: 'Image generated successfully.',
        imageURL: 'https://imprint.example.com/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png',
        details: { dimensions: { width: 1200, height: 630 }, format: 'png' },
        usage: { previousCredits: 100, creditsUsed: 1, remainingCredits: 99 },
        requestCompletionTime: '37 ms',
        timestamp: '2026-01-15T09:30:00.000Z',
      },
    ],
  },
);

export const TemplateSummary = Type.Object({
  id: Type.String({ examples: [EXAMPLE_TEMPLATE_ID] }),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const TemplateIdParams = Type.Object({ templateId: Type.String({ minLength: 1, examples: [EXAMPLE_TEMPLATE_ID] }) });

export const ListTemplatesQuery = Type.Object(
  {
    sort: Type.Optional(Type.Union([Type.Literal('createdAt'), Type.Literal('updatedAt')], { default: 'updatedAt' })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
  },
  { additionalProperties: true },
);
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

export const ElementsResult = Type.Object(
  { elements: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())) },
  {
    examples: [
      {
        elements: {
          background: { width: 1200, height: 630, fill: '#0f172a', scaleX: 1, scaleY: 1, angle: 0, opacity: 1 },
          title: { width: 900, height: 54, fill: '#ffffff', text: 'Hello Imprint', fontSize: 48, fontFamily: 'Inter', textAlign: 'left', opacity: 1 },
          photo: { width: 400, height: 400, src: 'https://imprint.example.com/assets/ast_1234/file', opacity: 1 },
        },
      },
    ],
  },
);

export const OverrideFormResult = Type.Object({
  elements: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.Union([Type.Literal('shape'), Type.Literal('text'), Type.Literal('line'), Type.Literal('image'), Type.Literal('group')]),
      fields: Type.Array(
        Type.Object({
          property: Type.String(),
          type: Type.Union([
            Type.Literal('number'),
            Type.Literal('boolean'),
            Type.Literal('color'),
            Type.Literal('text'),
            Type.Literal('font'),
            Type.Literal('fontWeight'),
            Type.Literal('image'),
            Type.Literal('enum'),
          ]),
          value: Type.Unknown(),
          min: Type.Optional(Type.Number()),
          max: Type.Optional(Type.Number()),
          exclusiveMin: Type.Optional(Type.Boolean()),
          values: Type.Optional(Type.Array(Type.String())),
          choices: Type.Optional(Type.Array(Type.String())),
        }),
      ),
    }),
  ),
});

export const CreateTemplateBody = CreateTemplateBodySchema;
export const UpdateTemplateBody = UpdateTemplateBodySchema;

export const TemplateFull = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  template: TemplateDocumentSchema,
});

/** The editor's ready-made designs: the documents themselves, copied into an account only when the user saves. */
export const StarterIdParams = Type.Object({ starterId: Type.String({ minLength: 1, maxLength: 64 }) });

export const GalleryResult = Type.Array(
  Type.Object({
    id: Type.String({ description: 'Lower-case letters, digits and dashes; never a template id.' }),
    name: Type.String(),
    description: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    previewURL: Type.String({ description: "Relative to the API's base address: a PNG at most 480 px on its longer side, drawn by the renderer." }),
    template: TemplateDocumentSchema,
  }),
);

export const AccountResult = Type.Object({ id: Type.String(), name: Type.String(), credits: Type.Integer() });

export const UsageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  cursor: Type.Optional(Type.String()),
});
export type UsageQuery = Static<typeof UsageQuery>;

export const UsageResult = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      delta: Type.Integer(),
      balanceAfter: Type.Integer(),
      reason: Type.String(),
      reference: Type.Union([Type.String(), Type.Null()]),
      state: Type.Optional(
        Type.Union([Type.Literal('pending'), Type.Literal('committed'), Type.Literal('refunded')], {
          description: 'On generate entries only: pending while the request runs (the credit is held), then committed with its image, or refunded (see the matching refund entry).',
        }),
      ),
      createdAt: Type.String({ format: 'date-time' }),
      imageURL: Type.Optional(
        Type.String({ description: 'On a committed generate entry: the image it paid for (absent when identical bytes were stored by an earlier request).' }),
      ),
      refundOf: Type.Optional(Type.String({ description: 'On a refund entry: the request id of the generate it gave the credit back for.' })),
    }),
  ),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ImagesResult = Type.Object({
  images: Type.Array(
    Type.Object({
      id: Type.String(),
      templateId: Type.String(),
      templateName: Type.Union([Type.String(), Type.Null()], { description: 'null once the template is deleted' }),
      requestId: Type.Union([Type.String(), Type.Null()], { description: 'The Request-Id header of the generate request that made it' }),
      format: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
      imageURL: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
    }),
  ),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ApiKeyView = Type.Object({
  id: Type.String(),
  prefix: Type.String(),
  last4: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
});

/** The name of an API or URL key. 80 characters: a label, not a note. Printable, as a template's name is. */
export const KeyName = Type.String({
  maxLength: 80,
  pattern: `^[^${UNPRINTABLE_NAME_CHARACTERS}]*$`,
  'x-pattern-message': 'must be printable text: no control, line-break or text-direction characters',
});

export const CreateKeyBody = Type.Object({ name: Type.Optional(KeyName) }, { additionalProperties: false });

export const KeyIdParams = Type.Object({ keyId: Type.String({ minLength: 1 }) });

export const AssetView = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'Use as an image `src` in templates and in POST /image/generate; the renderer reads it from storage' }),
  contentType: Type.String({ description: 'Sniffed from the bytes' }),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const AssetsResult = Type.Object({ assets: Type.Array(AssetView), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const AssetIdParams = Type.Object({ assetId: Type.String({ minLength: 1, maxLength: 200 }) });
