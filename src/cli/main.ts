#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { runDemo } from './demo.js';

const HELP = `handrail — hands with guardrails: a tool runtime for AI agents.

Usage:
  handrail demo        run one scripted turn of model tool calls through the pipeline and show what
                       the model sees for each (routing, repair, validation, hooks, projection)
  handrail --version   print the version
  handrail --help      print this help

The library API: import { createRuntime, defineTool } from 'handrail'.
`;

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (command === 'demo') return runDemo((text) => process.stdout.write(text));
  process.stderr.write(`handrail: unknown command "${command}". Run "handrail --help" for the commands.\n`);
  return 2;
}

// `handrail demo | head` closes the pipe early; that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`handrail: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
