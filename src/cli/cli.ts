import '../render/native-allocator.js'; // first: it configures the canvas addon, which reads it on load
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { ApiError } from '../domain/errors.js';
import { createRuntime, startServer } from '../main.js';
import { runCommand, USAGE } from './commands.js';

/**
 * `npx imprint <command>`: the operator's tool. It opens the same database and
 * blob folder as the server (DATA_DIR / DATABASE_URL), so a key revoked or a
 * grant made here takes effect on the running server's next request.
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

const processIo: CliIo = { env: process.env, out: (l) => console.log(l), err: (l) => console.error(l) };

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
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
      exp: { type: 'string' },
      rev: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) {
    io.out(USAGE);
    return positionals.length === 0 && !values.help ? 1 : 0;
  }
  if (positionals[0] === 'serve') {
    await startServer();
    return -1;
  }
  const config = loadConfig(io.env);
  const runtime = await createRuntime(config, { renderWorkers: false });
  try {
    const result = await runCommand(runtime, positionals, values);
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
    await runtime.close();
  }
}
