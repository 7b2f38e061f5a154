// The `handrail` command as a function: global options, then one command from the table in commands.ts.
// main.ts calls it with the process's streams; tests call it with their own.
import { findCommand, mainHelp } from './commands.js';
import { extractGlobalOptions } from './global-options.js';
import { printError, UsageError } from './style.js';
/** Run one command line; resolves to the exit status. */
export async function runCli(argv, io) {
    let where = 'handrail';
    try {
        const { globals, rest } = extractGlobalOptions(argv, io.cwd);
        const [name, ...args] = rest;
        if (name === undefined || name === '--help' || name === '-h') {
            io.stdout.write(mainHelp());
            return name === undefined ? 2 : 0;
        }
        if (name === 'help') {
            io.stdout.write(args[0] === undefined ? mainHelp() : await (await findCommand(args[0])).help());
            return 0;
        }
        if (name === '--version' || name === '-v') {
            const { handrailVersion } = await import('../server/index.js');
            io.stdout.write(`${handrailVersion()}\n`);
            return 0;
        }
        const command = await findCommand(name);
        where = `handrail ${command.name}`;
        // Help never needs the command's module (nor the tools, the SDK or the database driver behind it).
        if (args.includes('--help') || args.includes('-h')) {
            io.stdout.write(await command.help());
            return 0;
        }
        return await command.run(args, globals, io);
    }
    catch (error) {
        if (error instanceof UsageError) {
            printError(io, where, error.message, error.hint);
            return 2;
        }
        // parseArgs reports unknown or malformed options with a code; they are usage errors too.
        const code = error?.code;
        if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
            printError(io, where, error.message, `Run "${where} --help" for its options.`);
            return 2;
        }
        printError(io, where, error?.message ?? String(error), 'This is a bug in handrail if it repeats; the stack follows.');
        io.stderr.write(`${error?.stack ?? ''}\n`);
        return 1;
    }
}
//# sourceMappingURL=run.js.map