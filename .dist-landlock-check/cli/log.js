// `handrail log`: the timeline of what the runtime did, read from the event store by a separate process.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DB_FILE, NoDatabaseError, openReader, renderEvent, timelineState, } from '../store/index.js';
export const LOG_HELP = `Usage: handrail log [options]

Print the timeline recorded in the event store: per turn, each call with its arguments, the permission
decision (rule and layer), approvals and who answered, the result and its duration.

Options:
  --thread ID        only this thread (default: the most recent thread)
  --turn ID          only this turn
  --all              every thread
  --threads          list the threads and exit
  -f, --follow       keep printing new events until Ctrl-C
  --json             one JSON event per line
  -v, --verbose      include progress events
  --db PATH          the database file (default: <state dir>/handrail.db)
  --state-dir DIR    the state directory (default: ./.handrail)
  -h, --help         print this help
`;
const PAGE = 1_000;
export async function runLog(argv, io) {
    let args;
    try {
        args = parse(argv);
    }
    catch (error) {
        io.stderr.write(`handrail log: ${error.message}\n\n${LOG_HELP}`);
        return 2;
    }
    if (args.help) {
        io.stdout.write(LOG_HELP);
        return 0;
    }
    const dbPath = args.db
        ? path.resolve(io.cwd, args.db)
        : path.join(path.resolve(io.cwd, args['state-dir'] ?? '.handrail'), DEFAULT_DB_FILE);
    const { signal, dispose } = stopSignal(io.signal, Boolean(args.follow));
    try {
        const reader = await openOrWait(dbPath, Boolean(args.follow), io, signal);
        if (!reader)
            return signal.aborted ? 0 : 1;
        try {
            return await show(reader, args, io, signal);
        }
        finally {
            reader.close();
        }
    }
    catch (error) {
        io.stderr.write(`handrail log: cannot read ${dbPath}: ${error.message}\n`);
        return 1;
    }
    finally {
        dispose();
    }
}
function parse(argv) {
    const { values } = parseArgs({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: {
            thread: { type: 'string' },
            turn: { type: 'string' },
            all: { type: 'boolean' },
            threads: { type: 'boolean' },
            follow: { type: 'boolean', short: 'f' },
            json: { type: 'boolean' },
            verbose: { type: 'boolean', short: 'v' },
            db: { type: 'string' },
            'state-dir': { type: 'string' },
            help: { type: 'boolean', short: 'h' },
        },
    });
    return values;
}
async function show(reader, args, io, signal) {
    const q = reader.queries;
    if (args.threads) {
        for (const t of q.threads({ limit: 100_000 })) {
            io.stdout.write(args.json
                ? `${jsonLine(t)}\n`
                : `${t.id}  ${new Date(t.firstTs).toISOString()} → ${new Date(t.lastTs).toISOString()}  ${t.turns} turn${t.turns === 1 ? '' : 's'}\n`);
        }
        return 0;
    }
    const filter = {};
    if (args.thread !== undefined)
        filter.threadId = args.thread;
    if (args.turn !== undefined)
        filter.turnId = args.turn;
    // Following without a filter means every thread from now on, including ones that have not started yet.
    const followFilter = { ...filter };
    if (args.thread === undefined && args.turn === undefined && !args.all) {
        const threads = q.threads({ limit: 100_000 });
        const latest = threads[threads.length - 1];
        if (latest) {
            filter.threadId = latest.id;
            if (threads.length > 1) {
                io.stderr.write(`Showing the latest of ${threads.length} threads (${latest.id}); --thread ID for another, --all for every thread, --threads to list them.\n`);
            }
        }
        else if (!args.follow) {
            io.stdout.write(`No events recorded yet in ${reader.path}.\n`);
            return 0;
        }
    }
    const state = timelineState();
    const print = (events) => {
        const out = [];
        for (const event of events) {
            if (args.json)
                out.push(jsonLine(event));
            else
                out.push(...renderEvent(event, state, { verbose: Boolean(args.verbose) }));
        }
        if (out.length > 0)
            io.stdout.write(`${out.join('\n')}\n`);
    };
    // History is everything up to this id; following starts right after it, so a row written meanwhile is
    // printed once, by the follow loop, and rows the history filter skipped stay skipped.
    const ceiling = q.lastEventId();
    let lastId = 0;
    let found = 0;
    for (;;) {
        const page = q.events({ ...filter, afterId: lastId, limit: PAGE });
        const shown = page.filter((e) => e.id <= ceiling);
        print(shown);
        found += shown.length;
        if (page.length > 0)
            lastId = page[page.length - 1].id;
        if (page.length < PAGE || shown.length < page.length)
            break;
    }
    if (!args.follow) {
        if (found === 0)
            io.stdout.write('No events match.\n');
        return 0;
    }
    lastId = ceiling;
    while (!signal.aborted) {
        await sleep(io.pollMs ?? 250, signal);
        if (signal.aborted)
            break;
        for (;;) {
            const page = q.events({ ...followFilter, afterId: lastId, limit: PAGE });
            print(page);
            if (page.length > 0)
                lastId = page[page.length - 1].id;
            if (page.length < PAGE)
                break;
        }
    }
    return 0;
}
/** Open the database; with `--follow`, wait for a runtime to create it instead of failing. */
async function openOrWait(dbPath, follow, io, signal) {
    let told = false;
    for (;;) {
        try {
            return openReader(dbPath);
        }
        catch (error) {
            if (!(error instanceof NoDatabaseError))
                throw error;
            if (!follow) {
                io.stderr.write(`No handrail database at ${dbPath} — run a tool first, or pass --db.\n`);
                return undefined;
            }
            if (!told) {
                io.stderr.write(`No handrail database at ${dbPath} yet; waiting for one (Ctrl-C to stop).\n`);
                told = true;
            }
        }
        await sleep(io.pollMs ?? 250, signal);
        if (signal.aborted)
            return undefined;
    }
}
/** The caller's signal, or one SIGINT aborts (only while following: a plain run ends by itself). */
function stopSignal(given, follow) {
    if (given || !follow)
        return { signal: given ?? new AbortController().signal, dispose: () => { } };
    const controller = new AbortController();
    const onInt = () => controller.abort();
    process.once('SIGINT', onInt);
    return { signal: controller.signal, dispose: () => process.off('SIGINT', onInt) };
}
function sleep(ms, signal) {
    return new Promise((resolve) => {
        if (signal.aborted)
            return resolve();
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
        }
        signal.addEventListener('abort', done, { once: true });
    });
}
/** JSON, with the characters a terminal would act on even inside strings written as \u escapes. */
function jsonLine(value) {
    return JSON.stringify(value).replace(/[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
//# sourceMappingURL=log.js.map