// The shared vocabulary of handrail. This module imports nothing: every other module depends on it.
export const ERROR_CLASSES = [
    'unknown_tool',
    'not_visible',
    'invalid_arguments',
    'blocked',
    'permission_denied',
    'approval_denied',
    'rate_limited',
    'timeout',
    'cancelled',
    'not_found',
    'conflict',
    'io_error',
    'network_error',
    'sandbox_violation',
    'tool_error',
    'internal',
];
// ---------------------------------------------------------------------------------------------------------
// Permissions (the evaluator is pluggable; the permissions module fills it in)
// ---------------------------------------------------------------------------------------------------------
/** The permission modes a runtime's profile names (the policy gives each its behaviour). */
export const PERMISSION_MODES = ['full_access', 'auto_accept_edits', 'supervised', 'read_only'];
export function isPermissionMode(value) {
    return typeof value === 'string' && PERMISSION_MODES.includes(value);
}
export const ACTION_KINDS = [
    'file_read',
    'file_write',
    'shell_command',
    'network',
    'mcp_read',
    'mcp_write_or_unknown',
    'dynamic_skill_tool',
    'computer_use',
    'task_subagent',
    'memory_write',
    'internal',
    'unknown',
];
/**
 * What a call's permission scope carries that a policy rule's specifier can match: `command` (the scope's
 * `argv`, one word list per sub-command), `path` (its canonical `paths`), `domain` (its `host`, or the host
 * of its `url`). `exec_command(git status)` is a command rule, `read_file(./secrets/**)` a path rule. Each
 * facet is one module in policy/rules/facets/, listed there in this order.
 */
export const POLICY_FACETS = ['command', 'path', 'domain'];
/**
 * handrail's built-in tools, each with the facets its calls carry. Each built-in spec declares its `facets`
 * from here; the registry keeps dynamic tools off these names whether or not the built-in is registered;
 * and the policy reads a rule's specifier by these facets even without a runtime (`loadPolicyLayers`,
 * `appendRule`). A later domain (memory, tasks, …) adds its tool names when it ships.
 */
export const BUILTIN_TOOL_FACETS = {
    read_file: ['path'],
    write_file: ['path'],
    edit_file: ['path'],
    apply_patch: ['path'],
    list_dir: ['path'],
    find_files: ['path'],
    grep_files: ['path'],
    exec_command: ['command'],
    write_stdin: ['command'],
    bash: ['command'],
    web_fetch: ['domain'],
    web_search: ['domain'],
    download_url: ['domain', 'path'],
    request_tools: [],
};
//# sourceMappingURL=index.js.map