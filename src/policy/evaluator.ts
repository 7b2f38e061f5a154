// The permission evaluator handrail installs by default: rules and mode decide (decideStatic), remembered
// approvals answer repeated asks, the approval broker asks a human, and the rate limiter has the last word.
// Every decision is an event naming the rule and layer behind it.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  PermissionContext,
  PermissionDecision,
  PermissionEvaluator,
  PermissionIntent,
} from '../types/index.js';
import type { ApprovalBroker } from './approval/broker.js';
import { ApprovalGrants } from './approval/grants.js';
import { noApproverMessage, seconds } from './approval/messages.js';
import { buildPreview } from './approval/preview.js';
import { requestKey } from './approval/request-key.js';
import type { ApprovalOutcome, ApprovalRequest } from './approval/types.js';
import type { PermissionMode } from './modes.js';
import { appendRule } from './policy-file/append.js';
import {
  defaultPolicyPaths,
  type LoadPolicyOptions,
  loadPolicyLayers,
  type PolicyLayers,
} from './policy-file/load.js';
import type { RateLimiter } from './rate-limit.js';
import { decideStatic } from './rules/decide.js';
import { suggestRule } from './rules/suggest.js';

export interface PolicyEvaluatorOptions {
  mode: PermissionMode;
  /** How the layers were loaded: reloaded after `allow_always` writes a rule. */
  load: LoadPolicyOptions;
  /** Where auto_accept_edits writes without asking. */
  writableRoots: string[];
  broker: ApprovalBroker;
  rateLimiter?: RateLimiter;
}

export interface PolicyEvaluator extends PermissionEvaluator {
  readonly mode: PermissionMode;
  /** The compiled layers now in force. */
  readonly policy: PolicyLayers;
  /** Load the policy files again (after editing them by hand). Throws PolicyLoadError; keeps the old on error. */
  reload(): void;
}

