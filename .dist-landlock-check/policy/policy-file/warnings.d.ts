import { type CompiledRule, type PolicyWarning } from '../rules/types.js';
export declare function shadowWarnings(rules: readonly CompiledRule[]): PolicyWarning[];
