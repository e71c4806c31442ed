/**
 * Process-level tuning of the allocator inside @napi-rs/canvas. Import this
 * module first, before anything that loads the canvas addon, and from the
 * main thread: it only sets an environment variable, which mimalloc reads
 * once, when the addon is loaded, and a worker's process.env is its own copy
 * that native code never sees.
 *
 * Why: the addon's Rust side allocates with mimalloc, whose default returns
 * freed memory to the kernel 10 ms after it is freed. A render every few
 * milliseconds frees a 3 MB pixel read-back and asks for another one just
 * after that delay has passed, so every render faulted ~740 fresh pages back
 * in. On the VMs we measured, page faults sometimes cost ~10 µs each, and
 * `getImageData` of a 1200×630 card then took 10 ms instead of 0.2 ms
 * (p90 12 ms → 1.5 ms with the longer delay; docs/decisions/0011).
 *
 * One second keeps memory that a busy worker is about to reuse, and still
 * gives it back to the kernel one second after the worker goes idle. An
 * operator's own MIMALLOC_PURGE_DELAY wins.
 */
export const CANVAS_PURGE_DELAY_MS = 1000;

process.env.MIMALLOC_PURGE_DELAY ??= String(CANVAS_PURGE_DELAY_MS);
