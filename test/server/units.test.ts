// The server's small pieces on their own: annotations, the HTTP guard, reading an elicitation answer.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseBind } from '../../src/cli/serve.js';
import { UsageError } from '../../src/cli/style.js';
import type { ApprovalRequest } from '../../src/policy/approval/types.js';
import {
  approvalMessage,
  approvalSchema,
  elicitationApprover,
  readAnswer,
} from '../../src/server/elicitation.js';
import { checkRequest, isLoopbackHost, tokenMatches } from '../../src/server/http-guard.js';
import { mcpAnnotations, offeredUnder } from '../../src/server/tool-list.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('MCP annotations', () => {
  it('spells out every hint, never leaving MCP’s pessimistic defaults to speak for a tool', () => {
    expect(mcpAnnotations({ readOnlyHint: true })).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(mcpAnnotations({})).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    // A read-only tool is never destructive, whatever it claims.
    expect(mcpAnnotations({ readOnlyHint: true, destructiveHint: true }).destructiveHint).toBe(false);
    expect(mcpAnnotations({ destructiveHint: false, title: 'Edit' })).toMatchObject({
      title: 'Edit',
      destructiveHint: false,
    });
  });

  it('read_only offers reads and commands, not closed-world writers', () => {
    expect(offeredUnder('read_only', mcpAnnotations({ readOnlyHint: false }))).toBe(false);
    expect(offeredUnder('read_only', mcpAnnotations({ openWorldHint: true }))).toBe(true);
    expect(offeredUnder('supervised', mcpAnnotations({ readOnlyHint: false }))).toBe(true);
  });
});

describe('HTTP guard', () => {
  it('knows loopback names and addresses, including IPv4-mapped IPv6', () => {
    for (const host of [
      '127.0.0.1',
      '127.9.9.9',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '10.0.0.1', '::', 'example.com', '127.0.0.1.nip.io', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('compares tokens exactly, whatever their lengths', () => {
    expect(tokenMatches('s3cret', 's3cret')).toBe(true);
    expect(tokenMatches('s3cre', 's3cret')).toBe(false);
    expect(tokenMatches('s3cret ', 's3cret')).toBe(false);
    expect(tokenMatches('', 's3cret')).toBe(false);
  });

  it('checks the token on every request and Host/Origin on loopback', () => {
    const opts = { token: 'tok', loopback: false };
    expect(checkRequest(request({}), opts)?.status).toBe(401);
    expect(checkRequest(request({ authorization: 'Bearer nope' }), opts)?.status).toBe(401);
    expect(checkRequest(request({ authorization: 'Bearer tok' }), opts)).toBeUndefined();
    const local = { loopback: true };
    expect(checkRequest(request({ host: '127.0.0.1:7777' }), local)).toBeUndefined();
    expect(
      checkRequest(request({ host: 'localhost:7777', origin: 'http://localhost:3000' }), local),
    ).toBeUndefined();
    expect(checkRequest(request({ host: 'attacker.example:7777' }), local)?.status).toBe(403);
    expect(
      checkRequest(request({ host: '127.0.0.1:7777', origin: 'https://attacker.example' }), local)?.status,
    ).toBe(403);
    expect(checkRequest(request({ host: '127.0.0.1:7777', origin: 'null' }), local)?.status).toBe(403);
    expect(checkRequest(request({}), local)?.status).toBe(403);
  });
});

describe('--http HOST:PORT', () => {
  it('parses hosts, IPv6 and bare ports, and refuses the rest with a hint', () => {
    expect(parseBind('127.0.0.1:7777')).toEqual({ host: '127.0.0.1', port: 7777 });
    expect(parseBind('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseBind('7777')).toEqual({ host: '127.0.0.1', port: 7777 });
    expect(parseBind(':0')).toEqual({ host: '127.0.0.1', port: 0 });
    for (const bad of ['localhost', '127.0.0.1:99999', 'a:b', '']) {
      expect(() => parseBind(bad), bad).toThrow(UsageError);
    }
  });
});

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

  it('denies when the call it would ask about is gone', async () => {
    const approver = elicitationApprover(() => undefined);
    const answer = await approver(base, { signal: new AbortController().signal });
    expect(answer.decision).toBe('deny');
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
