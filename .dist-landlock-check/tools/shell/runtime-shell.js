import { CommandProxy, NetworkPolicy, resolveNetworkConfig, selectBackend, } from '../../sandbox/index.js';
import { SessionLimit, SessionManager } from './session/index.js';
export function createShellRuntime(options) {
    const choice = options.sandbox ?? 'auto';
    const profile = { ...options.process, network: options.process?.network === true };
    const settings = checkedSessionSettings(options.sessions ?? {});
    const limit = new SessionLimit(settings.max === undefined ? {} : { max: settings.max });
    let selected;
    const backend = () => {
        selected ??= selectBackend(choice, options.runAs !== undefined ? { runAs: options.runAs } : {});
        return selected;
    };
    const { policy, emit, ...proxyLimits } = options.commandNetwork ?? {};
    // One proxy for the runtime (its connection cap counts every command), listening only while commands run.
    const proxy = policy && !profile.network ? new CommandProxy(policy, proxyLimits) : undefined;
    return {
        limit,
        forTurn() {
            const sessions = new SessionManager({
                limit,
                ...(settings.bufferBytes ? { bufferBytes: settings.bufferBytes } : {}),
                ...(settings.idleMs ? { idleMs: settings.idleMs } : {}),
                ...(settings.lifetimeMs ? { lifetimeMs: settings.lifetimeMs } : {}),
            });
            const listeners = new Set();
            const network = proxy && {
                opener: (ids) => async (socket) => {
                    const listener = await proxy.listen(socket, (record) => emit?.('sandbox/network/request', ids, recordPayload(record)));
                    listeners.add(listener);
                    return {
                        close: async () => {
                            listeners.delete(listener);
                            await listener.close();
                        },
                    };
                },
            };
            return {
                backend,
                profile,
                filePolicy: options.filePolicy,
                sessions,
                ...(network ? { network } : {}),
                // The turn's commands are killed, and whatever proxy entrance is left with them is closed.
                dispose: async () => {
                    await sessions.closeAll();
                    await Promise.allSettled([...listeners].map((listener) => listener.close()));
                },
            };
        },
        close: async () => {
            await limit.closeAll();
            await proxy?.close();
        },
    };
}
/** A proxy record as an event payload. */
function recordPayload(record) {
    const { kind: _kind, ...payload } = record;
    return payload;
}
/** Positive integers only; a bad value is a programmer error, reported with every problem. */
function checkedSessionSettings(settings) {
    const problems = Object.entries(settings)
        .filter(([, v]) => v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v > 0))
        .map(([k, v]) => `sessions.${k} must be a positive integer (got ${String(v)})`);
    if (problems.length > 0)
        throw new RangeError(`Invalid handrail session settings: ${problems.join('; ')}.`);
    return settings;
}
/**
 * The shell tools' capability provider: the runtime creates it once and hands each turn `ctx.capabilities
 * .shell`. Settings given here win; without them it reads `sandbox`, `runAs`, `process` and `sessions` from the
 * runtime's options. The file policy (`denyRead`, `protectedPaths`, the state directory) and the profile's
 * read-only sandbox are the runtime's, whatever the tools say.
 */
export function shellProvider(settings) {
    return {
        key: 'shell',
        create(host) {
            // The one place runtime options are read back from the host: the fallback for today's shape.
            const options = host.options;
            const own = settings ?? options;
            const process = {
                ...own.process,
                // A read_only runtime turns the command network off, whatever the family asked for.
                ...(host.readOnly ? { network: false } : {}),
            };
            const commandNetwork = host.readOnly ? undefined : policedNetwork(options.network, process, host);
            const shell = createShellRuntime({
                ...(own.sandbox ? { sandbox: own.sandbox } : {}),
                ...(own.runAs !== undefined ? { runAs: own.runAs } : {}),
                process,
                ...(own.sessions ? { sessions: own.sessions } : {}),
                ...(commandNetwork ? { commandNetwork } : {}),
                filePolicy: {
                    stateDir: host.stateDir,
                    ...(options.denyRead ? { denyRead: options.denyRead } : {}),
                    ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
                },
            });
            return { forTurn: () => shell.forTurn(), close: () => shell.close() };
        },
    };
}
/**
 * The command network when the runtime's `network.commands` asks for it: the web tools' policy (the same
 * settings, checked the same way), reporting through the runtime's event stream.
 */
function policedNetwork(network, process, host) {
    if (network?.commands !== true)
        return undefined;
    if (process.network === true) {
        throw new RangeError("Invalid handrail shell settings: process.network: true gives commands the host's network unpoliced, while network.commands: true sends them through handrail's proxy under the network policy; choose one.");
    }
    return {
        policy: new NetworkPolicy(resolveNetworkConfig(network)),
        ...(host.emit ? { emit: host.emit } : {}),
    };
}
/** The provider the shell tools use when made without settings (one per process, shared by key). */
export const defaultShellProvider = shellProvider();
//# sourceMappingURL=runtime-shell.js.map