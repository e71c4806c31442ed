import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import type { TemplateDocument } from '../src/domain/template.js';
import { CORPUS_ASSET_HOST, readCorpusAsset } from './corpus-images.js';
import { loadFontFaces, type FontFace } from './font-faces.js';
import { findRepoRoot } from './repo-root.js';

/**
 * Real Fabric.js in Debian's headless Chromium: the reference every golden is
 * made with. One browser; one page per Fabric major version, reused across
 * documents (fonts stay loaded, Fabric's char-width cache stays valid because
 * fonts are loaded before any text is measured).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu', // software Skia raster, like @napi-rs/canvas
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--force-color-profile=srgb', // no display colour management on image pixels
  '--disable-web-security', // corpus images come from another (fake) origin; keep the canvas untainted
  // Asks for unhinted outlines as in @napi-rs/canvas. Measured: canvas text pixels were identical with and
  // without it (and with --disable-lcd-text, --disable-font-subpixel-positioning, --text-contrast/gamma);
  // kept so a Chromium that does honour it stays on the unhinted side.
  '--font-render-hinting=none',
];

const PAGE_ORIGIN = 'http://imprint.golden';

type FabricMajor = 5 | 6 | 7;

const BUNDLES: Record<FabricMajor, string> = {
  5: 'node_modules/fabric5/dist/fabric.min.js',
  6: 'node_modules/fabric6/dist/index.min.js',
  7: 'node_modules/fabric/dist/index.min.js',
};

/** The document's `version` picks the Fabric that renders it; none means 7. */
export function fabricMajorOf(doc: TemplateDocument): FabricMajor {
  if (typeof doc.version !== 'string' || doc.version === '') return 7;
  const major = Number.parseInt(doc.version, 10);
  if (major <= 5) return 5;
  if (major === 6) return 6;
  if (major === 7) return 7;
  throw new Error(`unsupported Fabric version ${doc.version}`);
}

const TEXT_TYPES = new Set(['text', 'i-text', 'itext', 'textbox']);
const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);