export function createPolicyEvaluator(options: PolicyEvaluatorOptions): PolicyEvaluator {
  let policy = loadPolicyLayers(options.load);
  const grants = new ApprovalGrants();
  const { mode, broker } = options;
  const files = defaultPolicyPaths(options.load);
  const layerFile = (layer: 'project' | 'user'): string => {
    const given = options.load[layer];
    if (typeof given === 'string') return path.resolve(options.load.workspace, given);
    return files[layer] as string;
  };
  // "always" writes to a layer's file, so only a layer loaded from a file (given or default) can keep it: a
  // rule written beside an inline or disabled layer would never be read back.
  const fileLayers = (['project', 'user'] as const).filter((layer) => {
    const given = options.load[layer];
    return given === undefined || typeof given === 'string';
  });

  async function evaluate(intent: PermissionIntent, ctx: PermissionContext): Promise<PermissionDecision> {
    const tool = ctx.tool.name;
    const decided = (payload: Record<string, unknown>) =>
      ctx.emit('turn/permission/decided', {
        tool,
        action: intent.action,
        summary: intent.summary,
        mode,
        ...payload,
      });
    const fixed = decideStatic(mode, policy, intent, { writableRoots: options.writableRoots });
    if (fixed.behavior === 'deny') {
      decided({ behavior: 'deny', rule: fixed.rule, layer: fixed.layer, reason: fixed.reason });
      return {
        behavior: 'deny',
        reason: `${tool} was denied: ${fixed.reason.replace(/[.\s]+$/, '')}${fixed.layer === 'mode' ? '' : ` (rule ${fixed.rule}, ${fixed.layer} policy)`}.`,
        rule: fixed.rule,
        layer: fixed.layer,
        errorClass: 'permission_denied',
      };
    }
    if (fixed.behavior === 'allow') {
      decided({ behavior: 'allow', rule: fixed.rule, layer: fixed.layer });
      return admit(intent, ctx, { behavior: 'allow', rule: fixed.rule, layer: fixed.layer });
    }

    // ask: an approval for exactly this call may already exist.
    const turnKey = requestKey(mode, intent, ctx.turnId).key;
    const sessionKey = requestKey(mode, intent, undefined).key;
    const remembered = () => grants.lookup(ctx.turnId, turnKey, ctx.threadId, sessionKey);
    const cached = remembered();
    if (cached) {
      decided({ behavior: 'allow', rule: fixed.rule, layer: fixed.layer, requestKey: turnKey, cached });
      return admit(intent, ctx, { behavior: 'allow', rule: `approved for the ${cached}`, layer: 'approval' });
    }
    // A call the rate limit would refuse anyway is refused before anyone is asked about it.
    const limited = rateLimited(intent, ctx, false);
    if (limited) return limited;
    const suggested = suggestRule(intent);
    const dangerous = intent.action === 'shell_command' && intent.scope.risk === 'dangerous';
    // An allow rule never beats an ask rule (deny > ask > allow) nor applies to a dangerous command, so in those
    // cases "always" could not keep its promise and is not offered.
    const canAlways = suggested !== undefined && !dangerous && fixed.layer === 'mode';
    const request: ApprovalRequest = {
      id: randomUUID(),
      requestKey: turnKey,
      tool,
      action: intent.action,
      mode,
      threadId: ctx.threadId,
      turnId: ctx.turnId,
      callId: ctx.call.id,
      summary: intent.summary,
      reason: fixed.reason,
      preview: buildPreview(intent, ctx.call.arguments),
      matchedRule: fixed.layer === 'mode' ? fixed.rule : `${fixed.rule} (${fixed.layer} policy)`,
      ...(suggested ? { suggestedRule: suggested } : {}),
      alwaysLayers: canAlways ? [...fileLayers] : [],
    };
    if (!broker.hasApprover) {
      decided({
        behavior: 'deny',
        rule: fixed.rule,
        layer: fixed.layer,
        requestKey: turnKey,
        reason: 'no approver',
      });
      return {
        behavior: 'deny',
        reason: noApproverMessage(tool, fixed, {
          dangerous,
          ...(canAlways && fileLayers.length > 0
            ? { suggested, file: layerFile(fileLayers[0]!) }
            : canAlways
              ? { suggested }
              : {}),
        }),
        rule: fixed.rule,
        layer: fixed.layer,
        errorClass: 'approval_denied',
      };
    }
    ctx.emit('turn/permission/request/opened', {
      requestId: request.id,
      requestKey: request.requestKey,
      tool,
      action: intent.action,
      summary: request.summary,
      preview: request.preview,
      matchedRule: request.matchedRule,
      ...(suggested ? { suggestedRule: suggested } : {}),
    });
    const outcome = await broker.ask(request, ctx.signal, () => {
      const now = remembered();
      return now
        ? {
            resolution: now === 'turn' ? 'allow_for_turn' : 'allow_for_session',
            decidedBy: `cached:${now}`,
            durationMs: 0,
          }
        : undefined;
    });
    const resolution = await settle(outcome, request, suggested, sessionKey);
    ctx.emit('turn/permission/request/resolved', {
      requestId: request.id,
      requestKey: request.requestKey,
      decision: outcome.resolution,
      decidedBy: outcome.decidedBy,
      durationMs: outcome.durationMs,
      ...(outcome.feedback ? { feedback: outcome.feedback } : {}),
      ...(resolution.note ? { note: resolution.note } : {}),
    });
    if (!resolution.allow) {
      decided({
        behavior: 'deny',
        rule: fixed.rule,
        layer: fixed.layer,
        requestKey: turnKey,
        resolution: outcome.resolution,
        decidedBy: outcome.decidedBy,
      });
      return {
        behavior: 'deny',
        reason: resolution.reason,
        rule: fixed.rule,
        layer: fixed.layer,
        errorClass: 'approval_denied',
      };
    }
    decided({
      behavior: 'allow',
      rule: fixed.rule,
      layer: fixed.layer,
      requestKey: turnKey,
      resolution: outcome.resolution,
      decidedBy: outcome.decidedBy,
    });
    return admit(intent, ctx, {
      behavior: 'allow',
      rule: `approved (${outcome.resolution})`,
      layer: 'approval',
    });
  }

  /** Record what an approval grants; allow_always writes its rule and reloads the layers. */
  async function settle(
    outcome: ApprovalOutcome,
    request: ApprovalRequest,
    suggested: string[] | undefined,
    sessionKey: string,
  ): Promise<{ allow: true; note?: string } | { allow: false; reason: string; note?: undefined }> {
    const tool = request.tool;
    switch (outcome.resolution) {
      case 'allow_once':
        return { allow: true };
      case 'allow_for_turn':
        grants.grantTurn(request.turnId, request.requestKey);
        return { allow: true };
      case 'allow_for_session':
        grants.grantSession(request.threadId, sessionKey);
        return { allow: true };
      case 'allow_always': {
        const layer = outcome.layer ?? 'project';
        if (!suggested || !request.alwaysLayers.includes(layer)) {
          grants.grantSession(request.threadId, sessionKey);
          return {
            allow: true,
            note: 'no narrow rule can express this call: approved for the session instead',
          };
        }
        const file = layerFile(layer);
        try {
          await appendRule(file, layer, suggested, { workspace: options.load.workspace });
        } catch (error) {
          grants.grantSession(request.threadId, sessionKey);
          return {
            allow: true,
            note: `could not write the rule (${(error as Error).message}): approved for the session instead`,
          };
        }
        try {
          policy = loadPolicyLayers(options.load);
          return { allow: true, note: `wrote ${suggested.join(', ')} to ${file}` };
        } catch (error) {
          // The rule is on disk, but another layer does not load now: keep the old rules, remember the answer.
          grants.grantSession(request.threadId, sessionKey);
          return {
            allow: true,
            note: `wrote ${suggested.join(', ')} to ${file}, but the policy could not be reloaded (${(error as Error).message}): approved for the session`,
          };
        }
      }
      case 'deny':
        // The broker denies too (queue full, approver failed): the model must not read that as a human's no.
        if (outcome.decidedBy === 'broker' || outcome.decidedBy === 'default')
          return {
            allow: false,
            reason: `${tool} was not approved: ${outcome.feedback ?? 'nobody can answer'}`,
          };
        return {
          allow: false,
          reason: outcome.feedback
            ? `The user denied ${tool}: ${outcome.feedback}`
            : `The user denied ${tool}. Do not retry the same call; ask the user or try something else.`,
        };
      case 'expired':
        return {
          allow: false,
          reason: `Nobody answered the approval request for ${tool} within ${seconds(outcome.durationMs)}, so it was denied. Do not retry it until the user is back; continue with what needs no approval.`,
        };
      case 'cancelled':
        return {
          allow: false,
          reason: `The approval request for ${tool} was cancelled (the call was aborted).`,
        };
      default:
        // An outcome the broker should never produce: fail closed.
        return { allow: false, reason: `${tool} was not approved.` };
    }
  }

  function admit(
    intent: PermissionIntent,
    ctx: PermissionContext,
    allowed: PermissionDecision,
  ): PermissionDecision {
    return rateLimited(intent, ctx, true) ?? allowed;
  }

  /** The rate limit's refusal, or undefined when the call may run (taking its token when `spend`). */
  function rateLimited(
    intent: PermissionIntent,
    ctx: PermissionContext,
    spend: boolean,
  ): PermissionDecision | undefined {
    if (!options.rateLimiter) return undefined;
    const limiter = options.rateLimiter;
    const check = spend
      ? limiter.take(ctx.tool.name, intent.action, ctx.tool.rateLimit)
      : limiter.peek(ctx.tool.name, intent.action, ctx.tool.rateLimit);
    if (check.ok) return undefined;
    const seconds = Math.max(1, Math.ceil((check.waitMs ?? 0) / 1000));
    ctx.emit('turn/permission/decided', {
      tool: ctx.tool.name,
      action: intent.action,
      summary: intent.summary,
      mode,
      behavior: 'deny',
      rule: `rate_limit:${check.limit}`,
      layer: 'rate_limit',
    });
    return {
      behavior: 'deny',
      errorClass: 'rate_limited',
      rule: `rate_limit:${check.limit}`,
      layer: 'rate_limit',
      reason: `${ctx.tool.name} is limited to ${check.limit}; try again in ${seconds} s.`,
    };
  }

  return {
    mode,
    get policy() {
      return policy;
    },
    reload() {
      policy = loadPolicyLayers(options.load);
    },
    evaluate,
  };
}
