// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell commands, where ${…} is shell syntax
// Public command-safety test cases of two peers, ported as data for peers.test.ts.
//  - Codex (openai/codex): codex-rs/core/src/command_safety/is_safe_command.rs (tests of is_known_safe_command /
//    is_safe_to_call_with_exec) and is_dangerous_command.rs (tests of command_might_be_dangerous). Codex takes an
//    argv vector; each one is joined into a shell line with sh() below, so `["bash","-lc","ls"]` is `bash -lc ls`.
//  - Gemini CLI (google-gemini/gemini-cli): packages/core/src/sandbox/utils/commandSafety.test.ts
//    (isKnownSafeCommand / isDangerousCommand), packages/core/src/policy/shell-safety.test.ts and
//    shell-safety-regression.test.ts (policy engine with a prefix allowlist: only cases whose verdict does not
//    hinge on which tools the user allowlisted, and ALLOW cases only when every allowlisted tool is read-only),
//    packages/core/src/utils/shell-utils.test.ts (getCommandRoots cases that must yield a non-allowable root, and
//    hasRedirection cases: gemini asks for any redirected command).
// Verdicts: 'safe' = the peer runs it without asking; 'unsafe' = the peer does not auto-approve it;
// 'dangerous' = the peer flags it dangerous; 'not-dangerous' = the peer asserts it is not dangerous.

export type PeerVerdict = 'safe' | 'unsafe' | 'dangerous' | 'not-dangerous';
export type Peer = 'codex' | 'gemini';
export interface PeerCase {
  readonly peer: Peer;
  readonly line: string;
  readonly verdict: PeerVerdict;
}

