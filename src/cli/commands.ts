// The command table: each command's one-line summary, its help, and how it runs. Commands are loaded when
// they run, so `handrail --help` and a mistyped command answer at once.
import path from 'node:path';
import type { GlobalOptions } from './global-options.js';
import { GLOBAL_OPTIONS_HELP } from './global-options.js';
import {
  CALL_HELP,
  CONFIG_HELP,
  DEMO_HELP,
  DOCTOR_HELP,
  POLICY_HELP,
  SERVE_HELP,
  TOOLS_HELP,
} from './help.js';
import { type CliIO, UsageError } from './style.js';

export interface Command {
  name: string;
  summary: string;
  help(): Promise<string>;
  run(argv: string[], globals: GlobalOptions, io: CliIO): Promise<number>;
}

const text = (help: string) => () => Promise.resolve(help);

export const COMMANDS: Command[] = [
  {
    name: 'serve',
    summary: 'serve the built-in tools (and MCP servers behind them) over MCP: stdio, or --http',
    help: text(SERVE_HELP),
    // serve loads the configuration itself: a client's roots may name other workspaces.
    run: async (argv, globals, io) => (await import('./serve.js')).runServe(argv, globals, io),
  },
  {
    name: 'call',
    summary: 'run one tool call through the pipeline and print what the model sees',
    help: text(CALL_HELP),
    run: async (argv, globals, io) =>
      (await import('./call.js')).runCall(argv, await workspaceFor(globals, io, 'call'), io),
  },
  {
    name: 'tools',
    summary: "list the tools offered under the profile (MCP servers' too, and whether they ask)",
    help: text(TOOLS_HELP),
    run: async (argv, globals, io) =>
      (await import('./tools.js')).runTools(argv, await workspaceFor(globals, io, 'tools'), io),
  },
  {
    name: 'log',
    summary: 'print the recorded timeline: calls, permission decisions, approvals, results',
    help: async () => (await import('./log.js')).LOG_HELP,
    run: async (argv, globals, io) => {
      // log reads the store where the configuration puts it (--state-dir is a flag of the configuration);
      // its own --db, given after these, wins.
      const { checkedConfig } = await import('./configured.js');
      const { config } = checkedConfig(globals, io, 'handrail log');
      const store = config.store;
      const db = typeof store === 'object' ? ['--db', path.resolve(config.stateDir!, store.path)] : [];
      return (await import('./log.js')).runLog(['--state-dir', config.stateDir!, ...db, ...argv], io);
    },
  },
  {
    name: 'policy',
    summary: 'policy check: load the policy files and report errors and warnings',
    help: text(POLICY_HELP),
    run: async (argv, globals, io) => {
      const [sub, ...rest] = argv;
      if (sub === '--help' || sub === '-h') {
        io.stdout.write(POLICY_HELP);
        return 0;
      }
      if (sub !== 'check') {
        throw new UsageError(
          sub === undefined ? 'a subcommand is needed' : `unknown subcommand "${sub}"`,
          'Use "handrail policy check".',
        );
      }
      const forwarded = [
        ...(globals.given.root !== undefined ? ['--root', globals.workspace.root] : []),
        ...(globals.workspace.policy !== undefined ? ['--policy', globals.workspace.policy] : []),
        ...(globals.workspace.trustProjectPolicy ? ['--trust-project'] : []),
      ];
      return (await import('./policy-check.js')).runPolicyCheck([...forwarded, ...rest], io);
    },
  },
  {
    name: 'config',
    summary: 'print the effective configuration and where each value comes from (--json for machines)',
    help: text(CONFIG_HELP),
    run: async (argv, globals, io) => (await import('./config.js')).runConfig(argv, globals, io),
  },
  {
    name: 'doctor',
    summary: 'check this machine: sandboxes, ripgrep, the store, config and policy files',
    help: text(DOCTOR_HELP),
    run: async (argv, globals, io) => (await import('./doctor.js')).runDoctor(argv, globals, io),
  },
  {
    name: 'demo',
    summary: 'run a scripted turn of model tool calls and show what the model sees for each',
    help: text(DEMO_HELP),
    run: async (argv, globals, io) => {
      if (argv.includes('--help') || argv.includes('-h')) {
        io.stdout.write(DEMO_HELP);
        return 0;
      }
      const { checkedConfig } = await import('./configured.js');
      const { options } = checkedConfig(globals, io, 'handrail demo');
      return (await import('./demo.js')).runDemo((t) => io.stdout.write(t), options);
    },
  },
];

/** The effective configuration (files, then flags) as the workspace a runtime is built from. */
async function workspaceFor(globals: GlobalOptions, io: CliIO, command: string) {
  return (await import('./configured.js')).configuredWorkspace(globals, io, `handrail ${command}`);
}

export async function findCommand(name: string): Promise<Command> {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  // Only a mistyped command pays for loading the runtime's modules.
  const { suggestNames } = await import('../core/index.js');
  const near = suggestNames(
    name,
    COMMANDS.map((c) => c.name),
    1,
  );
  throw new UsageError(
    `unknown command "${name}"`,
    near.length > 0 ? `Did you mean "handrail ${near[0]}"?` : 'Run "handrail --help" for the commands.',
  );
}

export function mainHelp(): string {
  const rows = [
    ...COMMANDS.map((c) => [c.name, c.summary]),
    ['--version', 'print the version'],
    ['help <command>', 'help for a command (or "handrail <command> --help")'],
  ]
    .map(([name, summary]) => `  handrail ${name!.padEnd(16)}${summary}`)
    .join('\n');
  return `handrail — hands with guardrails: a tool runtime for AI agents.

Usage:
${rows}

${GLOBAL_OPTIONS_HELP}
Start here: "npx handrail serve" in a project gives any MCP client sandboxed, policy-checked tools;
"handrail doctor" checks what it needs on this machine.
The library API: import { createRuntime, defineTool } from 'handrail'.
`;
}
