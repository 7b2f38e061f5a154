import { type Rule } from './types.js';
export declare const SAFE_RULES: Record<string, Rule>;
