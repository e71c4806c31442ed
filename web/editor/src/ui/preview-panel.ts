/**
 * "Render with the API": sends the design on screen (saved or not) to the
 * free preview endpoint, shows the server's PNG beside the canvas or over it,
 * and measures in the browser the share of pixels that differ from the
 * editor's own export, with the same pixelmatch threshold the browser tests use.
 */
import pixelmatch from 'pixelmatch';
import { ApiFailure, api, type FieldError } from '../api.js';
import type { DocumentStore } from '../document-store.js';
import { fieldId, h } from './dom.js';

/** pixelmatch's per-pixel colour threshold, as in src/e2e: anti-aliasing noise below it is not a difference. */
const THRESHOLD = 0.1;

export interface PreviewPanelOptions {
  toolbar: HTMLElement;
  stage: HTMLElement;
  frame: HTMLElement;
  store: DocumentStore;
  say(message: string, kind?: 'info' | 'error' | 'ok'): void;
  /** The server's objections to the document, shown at the objects they name (as a failed save does). */
  showErrors(errors: FieldError[]): void;
}

export interface Difference {
  differing: number;
  total: number;
  /** The diff image pixelmatch draws: differing pixels in red over a faded copy. */
  diff: ImageData;
}

/** Both PNGs go through the same decoder (an <img>), so neither side gets a colour conversion the other lacks. */
async function pixelsOf(url: string, width: number, height: number): Promise<ImageData> {
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = h('canvas', { width, height });
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(0, 0, width, height);
}

export async function measureDifference(serverUrl: string, editorUrl: string, width: number, height: number): Promise<Difference> {
  const [a, b] = await Promise.all([pixelsOf(serverUrl, width, height), pixelsOf(editorUrl, width, height)]);
  const diff = new ImageData(width, height);
  const differing = pixelmatch(a.data, b.data, diff.data, width, height, { threshold: THRESHOLD });
  return { differing, total: width * height, diff };
}

export function formatShare(differing: number, total: number): string {
  const percent = (differing / total) * 100;
  return `${percent < 0.01 && differing > 0 ? '< 0.01' : percent.toFixed(percent < 10 ? 2 : 1)}%`;
}

export function mountPreviewPanel({ toolbar, stage, frame, store, say, showErrors }: PreviewPanelOptions): void {
  const button = h(
    'button',
    { type: 'button', id: 'render-api', title: 'Render the design on screen with the server (free, limited per day) and compare it with the canvas' },
    'Render with the API',
  );
  toolbar.append(button);

  const image = h('img', { alt: "The server's render of the design" });
  const overlay = h('img', { class: 'api-overlay', alt: '', hidden: true });
  const figure = h('output', { class: 'api-difference', 'aria-live': 'polite' });
  const remaining = h('p', { class: 'api-remaining' });
  const overId = fieldId('api-over');
  const diffId = fieldId('api-diff');
  const over = h('input', { type: 'checkbox', id: overId });
  const showDiff = h('input', { type: 'checkbox', id: diffId });
  const close = h('button', { type: 'button', class: 'api-close' }, 'Close');
  const panel = h(
    'section',
    { class: 'api-preview', 'aria-label': 'API render', hidden: true },
    h('div', { class: 'api-head' }, h('h2', {}, 'API render'), close),
    image,
    h('p', {}, 'Pixels that differ from the canvas: ', figure),
    h('div', { class: 'api-options' }, h('label', { for: overId }, over, ' Over the canvas'), h('label', { for: diffId }, showDiff, ' Show differences')),
    remaining,
  );
  stage.append(overlay, panel);

  let renderUrl = '';
  let diffUrl = '';
  const showImages = () => {
    const src = showDiff.checked && diffUrl ? diffUrl : renderUrl;
    image.src = src;
    overlay.src = src;
    overlay.hidden = !over.checked || !src;
    if (!overlay.hidden) {
      // Exactly over the canvas as it is zoomed now.
      const f = frame.getBoundingClientRect();
      const s = stage.getBoundingClientRect();
      Object.assign(overlay.style, {
        left: `${f.left - s.left + stage.scrollLeft}px`,
        top: `${f.top - s.top + stage.scrollTop}px`,
        width: `${f.width}px`,
        height: `${f.height}px`,
      });
    }
  };
  over.addEventListener('change', showImages);
  showDiff.addEventListener('change', showImages);
  new ResizeObserver(() => overlay.hidden || showImages()).observe(stage);
  close.addEventListener('click', () => {
    panel.hidden = true;
    overlay.hidden = true;
    button.focus();
  });

  button.addEventListener('click', async () => {
    button.disabled = true;
    say('Rendering with the API…');
    try {
      const { png, remainingToday } = await api.previewPng(store.toDocument());
      if (renderUrl) URL.revokeObjectURL(renderUrl);
      renderUrl = URL.createObjectURL(png);
      const result = await measureDifference(renderUrl, store.exportPng(), store.width, store.height);
      const diffCanvas = h('canvas', { width: store.width, height: store.height });
      diffCanvas.getContext('2d')!.putImageData(result.diff, 0, 0);
      diffUrl = diffCanvas.toDataURL('image/png');
      const share = formatShare(result.differing, result.total);
      figure.textContent = share;
      figure.dataset.differing = String(result.differing);
      figure.dataset.total = String(result.total);
      figure.title = `${result.differing.toLocaleString()} of ${result.total.toLocaleString()} pixels`;
      remaining.textContent = remainingToday === null ? '' : `Free previews left today: ${remainingToday}.`;
      panel.hidden = false;
      showImages();
      say(`API render: ${share} of pixels differ.`, 'ok');
    } catch (error) {
      if (error instanceof ApiFailure && error.errors.length > 0) showErrors(error.errors);
      say(error instanceof ApiFailure ? `Not rendered: ${error.message}` : `Not rendered: ${String(error)}`, 'error');
    } finally {
      button.disabled = false;
    }
  });
}
