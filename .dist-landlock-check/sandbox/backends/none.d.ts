import type { SandboxBackend } from '../process/backend-types.js';
/** What a caller adds to every result of a command run by the `none` backend. */
export declare const UNSANDBOXED_NOTICE = "This command ran without an OS sandbox (sandbox: none).";
/**
 * No OS sandbox: the command runs directly as handrail's user, with the filtered environment, its own
 * process group and the resource limits that do not depend on a user namespace (file size, open files,
 * core dumps, address space; not the process count, which the kernel counts over all of the user's
 * processes). Chosen only explicitly; every plan from it says `unsandboxed: true`.
 */
export declare function createNoneBackend(): SandboxBackend;
