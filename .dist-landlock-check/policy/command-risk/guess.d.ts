import type { Node } from 'web-tree-sitter';
export declare class Guesser {
    private readonly assignments;
    constructor(root: Node);
    /**
     * The fields `words` expand to, when every expansion in them is a variable whose value the line gives
     * before `at`; null when some part is not known, or when nothing in them is an expansion at all.
     */
    fields(words: readonly Node[], at: number): string[] | null;
    private lookup;
}
