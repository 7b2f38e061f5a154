/** Budgets for the model-visible view. */
export interface ProjectionLimits {
    maxBytes: number;
    maxLines: number;
}
/** The design's default model-visible budget: 32 KiB and 2,000 lines. */
export declare const DEFAULT_LIMITS: ProjectionLimits;
/** A projected text and what it left out; shownBytes + omittedBytes = totalBytes (the marker is not counted). */
export interface Projection {
    text: string;
    truncated: boolean;
    totalBytes: number;
    totalLines: number;
    shownBytes: number;
    omittedBytes: number;
    omittedLines: number;
}
/** Formats a byte count in binary units: `512 B`, `1.5 KiB`, `4.7 MiB`, `1.0 GiB`. */
export declare function formatBytes(n: number): string;
/** Returns `text` unchanged if it fits `limits`, else head + marker line (what was cut, and `where`) + tail. */
export declare function projectText(text: string, limits: ProjectionLimits, where?: string): Projection;
