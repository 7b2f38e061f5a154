export { commandLabel, formatAge, formatDuration } from './describe.js';
export { BYTES_PER_TOKEN, DEFAULT_MAX_OUTPUT_TOKENS, type ExecResultInput, endedByNote, estimateTokens, exitLine, formatExecResult, projectOutput, } from './format.js';
export { type BufferRead, DEFAULT_BUFFER_BYTES, droppedMarker, HeadTailBuffer, type HeadTailStats, } from './head-tail-buffer.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_WARN_AT, type LookupResult, SessionLimit, SessionManager, type SessionManagerOptions, type StartRequest, type StartResult, } from './manager.js';
export type { ProcessEnd, ProcessHandle, StartOptions, StartProcess } from './process-handle.js';
export { DEFAULT_IDLE_MS, DEFAULT_LIFETIME_MS, type EndReason, Session, type SessionExit, type SessionOptions, type WriteOutcome, } from './session.js';
export { clampYieldTime, DEFAULT_YIELD_MS, MAX_YIELD_MS, MIN_YIELD_MS, type WaitOptions, type WaitResult, waitForOutput, } from './wait.js';
