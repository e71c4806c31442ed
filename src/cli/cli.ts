import '../render/native-allocator.js'; // first: it configures the canvas addon, which reads it on load
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { ApiError } from '../domain/errors.js';
import { createRuntime, startServer } from '../main.js';
import { batchOptions, describeSummary, runBatch, type BatchSummary } from './batch.js';
import type { ProgressSink } from './batch-progress.js';
import { type CommandResult, runCommand, USAGE } from './commands.js';

/**
 * `npx imprint <command>`: the operator's tool. It opens the same database and
 * blob folder as the server (DATA_DIR / DATABASE_URL), so a key revoked or a
 * grant made here takes effect on the running server's next request.
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
  /** Where `batch` draws its progress; a terminal gets a live bar. Default: plain lines through err. */
  progress?: ProgressSink;
}

const processIo: CliIo = { env: process.env, out: (l) => console.log(l), err: (l) => console.error(l), progress: process.stderr };

/**
 * `--amount -8`, as the usage text writes a debit: parseArgs takes a value that starts with a dash
 * for an option of its own and refuses it as ambiguous. A negative number after an option is its value.
 */
function negativeValuesJoined(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (/^--[a-z]+$/.test(argv[i]) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

function parseCommandLine(argv: readonly string[]) {
  return parseArgs({
    args: negativeValuesJoined(argv),
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      credits: { type: 'string' },
      account: { type: 'string' },
      amount: { type: 'string' },
      key: { type: 'string' },
      note: { type: 'string' },
      email: { type: 'string' },
      out: { type: 'string', short: 'o' },
      set: { type: 'string', multiple: true },
      format: { type: 'string' },
      scale: { type: 'string' },
      template: { type: 'string' },
      concurrency: { type: 'string' },
      server: { type: 'string' },
      exp: { type: 'string' },
      rev: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    // An unknown option or a missing value: one line and the way to the usage, not a stack trace.
    if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS_')) {
      const message = `${(error as Error).message} (npx imprint --help lists the commands and options)`;
      if (argv.includes('--json')) io.out(JSON.stringify({ error: { code: 'invalid_request', message } }, null, 2));
      else io.err(`error: ${message}`);
      return 2;
    }
    throw error;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    io.out(USAGE);
    return positionals.length === 0 && !values.help ? 1 : 0;
  }
  if (positionals[0] === 'serve') {
    await startServer();
    return -1;
  }
  const config = loadConfig(io.env);
  const batch = positionals[0] === 'batch';
  // A batch through a server opens no local database: it may run from any folder, on a machine without DATA_DIR.
  const runtime = batch && values.server !== undefined ? null : await createRuntime(config, { renderWorkers: false });
  try {
    const result = batch ? await batchCommand(config, runtime, positionals, values, io, argv) : await runCommand(requireRuntime(runtime), positionals, values);
    const exitCode = result.exitCode ?? 0;
    if (exitCode !== 0 && !values.json) io.err(result.text);
    else io.out(values.json ? JSON.stringify(result.data, null, 2) : result.text);
    return exitCode;
  } catch (error) {
    if (error instanceof ApiError) {
      if (values.json) io.out(JSON.stringify({ error: { code: error.code, message: error.message, errors: error.details.errors } }, null, 2));
      else io.err(`error (${error.code}): ${error.message}${(error.details.errors ?? []).map((e) => `\n  ${e.path}: ${e.message}`).join('')}`);
      return 2;
    }
    throw error;
  } finally {
    await runtime?.close();
  }
}

function requireRuntime(runtime: Awaited<ReturnType<typeof createRuntime>> | null) {
  if (!runtime) throw new Error('this command needs the database');
  return runtime;
}

async function batchCommand(
  config: ReturnType<typeof loadConfig>,
  runtime: Awaited<ReturnType<typeof createRuntime>> | null,
  positionals: string[],
  values: Parameters<typeof runCommand>[2],
  io: CliIo,
  argv: string[],
): Promise<CommandResult> {
  const options = batchOptions(positionals.slice(1), values, io.env);
  const sink: ProgressSink = io.progress ?? { write: (text) => io.err(text.replace(/\n$/, '')) };
  // The hint is printed, so it must not carry the API key: it names the environment variable instead.
  const shown = argv.map((a, i) => (argv[i - 1] === '--key' ? '"$IMPRINT_KEY"' : a.startsWith('--key=') ? '--key="$IMPRINT_KEY"' : a));
  const resume = `npx imprint ${shown.map((a) => (/^[\w@%+=:,./-]+$|^(--key=)?"\$IMPRINT_KEY"$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`)).join(' ')}`;
  const summary: BatchSummary = await runBatch(options, runtime ? { config, deps: runtime.deps } : null, sink, resume);
  return { data: summary, text: describeSummary(summary), exitCode: summary.interrupted ? 130 : summary.failed > 0 ? 1 : 0 };
}
