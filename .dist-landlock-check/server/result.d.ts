import type { ToolResult, ToolUpdate } from '../types/index.js';
export interface McpCallResult {
    [key: string]: unknown;
    content: Array<{
        type: 'text';
        text: string;
    } | {
        type: 'image';
        data: string;
        mimeType: string;
    }>;
    isError: boolean;
    _meta: {
        'handrail/outcome': ToolResult['outcome'];
        'handrail/callId': string;
    };
}
export declare function toMcpResult(result: ToolResult): McpCallResult;
/** The text a model would read: text parts joined, images named (the CLI prints this). */
export declare function modelText(result: Pick<ToolResult, 'content'>): string;
/** A progress update as one line-ish message: the text of its content, bounded (the tail is the news). */
export declare function progressMessage(update: {
    content?: Array<{
        type: string;
        text?: string;
    }>;
} | ToolUpdate): string;
