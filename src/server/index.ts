export { APPROVAL_SCHEMA, approvalMessage, elicitationApprover, readAnswer } from './elicitation.js';
export { type HttpServeHandle, type HttpServeOptions, ServeConfigError, serveHttp } from './http.js';
export { checkRequest, isLoopbackHost, tokenMatches } from './http-guard.js';
export {
  runtimeOptions,
  type WorkspaceOptions,
  type WorkspaceRuntimeOptions,
  withoutMcpServers,
} from './options.js';
export type { ProgressTiming } from './progress.js';
export { modelText, toMcpResult } from './result.js';
export { type ClientRootsOptions, McpSession, type SessionOptions } from './session.js';
export { type StdioServeHandle, serveStdio } from './stdio.js';
export {
  describedAnnotations,
  type McpTool,
  type McpToolAnnotations,
  mcpAnnotations,
  mcpToolList,
  offeredUnder,
} from './tool-list.js';
export { handrailVersion } from './version.js';
