/** A request the policy refused, with a sentence that says why and how to allow it when that is possible. */
export class NetworkRefusal extends Error {
    reason;
    url;
    constructor(reason, url, message) {
        super(message);
        this.name = 'NetworkRefusal';
        this.reason = reason;
        this.url = url;
    }
}
/** A transport failure: connection, TLS, timeout, header overflow, body cap, bad encoding. */
export class NetworkFailure extends Error {
    kind;
    constructor(kind, message, cause) {
        super(message, cause === undefined ? undefined : { cause });
        this.name = 'NetworkFailure';
        this.kind = kind;
    }
}
//# sourceMappingURL=types.js.map