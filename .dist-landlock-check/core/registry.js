import { compileValidator, forProvider, lintToolSchema, openAIStrictReport, } from '../schema/index.js';
import { BUILTIN_TOOL_FACETS, } from '../types/index.js';
import { claimsRuntimeKey, isRuntimeCapability } from './capabilities.js';
import { normalizeToolSpec } from './define-tool.js';
import { ToolRegistrationError } from './errors.js';
/**
 * Names of handrail's built-in tools, as listed in types/ with their facets. A dynamic tool (MCP, skill,
 * sandboxed) can never take one of these names, registered or not: a server named `read_file` must not
 * stand in for the guarded one.
 */
export const PROTECTED_TOOL_NAMES = new Set(Object.keys(BUILTIN_TOOL_FACETS));
export class ToolRegistry {
    tools = new Map();
    /** Register one tool; throws ToolRegistrationError listing every problem. */
    register(tool, source = 'user', trust = 'none') {
        const spec = normalizeToolSpec(tool);
        const problems = [];
        if (this.tools.has(spec.name))
            problems.push(`a tool named "${spec.name}" is already registered`);
        if (source === 'dynamic' && PROTECTED_TOOL_NAMES.has(spec.name)) {
            problems.push(`"${spec.name}" is a protected built-in name; dynamic tools cannot shadow it`);
        }
        problems.push(...capabilityProblems(spec.capabilities, source));
        if (trust !== 'none' && trust !== 'annotations') {
            problems.push(`trust must be 'none' or 'annotations' (got ${JSON.stringify(trust)})`);
        }
        if (spec.timeoutMs !== undefined && !(typeof spec.timeoutMs === 'number' && spec.timeoutMs > 0)) {
            problems.push(`timeoutMs must be a positive number of milliseconds or Infinity (got ${String(spec.timeoutMs)})`);
        }
        problems.push(...lintToolSchema(spec.inputSchema));
        let validate;
        if (problems.length === 0) {
            try {
                validate = compileValidator(spec.inputSchema);
            }
            catch (error) {
                problems.push(`inputSchema does not compile: ${error.message}`);
            }
        }
        if (problems.length > 0 || !validate)
            throw new ToolRegistrationError(spec.name, problems);
        // A dynamic registration stays dynamic whatever its spec claims.
        const effectiveSource = source === 'dynamic' ? 'dynamic' : (spec.source ?? source);
        const entry = {
            spec: { ...spec, source: effectiveSource },
            validate,
            providerSchema: forProvider(spec.inputSchema),
            strictReport: openAIStrictReport(spec.inputSchema),
            readOnly: spec.annotations?.readOnlyHint === true && (effectiveSource !== 'dynamic' || trust === 'annotations'),
            source: effectiveSource,
            trust: effectiveSource === 'dynamic' ? trust : 'none',
        };
        this.tools.set(spec.name, entry);
        return entry;
    }
    /** Remove a dynamic tool (an MCP server went away). Built-in tools stay. */
    unregister(name) {
        const entry = this.tools.get(name);
        if (!entry || entry.source === 'builtin')
            return false;
        return this.tools.delete(name);
    }
    get(name) {
        return this.tools.get(name);
    }
    list() {
        return [...this.tools.values()];
    }
    /** Domains that have at least one registered tool. */
    domains() {
        const domains = new Set();
        for (const entry of this.tools.values())
            if (entry.spec.domain)
                domains.add(entry.spec.domain);
        return [...domains].sort();
    }
}
/**
 * What is wrong with a tool's declared capabilities. The runtime's own (files, visibility, ...) are handed to
 * every turn and anyone may declare them; a provider is created once per key and shared with every tool that
 * names it, so it must be well formed, must not claim a runtime key, and never comes from a dynamic tool (it
 * would supply what the owner's tools, the shell's sandbox or the network client, then use).
 */
function capabilityProblems(declared, source) {
    if (declared === undefined)
        return [];
    if (!Array.isArray(declared))
        return ['capabilities must be an array of capability providers'];
    const problems = [];
    for (const provider of declared) {
        const key = provider?.key;
        if (typeof key !== 'string' || typeof provider.create !== 'function') {
            problems.push('each capability must have a string key and a create function');
        }
        else if (claimsRuntimeKey(provider)) {
            problems.push(`capability "${key}" is the runtime's own; a tool cannot provide it`);
        }
        else if (source === 'dynamic' && !isRuntimeCapability(provider)) {
            problems.push('dynamic tools cannot bring capability providers');
        }
    }
    return [...new Set(problems)];
}
//# sourceMappingURL=registry.js.map