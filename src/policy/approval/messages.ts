// What the model reads when an ask cannot be put to anyone: specific, and naming what would change the answer.
import type { ScopedException } from '../../types/index.js';
import type { StaticDecision } from '../decide.js';

/**
 * Why nobody was asked, and only what would really let the call run: an approver always; a rule or a profile
 * only where one could (never for a call that asks every time, nor past a sandbox refusal only a human or the
 * sandbox's own settings can lift).
 */
export function noApproverMessage(
  tool: string,
  fixed: StaticDecision,
  opts: {
    dangerous: boolean;
    /** The tool's approval is 'always'. */
    asksEveryTime?: boolean;
    suggested?: string[];
    file?: string;
    widens?: string;
    /** The sandbox exceptions the call needs. */
    exceptions?: readonly ScopedException[];
  },
): string {
  const base = `${tool} needs approval and no approver is configured, so nobody could be asked and it did not run`;
  const why = `${base} (${fixed.reason}${opts.widens ? `; approving would also ${opts.widens}` : ''}).`;
  // Calls that ask every time come first: no rule, changed or added, would let them run.
  if (opts.dangerous)
    return `${why} Dangerous commands always need a human, whatever the profile or allow rules: configure an approver, or do it another way.`;
  if (opts.asksEveryTime)
    return `${why} ${tool} asks a human every time it runs (its approval is 'always'), whatever the profile or allow rules: configure an approver.`;
  if (fixed.layer !== 'mode') {
    return `${base}: ${fixed.reason}. An allow rule cannot override the ask rule ${fixed.rule} (${fixed.layer} policy, ${fixed.source}); change that rule or configure an approver.`;
  }
  if (opts.exceptions && opts.exceptions.length > 0)
    return `${why} The sandbox refuses it until a human approves it: configure an approver, or ${opts.exceptions.map(widening).join(', and ')}.`;
  const rules = opts.suggested?.map((r) => JSON.stringify(r)).join(', ');
  if (rules && opts.file)
    return `${why} To allow it, add ${rules} to the "allow" list of ${opts.file}, choose a profile that allows it, or configure an approver.`;
  if (rules)
    return `${why} To allow it, add ${rules} to the "allow" list of the session policy, choose a profile that allows it, or configure an approver.`;
  return `${why} Choose a profile that allows it, or configure an approver.`;
}

/** What the owner could change instead of approving a sandbox exception. */
function widening(exception: ScopedException): string {
  return exception.kind === 'network'
    ? `add ${exception.host} to network.allow`
    : `add a writable root that contains ${exception.path}`;
}

export function seconds(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** The hint when no approver exists: nobody declined; what would let the call run. */
export const NO_APPROVER_HINT =
  'Nobody declined: no approver is configured. Continue with what needs no approval, and tell the user which rule or approver (createRuntime({ approver }), an MCP client with elicitation, or `handrail call` at a terminal) would allow this.';

/** The hint when no approver exists for a call that needs a human every time: no rule or profile would do. */
export const NO_APPROVER_ALWAYS_HINT =
  'Nobody declined: no approver is configured, and this call needs a human every time. Continue with what needs no approval, and tell the user it needs an approver (createRuntime({ approver }), an MCP client with elicitation, or `handrail call` at a terminal).';

/** The hint when an approval could not be answered (expired, cancelled, the approver failed). */
export const NOT_ANSWERED_HINT =
  'Nobody answered the approval request; this is not a refusal. Continue with what needs no approval, and retry when the user is back.';
