/**
 * Remembered approvals: `allow_for_turn` by request key for the rest of a turn, `allow_for_session` by
 * session key for the thread. Bounded: the oldest threads and keys are forgotten first, so a long-lived
 * server holds a fixed amount of memory whatever its callers do.
 */
export class ApprovalGrants {
  private readonly turns = new Map<string, Set<string>>();
  private readonly threads = new Map<string, Set<string>>();

  constructor(private readonly limits = { scopes: 1024, keysPerScope: 4096 }) {}

  grantTurn(turnId: string, key: string): void {
    this.add(this.turns, turnId, key);
  }

  grantSession(threadId: string, key: string): void {
    this.add(this.threads, threadId, key);
  }

  /** 'turn' or 'session' when an earlier approval covers the key. */
  lookup(
    turnId: string,
    turnKey: string,
    threadId: string,
    sessionKey: string,
  ): 'turn' | 'session' | undefined {
    if (this.turns.get(turnId)?.has(turnKey)) return 'turn';
    if (this.threads.get(threadId)?.has(sessionKey)) return 'session';
    return undefined;
  }

  endTurn(turnId: string): void {
    this.turns.delete(turnId);
  }

  private add(map: Map<string, Set<string>>, scope: string, key: string): void {
    let keys = map.get(scope);
    if (!keys) {
      if (map.size >= this.limits.scopes) map.delete(map.keys().next().value as string);
      keys = new Set();
      map.set(scope, keys);
    }
    if (keys.size >= this.limits.keysPerScope) keys.delete(keys.values().next().value as string);
    keys.add(key);
  }
}
