/** A policy refusal or transport failure as the ToolError a web tool throws. */
export declare function webError(error: unknown): unknown;
