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
import { noApproverMessage } from './approval/messages.js';
import { buildPreview } from './approval/preview.js';
import { requestKey } from './approval/request-key.js';
import { settleApproval } from './approval/settle.js';
import type { ApprovalRequest } from './approval/types.js';
import type { PermissionMode } from './modes.js';
import {
  defaultPolicyPaths,
  type LoadPolicyOptions,
  loadPolicyLayers,
  type PolicyLayers,
} from './policy-file/load.js';
import type { RateLimiter } from './rate-limit.js';
import { decideStatic } from './rules/decide.js';
import { suggestRule } from './rules/suggest.js';
import { applyToolApproval } from './tool-approval.js';

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
  /** Forget the turn's `allow_for_turn` grants (the runtime calls it when a turn ends). */
  endTurn(turnId: string): void;
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
  // An untrusted project layer's allow rules are not used, so "always" cannot write there either.
  const fileLayers = (['project', 'user'] as const).filter((layer) => {
    if (layer === 'project' && options.load.trustProject !== true) return false;
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
    const fixed = applyToolApproval(
      decideStatic(mode, policy, intent, { writableRoots: options.writableRoots }),
      ctx.tool,
      ctx.call.arguments,
      intent,
    );
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
    // When a queued request's turn comes, what happened meanwhile may answer it: an identical call approved
    // for the turn or session, or an "always" rule (or a new deny) written by an earlier answer.
    let resolution: Awaited<ReturnType<typeof settleApproval>> | undefined;
    const settleContext = {
      grants,
      sessionKey,
      suggested,
      layerFile,
      workspace: options.load.workspace,
      reload: () => {
        policy = loadPolicyLayers(options.load);
      },
    };
    const outcome = await broker.ask(
      request,
      ctx.signal,
      () => {
        const now = remembered();
        if (now) {
          return {
            resolution: now === 'turn' ? 'allow_for_turn' : 'allow_for_session',
            decidedBy: `cached:${now}`,
            durationMs: 0,
          };
        }
        const again = applyToolApproval(
          decideStatic(mode, policy, intent, { writableRoots: options.writableRoots }),
          ctx.tool,
          ctx.call.arguments,
          intent,
        );
        if (again.behavior === 'ask') return undefined;
        return {
          resolution: again.behavior === 'allow' ? 'allow_once' : 'deny',
          decidedBy: `rule:${again.rule}`,
          ...(again.behavior === 'deny' ? { feedback: again.reason } : {}),
          durationMs: 0,
        };
      },
      async (answered) => {
        resolution = await settleApproval(answered, request, settleContext);
      },
    );
    resolution ??= await settleApproval(outcome, request, settleContext);
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
    endTurn(turnId) {
      grants.endTurn(turnId);
    },
    evaluate,
  };
}
