// Sessions for exec_command / write_stdin / bash: bounded output buffers, the process-handle contract
// (implemented over the sandbox's spawnPlanned by ../process-adapter.ts), per-turn session managers with a
// runtime-wide cap, and result text.
export { commandLabel, formatAge, formatDuration } from './describe.js';
export { BYTES_PER_TOKEN, DEFAULT_MAX_OUTPUT_TOKENS, endedByNote, estimateTokens, exitLine, formatExecResult, projectOutput, } from './format.js';
export { DEFAULT_BUFFER_BYTES, droppedMarker, HeadTailBuffer, } from './head-tail-buffer.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_WARN_AT, SessionLimit, SessionManager, } from './manager.js';
export { DEFAULT_IDLE_MS, DEFAULT_LIFETIME_MS, Session, } from './session.js';
export { clampYieldTime, DEFAULT_YIELD_MS, MAX_YIELD_MS, MIN_YIELD_MS, waitForOutput, } from './wait.js';
//# sourceMappingURL=index.js.map