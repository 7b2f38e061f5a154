// Where a value sits in a JSON text: schema problems come with a JSON pointer, a person wants a line and a
// column. The text has already parsed (and passed the duplicate-key check), so this walk follows valid JSON.
import { escapeSegment } from '../schema/index.js';

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

export function jsonPositions(text: string): JsonPositions {
  const values = new Map<string, number>();
  const keys = new Map<string, number>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    ws();
    values.set(pointer, i);
    const c = text[i];
    if (c === '{' || c === '[') {
      const object = c === '{';
      i++;
      for (let index = 0; ; index++) {
        ws();
        if (text[i] === '}' || text[i] === ']') {
          i++;
          return;
        }
        if (text[i] === ',') {
          i++;
          ws();
        }
        let child = `${pointer}/${index}`;
        if (object) {
          const at = i;
          child = `${pointer}/${escapeSegment(string())}`;
          keys.set(child, at);
          ws();
          i++; // the colon
        }
        value(child);
      }
    }
    if (c === '"') string();
    else while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++;
  };
  value('');
  const position = (offset: number): TextPosition => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  };
  const nearest = (pointer: string): number => {
    for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
      const at = values.get(p);
      if (at !== undefined) return at;
      if (p === '') return 0;
    }
  };
  return {
    value: (pointer) => position(nearest(pointer)),
    key: (pointer) => position(keys.get(pointer) ?? nearest(pointer)),
  };
}
