import { problemAt } from './read.js';
import { nest } from './settings.js';
export const DEFAULT_BRAVE_KEY_VARIABLE = 'BRAVE_API_KEY';
export function toRuntimeOptions(merged, ctx) {
    const set = new Map([...merged.values].filter(([key]) => merged.reports[key].source !== 'default'));
    const config = nest(set);
    const problems = [];
    const warnings = [];
    const options = { workspace: ctx.workspace };
    if (ctx.trustProject)
        options.trustProjectPolicy = true;
    if (config.profile)
        options.profile = config.profile;
    if (config.policy)
        options.policy = config.policy;
    if (config.roots)
        options.roots = config.roots;
    if (config.denyRead)
        options.denyRead = config.denyRead;
    if (config.protectedPaths)
        options.protectedPaths = config.protectedPaths;
    if (config.sandbox?.backend)
        options.sandbox = config.sandbox.backend;
    if (config.sandbox?.runAs !== undefined)
        options.runAs = config.sandbox.runAs;
    if (config.stateDir)
        options.stateDir = config.stateDir;
    if (config.store !== undefined)
        options.store = config.store;
    if (config.approvals?.timeoutMs)
        options.approvalTimeoutMs = config.approvals.timeoutMs;
    if (config.limits)
        options.limits = config.limits;
    if (config.shell)
        options.process = { ...config.shell };
    // `network.commands: "policed"` is the library's `network: { commands: true }` (the shell's proxy reads it).
    const { commands, ...network } = config.network ?? {};
    if (Object.keys(network).length > 0 || commands !== undefined) {
        options.network = commands === undefined ? network : { ...network, commands: commands === 'policed' };
    }
    const search = config.webSearch;
    if (search) {
        if (search.provider === 'searxng')
            options.webSearch = search;
        else {
            const { apiKeyEnv = DEFAULT_BRAVE_KEY_VARIABLE, ...rest } = search;
            const apiKey = ctx.env[apiKeyEnv]?.trim();
            if (apiKey)
                options.webSearch = { ...rest, apiKey };
            else {
                const origin = merged.origins.get('webSearch');
                problems.push(problemAt(origin.input, origin.pointer, `Brave Search needs its API key in the environment variable ${apiKeyEnv}, which is not set`));
            }
        }
    }
    return { options, problems, warnings };
}
//# sourceMappingURL=runtime-options.js.map