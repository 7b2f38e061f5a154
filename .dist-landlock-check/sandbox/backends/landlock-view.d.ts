import type { FileRoot } from '../file-policy-types.js';
import { type Directive } from './landlock-rules.js';
import type { Mask } from './scan.js';
export interface LandlockView {
    /** Host directories shown read-only (canonical): the system paths and extra read-only paths. */
    visible: readonly string[];
    roots: readonly FileRoot[];
    /** The run directory holding the command's HOME and TMPDIR. */
    runDir: string;
    /** Existing protected paths inside writable roots (bound read-only by bwrap). */
    readOnly: readonly string[];
    /** Protected names missing at the top of writable roots (bwrap holds them with placeholders). */
    missingProtected: readonly string[];
    /** Deny-read paths and, for uid 0, root-only files of the system view. */
    masks: readonly Mask[];
    stateDir?: string | undefined;
    denyRead: readonly string[];
    /** Extra files to show read-only (the resolver's target when the network is shared). */
    extraFiles: readonly string[];
}
/** Directives in increasing precedence: later ones win for the same path (see `compileRules`). */
export declare function landlockDirectives(view: LandlockView): Directive[];
