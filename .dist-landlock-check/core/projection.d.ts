import type { OutputStore } from '../output/index.js';
import { type ProjectionLimits } from '../output/index.js';
import type { OutputPolicy, ToolResult } from '../types/index.js';
export interface ProjectionEnv {
    limits: ProjectionLimits;
    images: {
        maxImages: number;
        maxImageBytes: number;
    };
    /** Created on first use: most runtimes never spill. */
    outputs: () => OutputStore;
    workspace: string;
    turnId: string;
}
/** What the timeline keeps about a result, separately from what the model sees. */
export interface ProjectionInfo {
    truncated: boolean;
    totalBytes: number;
    shownBytes: number;
    /** Where the full output was stored, relative to the workspace when inside it. */
    fullOutput?: string;
    storageError?: string;
    /** Image parts replaced by a note (unsupported, malformed, too large or too many). */
    imagesOmitted?: number;
}
/**
 * The model-visible view of a result: terminal controls stripped, text bounded head+tail with a marker,
 * the full text spilled to the state directory when cut. Images are checked (type, base64, size, count);
 * a refused image becomes a one-line note.
 */
export declare function projectResult(result: ToolResult, policy: OutputPolicy | undefined, env: ProjectionEnv): Promise<ProjectionInfo | undefined>;
