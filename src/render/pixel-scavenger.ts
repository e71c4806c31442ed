/**
 * Frees the pixel read-backs of finished renders promptly. `getImageData`
 * returns a buffer that @napi-rs/canvas allocates outside V8's heap. V8 counts
 * it only as external memory (`process.memoryUsage().external` moves in steps
 * of one read-back, `arrayBuffers` does not), which never starts a scavenge,
 * so a dead read-back waits for whatever collection the JS heap or the
 * external total next asks for (docs/decisions/0051). Under load a worker then held dozens
 * of 3 MB (1200×630) or 7 MB (1600×1131) read-backs that nothing used any
 * more. A minor collection right after a render finds them still young and
 * runs their finalisers: in a loop of 1600×1131 read-backs, peak RSS went
 * from 322 MB to 125 MB, at 0.75 ms per scavenge (docs/decisions/0043).
 *
 * Scavenging only every `thresholdBytes` of read-back keeps the cost to a
 * fraction of a render while bounding what waits for the collector.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options?: { type?: 'minor' | 'major' }) => void;

/** 8 MB: between two and three 1200×630 cards, one 1600×1131 certificate. */
export const DEFAULT_SCAVENGE_BYTES = 8 * 1024 * 1024;

let exposedGc: Gc | null | undefined;

/**
 * V8's `gc` without starting node with --expose-gc: the flag is read when a
 * context is created, so a fresh context gets the function. A worker cannot
 * be given V8 flags through execArgv. Null when the runtime refuses.
 */
function gcFunction(): Gc | null {
  if (exposedGc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      exposedGc = typeof gc === 'function' ? (gc as Gc) : null;
    } catch {
      exposedGc = null;
    }
  }
  return exposedGc;
}

/** A full collection now, where the runtime allows one: for moments when a worker has just let go of much native memory. */
export function collectGarbage(): void {
  gcFunction()?.();
}

export class PixelScavenger {
  private pending = 0;
  /** Minor collections run so far, for tests and diagnostics. */
  scavenges = 0;

  constructor(private readonly thresholdBytes = DEFAULT_SCAVENGE_BYTES) {}

  /** Call once a render's read-back is unreachable, with its size in bytes. */
  released(bytes: number): void {
    this.pending += bytes;
    if (this.pending >= this.thresholdBytes) this.scavenge();
  }

  /**
   * Call while the thread waits for its only render's encode: any read-back released since the last
   * collection goes now, whatever the threshold. A render alone on its worker then pays its
   * scavenge while sharp encodes, not in its paint or before the next message, and no dead
   * read-back piles up as external memory: V8 counts external memory allocated since the last
   * mark-compact against the old generation's free space, so three or four dead 1200×630
   * read-backs were enough to start one (docs/decisions/0051). Measured one render at a time
   * (docs/decisions/0053): 7 mark-compacts in 560 renders instead of 66–68, and 1.9–2.8 ms less mean
   * CPU a render. Not while another render is in flight on the thread: that render's objects,
   * its read-back included, would survive a second scavenge and be promoted (0051).
   */
  whileEncodingAlone(): void {
    if (this.pending > 0) this.scavenge();
  }

  private scavenge(): void {
    this.pending = 0;
    const gc = gcFunction();
    if (!gc) return;
    gc({ type: 'minor' });
    this.scavenges++;
  }
}
