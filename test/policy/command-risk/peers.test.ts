// Acceptance tests ported from two peers' public command-safety tests (cases in peers-data.ts).
// Mapping to handrail: a peer-unsafe or peer-dangerous line must never be `safe` here (that would be a bypass);
// a peer-dangerous line should be `dangerous`; a peer-safe line should be `safe` unless it is listed in STRICTER
// with the reason handrail asks. The tables pin the current rating so any change is noticed.
import { describe, expect, test } from 'vitest';
import { classifyCommand, type Risk } from '../../../src/policy/command-risk/index.js';
import { PEER_CASES, type PeerCase, sh } from './peers-data.js';

const LOGIN = 'bash -l runs /etc/profile and ~/.profile before the script: not a plain read';
const NOT_LISTED = 'not in the read-only allowlist (harmless, but unknown programs are never auto-approved)';
const SUBST = 'command substitution output becomes words of the outer command; not proved a plain read';

// Peer-safe lines that handrail rates stricter, by design.
const STRICTER: ReadonlyMap<string, readonly [Risk, string]> = new Map<string, readonly [Risk, string]>([
  ['base64', ['unknown', NOT_LISTED]],
  ['nl -nrz Cargo.toml', ['unknown', NOT_LISTED]],
  ['numfmt 1000', ['unknown', NOT_LISTED]],
  ['tac Cargo.toml', ['unknown', NOT_LISTED]],
  ['zsh -lc ls', ['unknown', 'zsh scripts are not parsed; zsh -l also runs startup files']],
  ...[
    'ls',
    'ls -1',
    'git status',
    'grep -R "Cargo.toml" -n',
    'sed -n 1,5p file.txt',
    "sed -n '1,5p' file.txt",
    'find . -name file.txt',
    'grep -R "Cargo.toml" -n || true',
    'ls && pwd',
    "echo 'hi' ; ls",
    'ls | wc -l',
  ].map((script) => [sh(['bash', '-lc', script]), ['unknown', LOGIN]] as const),
  ['echo $(git log)', ['unknown', SUBST]],
  ['git log && echo $(git log)', ['unknown', SUBST]],
  ['echo $(cat $(ls))', ['unknown', SUBST]],
]);

// Peer-dangerous lines that handrail does not call dangerous. They are still never auto-approved (unknown asks).
const DANGER_GAPS: ReadonlyMap<string, readonly [Risk, string]> = new Map<string, readonly [Risk, string]>([
  [
    'git reset',
    ['unknown', 'a mixed reset only unstages; handrail reserves dangerous for losing work (--hard)'],
  ],
  ['/usr/bin/rg --search-zip pattern', ['unknown', 'runs decompressors: asks, but is not destructive']],
  [
    '/usr/bin/rg --pre=cat pattern',
    ['unknown', 'runs a preprocessor: asks; cat as preprocessor is not destructive'],
  ],
  [
    '/tmp/malicious/rg --search-zip',
    ['unknown', 'not a system program: asks, but nothing destructive is named'],
  ],
]);

// Peer-unsafe lines that handrail calls safe, by design: none writes or runs anything the line does not
// name, and the differential test traces each of them (asserted below, so a change is noticed).
const LAXER: ReadonlyMap<string, string> = new Map([
  [
    'rg pattern file.txt',
    'gemini trusts rg only at an absolute system path (PATH hijack); the sandbox PATH holds only system directories (no relative or workspace entries), so `rg` is the system one',
  ],
  ['cat < input', 'gemini asks for any redirection; an input redirection only opens a file for reading'],
  [
    'cat <<EOF\nhello\nEOF',
    'gemini asks for any redirection; a here-document with no expansion is plain text',
  ],
  ['cat <<< "hello"', 'gemini asks for any redirection; a here-string is plain text'],
  [
    'exec 3<&0',
    'gemini asks for any redirection; exec with only fd duplication runs nothing and opens no file',
  ],
]);

const rows = (...verdicts: PeerCase['verdict'][]) => PEER_CASES.filter((c) => verdicts.includes(c.verdict));
const risk = (line: string) => classifyCommand(line).risk;

describe('peer command-safety cases', () => {
  test('case counts', () => {
    expect(PEER_CASES.filter((c) => c.peer === 'codex').length).toBe(74);
    expect(PEER_CASES.filter((c) => c.peer === 'gemini').length).toBe(52);
  });

  test('every table entry is a ported case with the matching peer verdict', () => {
    const lines = (...v: PeerCase['verdict'][]) => new Set(rows(...v).map((c) => c.line));
    for (const line of STRICTER.keys()) expect(lines('safe')).toContain(line);
    for (const line of DANGER_GAPS.keys()) expect(lines('dangerous')).toContain(line);
    for (const line of LAXER.keys()) expect(lines('unsafe', 'dangerous')).toContain(line);
  });

  describe('a line a peer will not auto-approve is never safe', () => {
    const cases = rows('unsafe', 'dangerous').filter((c) => !LAXER.has(c.line));
    test.each(cases)('$peer: $line', ({ line }) => {
      expect(risk(line)).not.toBe('safe');
    });
  });

  describe('safe in handrail although the peer asks (see LAXER for why)', () => {
    const cases = rows('unsafe', 'dangerous').filter((c) => LAXER.has(c.line));
    test.each(cases)('$peer: $line', ({ line }) => {
      expect(risk(line)).toBe('safe');
    });
  });

  describe('a line a peer calls dangerous is dangerous (or a documented gap)', () => {
    test.each(rows('dangerous'))('$peer: $line', ({ line }) => {
      expect(risk(line)).toBe(DANGER_GAPS.get(line)?.[0] ?? 'dangerous');
    });
  });

  describe('a line a peer calls not dangerous is not dangerous', () => {
    test.each(rows('not-dangerous'))('$peer: $line', ({ line }) => {
      expect(risk(line)).not.toBe('dangerous');
    });
  });

  describe('a line a peer auto-approves is safe (or stricter, see STRICTER)', () => {
    test.each(rows('safe'))('$peer: $line', ({ line }) => {
      expect(risk(line)).toBe(STRICTER.get(line)?.[0] ?? 'safe');
    });
  });
});
