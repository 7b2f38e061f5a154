export interface TextPosition {
    line: number;
    column: number;
}
/** Positions of every value (and every property name) of a valid JSON text, by JSON pointer. */
export interface JsonPositions {
    /** Where the value at `pointer` starts; a pointer into nothing falls back to its deepest existing parent. */
    value(pointer: string): TextPosition;
    /** Where the property name at `pointer` starts (for "unknown property"), else where its value starts. */
    key(pointer: string): TextPosition;
}
export declare function jsonPositions(text: string): JsonPositions;
