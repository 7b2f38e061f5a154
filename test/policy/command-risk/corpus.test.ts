// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell commands, where ${…} is shell syntax
import { describe, expect, test } from 'vitest';
import { classifyCommand } from '../../../src/policy/command-risk/index.js';
import { CORPUS } from './corpus.js';
import { generateLines } from './harness/generator.js';

describe('the corpus of tricky lines', () => {
  const cases = CORPUS.map(([line, risk, exact]) => ({ line, risk, exact }));
  test.each(cases)('$line is $risk (exact: $exact)', ({ line, risk, exact }) => {
    const result = classifyCommand(line);
    expect(result.risk, JSON.stringify(result)).toBe(risk);
    if (risk === 'safe') expect(result.reasons).toEqual([]);
    else expect(result.reasons.length).toBeGreaterThan(0);
    if (exact !== undefined) expect(result.exact, JSON.stringify(result)).toBe(exact);
  });

  test('words after a redirection and descriptor numbers are read as bash reads them', () => {
    expect(classifyCommand('find . 2>/dev/null -exec touch x {} +').commands).toEqual([
      ['find', '.', '-exec', 'touch', 'x', '{}', '+'],
      ['touch', 'x', '{}'],
    ]);
    expect(classifyCommand('rm >&2 -rf build').commands).toEqual([['rm', '-rf', 'build']]);
    expect(classifyCommand('a 2>/dev/null b 0<&3 c >x d').commands).toEqual([['a', 'b', 'c', 'd']]);
    expect(classifyCommand('python3 0<&3').commands).toEqual([['python3']]);
    expect(classifyCommand('cat <<EOF -n\nx\nEOF').commands).toEqual([['cat', '-n']]);
    // `0<(…)` is a process substitution glued to a word, not a redirection.
    expect(classifyCommand('cat 0<(ls)').commands).toContainEqual(['cat', '0', '<(ls)']);
    // A substitution after a redirection is judged once.
    expect(classifyCommand('cat >/dev/null $(rm -rf /) x').commands).toEqual([
      ['rm', '-rf', '/'],
      ['cat', '$(rm -rf /)', 'x'],
    ]);
  });
});

// `exact` promises that `commands` is everything the line does; permission rules match argv only then.
describe('exact is false when the argv list is not the whole story', () => {
  test.each([
    // heredocs and here-strings feed input the argv does not show
    'cat <<EOF\nhello\nEOF',
    "cat <<'EOF'\nhello\nEOF",
    'cat <<-EOF\n\thello\n\tEOF',
    'git status <<EOF\nx\nEOF',
    'cat <<< hello',
    'grep foo <<< "$HOME"',
    // input redirections
    'cat < notes.txt',
    'wc -l <notes.txt',
    'sort 0< data.csv',
    // substitutions anywhere
    'echo $(id)',
    'echo "a$(id)b"',
    'echo "a`id`b"',
    'cat <(ls)',
    'echo ${x:-$(id)}',
    'cat <<EOF\n$(id)\nEOF',
    'cat <<EOF\n  `id`\nEOF',
    'cat <<-EOF\n\t`id`\n\tEOF',
    'cat <<EOF\n${x@P}\nEOF',
    'ls > /tmp/x',
    '[[ x =~ a`id` ]]',
    // expansions that evaluate, and words known only at run time
    'echo ${x@P}',
    'echo $((1+2))',
    'echo $HOME',
    // control characters
    'echo a\rb',
    "echo $'\\x1b'",
    'git st\u200batus',
  ])('%j is not exact', (line) => {
    expect(classifyCommand(line).exact).toBe(false);
  });

  test.each([
    'git status',
    'ls -la src',
    'ls 2>&1 | wc -l',
    'ls > /dev/null',
    "echo 'a\nb'",
    "bash -c 'git status'",
    'cat src/*.ts',
  ])('%j is exact', (line) => {
    expect(classifyCommand(line).exact).toBe(true);
  });
});

describe('the generator', () => {
  test('is deterministic for a seed and varies between seeds', () => {
    expect(generateLines(42, 50)).toEqual(generateLines(42, 50));
    expect(generateLines(42, 50)).not.toEqual(generateLines(43, 50));
  });

  test('reaches both sides of the boundary', () => {
    const lines = generateLines(7, 2000);
    const risks = lines.map((line) => classifyCommand(line).risk);
    const safe = risks.filter((r) => r === 'safe').length;
    expect(safe).toBeGreaterThan(lines.length * 0.3);
    expect(risks.filter((r) => r === 'unknown').length).toBeGreaterThan(lines.length * 0.2);
    expect(lines.some((line) => line.includes('<<-'))).toBe(true);
    expect(lines.some((line) => line.includes('${HR_CODE@P}'))).toBe(true);
  });
});
