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
  SandboxVerdict,
  ScopedException,
} from '../types/index.js';
import type { ApprovalBroker } from './approval/broker.js';
import { ApprovalGrants } from './approval/grants.js';
import {
  NO_APPROVER_ALWAYS_HINT,
  NO_APPROVER_HINT,
  NOT_ANSWERED_HINT,
  noApproverMessage,
} from './approval/messages.js';
import { buildPreview, escapeControls } from './approval/preview.js';
import { requestKey } from './approval/request-key.js';
import { settleApproval } from './approval/settle.js';
import type { ApprovalDecision, ApprovalRequest } from './approval/types.js';
import { decideCall, isDangerous } from './decide.js';
import type { PermissionMode } from './modes.js';
import {
  defaultPolicyPaths,
  type LoadPolicyOptions,
  loadPolicyLayers,
  type PolicyLayers,
} from './policy-file/load.js';
import type { RateLimiter } from './rate-limit.js';
import { suggestRule } from './rules/suggest.js';
import { applyToolApproval, toolRequirement } from './tool-approval.js';

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
    const requirement = toolRequirement(ctx.tool, ctx.call.arguments);
    const decide = () =>
      applyToolApproval(
        decideCall(mode, policy, intent, { writableRoots: options.writableRoots }),
        ctx.tool,
        requirement,
        intent,
      );
    const fixed = decide();
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

    // ask. The sandbox is asked before the human: nobody approves what would be refused anyway, and a
    // refusal a human may lift (a host outside the allowlist, an approvable path outside the roots) becomes
    // part of the question.
    const sandbox = await precheck(intent, ctx);
    if (sandbox && !sandbox.ok && !sandbox.lift) {
      decided({ behavior: 'deny', rule: 'sandbox', layer: 'sandbox', reason: sandbox.reason });
      return {
        behavior: 'deny',
        reason: `${tool} was refused before anyone was asked, because the sandbox would not allow it: ${sandbox.reason}`,
        rule: 'sandbox',
        layer: 'sandbox',
        errorClass: sandbox.errorClass,
      };
    }
    // The exception the call needs, whether or not this turn has opened it already.
    const needed = sandbox && !sandbox.ok ? sandbox.lift : undefined;
    const exceptions = needed ? needed.exceptions : [];
    // Opened for this turn by an earlier approval: no longer part of the question (but still needed).
    const lift = needed?.exceptions.every(
      (e) => grants.lookup(ctx.turnId, exceptionKey(e, ctx.threadId), '', '') === 'turn',
    )
      ? undefined
      : needed;

    // Dangerous commands and tools that always ask are asked about on every call: no remembered approval
    // and no rule covers them, and the form offers only once or deny.
    const alwaysAsk = isDangerous(intent) || requirement === 'always';
    // A turn is its thread's: a caller may reuse a turn id (`turn-1`) in another thread, which must not share
    // this turn's grants.
    const turnKey = requestKey(mode, intent, `${ctx.threadId}\u0000${ctx.turnId}`).key;
    const sessionKey = requestKey(mode, intent, undefined).key;
    // A call that needs a sandbox exception is remembered for the turn at most: the exception must not
    // outlive it through a session grant (nor through a rule, which could not widen the sandbox anyway).
    const remembered = () =>
      alwaysAsk ? undefined : grants.lookup(ctx.turnId, turnKey, needed ? '' : ctx.threadId, sessionKey);
    const cached = remembered();
    if (cached) {
      decided({ behavior: 'allow', rule: fixed.rule, layer: fixed.layer, requestKey: turnKey, cached });
      return admit(intent, ctx, {
        behavior: 'allow',
        rule: `approved for the ${cached}`,
        layer: 'approval',
        ...(exceptions.length > 0 ? { exceptions } : {}),
      });
    }
    // A call the rate limit would refuse anyway is refused before anyone is asked about it.
    const limited = rateLimited(intent, ctx, false);
    if (limited) return limited;
    const suggested = suggestRule(intent);
    // An allow rule never beats an ask rule (deny > ask > allow) nor applies to a dangerous command, nor can it
    // widen the sandbox, so in those cases "always" could not keep its promise and is not offered.
    const canAlways = suggested !== undefined && !alwaysAsk && !needed && fixed.layer === 'mode';
    // (allow_always stays among the answers where no layer can keep it: settle turns it into a session grant.)
    const choices: ApprovalDecision[] = alwaysAsk
      ? ['allow_once', 'deny']
      : needed
        ? ['allow_once', 'allow_for_turn', 'deny']
        : ['allow_once', 'allow_for_turn', 'allow_for_session', 'allow_always', 'deny'];
    const reason = lift
      ? `${fixed.reason}; the sandbox refuses it as it stands (${sandbox && !sandbox.ok ? sandbox.reason : ''}), and approving will ${lift.widens} for this call`
      : fixed.reason;
    const request: ApprovalRequest = {
      id: randomUUID(),
      requestKey: turnKey,
      tool,
      action: intent.action,
      mode,
      threadId: ctx.threadId,
      turnId: ctx.turnId,
      callId: ctx.call.id,
      // Model-supplied text (paths, commands): shown escaped, as the preview is — a bidi override in a path
      // must not make `report\u202evsc.sh` read as `reporths.csv` to whoever approves.
      summary: escapeControls(intent.summary),
      reason: escapeControls(reason),
      preview: buildPreview(intent, ctx.call.arguments),
      matchedRule: fixed.layer === 'mode' ? fixed.rule : `${fixed.rule} (${fixed.layer} policy)`,
      ...(suggested && canAlways ? { suggestedRule: suggested } : {}),
      alwaysLayers: canAlways ? [...fileLayers] : [],
      choices,
      ...(lift ? { widens: escapeControls(lift.widens) } : {}),
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
          dangerous: isDangerous(intent),
          asksEveryTime: requirement === 'always',
          ...(lift ? { widens: lift.widens } : {}),
          ...(needed ? { exceptions: needed.exceptions } : {}),
          ...(canAlways && fileLayers.length > 0
            ? { suggested, file: layerFile(fileLayers[0]!) }
            : canAlways
              ? { suggested }
              : {}),
        }),
        hint: alwaysAsk ? NO_APPROVER_ALWAYS_HINT : NO_APPROVER_HINT,
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
      choices,
      ...(request.widens ? { widens: request.widens } : {}),
      ...(request.suggestedRule ? { suggestedRule: request.suggestedRule } : {}),
    });
    // When a queued request's turn comes, what happened meanwhile may answer it: an identical call approved
    // for the turn or session, or an "always" rule (or a new deny) written by an earlier answer.
    let resolution: Awaited<ReturnType<typeof settleApproval>> | undefined;
    const settleContext = {
      grants,
      sessionKey,
      suggested: canAlways ? suggested : undefined,
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
        const again = decide();
        // A rule cannot widen the sandbox: an allow rule that came into force meanwhile still leaves the
        // exception this call needs to the human (a deny rule refuses it).
        if (again.behavior === 'ask' || (again.behavior === 'allow' && needed)) return undefined;
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
      // A human's no is an approval denied; a rule that came into force meanwhile is the policy's refusal;
      // an unanswered request is neither, and says so.
      return {
        behavior: 'deny',
        reason: resolution.reason,
        ...(resolution.by === 'nobody' ? { hint: NOT_ANSWERED_HINT } : {}),
        rule: fixed.rule,
        layer: fixed.layer,
        errorClass: resolution.by === 'rule' ? 'permission_denied' : 'approval_denied',
      };
    }
    // The sandbox exceptions go with the call; "for the turn" opens that host or path for the rest of the turn.
    if (needed && resolution.granted === 'turn')
      for (const e of needed.exceptions) grants.grantTurn(ctx.turnId, exceptionKey(e, ctx.threadId));
    decided({
      behavior: 'allow',
      rule: fixed.rule,
      layer: fixed.layer,
      requestKey: turnKey,
      resolution: outcome.resolution,
      decidedBy: outcome.decidedBy,
      ...(exceptions.length > 0 ? { exceptions } : {}),
    });
    return admit(intent, ctx, {
      behavior: 'allow',
      rule: `approved (${resolution.granted === 'once' ? 'allow_once' : outcome.resolution})`,
      layer: 'approval',
      ...(exceptions.length > 0 ? { exceptions } : {}),
    });
  }

  /** The sandbox's verdict on an asked-about call; a precheck that fails refuses (fail closed). */
  async function precheck(
    intent: PermissionIntent,
    ctx: PermissionContext,
  ): Promise<SandboxVerdict | undefined> {
    if (!ctx.precheck) return undefined;
    try {
      const own = await ctx.precheck(intent);
      if (!own.ok || !intent.claimed) return own;
      // What a dynamic tool says it does may only make the call stricter: a write it says it makes to a
      // protected path is refused like anyone's. A refusal a human could lift is left to the question, since
      // an exception is only ever granted on the runtime's own reading of a call.
      const claimed = await ctx.precheck(intent.claimed);
      if (claimed.ok || claimed.lift) return own;
      return {
        ...claimed,
        reason: `${claimed.reason.replace(/[.\s]+$/, '')} (by the tool's own description of the call)`,
      };
    } catch (error) {
      return {
        ok: false,
        errorClass: 'sandbox_violation',
        reason: `the sandbox's check failed (${(error as Error)?.message ?? String(error)})`,
      };
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
    endTurn(turnId) {
      grants.endTurn(turnId);
    },
    evaluate,
  };
}

/** The grant key of a sandbox exception opened for a turn (of a thread). */
function exceptionKey(exception: ScopedException, threadId: string): string {
  const what =
    exception.kind === 'network'
      ? ['network', exception.method, exception.host, String(exception.port)]
      : ['file', exception.access, exception.path];
  return JSON.stringify(['exception', threadId, ...what]);
}
