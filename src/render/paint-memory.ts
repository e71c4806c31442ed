/**
 * The last raster output a thread painted for each document shape (output size, scale, background,
 * object count), with what each top-level object was and where it could paint. paintDocument uses it
 * to repaint only the rectangle a change touches: a new title leaves the rest of the card, and the
 * rotated photo's ~1.1 ms of bilinear sampling, where the previous render left it.
 *
 * The pixels are a private copy, never handed out: a render's output buffer goes on to the encoder
 * and to callers, who may hold or change it. Bounded by pixel bytes like the surface pool; a shape
 * that does not fit is simply not remembered.
 *
 * A repainted output is a copy of the remembered one, in a buffer of our own. A fresh 3 MB buffer per
 * render cost 0.2 ms CPU p50 but 2.6–3.2 ms mean in a loop (V8 counts it as external memory and runs
 * mark-compacts for it), a reused one 0.16 ms mean; so renderDocument hands a buffer back once its
 * encode is done, and the next repaint writes into it. A recycled buffer already holds an earlier
 * version of the same state, so only the rectangles repainted since then are copied into it (a
 * title's ~0.8 MB instead of the card's 3 MB), not the whole output.
 */
import type { DeviceBox } from './draw-object.js';
import type { DrawableImage } from './image-cache.js';
import type { RenderNode } from './render-node.js';

export interface PaintedState {
  /** Unpremultiplied RGBA of the whole output, as the last render returned it. */
  pixels: Buffer;
  /** Per top-level object, in z-order: the node (NodeCache keeps it the same object while its JSON is), */
  nodes: RenderNode[];
  /** the decoded images it drew (imageSources order), */
  images: Array<ReadonlyArray<DrawableImage | undefined>>;
  /** the device pixels it could have changed (paintedBounds; null: anywhere), */
  bounds: Array<DeviceBox | null>;
  /** Whether drawing it set DrawEnv.cutAlpha (which decides whether the output is encoded as opaque). */
  cuts: boolean[];
}

/** A pixel-aligned rectangle of the output. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Repaints a state's history keeps: a buffer lent that many repaints ago or more is copied in full.
 * Two renders in flight make one or two the common distance.
 */
const HISTORY = 8;

/** A state's repaints, newest last: `version` counts them, `rects[i]` is the region of repaint `version - rects.length + 1 + i`. */
interface History {
  version: number;
  rects: PixelRect[];
}

/** Writes `rect` of `from` (a whole output `outputWidth` pixels wide, RGBA) into the same place of `into`. */
function copyRect(from: Buffer, into: Buffer, outputWidth: number, rect: PixelRect): void {
  const stride = rect.width * 4;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const start = (y * outputWidth + rect.x) * 4;
    from.copy(into, start, start, start + stride);
  }
}

export class PaintMemory {
  private readonly states = new Map<string, PaintedState>();
  private keptBytes = 0;
  /** Renders painted in full and renders that repainted a region only, for tests and diagnostics. */
  readonly painted = { full: 0, region: 0 };

  /** `maxBytes`: pixel bytes the remembered outputs may hold; the least recently used shape goes first. */
  constructor(private readonly maxBytes = 8 * 1024 * 1024) {}

  /** Output buffers handed out by `output` and not yet recycled; the spares waiting for reuse. */
  private readonly lent = new WeakSet<Buffer>();
  private spares: Buffer[] = [];
  /** Which state, at which version, a lent or spare buffer holds the pixels of. */
  private readonly contents = new WeakMap<Buffer, { state: PaintedState; version: number }>();
  private readonly histories = new WeakMap<PaintedState, History>();

  get bytes(): number {
    return this.keptBytes;
  }

  /** Forgets every remembered output and spare buffer. */
  clear(): void {
    this.states.clear();
    this.spares = [];
    this.keptBytes = 0;
  }

  /** Whether an output of this many pixel bytes would be remembered at all. */
  fits(bytes: number): boolean {
    return bytes <= this.maxBytes;
  }

  get(key: string): PaintedState | undefined {
    const state = this.states.get(key);
    if (state) {
      this.states.delete(key);
      this.states.set(key, state);
    }
    return state;
  }

  /** Remembers `pixels` (copied, into the buffer the shape's previous state held when it fits). */
  remember(key: string, pixels: Buffer, state: Omit<PaintedState, 'pixels'>): void {
    if (!this.fits(pixels.length)) return;
    const old = this.states.get(key);
    const copy = old && old.pixels.length === pixels.length ? old.pixels : Buffer.allocUnsafeSlow(pixels.length);
    pixels.copy(copy);
    this.set(key, { ...state, pixels: copy });
  }

  /**
   * `state`'s pixels were just repainted in `rect` (the rest unchanged); returns a buffer of ours
   * holding all of them for the encoder: a recycled one that held an earlier version of this state
   * gets only the rectangles repainted since, any other a full copy.
   */
  output(state: PaintedState, rect: PixelRect, outputWidth: number): Buffer {
    const history = this.histories.get(state) ?? { version: 0, rects: [] };
    history.version++;
    history.rects.push(rect);
    if (history.rects.length > HISTORY) history.rects.shift();
    this.histories.set(state, history);
    const bytes = state.pixels.length;
    // The spare holding the latest version of this state has the least to catch up on.
    let i = -1;
    let since = 0;
    this.spares.forEach((b, j) => {
      const held = this.contents.get(b);
      if (held?.state === state && held.version > since) [i, since] = [j, held.version];
    });
    const missed = history.version - since;
    const catchUp = i >= 0 && missed <= history.rects.length;
    if (!catchUp) i = this.spares.findIndex((b) => b.length === bytes);
    const buffer = i >= 0 ? this.spares.splice(i, 1)[0] : Buffer.allocUnsafeSlow(bytes);
    if (catchUp) {
      for (const r of history.rects.slice(history.rects.length - missed)) copyRect(state.pixels, buffer, outputWidth, r);
    } else {
      state.pixels.copy(buffer);
    }
    this.contents.set(buffer, { state, version: history.version });
    this.lent.add(buffer);
    return buffer;
  }

  /**
   * Takes back a buffer `output` gave, once nothing reads it any more; any other buffer is ignored.
   * Two are kept: a worker has two renders in flight.
   */
  recycle(buffer: Buffer): void {
    if (!this.lent.has(buffer)) return;
    this.lent.delete(buffer);
    this.spares.push(buffer);
    if (this.spares.length > 2) this.spares.shift();
  }

  private set(key: string, state: PaintedState): void {
    this.forget(key);
    this.states.set(key, state);
    this.keptBytes += state.pixels.length;
    for (const [oldest, kept] of this.states) {
      if (this.keptBytes <= this.maxBytes) break;
      this.states.delete(oldest);
      this.keptBytes -= kept.pixels.length;
    }
  }

  forget(key: string): void {
    const old = this.states.get(key);
    if (!old) return;
    this.states.delete(key);
    this.keptBytes -= old.pixels.length;
  }
}
