/** What a failure leaves for recovery: its class, exit status, a short excerpt and a stable fingerprint. */
export interface Evidence {
    errorClass?: string;
    exitStatus?: number | null;
    excerpt: string;
    fingerprint: string;
}
/** Builds recovery evidence: a ≤ 500-character excerpt and a 16-hex fingerprint stable across reruns. */
export declare function buildEvidence(input: {
    errorClass?: string;
    text: string;
    exitStatus?: number | null;
}): Evidence;
