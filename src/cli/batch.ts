import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.js';
import { csvLine, parseBatchCsv, type BatchCsvRow } from '../domain/batch-csv.js';
import { ApiError } from '../domain/errors.js';
import { type OverrideName, splitOverrideName } from '../domain/signed-url.js';
import { ownEntry } from '../domain/own-entry.js';
import type { Runtime } from '../main.js';
import { RenderPool } from '../render/render-pool.js';
import { BatchProgress, formatDuration, type ProgressSink } from './batch-progress.js';
import { loadLocalTemplate, localRenderInput, withAbsoluteSrcs } from './render-local.js';

export type BatchFormat = 'png' | 'jpeg' | 'webp' | 'pdf';

export interface BatchOptions {
  csv: string;
  template: string;
  out: string;
  format: BatchFormat;
  scale?: number;
  /** Rows drawn (local) or requested (server) at once. */
  concurrency: number;
  /** A CSV column (element.property) whose cell names each file. */
  name?: string;
  server?: { url: string; key: string };
}

export interface BatchFailure {
  row: number;
  file: string;
  code: string;
  message: string;
}

export interface BatchSummary {
  mode: 'local' | 'server';
  out: string;
  total: number;
  rendered: number;
  /** Server mode: rows the server answered from an earlier run's Idempotency-Key, without charging again. */
  replayed: number;
  skipped: number;
  failed: number;
  /** Rows not started because the run was interrupted. */
  pending: number;
  interrupted: boolean;
  seconds: number;
  failures: BatchFailure[];
  manifest: string;
}

type RowStatus = 'rendered' | 'skipped' | 'failed' | 'pending';
type RowRenderer = (row: BatchCsvRow, signal: AbortSignal) => Promise<{ data: Uint8Array; replayed: boolean }>;

export const LOCAL_ROWS_PER_WORKER = 2;
/** Server mode asks 4 at a time by default: enough to hide a round trip, few enough to stay under a generate rate limit. */
export const SERVER_CONCURRENCY = 4;
const EXTENSIONS: Record<BatchFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf' };
/** Files sort in row order up to 9 999 rows, and keep their names when a sheet grows past 999. */
const MIN_ROW_DIGITS = 4;
const MAX_NAME_LENGTH = 80;
const MANIFEST = 'manifest.csv';
/** Only the process that wrote a temporary file knows it is incomplete: the pid keeps two runs on one folder apart. */
const TEMP_FILE = /^\.(.+)\.\d+\.tmp$/;

/** A row's cell in `column`, among own keys only (a column named `constructor.name` must not find Object's). */
function cellOf(row: BatchCsvRow, column: OverrideName): string | undefined {
  const properties = ownEntry(row.elements, column.element);
  return properties ? ownEntry(properties, column.property) : undefined;
}

/**
 * One file name per row, a pure function of the sheet, so a resumed run finds
 * exactly the files the first run wrote: the zero-padded row number, or with
 * `nameColumn` that row's cell made safe for every file system (letters,
 * digits, `.`, `_` and `-`; no leading dot), the row number when it is empty.
 * Names are compared case-insensitively, as macOS and Windows do; a repeat
 * gets `-<row>` appended.
 */
export function batchFileNames(rows: readonly BatchCsvRow[], format: BatchFormat, nameColumn?: string): string[] {
  const digits = Math.max(MIN_ROW_DIGITS, String(rows.length).length);
  const column = nameColumn === undefined ? null : splitOverrideName(nameColumn.trim());
  if (nameColumn !== undefined) {
    if (!column) throw new ApiError('invalid_request', `--name "${nameColumn}" must be a column of the CSV, named element.property like its header.`);
    if (!rows.some((r) => cellOf(r, column) !== undefined))
      throw new ApiError('invalid_request', `No row has a value in column "${nameColumn}": check the name against the CSV's header row.`);
  }
  const taken = new Set<string>();
  return rows.map((r) => {
    const number = String(r.row).padStart(digits, '0');
    const cell = column ? cellOf(r, column) : undefined;
    let base = cell === undefined ? number : safeFileName(cell) || number;
    if (taken.has(base.toLowerCase())) base = `${base}-${number}`;
    while (taken.has(base.toLowerCase())) base = `${base}-${r.row}`;
    taken.add(base.toLowerCase());
    return `${base}.${EXTENSIONS[format]}`;
  });
}

