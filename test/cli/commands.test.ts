// The `handrail` command as a user runs it: real processes, exit codes, stdout/stderr.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBin, repoRoot } from '../support/repo.js';
import { tempDir } from '../support/temp.js';

const built = existsSync(cliBin);

function workspace(files: Record<string, string> = {}): string {
  const dir = tempDir('handrail-cli-');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

function run(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [cliBin, ...args], {
    encoding: 'utf8',
    cwd: opts.cwd ?? repoRoot,
    input: opts.input ?? '',
    env: { PATH: process.env.PATH ?? '', HOME: opts.cwd ?? os.tmpdir(), ...opts.env },
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ESC = '\u001b[';

describe.skipIf(!built)('handrail call', () => {
  it('prints the model-visible result and exits 0', () => {
    const dir = workspace({ 'a.txt': 'first\nsecond\n' });
    const r = run(['call', 'read_file', '{"path":"a.txt"}', '--root', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('     1\tfirst\n     2\tsecond\n');
    expect(r.stderr).toBe('');
  });

  it('reads the arguments from stdin with "-", global options before the command too', () => {
    const dir = workspace({ 'notes.md': 'TODO: ship it\n' });
    const r = run(['--root', dir, 'call', 'grep_files', '-'], { input: '{"pattern":"TODO"}' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('notes.md');
  });

  it('a tool error exits 1 with the hint the model would get; nothing happened', () => {
    const dir = workspace();
    const missing = run(['call', 'read_file', '{"path":"nope.txt"}', '--root', dir]);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toMatch(/nope\.txt/);
    // stdin is not a terminal: no one can approve, so the call is denied with the rule that would allow it.
    const denied = run(['call', 'exec_command', '{"cmd":"touch made"}', '--root', dir, '--sandbox', 'none']);
    expect(denied.status).toBe(1);
    expect(denied.stdout).toContain('exec_command(touch made)');
    expect(existsSync(path.join(dir, 'made'))).toBe(false);
  });

  it('--approvable-write: a write there without a terminal says nobody could approve it, and what would', () => {
    const dir = workspace();
    const area = tempDir('handrail-cli-exports-');
    const target = path.join(area, 'r.csv');
    const args = JSON.stringify({ path: target, content: 'x' });
    const r = run(['call', 'write_file', args, '--root', dir, '--approvable-write', `${area}/**`]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`approving would also allow writing ${target} (outside the roots)`);
    expect(r.stdout).toContain(`add a writable root that contains ${target}`);
    expect(existsSync(target)).toBe(false);
    // Without the flag the same write is simply outside the roots, refused before anyone is asked.
    const plain = run(['call', 'write_file', args, '--root', dir]);
    expect(plain.status).toBe(1);
    expect(plain.stdout).toMatch(/refused before anyone was asked.*outside the writable roots/s);
  });

  it('says on stderr when the call could not be logged (a state folder committed as a link)', () => {
    const dir = workspace({ 'a.txt': 'x\n' });
    const elsewhere = tempDir('handrail-cli-elsewhere-');
    symlinkSync(elsewhere, path.join(dir, '.handrail'));
    const r = run(['call', 'read_file', '{"path":"a.txt"}', '--root', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('x');
    expect(r.stderr).toMatch(/this call is not in the log .*\.handrail is a symbolic link/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('runs writes under a profile that allows them, and records the call', () => {
    const dir = workspace();
    const r = run([
      'call',
      'write_file',
      '{"path":"out.txt","content":"hi\\n"}',
      '--root',
      dir,
      '--profile',
      'auto_accept_edits',
    ]);
    expect(r.status).toBe(0);
    expect(readFileSync(path.join(dir, 'out.txt'), 'utf8')).toBe('hi\n');
    const log = run(['log', '--root', dir, '--json']);
    expect(log.status).toBe(0);
    expect(log.stdout).toContain('"tool/call/completed"');
  });

  it('usage errors exit 2 with a hint: no tool, bad JSON, not an object, unknown tool, stray argument', () => {
    const dir = workspace();
    const cases: Array<[string[], RegExp, RegExp]> = [
      [['call'], /which tool/, /handrail tools/],
      [['call', 'read_file', '{path:'], /not valid JSON/, /hint: Pass one JSON object/],
      [['call', 'read_file', '[1,2]'], /must be a JSON object/, /hint:/],
      [['call', 'read_fil', '{}'], /unknown tool "read_fil"/, /Did you mean "read_file"/],
      [['call', 'read_file', '{}', 'extra'], /unexpected argument "extra"/, /hint:/],
      [['call', 'read_file', '--bogus'], /bogus/, /--help/],
    ];
    for (const [args, message, hint] of cases) {
      const r = run([...args, '--root', dir]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr, args.join(' ')).toMatch(hint);
      expect(r.stdout).toBe('');
    }
    const stdinBad = run(['call', 'read_file', '-', '--root', dir], { input: 'nope' });
    expect(stdinBad.status).toBe(2);
    expect(stdinBad.stderr).toContain('on stdin');
  });
});

describe.skipIf(!built)('global options', () => {
  it('refuses a bad profile, sandbox, missing value or missing root with exit 2 and a hint', () => {
    const dir = workspace();
    const cases: Array<[string[], RegExp]> = [
      [['tools', '--profile', 'yolo'], /unknown profile "yolo"[\s\S]*hint: Use one of: full_access/],
      [['tools', '--sandbox', 'docker'], /unknown sandbox "docker"[\s\S]*hint:/],
      [['tools', '--root'], /--root needs a value[\s\S]*hint:/],
      [['tools', '--root', path.join(dir, 'missing')], /not a directory[\s\S]*hint:/],
      [
        ['call', 'read_file', '{}', '--root', dir, '--policy', path.join(dir, 'nope.json')],
        /nope\.json[\s\S]*hint:/,
      ],
    ];
    for (const [args, expected] of cases) {
      const r = run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(expected);
    }
  });

  it('--state-dir moves the store, and log finds it there', () => {
    const dir = workspace({ 'a.txt': 'x' });
    const state = path.join(dir, 'state');
    expect(run(['call', 'read_file', '{"path":"a.txt"}', '--root', dir, '--state-dir', state]).status).toBe(
      0,
    );
    expect(existsSync(path.join(state, 'handrail.db'))).toBe(true);
    expect(existsSync(path.join(dir, '.handrail', 'handrail.db'))).toBe(false);
    expect(run(['log', '--state-dir', state, '--json']).stdout).toContain('read_file');
  });
});

describe.skipIf(!built)('handrail tools', () => {
  it('lists the tools under the profile; --json carries schemas and annotations', () => {
    const dir = workspace();
    const text = run(['tools', '--root', dir]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/read_file\s+\[read-only, idempotent\]/);
    expect(text.stdout).toContain('write_file');

    const json = JSON.parse(run(['tools', '--json', '--root', dir, '--profile', 'read_only']).stdout) as {
      profile: string;
      tools: Array<{ name: string; inputSchema: { type: string }; annotations: { readOnlyHint: boolean } }>;
    };
    expect(json.profile).toBe('read_only');
    const names = json.tools.map((t) => t.name);
    expect(names).toContain('read_file');
    expect(names).not.toContain('write_file');
    const read = json.tools.find((t) => t.name === 'read_file')!;
    expect(read.inputSchema).toMatchObject({ type: 'object', properties: { path: { type: 'string' } } });
    expect(read.annotations.readOnlyHint).toBe(true);
  });
});

describe.skipIf(!built)('help, errors and color', () => {
  it('has help for every command, via --help and "help <command>"', () => {
    const main = run(['--help']);
    expect(main.status).toBe(0);
    for (const command of ['serve', 'call', 'tools', 'log', 'policy', 'demo']) {
      expect(main.stdout).toContain(`handrail ${command}`);
      const own = run([command, '--help']);
      expect(own.status, command).toBe(0);
      expect(own.stdout, command).toMatch(/^Usage: handrail /);
      expect(run(['help', command]).stdout).toBe(own.stdout);
    }
    expect(main.stdout).toContain('--state-dir');
  });

  it('an unknown command suggests the near one; policy needs its subcommand', () => {
    const r = run(['tool']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown command "tool"');
    expect(r.stderr).toContain('Did you mean "handrail tools"?');
    const policy = run(['policy']);
    expect(policy.status).toBe(2);
    expect(policy.stderr).toContain('handrail policy check');
  });

  it('never writes color or spinner escapes when not on a terminal', () => {
    const dir = workspace({ 'a.txt': 'x' });
    for (const args of [['tools', '--root', dir], ['call', 'read_fil', '{}', '--root', dir], ['nope']]) {
      const r = run(args);
      expect(r.stdout + r.stderr).not.toContain(ESC);
    }
  });

  it('serve --token without --http is a usage error', () => {
    const r = run(['serve', '--token', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--token only applies to --http');
  });
});
