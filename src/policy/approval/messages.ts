// What the model reads when an ask cannot be put to anyone: specific, and naming what would change the answer.
import type { StaticDecision } from '../rules/decide.js';

export function noApproverMessage(
  tool: string,
  fixed: StaticDecision,
  opts: { dangerous: boolean; suggested?: string[]; file?: string },
): string {
  const base = `${tool} needs approval and no approver is configured, so it was denied`;
  if (fixed.layer !== 'mode') {
    return `${base}: ${fixed.reason}. An allow rule cannot override the ask rule ${fixed.rule} (${fixed.layer} policy, ${fixed.source}); change that rule or configure an approver.`;
  }
  const why = `${base} (${fixed.reason}).`;
  if (opts.dangerous)
    return `${why} Dangerous commands always need a human, whatever the profile or allow rules: configure an approver, or do it another way.`;
  const rules = opts.suggested?.map((r) => JSON.stringify(r)).join(', ');
  if (rules && opts.file)
    return `${why} To allow it, add ${rules} to the "allow" list of ${opts.file}, choose a profile that allows it, or configure an approver.`;
  if (rules)
    return `${why} To allow it, add ${rules} to the "allow" list of the session policy, choose a profile that allows it, or configure an approver.`;
  return `${why} Choose a profile that allows it, or configure an approver.`;
}

export function seconds(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
