/**
 * Remembered approvals: `allow_for_turn` by request key for the rest of a turn, `allow_for_session` by
 * session key for the thread. Bounded: the oldest threads and keys are forgotten first, so a long-lived
 * server holds a fixed amount of memory whatever its callers do.
 */
export class ApprovalGrants {
    limits;
    turns = new Map();
    threads = new Map();
    constructor(limits = { scopes: 1024, keysPerScope: 4096 }) {
        this.limits = limits;
    }
    grantTurn(turnId, key) {
        this.add(this.turns, turnId, key);
    }
    grantSession(threadId, key) {
        this.add(this.threads, threadId, key);
    }
    /** 'turn' or 'session' when an earlier approval covers the key. */
    lookup(turnId, turnKey, threadId, sessionKey) {
        if (this.turns.get(turnId)?.has(turnKey))
            return 'turn';
        if (this.threads.get(threadId)?.has(sessionKey))
            return 'session';
        return undefined;
    }
    endTurn(turnId) {
        this.turns.delete(turnId);
    }
    add(map, scope, key) {
        let keys = map.get(scope);
        if (!keys) {
            if (map.size >= this.limits.scopes)
                map.delete(map.keys().next().value);
            keys = new Set();
            map.set(scope, keys);
        }
        if (keys.size >= this.limits.keysPerScope)
            keys.delete(keys.values().next().value);
        keys.add(key);
    }
}
//# sourceMappingURL=grants.js.map