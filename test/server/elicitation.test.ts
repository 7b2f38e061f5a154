// Approvals over MCP elicitation on their own: reading an answer, the form's message and its choices.
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/policy/approval/types.js';
import {
  approvalMessage,
  approvalSchema,
  elicitationApprover,
  readAnswer,
} from '../../src/server/elicitation.js';

describe('elicitation answers', () => {
  const base: ApprovalRequest = {
    id: 'r1',
    requestKey: 'k',
    tool: 'exec_command',
    action: 'shell_command',
    mode: 'supervised',
    threadId: 't',
    turnId: 'u',
    callId: 'mcp_1',
    summary: 'run \u001b[31mrm\u001b[0m',
    reason: 'the command may have side effects',
    preview: '$ rm -rf build\u0007',
    matchedRule: 'mode:supervised:shell_command:unknown',
    alwaysLayers: [],
  };

  it('maps accept/decline/cancel and anything odd to a decision, never to a silent allow', () => {
    expect(readAnswer({ action: 'accept', content: { decision: 'allow_once' } })).toMatchObject({
      decision: 'allow_once',
    });
    expect(readAnswer({ action: 'accept', content: { decision: 'allow_for_session' } }).decision).toBe(
      'allow_for_session',
    );
    expect(
      readAnswer({ action: 'accept', content: { decision: 'deny', feedback: ' not now ' } }),
    ).toMatchObject({
      decision: 'deny',
      feedback: 'not now',
    });
    expect(readAnswer({ action: 'accept', content: { decision: 'allow_always' } }).decision).toBe('deny');
    expect(readAnswer({ action: 'decline' }).decision).toBe('deny');
    expect(readAnswer({ action: 'cancel' }).decision).toBe('deny');
    expect(readAnswer('garbage').decision).toBe('deny');
    expect(readAnswer({ action: 'accept' }).decision).toBe('deny');
  });

  it('escapes terminal controls from the model in the form’s message', () => {
    const message = approvalMessage(base);
    expect(message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(message).toContain('rm -rf build');
    expect(message).toContain('mode:supervised:shell_command:unknown');
  });

  it('fails, not denies as the user, when the call it would ask about is gone', async () => {
    // The broker turns a failing approver into "was not approved: the approver failed (…)" — never "The user
    // denied", which a model reads as a human's decision.
    const approver = elicitationApprover(() => undefined);
    await expect(approver(base, { signal: new AbortController().signal })).rejects.toThrow(
      /no longer connected, so nobody could be asked/,
    );
  });
});

describe('the approval form', () => {
  it('offers only once and deny for a call that always asks, and every answer otherwise', () => {
    const decisions = (choices?: ApprovalRequest['choices']) =>
      approvalSchema({ ...(choices ? { choices } : {}) }).properties.decision.enum;
    expect(decisions(['allow_once', 'deny'])).toEqual(['allow_once', 'deny']);
    expect(decisions()).toEqual(['allow_once', 'allow_for_session', 'deny']);
  });
});
