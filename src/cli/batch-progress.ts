/** Where progress goes: a terminal gets one line redrawn in place, anything else a plain line now and then. */
export interface ProgressSink {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface ProgressCounts {
  total: number;
  /** Rows whose file was already there when the run started. */
  skipped: number;
  rendered: number;
  failed: number;
}

/** A terminal redraw every 100 ms looks live; a log line every 5 s keeps a CI log readable for a long sheet. */
const TTY_EVERY_MS = 100;
const LINE_EVERY_MS = 5000;
const RATE_AFTER_MS = 1000;

/**
 * `[##########..........] 240/500  48%  31.2 img/s  ETA 0:08  2 failed`.
 * The rate counts only rows drawn in this run (skipped files took no time),
 * so a resumed run's ETA is about the rows it still has to do.
 */
export function progressLine(counts: ProgressCounts, elapsedMs: number, width: number): string {
  const done = counts.skipped + counts.rendered + counts.failed;
  const worked = counts.rendered + counts.failed;
  // Before a second has passed the rate is noise: a row that fails its checks in 5 ms would read as 200 img/s.
  const rate = elapsedMs >= RATE_AFTER_MS ? (worked * 1000) / elapsedMs : null;
  const left = counts.total - done;
  const eta = rate ? formatDuration((left / rate) * 1000) : '–';
  const percent = counts.total === 0 ? 100 : Math.floor((done * 100) / counts.total);
  const text = `${done}/${counts.total}  ${percent}%  ${rate === null ? '–' : rate.toFixed(1)} img/s  ETA ${eta}${counts.failed > 0 ? `  ${counts.failed} failed` : ''}`;
  const barWidth = Math.min(30, width - text.length - 3);
  if (barWidth < 5) return text;
  const filled = counts.total === 0 ? barWidth : Math.round((done * barWidth) / counts.total);
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${text}`;
}

/** 75 000 ms → "1:15", 3 723 000 ms → "1:02:03". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

export class BatchProgress {
  private readonly started = Date.now();
  private lastDraw = 0;
  private drawn = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sink: ProgressSink,
    private readonly counts: ProgressCounts,
  ) {
    // Ref'd on purpose: render workers are unref'd, and a run waiting only on them must not let the process exit.
    this.timer = setInterval(() => this.tick(false), sink.isTTY ? TTY_EVERY_MS : LINE_EVERY_MS);
  }

  get elapsedMs(): number {
    return Date.now() - this.started;
  }

  /** Called after each row; redraws a terminal at most every TTY_EVERY_MS. */
  update(): void {
    if (this.sink.isTTY && Date.now() - this.lastDraw >= TTY_EVERY_MS) this.tick(true);
  }

  /** A message between progress lines (e.g. "stopping…"), without garbling the bar. */
  note(message: string): void {
    if (this.sink.isTTY && this.drawn) this.sink.write('\r\x1b[2K');
    this.sink.write(`${message}\n`);
    this.drawn = false;
    if (this.sink.isTTY) this.tick(true);
  }

  /** The final state, then the terminal line is left in place with a newline. */
  finish(): void {
    clearInterval(this.timer);
    this.tick(true);
    if (this.sink.isTTY) this.sink.write('\n');
  }

  private tick(force: boolean): void {
    if (!force && this.sink.isTTY && Date.now() - this.lastDraw < TTY_EVERY_MS) return;
    this.lastDraw = Date.now();
    const line = progressLine(this.counts, this.elapsedMs, this.sink.isTTY ? (this.sink.columns ?? 80) - 1 : 80);
    if (this.sink.isTTY) {
      this.sink.write(`\r\x1b[2K${line}`);
      this.drawn = true;
    } else {
      this.sink.write(`${line}\n`);
    }
  }
}
