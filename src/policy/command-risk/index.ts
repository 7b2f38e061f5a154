// Risk classification of shell commands for the permission stage (allow or ask). Importing this module
// loads the bash parser once (top-level await); classifyCommand is synchronous afterwards.
export { type ClassifyOptions, classifyCommand, MAX_COMMANDS } from './classify.js';
export { gitPrintsStoredContent } from './git.js';
export type { CommandRisk, Risk } from './types.js';
