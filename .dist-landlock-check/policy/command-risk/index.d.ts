export { classifyCommand, MAX_COMMANDS } from './classify.js';
export type { CommandRisk, Risk } from './types.js';
