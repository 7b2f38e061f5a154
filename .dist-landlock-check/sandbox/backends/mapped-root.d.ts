import type { FileRoot } from '../file-policy-types.js';
import type { Mask } from './scan.js';
export interface MappedRootView {
    masks: Mask[];
    /** Directory of private device nodes, when they could be made. */
    devices?: string;
    /** Sentences saying what protection is missing (for `degraded`). */
    lost: string[];
}
/** `visible`: the host paths the sandbox shows outside the roots (system and extra read-only paths). */
export declare function mappedRootView(visible: readonly string[], roots: readonly FileRoot[]): Promise<MappedRootView>;
