// What the model reads when an ask cannot be put to anyone: specific, and naming what would change the answer.
import type { StaticDecision } from '../decide.js';

export function noApproverMessage(
  tool: string,
  fixed: StaticDecision,
  opts: { dangerous: boolean; suggested?: string[]; file?: string; widens?: string },
): string {
  const base = `${tool} needs approval and no approver is configured, so nobody could be asked and it did not run`;
  if (fixed.layer !== 'mode') {
    return `${base}: ${fixed.reason}. An allow rule cannot override the ask rule ${fixed.rule} (${fixed.layer} policy, ${fixed.source}); change that rule or configure an approver.`;
  }
  const why = `${base} (${fixed.reason}${opts.widens ? `; approving would also ${opts.widens}` : ''}).`;
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

/** The hint when no approver exists: nobody declined; what would let the call run. */
export const NO_APPROVER_HINT =
  'Nobody declined: no approver is configured. Continue with what needs no approval, and tell the user which rule or approver (createRuntime({ approver }), an MCP client with elicitation, or `handrail call` at a terminal) would allow this.';

/** The hint when an approval could not be answered (expired, cancelled, the approver failed). */
export const NOT_ANSWERED_HINT =
  'Nobody answered the approval request; this is not a refusal. Continue with what needs no approval, and retry when the user is back.';
