// What an approver's answer grants: the call, identical calls for the turn or the session, or a rule written
// to a policy file ("always"). Denials become the text the model reads.
import { appendRule } from '../policy-file/append.js';
import type { ApprovalGrants } from './grants.js';
import { seconds } from './messages.js';
import type { ApprovalOutcome, ApprovalRequest } from './types.js';

export interface SettleContext {
  grants: ApprovalGrants;
  /** The request key without the turn, for session grants. */
  sessionKey: string;
  /** The rules "always" writes. */
  suggested: string[] | undefined;
  layerFile(layer: 'project' | 'user'): string;
  workspace: string;
  /** Load the policy layers again (throws when a layer no longer loads). */
  reload(): void;
}

/** What an answer came to: allowed (and how far the grant reaches), or the denial the model reads. */
export type Settled =
  | { allow: true; granted: 'once' | 'turn' | 'session' | 'always'; note?: string }
  | {
      allow: false;
      reason: string;
      /** Who said no: a human, a rule that came into force while the request waited, or nobody (unanswered). */
      by: 'human' | 'rule' | 'nobody';
      note?: undefined;
    };

/** Record what an approval grants; allow_always writes its rule and reloads the layers. */
export async function settleApproval(
  outcome: ApprovalOutcome,
  request: ApprovalRequest,
  ctx: SettleContext,
): Promise<Settled> {
  const { grants, sessionKey, suggested, layerFile } = ctx;
  const tool = request.tool;
  // An answer the form did not offer grants no more than the narrowest allow: a call that always asks is
  // approved once, whatever an approver program answers.
  const offered = request.choices === undefined || request.choices.includes(outcome.resolution as never);
  if (!offered && outcome.resolution.startsWith('allow_')) {
    return {
      allow: true,
      granted: 'once',
      note: `${outcome.resolution} was not offered for this call (it asks every time): approved once`,
    };
  }
  switch (outcome.resolution) {
    case 'allow_once':
      return { allow: true, granted: 'once' };
    case 'allow_for_turn':
      grants.grantTurn(request.turnId, request.requestKey);
      return { allow: true, granted: 'turn' };
    case 'allow_for_session':
      grants.grantSession(request.threadId, sessionKey);
      return { allow: true, granted: 'session' };
    case 'allow_always': {
      const layer = outcome.layer ?? request.alwaysLayers[0] ?? 'user';
      if (!suggested || !request.alwaysLayers.includes(layer)) {
        grants.grantSession(request.threadId, sessionKey);
        return {
          allow: true,
          granted: 'session',
          note: 'no narrow rule can express this call: approved for the session instead',
        };
      }
      const file = layerFile(layer);
      try {
        await appendRule(file, layer, suggested, { workspace: ctx.workspace });
      } catch (error) {
        grants.grantSession(request.threadId, sessionKey);
        return {
          allow: true,
          granted: 'session',
          note: `could not write the rule (${(error as Error).message}): approved for the session instead`,
        };
      }
      try {
        ctx.reload();
        return { allow: true, granted: 'always', note: `wrote ${suggested.join(', ')} to ${file}` };
      } catch (error) {
        // The rule is on disk, but another layer does not load now: keep the old rules, remember the answer.
        grants.grantSession(request.threadId, sessionKey);
        return {
          allow: true,
          granted: 'session',
          note: `wrote ${suggested.join(', ')} to ${file}, but the policy could not be reloaded (${(error as Error).message}): approved for the session`,
        };
      }
    }
    case 'deny':
      // A deny rule written while the request waited in the queue.
      if (outcome.decidedBy.startsWith('rule:'))
        return {
          allow: false,
          by: 'rule',
          reason: `${tool} was denied: ${outcome.feedback ?? outcome.decidedBy.slice(5)}`,
        };
      // The broker denies too (queue full, approver failed): the model must not read that as a human's no.
      if (outcome.decidedBy === 'broker' || outcome.decidedBy === 'default')
        return {
          allow: false,
          by: 'nobody',
          reason: `${tool} was not approved: ${outcome.feedback ?? 'nobody can answer'}`,
        };
      return {
        allow: false,
        by: 'human',
        reason: outcome.feedback
          ? `The user denied ${tool}: ${outcome.feedback}`
          : `The user denied ${tool}. Do not retry the same call; ask the user or try something else.`,
      };
    case 'expired':
      return {
        allow: false,
        by: 'nobody',
        reason: `Nobody answered the approval request for ${tool} within ${seconds(outcome.durationMs)}, so it was denied. Do not retry it until the user is back; continue with what needs no approval.`,
      };
    case 'cancelled':
      return {
        allow: false,
        by: 'nobody',
        reason: `The approval request for ${tool} was cancelled (the call was aborted).`,
      };
    default:
      // An outcome the broker should never produce: fail closed.
      return { allow: false, by: 'nobody', reason: `${tool} was not approved.` };
  }
}
