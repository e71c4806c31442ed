/** Messages between RenderPool and render-worker. */
import type { RenderInput, RenderOutput } from './render-document.js';

export interface WorkerRequest {
  id: number;
  input: RenderInput;
}

/** `ready` is sent once, after the fonts are registered: a render's time budget starts only then. */
export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; output: Omit<RenderOutput, 'data'> & { data: Uint8Array } }
  | { id: number; ok: false; error: { kind: 'render' | 'internal'; message: string; element?: string } };

/** RENDER_CACHE_MB's default: what one render worker may keep in pixel caches (docs/decisions/0043). */
export const DEFAULT_RENDER_CACHE_MB = 64;

/** What each worker is started with. */
export interface RenderWorkerData {
  /** Pixel-cache budget of the worker in MB; undefined for the default. */
  cacheMb?: number;
  /** The process's font collection is shared by all threads; these claims let the workers register each face once between them. */
  fontClaims?: Int32Array;
}
