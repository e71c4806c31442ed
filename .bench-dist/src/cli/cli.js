import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { ApiError } from '../domain/errors.js';
import { createRuntime, startServer } from '../main.js';
import { runCommand, USAGE } from './commands.js';
const processIo = { env: process.env, out: (l) => console.log(l), err: (l) => console.error(l) };
export async function main(argv, io = processIo) {
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
            out: { type: 'string', short: 'o' },
            set: { type: 'string', multiple: true },
            format: { type: 'string' },
            scale: { type: 'string' },
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
        io.out(values.json ? JSON.stringify(result.data, null, 2) : result.text);
        return 0;
    }
    catch (error) {
        if (error instanceof ApiError) {
            if (values.json)
                io.out(JSON.stringify({ error: { code: error.code, message: error.message, errors: error.details.errors } }, null, 2));
            else
                io.err(`error (${error.code}): ${error.message}${(error.details.errors ?? []).map((e) => `\n  ${e.path}: ${e.message}`).join('')}`);
            return 2;
        }
        throw error;
    }
    finally {
        await runtime.close();
    }
}
//# sourceMappingURL=cli.js.map