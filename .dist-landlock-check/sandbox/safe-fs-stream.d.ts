import { type Stats } from 'node:fs';
import type { FileAllowed } from './file-policy-types.js';
export interface StreamedFile {
    bytes: number;
    sha256: string;
    created: boolean;
    stat: Stats;
}
export declare function streamToFile(check: FileAllowed, chunks: AsyncIterable<Buffer>): Promise<StreamedFile>;
