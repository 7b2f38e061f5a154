import { describe, expect, it } from 'vitest';
import { findNearTwin, type NearTwinRule } from '../../../src/tools/fs/near-twins.js';

// The search edit_file and apply_patch share for the block a stale copy was taken from: at the copy's own
// indentation, nearly its text, up to two lines longer or shorter, never the lenient match itself.

const PAIRED_INDENTED: NearTwinRule = { minSimilarity: 0.6, pairedLines: 'indented' };
const PAIRED_EQUAL: NearTwinRule = { minSimilarity: 0.6, pairedLines: 'equal' };

/** What the model sent: its copy of the top-level block, from before the block changed. */
const copy = ['const config = {', "  host: 'localhost',", '  port: 8080,', '  pool: 5,', '};'];

/** A file with the copy's nested twin (lines 1-5, where the lenient match landed) and the block it meant. */
const fileWith = (meant: string[]) => [
  'function nested() {',
  ...copy.map((line) => `  ${line}`),
  '}',
  '',
  ...meant,
];
const matched = { line: 1, count: copy.length };

describe('findNearTwin', () => {
  it('finds the block at the copy’s indentation that changed a word, under either rule', () => {
    const lines = fileWith(['const config = {', "  host: 'localhost',", '  port: 9090,', '  pool: 5,', '};']);
    for (const rule of [PAIRED_INDENTED, PAIRED_EQUAL]) {
      expect(findNearTwin(lines, copy, matched, rule)).toMatchObject({ line: 8, count: 5 });
    }
  });

  it('finds the block that lost a line, under either rule', () => {
    const lines = fileWith(['const config = {', "  host: 'localhost',", '  port: 8080,', '};']);
    for (const rule of [PAIRED_INDENTED, PAIRED_EQUAL]) {
      expect(findNearTwin(lines, copy, matched, rule)).toMatchObject({ line: 8, count: 4 });
    }
  });

  it('lets the lines of a block that lost a line differ only when the rule pairs lines by indentation', () => {
    const lines = fileWith(['const config = {', "  host: 'localhost',", '  port: 9090,', '};']);
    expect(findNearTwin(lines, copy, matched, PAIRED_INDENTED)).toMatchObject({ line: 8, count: 4 });
    expect(findNearTwin(lines, copy, matched, PAIRED_EQUAL)).toBeUndefined();
  });

  it('finds nothing when the only alike block is the match itself or sits at another depth', () => {
    expect(findNearTwin(fileWith([]), copy, matched, PAIRED_INDENTED)).toBeUndefined();
  });

  it('finds nothing in a block below the threshold', () => {
    const lines = fileWith(['const limits = {', '  rate: 100,', '  burst: 20,', '  window: 60,', '};']);
    expect(findNearTwin(lines, copy, matched, PAIRED_INDENTED)).toBeUndefined();
  });
});
