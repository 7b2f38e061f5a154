export { APPROVAL_SCHEMA, approvalMessage, elicitationApprover, readAnswer } from './elicitation.js';
export { ServeConfigError, serveHttp } from './http.js';
export { checkRequest, isLoopbackHost, tokenMatches } from './http-guard.js';
export { runtimeOptions } from './options.js';
export { modelText, toMcpResult } from './result.js';
export { McpSession } from './session.js';
export { serveStdio } from './stdio.js';
export { mcpAnnotations, mcpToolList, offeredUnder } from './tool-list.js';
export { handrailVersion } from './version.js';
//# sourceMappingURL=index.js.map