// Help texts, apart from the commands so `--help` loads no tools, no SDK, no database driver.
import { GLOBAL_OPTIONS_HELP } from './global-options.js';

export const SERVE_HELP = `Usage: handrail serve [--http HOST:PORT] [--token TOKEN] [global options]

Serve the built-in tools for the workspace as an MCP server. Every call goes through the full pipeline
(routing, repair, validation, permission, sandbox, bounded output) and is recorded in the event store.

  stdio (default)      for MCP clients that start the server themselves (Claude Desktop, Cursor, ...)
  --http HOST:PORT     Streamable HTTP at http://HOST:PORT/mcp (e.g. 127.0.0.1:7777). Loopback by
                       default; any other address needs --token.
  --token TOKEN        require "Authorization: Bearer TOKEN" on every HTTP request (or set HANDRAIL_TOKEN)
  --no-elicitation     never ask the client for approvals (calls that need one are denied)
  -h, --help           print this help

Approvals: when the client supports elicitation, a call that needs approval becomes a form (allow once,
allow for this session, deny with feedback); otherwise it is denied with a message naming the rule that
would allow it.

Workspace: --root DIR, or else the roots the client announces (the first is the workspace, every one a file
root; followed when they change), or else the current directory. Started in / or your home directory by a
client that announces no roots, it exits 2 right after initialize: pass --root.

Long calls: a call with a progress token hears progress at least every 10 s (a heartbeat when the command
prints nothing), so clients that reset their timeout on progress keep waiting.

Gateway: --mcp-config FILE (a client's { "mcpServers": { ... } } file) or the mcpServers key of the
configuration puts other MCP servers behind handrail: their tools are offered as mcp__<server>__<tool>,
each call goes through handrail's policy (asks under supervised unless a rule allows it), stdio servers run
in the sandbox, and every call is in "handrail log". A server that fails is reported here on stderr.

${GLOBAL_OPTIONS_HELP}`;

export const CALL_HELP = `Usage: handrail call <tool> [json | -] [global options]

Run one tool call through the full pipeline (validation, permission, sandbox, bounded output) and print
what the model would see. The arguments are a JSON object: inline, "-" to read them from stdin, or
nothing for {}.

  handrail call read_file '{"path":"README.md"}'
  handrail call exec_command '{"cmd":"git status"}'
  echo '{"pattern":"TODO"}' | handrail call grep_files -

Approvals: on a terminal, a call that needs one asks you (y once, t turn, s session, a always, n deny).
When stdin is not a terminal or carries the arguments, nobody can answer, so such calls are denied.

Exit status: 0 ok, 1 the tool reported an error, 2 a usage error.
  -h, --help    print this help

${GLOBAL_OPTIONS_HELP}`;

export const TOOLS_HELP = `Usage: handrail tools [--json] [global options]

List the tools an agent is offered under the profile: each with its hints (read-only, destructive,
idempotent, open world) and, with --json, its input schema exactly as MCP clients receive it. Tools of
lazy domains are listed apart: an agent reveals them with request_tools.

With MCP servers configured (mcpServers, --mcp-config FILE) they are started, listed and stopped: each
server's state (a failed one with its reason), and each of its tools with its server, its kind (mcp_read
only for a server with "trust": "annotations" and a tool that says it is read-only, else
mcp_write_or_unknown) and what a call gets under the profile and the policy files: allowed, asks or denied.
With --json: "mcpServers" (status) and "upstream" (the tools, with "decision" and "asks").

  --json        the list as JSON
  -h, --help    print this help

${GLOBAL_OPTIONS_HELP}`;

export const POLICY_HELP = `Usage: handrail policy check [--policy FILE] [--root DIR] [--json]

Load the policy layers (managed /etc/handrail/policy.json, project <root>/.handrail/policy.json, user
~/.config/handrail/policy.json) or just FILE, and report errors (exit 1), warnings, and per layer how
many allow / ask / deny strings and structured rules it has.
`;

export const CONFIG_HELP = `Usage: handrail config [--json] [global options]

Print the effective configuration: every setting with its value and where it comes from (default, user
~/.config/handrail/config.json, project <root>/.handrail/config.json, file --config FILE, flag), the
values it replaced, and what an untrusted project tried to widen and was ignored. With --json, the same
for machines: each setting as { value, source, file?, entries?, overridden?, ignored? }.

An invalid file is refused with every problem and its place (file:line:column: setting: problem), exit 2.
Every command that builds a runtime (serve, call, tools, demo) runs with this configuration.

  --json        the report as JSON
  -h, --help    print this help

${GLOBAL_OPTIONS_HELP}`;

export const DOCTOR_HELP = `Usage: handrail doctor [--json] [global options]

Check what handrail needs on this machine and say what to do about each problem:
  - each OS sandbox for commands (bwrap, Landlock): can it run here, and if not, why (no bwrap binary, user
    namespaces blocked, no Landlock in the kernel); and what commands run in under the configured choice
  - ripgrep on PATH (grep_files), the pseudo-terminal addon (exec_command with tty)
  - the event store: the SQLite driver, its folder (writable), the database (opens)
  - the configuration files and the policy files (every problem with its place)
  - the network policy (resolves; its mode)
  - the MCP servers, when some are configured: each started, ready or failed with the reason, and stopped

Each line is ✓ (fine), ! (works, with less) or ✗ (broken). Exit status: 0 when commands can run confined
and nothing they depend on is broken, 1 otherwise (also with --sandbox none: commands would run unconfined).

  --json        the checks as JSON: { ok, confined, workspace, checks: [{ id, title, status, detail, fix? }] }
  -h, --help    print this help

${GLOBAL_OPTIONS_HELP}`;

export const DEMO_HELP = `Usage: handrail demo

Run one scripted turn of raw model tool calls through the real pipeline and print what the model sees
for each: routing, repair, validation, permission, projection.
`;
