/** Messages between RenderPool and render-worker. */
import type { RenderInput, RenderOutput } from './render-document.js';

export interface WorkerRequest {
  id: number;
  input: RenderInput;
}

export type WorkerReply =
  | { id: number; ok: true; output: Omit<RenderOutput, 'data'> & { data: Uint8Array } }
  | { id: number; ok: false; error: { kind: 'render' | 'internal'; message: string; element?: string } };
