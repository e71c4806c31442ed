/**
 * Which thread registers each shared bundled face. GlobalFonts is one
 * collection for the whole process, not one per worker: a face one thread
 * registers, every thread draws with. So the render pool hands its workers the
 * main thread's claims, and each face is registered once per process (by
 * whichever thread claims it first) instead of once per thread: with two
 * workers that halved the ~1 s each spent registering 731 files.
 *
 * Kept apart from the font registry, which loads the canvas addon: the main
 * thread creates these claims to start its render workers, and loading Skia
 * (~0.1 s) before it does would hold every worker back by that much.
 */

/** Per shared face, in registration order: 0 unclaimed, 1 a thread is registering it, 2 registered. */
export const UNCLAIMED = 0;
export const CLAIMED = 1;
export const REGISTERED = 2;
/** Room for the eager faces and the fallbacks (731 today); faces past it are registered by every thread, as if unshared. */
const MAX_SHARED_FACES = 4096;

let claims: Int32Array = new Int32Array(new SharedArrayBuffer(MAX_SHARED_FACES * Int32Array.BYTES_PER_ELEMENT));

/** The claims this thread registers the shared faces against. */
export function sharedFontClaims(): Int32Array {
  return claims;
}

/** Called by a worker before `ensureBundledFonts`, with the claims of the thread that started it. */
export function adoptFontClaims(shared: Int32Array): void {
  claims = shared;
}
