import type { SandboxBackend } from '../process/backend-types.js';
import { type BwrapOptions } from './bwrap.js';
import type { RunAs } from './identity.js';
import { type LandlockOptions } from './landlock.js';
export type SandboxChoice = 'auto' | 'bwrap' | 'landlock' | 'none';
export interface SelectOptions {
    /** Who commands run as when handrail is root, for whichever backend is chosen (its own option wins). */
    runAs?: RunAs;
    bwrap?: BwrapOptions;
    landlock?: LandlockOptions;
}
/**
 * The backend for a profile's choice. `none` only when chosen. `bwrap` and `landlock` once a probe has run
 * a command in them (cached per process and options). `auto` tries bwrap, then Landlock. A backend that
 * cannot run is never replaced by `none`: the result then refuses every command, with every reason.
 */
export declare function selectBackend(choice: SandboxChoice, options?: SelectOptions): Promise<SandboxBackend>;
/** A backend that refuses every command with the reason it gave for being unavailable. */
export declare function unavailableBackend(reason: string, name?: SandboxBackend['name']): SandboxBackend;
/** Forget cached probe results (tests; after installing bubblewrap). */
export declare function clearBackendProbes(): void;
/** Run `true` in bwrap exactly as a command would run; the reason is bwrap's own complaint. */
export declare function probeBwrap(backend: SandboxBackend, options?: BwrapOptions): Promise<{
    reason?: string;
}>;
