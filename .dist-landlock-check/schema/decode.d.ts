/** What a repair changed, where (JSON pointer) and why, in a short phrase for logs and the timeline. */
export interface Repair {
    path: string;
    kind: RepairKind;
    note: string;
}
/** The kinds of argument repair handrail performs. */
export type RepairKind = 'empty_arguments' | 'json_string_decoded' | 'double_encoded' | 'stringified_json' | 'string_to_number' | 'string_to_boolean' | 'null_removed' | 'tool_prepared';
/** Decoded arguments with the repairs made, or the reason they cannot be used. */
export type DecodeResult = {
    ok: true;
    value: Record<string, unknown>;
    repairs: Repair[];
} | {
    ok: false;
    message: string;
};
/** Decode raw arguments: parse JSON text (once more if double-encoded), bound the size, reject `__proto__`. */
export declare function decodeArguments(raw: unknown, opts: {
    maxBytes: number;
}): DecodeResult;