function safeFileName(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[.-]+$/, '');
}

/**
 * Each row's Idempotency-Key: the sheet, template and output settings hashed,
 * then the row. Running the same command again sends the same keys, so a row
 * the server already drew (and charged) within 24 h is replayed for free; a
 * changed sheet, template or format gets new keys instead of a 422 for a
 * reused key with a different body.
 */
export function batchIdempotencyKey(csv: string, options: Pick<BatchOptions, 'template' | 'format' | 'scale'>, row: number): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([csv, options.template, options.format, options.scale ?? null]))
    .digest('hex');
  return `imprint-batch-${hash.slice(0, 32)}-${row}`;
}

/**
 * `imprint batch`: one image per CSV row into a folder. Files appear only
 * complete (written under a temporary name, then renamed), so whatever a
 * Ctrl-C, a crash or a full disk leaves behind, a file with its final name is
 * a whole image, and running the command again skips it.
 */
export async function runBatch(options: BatchOptions, local: { config: Config; deps: Runtime['deps'] } | null, sink: ProgressSink, resumeCommand: string): Promise<BatchSummary> {
  const csv = await readFile(options.csv, 'utf8').catch((error: Error) => {
    throw new ApiError('invalid_request', `Could not read the CSV ${options.csv}: ${error.message}`);
  });
  // The API's 1 000-row cap protects a shared server; here the operator's own machine does the work.
  const rows = parseBatchCsv(csv, Number.POSITIVE_INFINITY);
  const files = batchFileNames(rows, options.format, options.name);
  try {
    mkdirSync(options.out, { recursive: true });
  } catch (error) {
    throw new ApiError('invalid_request', `--out ${options.out} cannot be used as the output folder: ${(error as Error).message}`);
  }

  const ours = new Set(files);
  const present = new Set<string>();
  for (const entry of await readdir(options.out)) {
    const temp = TEMP_FILE.exec(entry);
    if (temp && ours.has(temp[1])) await rm(path.join(options.out, entry), { force: true });
    else present.add(entry);
  }

  const statuses: RowStatus[] = files.map((file) => (present.has(file) ? 'skipped' : 'pending'));
  const errors = new Map<number, { code: string; message: string }>();
  const counts = { total: rows.length, skipped: statuses.filter((s) => s === 'skipped').length, rendered: 0, failed: 0 };
  let replayed = 0;

  const stop = new AbortController();
  let progress: BatchProgress | null = null;
  let inFlight = 0;
  const say = (message: string) => (progress ? progress.note(message) : sink.write(`${message}\n`));
  // Installed before the workers start: a Ctrl-C while they warm up still ends with the manifest and the resume hint.
  const onSigint = () => {
    if (stop.signal.aborted) {
      say('Stopped at once; rows in flight are lost (no partial file is left under a final name).');
      process.exit(130);
    }
    stop.abort();
    say(`Stopping after the ${inFlight} row(s) in flight… (Ctrl-C again to stop at once)`);
  };
  process.on('SIGINT', onSigint);

  let elapsedMs = 0;
  try {
    if (!options.server) sink.write(`Starting ${options.concurrency} render worker(s)…\n`);
    const { render, close } = options.server ? await serverRenderer(options, csv) : await localRenderer(options, local);
    const bar = new BatchProgress(sink, counts);
    progress = bar;
    let next = 0;
    const worker = async () => {
      while (!stop.signal.aborted) {
        const index = statuses.indexOf('pending', next);
        if (index < 0) return;
        next = index + 1;
        inFlight++;
        try {
          const { data, replayed: wasReplayed } = await render(rows[index], stop.signal);
          await writeAtomically(options.out, files[index], data);
          statuses[index] = 'rendered';
          counts.rendered++;
          if (wasReplayed) replayed++;
        } catch (error) {
          // A row cut short by the stop stays pending: the next run does it.
          if (!stop.signal.aborted || !(error instanceof Error && error.name === 'AbortError')) {
            statuses[index] = 'failed';
            errors.set(index, describeError(error));
            counts.failed++;
          }
        } finally {
          inFlight--;
        }
        bar.update();
      }
    };
    try {
      await Promise.all(Array.from({ length: options.server ? options.concurrency : options.concurrency * LOCAL_ROWS_PER_WORKER }, worker));
    } finally {
      bar.finish();
      elapsedMs = bar.elapsedMs;
      await close();
    }
  } finally {
    process.off('SIGINT', onSigint);
  }

  const manifest = path.join(options.out, MANIFEST);
  const lines = [csvLine(['row', 'file', 'status', 'error'])];
  for (const [i, r] of rows.entries()) {
    const error = errors.get(i);
    lines.push(csvLine([String(r.row), files[i], statuses[i], error ? `${error.code}: ${error.message}` : '']));
  }
  await writeAtomically(options.out, MANIFEST, `${lines.join('\n')}\n`);

  const failures = [...errors].map(([i, e]) => ({ row: rows[i].row, file: files[i], ...e })).sort((a, b) => a.row - b.row);
  const pending = statuses.filter((s) => s === 'pending').length;
  const summary: BatchSummary = {
    mode: options.server ? 'server' : 'local',
    out: options.out,
    total: rows.length,
    rendered: counts.rendered,
    replayed,
    skipped: counts.skipped,
    failed: counts.failed,
    pending,
    interrupted: stop.signal.aborted,
    seconds: Math.round(elapsedMs / 100) / 10,
    failures,
    manifest,
  };
  if (summary.interrupted) {
    const key = options.server ? ' (with IMPRINT_KEY set to your API key)' : '';
    sink.write(`Interrupted with ${pending} row(s) not started. To resume, run the same command again${key}; finished files are skipped:\n  ${resumeCommand}\n`);
  }
  return summary;
}

