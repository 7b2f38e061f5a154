import { type Rule } from './types.js';
export declare const DANGER_RULES: Record<string, Rule>;
/** Rules that cover a family of names (`mkfs.ext4`, `mkfs.xfs`, …). */
export declare function dangerByName(name: string): Rule | undefined;
