import { type CommandMatcher } from './command-match.js';
import { type FacetDefinition } from './definition.js';
/** What a call carries of the command facet. */
export interface CommandValues {
    /** Each sub-command's argv. */
    argv: string[][];
    /** Whether the classifier read the line exactly (no redirections, substitutions or variables). */
    exact: boolean;
    /** The scope's risk: allow rules and "always" never apply to a dangerous command. */
    risk: unknown;
}
export declare const commandFacet: FacetDefinition<'command', CommandMatcher, string[], CommandValues, string[]>;
