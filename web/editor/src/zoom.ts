/**
 * Zoom: fit to the stage (the default, kept on resize), or a chosen factor
 * from the −/+ buttons, Ctrl+wheel (toward the pointer) or Ctrl +/−/0. The canvas element is sized
 * to the zoomed template and the stage scrolls, so Fabric's own pointer
 * maths stays that of a canvas at one viewport offset.
 */
import type { Canvas } from 'fabric';
import type { DocumentStore } from './document-store.js';

export const ZOOM_MIN = 0.05;
export const ZOOM_MAX = 8;
/** Each button press or wheel notch; three presses about double the size. */
const STEP = 1.25;

export class Zoom {
  private mode: 'fit' | number = 'fit';

  constructor(
    private readonly canvas: Canvas,
    private readonly store: DocumentStore,
    private readonly stage: HTMLElement,
    private readonly label: HTMLElement,
  ) {
    new ResizeObserver(() => this.apply()).observe(stage);
    // Ctrl/⌘+wheel (and a trackpad pinch, which Chromium reports as Ctrl+wheel) zooms the design, not the page,
    // toward the pointer. A wheel notch (100 px) is one step; a pinch's small deltas are fractions of one.
    stage.addEventListener(
      'wheel',
      (event) => {
        if (!(event.ctrlKey || event.metaKey) || event.deltaY === 0) return;
        event.preventDefault();
        const pixels = event.deltaMode === WheelEvent.DOM_DELTA_PIXEL ? event.deltaY : Math.sign(event.deltaY) * 100;
        this.zoomAt(STEP ** Math.max(-1, Math.min(1, -pixels / 100)), event.clientX, event.clientY);
      },
      { passive: false },
    );
  }

  get factor(): number {
    return this.canvas.getZoom();
  }

  fit(): void {
    this.mode = 'fit';
    this.apply();
  }

  zoomIn(): void {
    this.by(STEP);
  }

  zoomOut(): void {
    this.by(1 / STEP);
  }

  private by(multiplier: number): void {
    this.mode = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, this.factor * multiplier));
    this.apply();
  }

  /**
   * Zooms keeping the design point under (clientX, clientY) where it is: the
   * stage scrolls by however far the zoom carried it. Where the zoomed canvas
   * is narrower than the stage it is centred, and nothing can scroll.
   */
  zoomAt(multiplier: number, clientX: number, clientY: number): void {
    const element = this.canvas.getElement();
    const before = element.getBoundingClientRect();
    const zoom = this.factor;
    const x = (clientX - before.left) / zoom;
    const y = (clientY - before.top) / zoom;
    this.by(multiplier);
    const after = element.getBoundingClientRect();
    this.stage.scrollLeft += after.left + x * this.factor - clientX;
    this.stage.scrollTop += after.top + y * this.factor - clientY;
  }

  /** Ctrl/⌘ with + or =, − and 0; true when the key was one of them. */
  handleKey(event: KeyboardEvent): boolean {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    if (event.key === '+' || event.key === '=') this.zoomIn();
    else if (event.key === '-' || event.key === '_') this.zoomOut();
    else if (event.key === '0') this.fit();
    else return false;
    event.preventDefault();
    return true;
  }

  apply(): void {
    const z = this.mode === 'fit' ? this.fitFactor() : this.mode;
    this.canvas.setDimensions({ width: Math.round(this.store.width * z), height: Math.round(this.store.height * z) });
    this.canvas.setZoom(z);
    this.label.textContent = `${Math.round(z * 100)}%`;
  }

  private fitFactor(): number {
    const pad = 32;
    // On a phone the stage takes the canvas's height (up to 60% of the screen) instead of a fixed share,
    // so a landscape card is not framed by empty space.
    const narrow = window.matchMedia('(max-width: 900px)').matches;
    const availableHeight = narrow ? window.innerHeight * 0.6 : this.stage.clientHeight - pad;
    const zoom = Math.min((this.stage.clientWidth - pad) / this.store.width, availableHeight / this.store.height, 2);
    return Math.max(ZOOM_MIN, zoom);
  }
}
