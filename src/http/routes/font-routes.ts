import { Type } from '@sinclair/typebox';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses, fileResponse, rawBody } from '../routes.js';
import { ApiError } from '../../domain/errors.js';
import { deleteFont, listFonts, readFontFile, uploadFont } from '../../services/manage-fonts.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import type { FontRecord } from '../../store/store.js';

const tags = ['Fonts'];
const FONT_TYPES = ['font/ttf', 'font/otf', 'font/woff', 'font/woff2', 'font/sfnt', 'application/font-woff', 'application/x-font-ttf', 'application/octet-stream'];

const FontView = Type.Object({
  id: Type.String(),
  family: Type.String(),
  weight: Type.Integer(),
  style: Type.String(),
  format: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

function view(font: FontRecord) {
  return { id: font.id, family: font.family, weight: font.weight, style: font.style, format: font.format, createdAt: font.createdAt };
}

export function registerFontRoutes(app: ImprintApp, deps: ServiceDeps): void {
  // Font files arrive as the raw body (curl --data-binary @Brand.ttf); the format is sniffed from the bytes.
  app.addContentTypeParser(FONT_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/fonts',
    {
      config: { auth: 'read', accountLimit: 'fontUpload' },
      schema: {
        operationId: 'uploadFont',
        summary: 'Upload a font',
        description:
          'Send the TTF, OTF, WOFF or WOFF2 file as the body (Content-Type font/ttf, font/woff2 or application/octet-stream). Templates of this account may then use the family. Uploads are limited per account per hour (RATE_LIMIT_FONT_UPLOAD, 20 by default); a file may be at most 32 MB, within the body limit.',
        tags,
        security: bearer,
        querystring: Type.Object({
          family: Type.String({ minLength: 1, maxLength: 100 }),
          weight: Type.Optional(Type.Integer({ minimum: 100, maximum: 900, default: 400 })),
          style: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('italic')], { default: 'normal' })),
        }),
        ...rawBody('The font file (TTF, OTF, WOFF or WOFF2); its format is read from the bytes.', FONT_TYPES),
        response: { 201: FontView, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new ApiError('unsupported_media_type', 'Send the font file as the raw body with Content-Type font/ttf, font/otf, font/woff, font/woff2 or application/octet-stream.');
      const accountId = principalOf(request).account.id;
      const before = await listFonts(deps, accountId);
      const font = await uploadFont(deps, accountId, {
        family: request.query.family,
        weight: request.query.weight ?? 400,
        style: request.query.style ?? 'normal',
        data: request.body,
      });
      await app.thumbnails.fontsChanged(accountId, font.family, before);
      return reply.code(201).send(view(font));
    },
  );

  app.get(
    '/fonts',
    {
      config: { auth: 'read' },
      schema: { operationId: 'listFonts', summary: "List the account's fonts", tags, security: bearer, response: { 200: Type.Array(FontView), ...errorResponses() } },
    },
    async (request) => (await listFonts(deps, principalOf(request).account.id)).map(view),
  );

  app.get(
    '/fonts/:fontId/file',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getFontFile',
        summary: "Download one of the account's font files",
        description: "The bytes as uploaded. The editor loads them with the FontFace API so it measures text with the renderer's font.",
        tags,
        security: bearer,
        params: Type.Object({ fontId: Type.String() }),
        response: { 200: fileResponse('The font file as uploaded', ['font/ttf', 'font/otf', 'font/woff', 'font/woff2']), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { data, format } = await readFontFile(deps, principalOf(request).account.id, request.params.fontId);
      // private: the file belongs to one account, so no shared cache may keep it; an upload never changes (a new one gets a new id).
      return reply.header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff').type(`font/${format}`).send(data);
    },
  );

  app.delete(
    '/fonts/:fontId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'deleteFont',
        summary: 'Delete a font',
        description:
          "Refused with 409 font_in_use while a template's text draws with this face (the face the renderer picks for that text's family, weight and style); the message names the templates.",
        tags,
        security: bearer,
        params: Type.Object({ fontId: Type.String() }),
        response: { 204: Type.Null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = principalOf(request).account.id;
      const before = await listFonts(deps, accountId);
      const font = await deleteFont(deps, accountId, request.params.fontId);
      await app.thumbnails.fontsChanged(accountId, font.family, before);
      return reply.code(204).send(null);
    },
  );
}