/** Text for the terminal: the counts, each failed row (the first 20), where the manifest is. */
export function describeSummary(s: BatchSummary): string {
  const rate = s.seconds > 0 ? ` (${((s.rendered + s.failed) / s.seconds).toFixed(1)} img/s)` : '';
  const lines = [
    `${s.interrupted ? 'Interrupted' : 'Done'}: ${s.rendered} rendered${s.replayed ? ` (${s.replayed} replayed by the server, not charged again)` : ''}, ${s.skipped} skipped (already there), ${s.failed} failed${s.pending ? `, ${s.pending} not started` : ''} of ${s.total} rows in ${formatDuration(s.seconds * 1000)}${rate}, into ${s.out}`,
  ];
  if (s.failures.length > 0) {
    lines.push(`Failed rows (row 1 is the first under the header):`);
    for (const f of s.failures.slice(0, 20)) lines.push(`  row ${f.row} (${f.file}): ${f.code}: ${f.message}`);
    if (s.failures.length > 20) lines.push(`  … and ${s.failures.length - 20} more`);
  }
  lines.push(`Every row's file and status: ${s.manifest}`);
  return lines.join('\n');
}

function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  if (error instanceof ServerError) return { code: error.code, message: error.message };
  return { code: 'render_failed', message: error instanceof Error ? error.message : String(error) };
}

