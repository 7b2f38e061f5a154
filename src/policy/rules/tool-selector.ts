// The tool part of a rule: a name, a glob of names, `*`, `Class(kind)`, or a Claude-Code-style class alias
// (`Read`, `Edit`, `Write`, `Bash`, `WebFetch`). Also what each built-in tool's intents carry, for warnings.
import { ACTION_KINDS, type ActionKind } from '../../types/index.js';
import type { ToolSelector } from './types.js';

/** Capitalized names users know from Claude Code, each standing for an action kind. */
export const CLASS_ALIASES: Record<string, ActionKind> = {
  Read: 'file_read',
  Edit: 'file_write',
  Write: 'file_write',
  Bash: 'shell_command',
  WebFetch: 'network',
};

/** What a tool's intents carry that a rule specifier can match on. */
export type Facet = 'command' | 'path' | 'domain';

/** The facets of the built-in tools' scopes (tools not listed carry none). */
const BUILTIN_FACETS: Record<string, Facet[]> = {
  exec_command: ['command'],
  bash: ['command'],
  write_stdin: ['command'],
  read_file: ['path'],
  write_file: ['path'],
  edit_file: ['path'],
  apply_patch: ['path'],
  list_dir: ['path'],
  find_files: ['path'],
  grep_files: ['path'],
  web_fetch: ['domain'],
  web_search: ['domain'],
  download_url: ['domain', 'path'],
};

const ACTION_FACETS: Partial<Record<ActionKind, Facet[]>> = {
  shell_command: ['command'],
  file_read: ['path'],
  file_write: ['path'],
  network: ['domain', 'path'],
};

/** Which facets a selector's tools have; undefined when it cannot be known (user and MCP tools, globs). */
export function selectorFacets(selector: ToolSelector): Facet[] | undefined {
  if (selector.kind === 'name')
    return BUILTIN_FACETS[selector.name] ?? (isMcp(selector.name) ? [] : undefined);
  if (selector.kind === 'class') return ACTION_FACETS[selector.action] ?? [];
  return undefined;
}

const isMcp = (name: string) => name.startsWith('mcp__');

const NAME = /^[A-Za-z0-9_*-]{1,64}$/;

/** Parse the tool part of a rule; a string is a problem to report. */
export function parseToolSelector(text: string): ToolSelector | string {
  const cls = /^Class\((.*)\)$/.exec(text);
  if (cls) {
    const action = cls[1]!.trim() as ActionKind;
    if (!(ACTION_KINDS as readonly string[]).includes(action))
      return `unknown action kind "${cls[1]}" in ${text} (known: ${ACTION_KINDS.join(', ')})`;
    return { kind: 'class', action };
  }
  const alias = CLASS_ALIASES[text];
  if (alias) return { kind: 'class', action: alias };
  if (text === '*') return { kind: 'any' };
  if (!NAME.test(text))
    return `"${text}" is not a tool name (letters, digits, "_" and "-", at most 64; "*" as a wildcard)`;
  // `mcp__server` stands for every tool of that server, as in Claude Code.
  if (isMcp(text) && !text.slice(5).includes('__') && !text.includes('*')) {
    return { kind: 'glob', pattern: `${text}__*`, regex: new RegExp(`^${escapeRegex(text)}__.+$`) };
  }
  if (!text.includes('*')) return { kind: 'name', name: text };
  return {
    kind: 'glob',
    pattern: text,
    regex: new RegExp(`^${text.split('*').map(escapeRegex).join('.*')}$`),
  };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function selectorMatches(selector: ToolSelector, tool: string, action: ActionKind): boolean {
  switch (selector.kind) {
    case 'any':
      return true;
    case 'name':
      return selector.name === tool;
    case 'glob':
      return selector.regex.test(tool);
    case 'class':
      return selector.action === action;
  }
}

/** The selector as rule text. */
export function selectorText(selector: ToolSelector): string {
  switch (selector.kind) {
    case 'any':
      return '*';
    case 'name':
      return selector.name;
    case 'glob':
      return selector.pattern;
    case 'class':
      return `Class(${selector.action})`;
  }
}
