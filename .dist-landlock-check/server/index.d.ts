export { APPROVAL_SCHEMA, approvalMessage, elicitationApprover, readAnswer } from './elicitation.js';
export { type HttpServeHandle, type HttpServeOptions, ServeConfigError, serveHttp } from './http.js';
export { checkRequest, isLoopbackHost, tokenMatches } from './http-guard.js';
export { runtimeOptions, type WorkspaceOptions } from './options.js';
export { modelText, toMcpResult } from './result.js';
export { McpSession, type SessionOptions } from './session.js';
export { type StdioServeHandle, serveStdio } from './stdio.js';
export { type McpTool, mcpAnnotations, mcpToolList, offeredUnder } from './tool-list.js';
export { handrailVersion } from './version.js';
