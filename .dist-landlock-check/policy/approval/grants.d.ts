/**
 * Remembered approvals: `allow_for_turn` by request key for the rest of a turn, `allow_for_session` by
 * session key for the thread. Bounded: the oldest threads and keys are forgotten first, so a long-lived
 * server holds a fixed amount of memory whatever its callers do.
 */
export declare class ApprovalGrants {
    private readonly limits;
    private readonly turns;
    private readonly threads;
    constructor(limits?: {
        scopes: number;
        keysPerScope: number;
    });
    grantTurn(turnId: string, key: string): void;
    grantSession(threadId: string, key: string): void;
    /** 'turn' or 'session' when an earlier approval covers the key. */
    lookup(turnId: string, turnKey: string, threadId: string, sessionKey: string): 'turn' | 'session' | undefined;
    endTurn(turnId: string): void;
    private add;
}
