// The approver for MCP clients that declare elicitation: an `ask` becomes a form — allow once, allow for this
// session, or deny with feedback for the model. The question goes out as a request related to the tools/call
// that needs it, so over Streamable HTTP it travels on that call's own response stream.
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalRequest, Approver, ApproverAnswer } from '../policy/index.js';
import { escapeControls } from '../policy/index.js';

/** What the approver needs from the call that is waiting: a way to ask its client. */
export interface CallChannel {
  sendRequest(
    request: { method: 'elicitation/create'; params: Record<string, unknown> },
    options: { signal: AbortSignal },
  ): Promise<unknown>;
}

const CHOICES = [
  ['allow_once', 'Allow once'],
  ['allow_for_session', 'Allow for this session'],
  ['deny', 'Deny'],
] as const;

const MAX_PREVIEW = 4_000;
const MAX_HEADLINE = 400;

/** The form for a request: only the answers it offers (a call that always asks: once or deny). */
export function approvalSchema(request: Pick<ApprovalRequest, 'choices'>) {
  const choices = CHOICES.filter(
    ([value]) => request.choices === undefined || request.choices.includes(value),
  );
  return {
    ...APPROVAL_SCHEMA,
    properties: {
      ...APPROVAL_SCHEMA.properties,
      decision: {
        ...APPROVAL_SCHEMA.properties.decision,
        enum: choices.map(([value]) => value),
        enumNames: choices.map(([, title]) => title),
      },
    },
  };
}

export const APPROVAL_SCHEMA = {
  type: 'object',
  properties: {
    decision: {
      type: 'string',
      title: 'Decision',
      enum: CHOICES.map(([value]) => value) as string[],
      enumNames: CHOICES.map(([, title]) => title) as string[],
      default: 'deny',
    },
    feedback: {
      type: 'string',
      title: 'Feedback for the agent',
      description: 'Optional: why you deny, or what to do instead.',
    },
  },
  required: ['decision'],
} as const;

/**
 * The form's message: what, why, and the preview (model-supplied text, so control characters escaped). Both
 * are bounded head and tail, and the headline is one line: a command padded with spaces or newlines must not
 * push its `; rm -rf ~` out of view, nor make the form as long as the model likes.
 */
export function approvalMessage(request: ApprovalRequest): string {
  const summary = escapeControls(request.summary).replace(/\r?\n/g, '\\n');
  return [
    `handrail: approve ${escapeControls(request.tool)}? ${headAndTail(summary, MAX_HEADLINE, false)}`,
    `Why it asks: ${escapeControls(request.reason)} (${escapeControls(request.matchedRule)})`,
    ...(request.widens ? [`Approving also: ${escapeControls(request.widens)} (for this call)`] : []),
    '',
    headAndTail(escapeControls(request.preview), MAX_PREVIEW, true),
  ].join('\n');
}

/** The first three quarters and the last quarter of `max` characters, the cut marked on its own line or inline. */
function headAndTail(text: string, max: number, ownLine: boolean): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max / 4);
  const head = max - tail;
  const marker = `… (${text.length - head - tail} characters not shown) …`;
  const gap = ownLine ? '\n' : ' ';
  return `${text.slice(0, head)}${gap}${marker}${gap}${text.slice(-tail)}`;
}

/**
 * An approver that asks through the client of the call being approved. A client that declines, cancels or
 * answers outside the form: deny — never a silent allow. A call it cannot find (its client is gone) throws, so
 * the denial says nobody was asked rather than that the user declined.
 */
export function elicitationApprover(channelFor: (callId: string) => CallChannel | undefined): Approver {
  return async (request, { signal }) => {
    const channel = channelFor(request.callId);
    // Nobody can be asked: a failure (the broker denies it as nobody's answer), not a human's no.
    if (!channel)
      throw new Error('the client that made this call is no longer connected, so nobody could be asked');
    const raw = await channel.sendRequest(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: approvalMessage(request), requestedSchema: approvalSchema(request) },
      },
      { signal },
    );
    return readAnswer(raw);
  };
}

/** The client's answer as an ApproverAnswer; anything unexpected denies. */
export function readAnswer(raw: unknown): ApproverAnswer {
  const parsed = ElicitResultSchema.safeParse(raw);
  if (!parsed.success) {
    return { decision: 'deny', by: 'elicitation', feedback: 'The approval answer could not be read.' };
  }
  const { action, content } = parsed.data;
  if (action !== 'accept') {
    // decline and cancel both mean "no"; a declined form carries no feedback.
    return { decision: 'deny', by: 'elicitation' };
  }
  const decision = content?.decision;
  const feedback = typeof content?.feedback === 'string' ? content.feedback.trim() : '';
  if (decision === 'allow_once' || decision === 'allow_for_session') {
    return { decision, by: 'elicitation' };
  }
  if (decision !== 'deny') {
    return { decision: 'deny', by: 'elicitation', feedback: `Unknown decision ${JSON.stringify(decision)}.` };
  }
  return feedback
    ? { decision: 'deny', by: 'elicitation', feedback }
    : { decision: 'deny', by: 'elicitation' };
}
