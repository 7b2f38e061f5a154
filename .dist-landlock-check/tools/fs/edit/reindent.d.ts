/**
 * Re-indent `newText` the way old_text's lines map onto the file lines they matched. When the first line
 * alone differs (models often start old_text after the first line's indentation), it gets its own shift.
 * When nothing explains every line, the first line's difference is applied to all: the base is right.
 */
export declare function reindent(newText: string, needleLines: string[], fileLines: string[]): {
    text: string;
    shifted: boolean;
};