async function writeAtomically(dir: string, file: string, data: Uint8Array | string): Promise<void> {
  const temp = path.join(dir, `.${file}.${process.pid}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, path.join(dir, file));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Local mode draws with the server's render workers: `concurrency` threads,
 * each holding two rows so one paints while the other encodes (as the server
 * does), and reads the template file and its images once for the sheet.
 */
async function localRenderer(options: BatchOptions, local: { config: Config; deps: Runtime['deps'] } | null) {
  if (!local) throw new Error('local mode needs the runtime');
  if (!existsSync(options.template) || !statSync(options.template).isFile())
    throw new ApiError(
      'invalid_request',
      `Local mode renders a template file, and "${options.template}" is not one. Save the template as JSON (GET /templates/{id} gives its document), or render it on a server with --server URL --key KEY.`,
    );
  const template = await loadLocalTemplate(local.deps, options.template);
  const csvDir = path.dirname(path.resolve(options.csv));
  const pool = new RenderPool({
    size: options.concurrency,
    perWorker: LOCAL_ROWS_PER_WORKER,
    maxQueue: options.concurrency * LOCAL_ROWS_PER_WORKER,
    timeoutMs: local.config.renderTimeoutMs,
    heapMb: local.config.renderWorkerHeapMb,
  });
  // Each worker registers the fonts and draws a warm-up card first (seconds on a busy machine): the clock, and so the rate and ETA, start after.
  await pool.whenWarm();
  const images = new Map<string, Promise<Uint8Array>>();
  const render: RowRenderer = async (row) => {
    // Image paths in a sheet are read next to the sheet, as a template's are next to the template.
    const input = await localRenderInput(local.deps, template, withAbsoluteSrcs(row.elements, csvDir), images);
    const output = await pool.render({ ...input, output: { format: options.format, scale: options.scale } });
    return { data: output.data, replayed: false };
  };
  return { render, close: () => pool.close() };
}

class ServerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** 5xx, network errors and 409 (the same key still running from an earlier run): 1, 2, 4, 8 s apart, with jitter. */
const MAX_RETRIES = 4;
/** 429s are waited out as told, up to this many times per request, and never longer than 5 minutes each. */
const MAX_THROTTLES = 20;
const MAX_RETRY_AFTER_MS = 300_000;

/** Seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS) : null;
}

/**
 * A request already sent is let finish on Ctrl-C (the server may be drawing
 * it); only the wait before a retry is cut short, leaving the row pending.
 */
async function withRetries(send: () => Promise<Response>, signal: AbortSignal): Promise<Response> {
  let failures = 0;
  let throttles = 0;
  for (;;) {
    let response: Response | null = null;
    let networkError: unknown = null;
    try {
      response = await send();
    } catch (error) {
      networkError = error;
    }
    const status = response?.status ?? 0;
    if (response && status !== 429 && status !== 409 && status < 500) return response;
    const throttled = status === 429;
    if (throttled ? ++throttles > MAX_THROTTLES : ++failures > MAX_RETRIES) {
      if (response) return response;
      throw new ServerError('network_error', (networkError as Error).message);
    }
    await response?.arrayBuffer().catch(() => undefined);
    const backoff = 1000 * 2 ** (failures - 1) * (0.75 + Math.random() / 2);
    await sleep((response && retryAfterMs(response)) ?? backoff, undefined, { signal });
  }
}

async function errorOf(response: Response): Promise<ServerError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    if (body.code) return new ServerError(body.code, body.message ?? `HTTP ${response.status}`);
  } catch {
    // not JSON: a proxy's error page
  }
  return new ServerError(`http_${response.status}`, text.slice(0, 200) || `HTTP ${response.status}`);
}

/**
 * Server mode: `POST /image/generate` per row with an Idempotency-Key, then
 * the image from its `imageURL`. One request first checks the key and the
 * template, so a typo fails the run at once instead of every row.
 */
async function serverRenderer(options: BatchOptions, csv: string) {
  const server = options.server;
  if (!server) throw new Error('server mode needs --server');
  const base = server.url.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${server.key}` };
  const probe = await fetch(`${base}/templates/${encodeURIComponent(options.template)}/elements/basic`, { headers: auth }).catch((error: Error) => {
    throw new ApiError('invalid_request', `Could not reach ${base}: ${error.message}`);
  });
  if (!probe.ok) {
    const error = await errorOf(probe);
    throw new ApiError('invalid_request', `${base} refused the batch before the first row: ${error.code}: ${error.message}`);
  }
  await probe.arrayBuffer();
  let outOfCredits: ServerError | null = null;
  const render: RowRenderer = async (row, signal) => {
    // Past the first 402, asking again for every remaining row would only repeat it.
    if (outOfCredits) throw outOfCredits;
    const body = JSON.stringify({ templateId: options.template, elements: row.elements, format: options.format, scale: options.scale });
    const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': batchIdempotencyKey(csv, options, row.row) };
    const generated = await withRetries(() => fetch(`${base}/image/generate`, { method: 'POST', headers, body }), signal);
    if (!generated.ok) {
      const error = await errorOf(generated);
      if (error.code === 'insufficient_credits') outOfCredits = error;
      throw error;
    }
    const result = (await generated.json()) as { imageURL: string };
    const image = await withRetries(() => fetch(result.imageURL), signal);
    if (!image.ok) throw await errorOf(image);
    return { data: new Uint8Array(await image.arrayBuffer()), replayed: generated.headers.get('idempotent-replayed') === 'true' };
  };
  return { render, close: async () => undefined };
}

