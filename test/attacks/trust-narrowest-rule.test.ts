// Attacks on point 6 of the trust model (docs/trust-model.md): an "always" answer writes a rule that matches only
// what the human was shown. A line whose behaviour is not in its argv (heredocs, here-strings, input
// redirections, substitutions anywhere, heredoc bodies included) never becomes a program-wide rule: it is
// remembered as that exact line for the session, and the next line of the same program is asked about again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { alwaysWritingRuntime, call, collectEvents } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';

/** A runtime whose approver answers "always" to everything, with a trusted project layer to write to. */
function always() {
  const ws = tempDir();
  writeFileSync(path.join(ws, 'script.py'), 'print(1)\n');
  writeFileSync(path.join(ws, 'list'), 'script.py\n');
  const { runtime, asked } = alwaysWritingRuntime({ workspace: ws });
  const events = collectEvents(runtime);
  const policyText = () => {
    const file = path.join(ws, '.handrail', 'policy.json');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  return { runtime, asked, events, policyText };
}

describe('lines whose behaviour is not in their argv get no rule', () => {
  // [line, a later line of the same program that a program-wide rule would let through]
  const lines: Array<[string, string]> = [
    ['python3 <<EOF\nprint(1)\nEOF', 'python3 <<EOF\nimport os\nEOF'],
    ["python3 <<'EOF'\nprint(1)\nEOF", "python3 <<'EOF'\nimport os\nEOF"],
    ['python3 <<-EOF\n\tprint(1)\n\tEOF', 'python3 <<-EOF\n\timport os\n\tEOF'],
    ['cat <<EOF\n$(date)\nEOF', 'cat <<EOF\n$(id)\nEOF'],
    ['cat <<EOF\n  `date`\nEOF', 'cat <<EOF\n  `id`\nEOF'],
    ['python3 <<< "print(1)"', 'python3 <<< "import os"'],
    ['python3 < script.py', 'python3 < other.py'],
    ['python3 0< script.py', 'python3 0< other.py'],
    ['python3 script.py <&0', 'python3 script.py <&3'],
    ['xargs python3 < list', 'xargs python3 < other'],
    ['node -e "$(cat script.py)"', 'node -e "$(cat other.js)"'],
    ['python3 `echo script.py`', 'python3 `echo other.py`'],
    ['python3 $(echo script.py)', 'python3 $(echo other.py)'],
    ['diff <(python3 script.py) list', 'diff <(python3 other.py) list'],
    ['python3 script.py > >(cat)', 'python3 script.py > >(sh)'],
    ['python3 "$HOME/script.py"', 'python3 "$HOME/other.py"'],
    ['a=$(date) python3 script.py', 'a=$(id) python3 script.py'],
  ];
  test.each(lines)(
    '%j: no rule offered or written; the exact line only, for the session',
    async (line, next) => {
      const h = always();
      const turn = h.runtime.beginTurn();
      await turn.call(call('exec_command', { cmd: line }));
      expect(h.asked).toHaveLength(1);
      expect(h.asked[0]!.suggestedRule).toBeUndefined();
      // Nothing on disk names the program (with or without arguments).
      expect(h.policyText()).not.toMatch(/exec_command\((python3|node|cat|xargs|diff)\b/);
      // The same line again is covered for the session; anything else of the same program is asked about.
      await turn.call(call('exec_command', { cmd: line }));
      expect(h.asked).toHaveLength(1);
      await h.runtime.beginTurn({ threadId: 'another' }).call(call('exec_command', { cmd: next }));
      await turn.call(call('exec_command', { cmd: next }));
      expect(h.asked).toHaveLength(3);
      const note = h.events.find((e) => e.type === 'turn/permission/request/resolved')?.payload.note;
      expect(note).toMatch(/approved for the session instead/);
    },
  );
});

describe('an exact line gets exactly its argv, and that rule reaches nothing more', () => {
  test('"always" on python3 script.py: the same program fed a heredoc, a substitution or more words is asked', async () => {
    const h = always();
    await h.runtime.beginTurn().call(call('exec_command', { cmd: 'python3 script.py' }));
    expect(h.asked[0]!.suggestedRule).toEqual(['exec_command(python3 script.py)']);
    expect(JSON.parse(h.policyText()).allow).toEqual(['exec_command(python3 script.py)']);
    // Another thread has no grant, only the rule: the exact line runs unasked, nothing else does.
    const turn = h.runtime.beginTurn({ threadId: 'later' });
    await turn.call(call('exec_command', { cmd: 'python3 script.py' }));
    expect(h.asked).toHaveLength(1);
    for (const variant of [
      'python3 script.py <<EOF\nimport os\nEOF',
      'python3 script.py <<< x',
      'python3 script.py < list',
      'python3 script.py $(id)',
      'python3 script.py --evil',
      'python3 script.py; touch pwned',
      'PYTHONSTARTUP=x python3 script.py',
    ]) {
      await turn.call(call('exec_command', { cmd: variant }));
    }
    expect(h.asked).toHaveLength(8);
  });
});
