// The apply_patch conformance suite: every directory under fixtures/ (next to this file) is a case with an
// `input/` tree (absent: empty), a `patch.txt`, and either an `expected/` tree (compared byte for byte, plus
// `expected_output.txt` for the exact success text) or `expected_error.txt` (the exact error text the model
// sees; the tree must then be left exactly as `input/`). Expectation files end with one newline that is not
// part of the text.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatchTool } from '../../../../src/tools/fs/apply-patch.js';
import { text } from '../../../support/results.js';
import { makeRuntime } from '../../../support/runtime.js';
import { tempDir } from '../../../support/temp.js';
import { readTree } from './tree.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function expectation(file: string): string {
  return readFileSync(file, 'utf8').replace(/\n$/, '');
}

describe('apply_patch conformance fixtures', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(27);
  });

  it.each(cases)('%s', async (name) => {
    const dir = path.join(FIXTURES, name);
    const workspace = tempDir('handrail-patch-');
    const input = path.join(dir, 'input');
    if (existsSync(input)) cpSync(input, workspace, { recursive: true });
    else mkdirSync(workspace, { recursive: true });
    const before = readTree(workspace);
    const runtime = makeRuntime({
      workspace,
      stateDir: tempDir('handrail-state-'),
      tools: [applyPatchTool()],
    });
    const patch = readFileSync(path.join(dir, 'patch.txt'), 'utf8');

    const result = await runtime.beginTurn().call({ id: name, name: 'apply_patch', arguments: { patch } });

    const errorFile = path.join(dir, 'expected_error.txt');
    if (existsSync(errorFile)) {
      expect(text(result)).toBe(expectation(errorFile));
      expect(result.isError).toBe(true);
      expect(readTree(workspace)).toEqual(before);
      return;
    }
    expect(text(result)).toBe(
      existsSync(path.join(dir, 'expected_output.txt'))
        ? expectation(path.join(dir, 'expected_output.txt'))
        : text(result),
    );
    expect(result.isError).toBe(false);
    expect(readTree(workspace)).toEqual(readTree(path.join(dir, 'expected')));
  });
});