function cssFamily(family: string): string {
  return /["',]/.test(family) || GENERIC_FAMILIES.has(family.toLowerCase()) ? family : `"${family}"`;
}

/**
 * CSS font shorthands (with the text that uses them) for every
 * family/weight/style a document's text uses, including per-character
 * styles in both the v5 object form and the v6/v7 array form.
 */
export function fontSamples(doc: TemplateDocument): Array<{ font: string; text: string }> {
  const byFont = new Map<string, string>();
  const add = (family: unknown, weight: unknown, style: unknown, text: string): void => {
    const f = `${style ?? 'normal'} ${weight ?? 'normal'} 40px ${cssFamily(String(family ?? 'Times New Roman'))}`;
    byFont.set(f, (byFont.get(f) ?? '') + text);
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (typeof o.type === 'string' && TEXT_TYPES.has(o.type.toLowerCase())) {
      const text = String(o.text ?? '');
      add(o.fontFamily, o.fontWeight, o.fontStyle, text);
      const styleDecls: Record<string, unknown>[] = [];
      if (Array.isArray(o.styles)) {
        for (const s of o.styles as Array<{ style?: Record<string, unknown> }>) if (s?.style) styleDecls.push(s.style);
      } else if (o.styles && typeof o.styles === 'object') {
        for (const line of Object.values(o.styles as Record<string, Record<string, Record<string, unknown>>>)) {
          for (const s of Object.values(line ?? {})) styleDecls.push(s);
        }
      }
      for (const s of styleDecls) {
        add(s.fontFamily ?? o.fontFamily, s.fontWeight ?? o.fontWeight, s.fontStyle ?? o.fontStyle, text);
      }
    }
    if ('objects' in o) visit(o.objects);
    if ('clipPath' in o) visit(o.clipPath);
  };
  visit(doc.objects);
  return [...byFont].map(([font, text]) => ({ font, text }));
}

function fontFaceCss(faces: FontFace[]): string {
  return faces
    .map((f, i) => {
      const range = f.unicodeRange ? `unicode-range:${f.unicodeRange};` : '';
      return `@font-face{font-family:${JSON.stringify(f.family)};font-style:${f.style};font-weight:${f.weight};font-display:block;src:url(/fonts/${i});${range}}`;
    })
    .join('\n');
}

function fontMime(file: string): string {
  if (file.endsWith('.woff2')) return 'font/woff2';
  if (file.endsWith('.woff')) return 'font/woff';
  if (file.endsWith('.otf')) return 'font/otf';
  return 'font/ttf';
}

export class FabricBrowser {
  private pages = new Map<FabricMajor, Promise<Page>>();
  private constructor(
    private readonly browser: Browser,
    private readonly faces: FontFace[],
    readonly fontSource: string,
  ) {}

  static async launch(): Promise<FabricBrowser> {
    const { faces, source } = await loadFontFaces();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return new FabricBrowser(browser, faces, source);
  }

  async close(): Promise<void> {
    await this.browser.close();
  }

  /** Renders the document with the Fabric its `version` names; returns PNG bytes. */
  async render(doc: TemplateDocument): Promise<Buffer> {
    const dataUrl = await this.run(doc, { mode: 'png' });
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  }

  /**
   * Loads a (possibly abbreviated) document into the Fabric its `version` names and returns what that
   * Fabric's canvas.toJSON(['name']) writes; `minimal` sets includeDefaultValues = false, as editors
   * that store compact JSON do. Used to build the corpus from real Fabric output.
   */
  async serialize(doc: TemplateDocument, minimal = false): Promise<Record<string, unknown>> {
    return JSON.parse(await this.run(doc, { mode: minimal ? 'json-minimal' : 'json' })) as Record<string, unknown>;
  }

  private async run(doc: TemplateDocument, opts: { mode: 'png' | 'json' | 'json-minimal' }): Promise<string> {
    const major = fabricMajorOf(doc);
    const page = await this.page(major);
    const errors: string[] = [];
    const onError = (e: Error): void => void errors.push(e.message);
    page.on('pageerror', onError);
    try {
      return await page.evaluate(renderInPage, { doc, major, samples: fontSamples(doc), mode: opts.mode });
    } catch (err) {
      throw new Error(`Fabric ${major} failed: ${(err as Error).message}${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`);
    } finally {
      page.off('pageerror', onError);
    }
  }

  private page(major: FabricMajor): Promise<Page> {
    let p = this.pages.get(major);
    if (!p) {
      p = this.openPage(major);
      this.pages.set(major, p);
    }
    return p;
  }

  private async openPage(major: FabricMajor): Promise<Page> {
    const root = findRepoRoot();
    const context = await this.browser.newContext({ deviceScaleFactor: 1, viewport: { width: 800, height: 600 } });
    // tsx (esbuild keepNames) wraps named functions in __name(); functions passed to evaluate need it too.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>${fontFaceCss(this.faces)}</style>
<script src="/fabric.js"></script></head><body style="margin:0"></body></html>`;
    // Everything is served from disk; any other request is refused so a
    // golden can never depend on the network.
    await page.route('**/*', async (route: Route) => {
      const url = new URL(route.request().url());
      if (url.origin === PAGE_ORIGIN) {
        if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: html });
        if (url.pathname === '/fabric.js') {
          return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(root, BUNDLES[major])) });
        }
        const m = /^\/fonts\/(\d+)$/.exec(url.pathname);
        const face = m ? this.faces[Number(m[1])] : undefined;
        if (face) return route.fulfill({ contentType: fontMime(face.file), body: readFileSync(face.file) });
      }
      if (url.hostname === CORPUS_ASSET_HOST) {
        try {
          const bytes = readCorpusAsset(url.href);
          if (bytes) {
            return route.fulfill({ body: Buffer.from(bytes), headers: { 'access-control-allow-origin': '*' } });
          }
        } catch {
          /* fall through to 404 */
        }
        return route.fulfill({ status: 404, body: 'no such corpus asset' });
      }
      return route.abort('blockedbyclient');
    });
    await page.goto(`${PAGE_ORIGIN}/`);
    // Filters run on Fabric's Canvas 2D backend, the one fabric/node uses (and Imprint mirrors), never WebGL.
    await page.evaluate(() => {
      const f = (globalThis as any).fabric;
      if (f.setFilterBackend) {
        f.config.configure({ enableGLFiltering: false });
        f.setFilterBackend(new f.Canvas2dFilterBackend());
      } else {
        f.enableGLFiltering = false;
        f.filterBackend = new f.Canvas2dFilterBackend();
      }
    });
    const version = await page.evaluate(() => (globalThis as unknown as { fabric: { version: string } }).fabric.version);
    if (Number.parseInt(version, 10) !== major) throw new Error(`loaded Fabric ${version}, wanted ${major}`);
    return page;
  }
}

/** Runs inside the page: fonts first, then Fabric, then the lower canvas's pixels. */
async function renderInPage(arg: { doc: TemplateDocument; major: number; samples: Array<{ font: string; text: string }>; mode: 'png' | 'json' | 'json-minimal' }): Promise<string> {
  const { doc, major, samples, mode } = arg;
  // The project compiles without the DOM lib; this function only runs in the page.
  const g = globalThis as any;
  const document = g.document;
  // Fabric measures text when objects are created; a font that arrives later
  // would leave wrong widths in its cache, so every face must be loaded first.
  await Promise.all(samples.map((s) => document.fonts.load(s.font, s.text || 'A') as Promise<unknown>));
  await document.fonts.ready;
  const fabric = g.fabric;
  const el = document.createElement('canvas');
  document.body.appendChild(el);
  const canvas = new fabric.StaticCanvas(el, {
    width: doc.width,
    height: doc.height,
    enableRetinaScaling: false,
    renderOnAddRemove: false,
  });
  try {
    if (mode !== 'png') {
      // Corpus building: objects are created by Fabric itself; `group` specs with `build: true` list their
      // children in canvas coordinates and get their own transform afterwards, as an editor's "group" does.
      const enliven = async (specs: any[]): Promise<any[]> => {
        const out: any[] = [];
        for (const spec of specs) {
          if (spec.svg) {
            // An SVG import as an editor does it: parse, group the elements, then name and place the group.
            const { svg, type, ...props } = spec;
            const parsed: { objects: any[]; options: any } =
              major === 5
                ? await new Promise((resolve) => fabric.loadSVGFromString(svg, (objects: any[], options: any) => resolve({ objects, options })))
                : await fabric.loadSVGFromString(svg);
            const group = fabric.util.groupSVGElements(parsed.objects.filter(Boolean), parsed.options);
            group.set(props);
            group.setCoords();
            out.push(group);
          } else if (spec.build) {
            const { objects, build, type, clipPath, ...props } = spec;
            const group = new fabric.Group(await enliven(objects));
            group.set(props);
            if (clipPath) group.clipPath = (await enliven([clipPath]))[0];
            group.setCoords();
            out.push(group);
          } else if (major === 5) {
            // Fabric 5.5's Textbox.fromObject turns a missing `styles` into undefined and toJSON then throws;
            // documents real v5 editors wrote always carry `styles`.
            const full = /text/i.test(spec.type) && spec.styles === undefined ? { ...spec, styles: {} } : spec;
            out.push((await new Promise<any[]>((resolve) => fabric.util.enlivenObjects([full], resolve)))[0]);
          } else {
            out.push((await fabric.util.enlivenObjects([spec]))[0]);
          }
        }
        return out;
      };
      // A canvas gradient or pattern as an editor sets one (a Pattern with its image loaded).
      const filler = async (spec: any): Promise<any> => {
        if (spec.type !== 'pattern') return new fabric.Gradient(spec);
        return major === 5 ? new Promise((resolve) => new fabric.Pattern(spec, resolve)) : fabric.Pattern.fromObject(spec);
      };
      for (const obj of await enliven(doc.objects)) canvas.add(obj);
      if (doc.background !== undefined) {
        const bg: any = doc.background;
        canvas.backgroundColor = bg && typeof bg === 'object' ? await filler(bg) : bg;
      }
      // Canvas-level objects, set as an editor sets them (canvas.backgroundImage = img, …).
      for (const key of ['backgroundImage', 'overlayImage', 'clipPath']) {
        if (doc[key]) canvas[key] = (await enliven([doc[key]]))[0];
      }
      if (doc.overlay !== undefined) canvas.overlayColor = doc.overlay && typeof doc.overlay === 'object' ? await filler(doc.overlay) : doc.overlay;
      canvas.includeDefaultValues = mode === 'json';
      return JSON.stringify(canvas.toJSON(['name']));
    }
    if (major === 5) {
      await new Promise<void>((resolve) => canvas.loadFromJSON(doc, () => resolve()));
    } else {
      await canvas.loadFromJSON(doc);
    }
    canvas.renderAll();
    return canvas.getElement().toDataURL('image/png') as string;
  } finally {
    canvas.dispose();
    el.remove();
  }
}