// Joins an argv vector into a POSIX shell line, single-quoting any word that is not plain.
export function sh(argv: readonly string[]): string {
  return argv
    .map((w) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}

const codex = (verdict: PeerVerdict, ...argv: string[]): PeerCase => ({
  peer: 'codex',
  line: sh(argv),
  verdict,
});
const gemini = (verdict: PeerVerdict, line: string): PeerCase => ({ peer: 'gemini', line, verdict });

export const PEER_CASES: readonly PeerCase[] = [
  // ── Codex is_safe_command.rs ───────────────────────────────────────────────────────────────────────────────
  // known_safe_examples
  codex('safe', 'ls'),
  codex('safe', 'git', 'status'),
  codex('safe', 'git', 'branch'),
  codex('safe', 'git', 'branch', '--show-current'),
  codex('safe', 'base64'),
  codex('safe', 'sed', '-n', '1,5p', 'file.txt'),
  codex('safe', 'nl', '-nrz', 'Cargo.toml'),
  codex('safe', 'find', '.', '-name', 'file.txt'),
  codex('safe', 'numfmt', '1000'), // linux only in codex
  codex('safe', 'tac', 'Cargo.toml'), // linux only in codex
  // git_branch_mutating_flags_are_not_safe
  codex('unsafe', 'git', 'branch', '-d', 'feature'),
  codex('unsafe', 'git', 'branch', 'new-branch'),
  // git_branch_global_options_respect_safety_rules
  codex('safe', 'git', '-C', '.', 'branch', '--show-current'),
  codex('unsafe', 'git', '-C', '.', 'branch', '-d', 'feature'),
  codex('unsafe', 'bash', '-lc', 'git -C . branch -d feature'),
  // git_first_positional_is_the_subcommand
  codex('unsafe', 'git', 'checkout', 'status'),
  // git_output_and_config_override_flags_are_not_safe
  codex('unsafe', 'git', 'log', '--output=/tmp/git-log-out-test', '-n', '1'),
  codex('unsafe', 'git', 'diff', '--output', '/tmp/git-diff-out-test'),
  codex('unsafe', 'git', 'show', '--output=/tmp/git-show-out-test', 'HEAD'),
  codex('unsafe', 'git', '-c', 'core.pager=cat', 'log', '-n', '1'),
  codex('unsafe', 'git', '-ccore.pager=cat', 'status'),
  // cargo_check_is_not_safe
  codex('unsafe', 'cargo', 'check'),
  // zsh_lc_safe_command_sequence
  codex('safe', 'zsh', '-lc', 'ls'),
  // unknown_or_partial
  codex('unsafe', 'foo'),
  codex('unsafe', 'git', 'fetch'),
  codex('unsafe', 'sed', '-n', 'xp', 'file.txt'),
  codex('unsafe', 'find', '.', '-name', 'file.txt', '-exec', 'rm', '{}', ';'),
  codex('unsafe', 'find', '.', '-name', '*.py', '-execdir', 'python3', '{}', ';'),
  codex('unsafe', 'find', '.', '-name', 'file.txt', '-ok', 'rm', '{}', ';'),
  codex('unsafe', 'find', '.', '-name', '*.py', '-okdir', 'python3', '{}', ';'),
  codex('unsafe', 'find', '.', '-delete', '-name', 'file.txt'),
  codex('unsafe', 'find', '.', '-fls', '/etc/passwd'),
  codex('unsafe', 'find', '.', '-fprint', '/etc/passwd'),
  codex('unsafe', 'find', '.', '-fprint0', '/etc/passwd'),
  codex('unsafe', 'find', '.', '-fprintf', '/root/suid.txt', '%#m %u %p\n'),
  // base64_output_options_are_unsafe
  codex('unsafe', 'base64', '-o', 'out.bin'),
  codex('unsafe', 'base64', '--output', 'out.bin'),
  codex('unsafe', 'base64', '--output=out.bin'),
  codex('unsafe', 'base64', '-ob64.txt'),
  // ripgrep_rules
  codex('safe', 'rg', 'Cargo.toml', '-n'),
  codex('unsafe', 'rg', '--search-zip', 'files'),
  codex('unsafe', 'rg', '-z', 'files'),
  codex('unsafe', 'rg', '--pre', 'pwned', 'files'),
  codex('unsafe', 'rg', '--pre=pwned', 'files'),
  codex('unsafe', 'rg', '--hostname-bin', 'pwned', 'files'),
  codex('unsafe', 'rg', '--hostname-bin=pwned', 'files'),
  // bash_lc_safe_examples
  codex('safe', 'bash', '-lc', 'ls'),
  codex('safe', 'bash', '-lc', 'ls -1'),
  codex('safe', 'bash', '-lc', 'git status'),
  codex('safe', 'bash', '-lc', 'grep -R "Cargo.toml" -n'),
  codex('safe', 'bash', '-lc', 'sed -n 1,5p file.txt'),
  codex('safe', 'bash', '-lc', "sed -n '1,5p' file.txt"),
  codex('safe', 'bash', '-lc', 'find . -name file.txt'),
  // bash_lc_safe_examples_with_operators
  codex('safe', 'bash', '-lc', 'grep -R "Cargo.toml" -n || true'),
  codex('safe', 'bash', '-lc', 'ls && pwd'),
  codex('safe', 'bash', '-lc', "echo 'hi' ; ls"),
  codex('safe', 'bash', '-lc', 'ls | wc -l'),
  // bash_lc_unsafe_examples
  codex('unsafe', 'bash', '-lc', 'git', 'status'),
  codex('unsafe', 'bash', '-lc', "'git status'"),
  codex('unsafe', 'bash', '-lc', 'find . -name file.txt -delete'),
  codex('unsafe', 'bash', '-lc', 'ls && rm -rf /'),
  codex('unsafe', 'bash', '-lc', '(ls)'),
  codex('unsafe', 'bash', '-lc', 'ls || (pwd && echo hi)'),
  codex('unsafe', 'bash', '-lc', 'ls > out.txt'),

  // ── Codex is_dangerous_command.rs ──────────────────────────────────────────────────────────────────────────
  codex('dangerous', 'git', 'reset'),
  codex('dangerous', 'bash', '-lc', 'git reset --hard'),
  codex('dangerous', 'zsh', '-lc', 'git reset --hard'),
  codex('not-dangerous', 'git', 'status'),
  codex('not-dangerous', 'bash', '-lc', 'git status'),
  codex('dangerous', 'sudo', 'git', 'reset', '--hard'),
  codex('dangerous', '/usr/bin/git', 'reset', '--hard'),
  codex('dangerous', 'rm', '-rf', '/'),
  codex('dangerous', 'rm', '-f', '/'),
  codex('not-dangerous', 'ls'), // external_sandbox_only_prompts_for_dangerous_commands

  // ── Gemini sandbox/utils/commandSafety.test.ts ─────────────────────────────────────────────────────────────
  gemini('safe', '/usr/bin/rg pattern file.txt'), // with /usr/bin/rg mocked as a trusted system path
  gemini('unsafe', 'rg pattern file.txt'), // bare rg: PATH lookup not trusted
  gemini('unsafe', '/usr/bin/rg --search-zip pattern'),
  gemini('unsafe', '/usr/bin/rg -z pattern'),
  gemini('unsafe', '/usr/bin/rg --pre=cat pattern'),
  gemini('dangerous', '/usr/bin/rg --search-zip pattern'),
  gemini('dangerous', '/usr/bin/rg --pre=cat pattern'),
  gemini('unsafe', '/tmp/malicious/rg pattern'),
  gemini('unsafe', '/some/path/rg pattern'), // path resolution throws
  gemini('dangerous', '/tmp/malicious/rg --search-zip'),

  // ── Gemini policy/shell-safety.test.ts (prefix allowlist "git log" unless noted) ───────────────────────────
  gemini('safe', 'git log'),
  gemini('safe', 'git log --oneline'),
  gemini('unsafe', 'git logout'),
  gemini('unsafe', 'git log && rm -rf /'),
  gemini('unsafe', 'git log; rm -rf /'),
  gemini('unsafe', 'git log || rm -rf /'),
  gemini('unsafe', 'git log &&& rm -rf /'),
  gemini('unsafe', 'echo $(rm -rf /)'),
  gemini('safe', 'echo $(git log)'), // allowlist echo + git
  gemini('unsafe', 'echo `rm -rf /`'),
  gemini('unsafe', 'diff <(git log) <(rm -rf /)'),
  gemini('unsafe', 'tee >(rm -rf /)'),
  gemini('unsafe', 'git log | rm -rf /'),
  gemini('unsafe', 'git log --format=$(rm -rf /)'),
  gemini('unsafe', 'git log && echo $(git log | rm -rf /)'),
  gemini('safe', 'git log && echo $(git log)'), // allowlist echo + git
  gemini('unsafe', 'git log > /tmp/test'),
  gemini('unsafe', 'git log @(Get-Process)'),
  gemini('unsafe', 'git commit -m "msg" && git push'), // DENY rule on git push
  gemini('unsafe', 'git status && unknown_command'),
  gemini('unsafe', 'unknown_command_1 && another_unknown_command'),
  gemini('unsafe', 'known_ask_command_1 && known_ask_command_2'),

  // ── Gemini policy/shell-safety-regression.test.ts (ALLOW with every listed tool allowlisted) ───────────────
  gemini('safe', 'echo hi && ls'),
  gemini('safe', 'echo hi | grep "hi"'),
  gemini('safe', 'echo hi & ls'),
  gemini('safe', 'echo $(cat $(ls))'),
  gemini('unsafe', 'echo hi > /tmp/test'),

  // ── Gemini utils/shell-utils.test.ts ───────────────────────────────────────────────────────────────────────
  gemini('unsafe', 'echo "${var1=aa\\140 env| ls -l\\140}${var1@P}"'), // prompt transformation: no roots → ask
  gemini('unsafe', 'echo ${foo@P}'),
  gemini('unsafe', 'echo $(badCommand --danger)'),
  gemini('unsafe', 'echo `badCommand --danger`'),
  gemini('unsafe', 'echo $(cat secret) > output.txt'),
  gemini('unsafe', 'echo hello > world'), // hasRedirection → ASK_USER
  gemini('unsafe', 'cat < input'),
  gemini('unsafe', 'ls 2> error.log'),
  gemini('unsafe', 'exec 3<&0'),
  gemini('unsafe', 'echo hello >> world'),
  gemini('unsafe', 'cat <<EOF\nhello\nEOF'),
  gemini('unsafe', 'cat <<< "hello"'),
  gemini('safe', 'ls -la'), // no redirection
  gemini('safe', 'echo hello | cat'),
  gemini('safe', 'echo "a > b"'),
];
