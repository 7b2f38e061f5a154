/** Any error from a request as a NetworkRefusal or NetworkFailure with a sentence for the model. */
export declare function failure(error: unknown, ctx: {
    timer: AbortSignal;
    caller: AbortSignal | undefined;
    settings: {
        timeoutMs: number;
        idleTimeoutMs: number;
        maxHeaderBytes: number;
    };
}): Error;
