/** Messages between RenderPool and render-worker. */
import type { ElementProperties } from '../domain/elements.js';
import type { RenderInput, RenderOutput } from './render-document.js';
import type { SaveOutput } from './saved-output.js';

export interface WorkerRequest {
  id: number;
  input: RenderInput;
  /** Save the encoded image there (saveOutput) and send back no bytes. */
  save?: SaveOutput;
  /** Instead of an image: the document's elements with their texts laid out (layoutElements). */
  task?: 'elements';
}

/** Asks a worker to let its pixel caches go (releasePixelCaches); it answers nothing. */
export interface ReleasePixelsRequest {
  releasePixels: true;
}

/** `ready` is sent once, after the fonts are registered: a render's time budget starts only then. */
export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; output: Omit<RenderOutput, 'data'> & { data: Uint8Array } }
  | { id: number; ok: true; elements: Record<string, ElementProperties> }
  | { id: number; ok: false; error: { kind: 'render' | 'internal'; message: string; element?: string } };

/**
 * RENDER_CACHE_MB's default: what one render worker may keep in its caches
 * (docs/decisions/0043). 48 rather than 64: the same throughput and ~80 MB
 * less peak RSS with two workers under the HTTP bench, and a quarter of it
 * (12 MiB) still keeps a 2× card's 2400×1260 canvas (12.1 MB) for reuse,
 * which 32 would not.
 */
export const DEFAULT_RENDER_CACHE_MB = 48;

/** What each worker is started with. */
export interface RenderWorkerData {
  /** Pixel-cache budget of the worker in MB; undefined for the default. */
  cacheMb?: number;
  /** The process's font collection is shared by all threads; these claims let the workers register each face once between them. */
  fontClaims?: Int32Array;
  /** The start of every family name the process registers (fontAliasPrefix): the same in every thread of the one font collection. */
  fontAliasPrefix?: string;
}
