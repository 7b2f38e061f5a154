// `createRuntime({ network })` checked once, at startup: every wrong entry is named with its index and what
// is wrong with it, so a typo in a policy fails loudly instead of silently allowing or refusing too much.
import { parseAddressRule } from './address.js';
import { parseHostPattern } from './host-pattern.js';
import { systemResolver } from './resolver.js';
export const NETWORK_DEFAULTS = {
    mode: 'enabled',
    maxBytes: 10 * 1024 * 1024,
    timeoutMs: 30_000,
    idleTimeoutMs: 15_000,
    maxRedirects: 5,
    maxHeaderBytes: 16 * 1024,
    userAgent: 'handrail/0.1 (AI agent tool runtime; web_fetch)',
};
export class NetworkConfigError extends Error {
    problems;
    constructor(problems) {
        super(`Invalid handrail network settings: ${problems.join('; ')}.`);
        this.name = 'NetworkConfigError';
        this.problems = problems;
    }
}
const KEYS = new Set([
    'mode',
    'allow',
    'deny',
    'allowAddresses',
    'maxBytes',
    'timeoutMs',
    'idleTimeoutMs',
    'maxRedirects',
    'maxHeaderBytes',
    'userAgent',
    'commands',
    'resolver',
    'connector',
]);
/** Check `network` options and fill in defaults; throws NetworkConfigError listing every problem. */
export function resolveNetworkConfig(input) {
    const config = (input ?? {});
    const problems = [];
    if (typeof config !== 'object' || config === null || Array.isArray(config)) {
        throw new NetworkConfigError(['network must be an object']);
    }
    for (const key of Object.keys(config)) {
        if (!KEYS.has(key))
            problems.push(`network.${key} is not an option (known: ${[...KEYS].join(', ')})`);
    }
    const mode = config.mode ?? NETWORK_DEFAULTS.mode;
    if (mode !== 'disabled' && mode !== 'enabled' && mode !== 'restricted') {
        problems.push(`network.mode must be 'disabled', 'enabled' or 'restricted' (got ${JSON.stringify(mode)})`);
    }
    const list = (key, parse) => {
        const value = config[key];
        if (value === undefined)
            return [];
        if (!Array.isArray(value)) {
            problems.push(`network.${key} must be an array of strings`);
            return [];
        }
        const out = [];
        value.forEach((entry, i) => {
            if (typeof entry !== 'string') {
                problems.push(`network.${key}[${i}] must be a string (got ${typeof entry})`);
                return;
            }
            const parsed = parse(entry);
            if (typeof parsed === 'string')
                problems.push(`network.${key}[${i}] ${JSON.stringify(entry)}: ${parsed}`);
            else
                out.push(parsed);
        });
        return out;
    };
    const positive = (key, min = 1) => {
        const value = config[key] ?? NETWORK_DEFAULTS[key];
        if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
            problems.push(`network.${key} must be an integer ≥ ${min} (got ${JSON.stringify(value)})`);
            return NETWORK_DEFAULTS[key];
        }
        return value;
    };
    const fn = (key) => {
        const value = config[key];
        if (value !== undefined && typeof value !== 'function')
            problems.push(`network.${key} must be a function`);
        return typeof value === 'function' ? value : undefined;
    };
    const settings = {
        mode: mode,
        allow: list('allow', parseHostPattern),
        deny: list('deny', parseHostPattern),
        allowAddresses: list('allowAddresses', parseAddressRule),
        maxBytes: positive('maxBytes'),
        timeoutMs: positive('timeoutMs'),
        idleTimeoutMs: positive('idleTimeoutMs'),
        maxRedirects: positive('maxRedirects', 0),
        maxHeaderBytes: positive('maxHeaderBytes', 1024),
        userAgent: typeof config.userAgent === 'string' ? config.userAgent : NETWORK_DEFAULTS.userAgent,
        commands: config.commands === true,
        resolver: fn('resolver') ?? systemResolver,
    };
    if (config.userAgent !== undefined &&
        (typeof config.userAgent !== 'string' || /[\r\n]/.test(config.userAgent))) {
        problems.push('network.userAgent must be a single-line string');
    }
    if (config.commands !== undefined && typeof config.commands !== 'boolean') {
        problems.push(`network.commands must be true or false (got ${JSON.stringify(config.commands)})`);
    }
    const connector = fn('connector');
    if (connector)
        settings.connector = connector;
    if (problems.length > 0)
        throw new NetworkConfigError(problems);
    return settings;
}
//# sourceMappingURL=config.js.map