export function defaultConcurrency(server: boolean): number {
  return server ? SERVER_CONCURRENCY : os.availableParallelism();
}

/** `batch data.csv --template T --out DIR/ [--server URL --key KEY] [--format F] [--scale S] [--concurrency N] [--name COLUMN]`, checked. */
export function batchOptions(args: string[], values: Record<string, string | boolean | string[] | undefined>, env: NodeJS.ProcessEnv = {}): BatchOptions {
  const text = (name: string): string | undefined => {
    const v = values[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.trim() === '') throw new ApiError('invalid_request', `--${name} needs a value.`);
    return v.trim();
  };
  const required = (name: string): string => {
    const v = text(name);
    if (v === undefined) throw new ApiError('invalid_request', `batch needs --${name}: npx imprint batch data.csv --template ID_OR_FILE --out DIR/`);
    return v;
  };
  const csv = args[0];
  if (!csv) throw new ApiError('invalid_request', 'batch needs a CSV file: npx imprint batch data.csv --template ID_OR_FILE --out DIR/');
  const format = (text('format') ?? 'png').toLowerCase().replace(/^jpg$/, 'jpeg');
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp' && format !== 'pdf')
    throw new ApiError('invalid_request', `--format must be png, jpeg, webp or pdf, not "${values.format}".`);
  const url = text('server');
  // IMPRINT_KEY is what the quick start exports; reading it keeps the key out of shell history and the resume hint.
  const key = text('key') ?? (url !== undefined ? env.IMPRINT_KEY?.trim() || undefined : undefined);
  if ((url === undefined) !== (key === undefined))
    throw new ApiError('invalid_request', 'Server mode needs both --server URL and an API key: --key KEY, or IMPRINT_KEY in the environment.');
  if (url !== undefined && !/^https?:\/\//i.test(url)) throw new ApiError('invalid_request', `--server must be an http(s) URL, e.g. http://localhost:3000, not "${url}".`);
  const concurrency = text('concurrency') === undefined ? defaultConcurrency(url !== undefined) : Number(text('concurrency'));
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new ApiError('invalid_request', '--concurrency must be a whole number from 1 to 64.');
  const scale = text('scale') === undefined ? undefined : Number(text('scale'));
  if (scale !== undefined && !(scale >= 0.1 && scale <= 4)) throw new ApiError('invalid_request', '--scale must be a number from 0.1 to 4.');
  return {
    csv,
    template: required('template'),
    out: required('out'),
    format,
    scale,
    concurrency,
    name: text('name'),
    server: url !== undefined && key !== undefined ? { url, key } : undefined,
  };
}
