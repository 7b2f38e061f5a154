// The narrowest rule text "always" would write for an intent: never broader than what was asked.
import type { PermissionIntent } from '../../types/index.js';
import { facetsOf } from './evaluate.js';
import { escapeGlob } from './matchers.js';
import { INVISIBLE, quoteWord } from './shell-words.js';

/**
 * One rule per sub-command, path and host the call has, such that together they allow exactly this call
 * (and calls with the same argv / paths / host). Undefined when no rule can be that narrow: a command line
 * that is not exact (redirections, substitutions, variables), a dangerous command (allow rules never apply to
 * those), words with invisible characters, or a call with nothing to match.
 */
export function suggestRule(intent: PermissionIntent): string[] | undefined {
  const tool = typeof intent.scope.tool === 'string' ? intent.scope.tool : '';
  if (tool === '' || intent.action === 'unknown') return undefined;
  const f = facetsOf(intent);
  const rules: string[] = [];
  if (f.argv) {
    if (!f.exact || f.argv.length === 0 || intent.scope.risk === 'dangerous') return undefined;
    for (const argv of f.argv) {
      if (argv.length === 0 || argv.some((w) => INVISIBLE.test(w))) return undefined;
      rules.push(`${tool}(${argv.map(quoteWord).join(' ')})`);
    }
  }
  if (f.paths) {
    if (f.paths.length === 0) return undefined;
    for (const p of f.paths) {
      if (!p.startsWith('/') || INVISIBLE.test(p)) return undefined;
      rules.push(`${tool}(${escapeGlob(p)})`);
    }
  }
  if (f.host !== undefined) {
    if (f.host === '') return undefined;
    rules.push(`${tool}(domain:${f.host})`);
  }
  // A call with nothing to narrow on (an MCP tool, memory, tasks): the tool itself is the narrowest rule.
  if (!f.argv && !f.paths && f.host === undefined) rules.push(tool);
  return [...new Set(rules)];
}
