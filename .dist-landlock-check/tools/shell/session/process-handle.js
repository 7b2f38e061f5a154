// The contract between sessions and whatever starts processes: ../process-adapter.ts, a sandboxed spawn
// with pipes or a pty.
export {};
//# sourceMappingURL=process-handle.js.map