import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImprintApp } from '../app.js';
import { ApiError } from '../../domain/errors.js';
import { repoRoot } from '../../repo-root.js';
import { ifNoneMatch } from '../conditional-get.js';

/** Only these kinds are served; anything else in web/ (notes, backups) stays private. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * A signed-in page can mint API keys and holds the session's CSRF token, so
 * script injection would be an account takeover: scripts and styles only from our own files. Images may come from
 * anywhere because PUBLIC_URL (and so imageURL) can name another host.
 */
const HTML_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function webDir(): string {
  return path.join(repoRoot(), 'web');
}

/**
 * The browser app: GET / is web/index.html and GET /web/<file> its assets.
 * Requests are looked up in a list of files made at start instead of being
 * joined onto a folder path, so `..`, encoded slashes or symlinks can never
 * reach outside web/: a name not in the list is simply a 404.
 */
export function registerWebRoutes(app: ImprintApp, dir: string = webDir()): void {
  const files = listServableFiles(dir);

  app.get('/', { schema: { hide: true } }, async (request, reply) => serve(request, reply, files.get('index.html'), true));

  // The editor: its own page (web/editor/index.html, bundle in web/editor/build/), under the same CSP.
  app.get('/editor', { schema: { hide: true } }, async (request, reply) => serve(request, reply, files.get('editor/index.html'), true));
  registerEditorFontRoutes(app);

  // The page is only served at /: its relative asset URLs would not resolve from /web/index.html.
  app.get(
    '/web/*',
    {
      schema: { hide: true, params: Type.Object({ '*': Type.String() }) },
    },
    async (request, reply) => {
      const name = request.params['*'];
      return serve(request, reply, name.endsWith('.html') ? undefined : files.get(name), false);
    },
  );
}

interface WebFile {
  absolutePath: string;
  contentType: string;
}

function listServableFiles(dir: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (relative: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      // Dirent.isFile() is false for symlinks, so a link pointing out of web/ is never listed.
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) {
        const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()];
        if (contentType) files.set(rel, { absolutePath: path.join(dir, rel), contentType });
      }
    }
  };
  walk('');
  return files;
}

async function serve(request: FastifyRequest, reply: FastifyReply, file: WebFile | undefined, isHtml: boolean) {
  if (!file) throw new ApiError('not_found', `There is no file at ${request.url.split('?')[0]}.`);
  const data = await readFile(file.absolutePath);
  const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
  // no-cache = revalidate every time: assets change with the server, and the ETag makes that cheap.
  reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');
  if (isHtml) reply.header('Content-Security-Policy', HTML_CSP).header('X-Frame-Options', 'DENY');
  if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(file.contentType).send(data);
}

interface EditorFonts {
  families: string[];
  weights: number[];
  /** Relative URLs, resolved against the page like every other request the editor makes. */
  files: string[];
  faces: { family: string; weight: number; style: 'normal' | 'italic'; unicodeRange?: string; file: number }[];
}

/**
 * The renderer's own font files, for the editor's FontFace registrations, so
 * that the browser measures and draws text with the bytes Skia uses. Files
 * are addressed by index into a list made from the bundle at the first
 * request: no path from the URL ever reaches the file system. The registry
 * is imported lazily because it loads the canvas addon.
 */
function registerEditorFontRoutes(app: ImprintApp): void {
  let built: { json: EditorFonts; paths: string[] } | undefined;
  const build = async () => {
    if (built) return built;
    const { bundledFontFaces, bundledFontFamilies } = await import('../../render/fonts/font-registry.js');
    const paths: string[] = [];
    const index = new Map<string, number>();
    const faces = bundledFontFaces().map((face) => {
      let file = index.get(face.file);
      if (file === undefined) {
        file = paths.push(face.file) - 1;
        index.set(face.file, file);
      }
      return { family: face.family, weight: face.weight, style: face.style, ...(face.unicodeRange ? { unicodeRange: face.unicodeRange } : {}), file };
    });
    const weights = [...new Set(faces.map((f) => f.weight))].sort((a, b) => a - b);
    built = { json: { families: bundledFontFamilies(), weights, files: paths.map((_, i) => `editor/fonts/${i}.woff`), faces }, paths };
    return built;
  };

  app.get('/editor/fonts.json', { schema: { hide: true } }, async (_request, reply) => {
    const { json } = await build();
    return reply.header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff').send(json);
  });

  app.get(
    '/editor/fonts/:file',
    {
      schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: '^[0-9]{1,6}\\.woff$' }) }) },
    },
    async (request, reply) => {
      const { paths } = await build();
      const absolutePath = paths[Number.parseInt(request.params.file, 10)];
      return serve(request, reply, absolutePath ? { absolutePath, contentType: 'font/woff' } : undefined, false);
    },
  );
}
