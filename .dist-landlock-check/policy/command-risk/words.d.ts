import type { Node } from 'web-tree-sitter';
import type { Arg } from './types.js';
export declare function evalWord(node: Node): Arg;
/**
 * The parts of a double-quoted string: literal text (escapes applied) and the nodes that expand. The
 * grammar leaves newlines between `string_content` pieces out of every child (`"a\n\nb"`) and puts blank
 * content in a quote token (`" "`): the text between children and beside the quotes is kept.
 */
export declare function stringParts(node: Node): Array<string | Node>;
/** The first control or invisible formatting character in text, as `U+XXXX`, or null. */
export declare function controlCharacter(text: string): string | null;
