import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { OutputStore } from '../output/index.js';
import { DEFAULT_APPROVAL_TIMEOUT_MS } from '../policy/index.js';
import { createFileAccess, FileLocks, NetworkPolicy, precheckIntent, resolveNetworkConfig, } from '../sandbox/index.js';
import { DEFAULT_DB_FILE, resolveStore } from '../store/index.js';
import { isRuntimeCapability } from './capabilities.js';
import { ToolRegistrationError } from './errors.js';
import { EventBus } from './events.js';
import { toHookLists } from './hooks.js';
import { resolveLimits } from './limits.js';
import { createPermissionStage } from './permission.js';
import { ToolRegistry } from './registry.js';
import { requestToolsTool } from './request-tools.js';
import { Turn } from './turn.js';
/** Create a runtime: the registry, the pipeline's environment and the event stream. */
export function createRuntime(options = {}) {
    const workspace = canonicalDir(options.workspace ?? process.cwd());
    const stateDir = path.resolve(workspace, options.stateDir ?? '.handrail');
    const limits = resolveLimits(options.limits);
    const registry = new ToolRegistry();
    const events = new EventBus();
    const store = resolveStore(options.store, stateDir);
    // A store the caller passed in may be shared with other runtimes: flushed at close, not closed.
    const ownsStore = store !== undefined && store !== options.store;
    // A plain subscription: close() below flushes (or closes) the store asynchronously, so detaching must not
    // also flush synchronously on the main thread.
    const detachStore = store ? events.on((event) => store.record(event)) : undefined;
    let outputs;
    const outputStore = () => {
        outputs ??= new OutputStore({ dir: path.join(stateDir, 'outputs') });
        return outputs;
    };
    // The audit log is the runtime's, not the model's: no tool (and no sandboxed command) reads it.
    const auditFiles = ['', '-wal', '-shm', '-journal'].map((suffix) => path.join(stateDir, `${DEFAULT_DB_FILE}${suffix}`));
    const denyRead = [...(options.denyRead ?? []), ...auditFiles];
    // Profiles shape the sandbox, not only the questions: under read_only every root is read-only for commands
    // and the network is off, so a command that slips past the classifier still cannot write.
    const readOnly = profileMode(options) === 'read_only';
    const host = {
        workspace,
        stateDir,
        readOnly,
        options: { ...options, denyRead },
        emit: (type, ids, payload) => events.emit(type, ids, payload),
    };
    registry.register(requestToolsTool(), 'builtin');
    for (const tool of options.tools ?? []) {
        if (!isAvailable(tool, host))
            continue;
        const source = tool.source === 'builtin' ? 'builtin' : 'user';
        registry.register(tool, source);
    }
    const roots = options.roots ?? [{ path: workspace, access: 'write' }];
    const turnRoots = readOnly ? roots.map((root) => ({ ...root, access: 'read' })) : roots;
    const permission = createPermissionStage(options, {
        workspace,
        roots,
        knownTools: () => registry.list(),
    });
    const env = {
        registry,
        events,
        hooks: toHookLists(options.hooks),
        permission,
        projection: {
            limits: limits.output,
            images: { maxImages: limits.maxImages, maxImageBytes: limits.maxImageBytes },
            outputs: outputStore,
            workspace,
        },
        maxArgumentBytes: limits.maxArgumentBytes,
        toolTimeoutMs: limits.toolTimeoutMs,
        abortGraceMs: limits.abortGraceMs,
        hookTimeoutMs: limits.hookTimeoutMs,
        // The stage's deadline must outlast the approval's own, or a human's late "yes" would be thrown away.
        permissionTimeoutMs: Math.max(limits.permissionTimeoutMs, (options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS) + 30_000),
    };
    const turnLimits = {
        maxCallsPerTurn: limits.maxCallsPerTurn,
        batchConcurrency: limits.batchConcurrency,
        retryBudget: limits.retryBudget,
    };
    const fileLocks = new FileLocks();
    // The network policy the sandbox precheck asks (the web tools keep their own client over the same settings).
    let network;
    const networkPolicy = () => {
        if (network === undefined) {
            try {
                network = new NetworkPolicy(resolveNetworkConfig(options.network));
            }
            catch {
                // An invalid network configuration fails where it is used (the web tools); nothing to precheck here.
                network = null;
            }
        }
        return network ?? undefined;
    };
    // Capability providers declared by tools (the shell's backend and sessions), one instance per key.
    // Two families configured differently (`shellTools({ sandbox: 'none' })` beside the default shell) would
    // otherwise share whichever provider came first, silently: refuse it.
    const providers = new Map();
    const providedBy = new Map();
    const addProviders = (spec) => {
        for (const provider of spec.capabilities ?? []) {
            if (isRuntimeCapability(provider))
                continue;
            const existing = providedBy.get(provider.key);
            if (existing === provider)
                continue;
            if (existing) {
                throw new ToolRegistrationError(spec.name, [
                    `capability "${provider.key}" is already provided with other settings; configure a tool family once (e.g. one shellTools({ ... }) for exec_command, write_stdin and bash)`,
                ]);
            }
            providedBy.set(provider.key, provider);
            providers.set(provider.key, provider.create(host));
        }
    };
    for (const entry of registry.list())
        addProviders(entry.spec);
    const turns = new Set();
    let closed = false;
    return {
        workspace,
        stateDir,
        events,
        store,
        beginTurn(opts = {}) {
            if (closed)
                throw new Error('This handrail runtime is closed; create a new one.');
            const files = createFileAccess({
                roots: turnRoots,
                cwd: opts.cwd ? path.resolve(workspace, opts.cwd) : workspace,
                stateDir,
                denyRead,
                ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
            });
            const turn = new Turn(env, {
                threadId: opts.threadId ?? randomUUID(),
                turnId: opts.turnId ?? randomUUID(),
                workspace,
                cwd: files.cwd,
            }, turnLimits, {
                ...Object.fromEntries([...providers].map(([key, provider]) => [key, provider.forTurn()])),
                files,
                fileLocks,
            }, (ended) => {
                turns.delete(ended);
                permission.endTurn?.(ended.turnId);
            }, (intent) => {
                const network = networkPolicy();
                return precheckIntent(intent, { files, ...(network ? { network } : {}) });
            });
            turns.add(turn);
            return turn;
        },
        registerTool(tool, opts = {}) {
            if (closed)
                throw new ToolRegistrationError(String(tool?.name), ['the runtime is closed']);
            if (!isAvailable(tool, host))
                return;
            const { spec } = registry.register(tool, opts.dynamic ? 'dynamic' : 'user', opts.trust ?? 'none');
            try {
                addProviders(spec);
            }
            catch (error) {
                registry.unregister(spec.name);
                throw error;
            }
        },
        unregisterTool: (name) => registry.unregister(name),
        describeTools() {
            return registry.list().map((entry) => {
                const description = {
                    name: entry.spec.name,
                    description: entry.spec.description,
                    inputSchema: structuredClone(entry.providerSchema),
                    source: entry.source,
                    openAIStrict: entry.strictReport,
                };
                if (entry.spec.domain)
                    description.domain = entry.spec.domain;
                if (entry.spec.annotations)
                    description.annotations = entry.spec.annotations;
                return description;
            });
        },
        preflightIndex() {
            const index = { coreTools: [], candidateTools: [] };
            const hasDomains = registry.domains().length > 0;
            for (const entry of registry.list()) {
                const { name, domain, description } = entry.spec;
                if (domain) {
                    index.candidateTools.push({
                        name,
                        domain,
                        summary: summarize(description),
                        mutation: !entry.readOnly,
                    });
                }
                else if (name !== 'request_tools' || hasDomains)
                    index.coreTools.push(name);
            }
            return index;
        },
        readOutput(file, opts) {
            return outputStore().read(path.resolve(workspace, file), opts);
        },
        async close() {
            if (closed)
                return;
            closed = true;
            await Promise.allSettled([...turns].map((turn) => turn.end()));
            await Promise.allSettled([...providers.values()].map((provider) => provider.close()));
            // Let the last events reach listeners before the stream ends.
            await new Promise((resolve) => setImmediate(resolve));
            events.close();
            detachStore?.();
            if (ownsStore)
                await store?.close();
            else
                await store?.flush();
        },
    };
}
/** A tool whose `available(host)` answers false (or throws) is left out. */
function isAvailable(tool, host) {
    const check = tool.available;
    if (typeof check !== 'function')
        return true;
    try {
        return check.call(tool, host) !== false;
    }
    catch {
        return false;
    }
}
/** The first sentence of a description, at most 120 characters. */
function summarize(description) {
    const sentence = description.split(/(?<=[.!?])\s/)[0] ?? description;
    return sentence.length > 120 ? `${sentence.slice(0, 119)}…` : sentence;
}
function canonicalDir(dir) {
    const resolved = path.resolve(dir);
    try {
        return realpathSync(resolved);
    }
    catch {
        return resolved;
    }
}
/** The permission mode the options select (a custom evaluator has none of ours). */
function profileMode(options) {
    if (options.permission)
        return undefined;
    const profile = options.profile;
    if (typeof profile === 'object' && profile !== null)
        return profile.mode;
    return profile ?? 'supervised';
}
//# sourceMappingURL=runtime.js.map