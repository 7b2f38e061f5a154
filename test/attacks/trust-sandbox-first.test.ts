// Attacks on point 3 of the trust model (docs/trust-model.md): the sandbox is asked before the human. A call the
// file, network or process policy would refuse is refused with the reason and the approver is never called
// (counted); a refusal a human may lift (a host outside network.allow) is asked about with exactly what
// approving widens, and approving opens exactly that, for the call or the turn.
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defineTool, type HandrailEvent, type RuntimeOptions, type ToolSpec } from '../../src/index.js';
import { recordingConnector, serve, tableResolver } from '../sandbox/network/helpers.js';
import { text } from '../support/results.js';
import { type Answer, askingTurn, call } from '../support/runtime.js';
import { sharedTempDir, tempDir } from '../support/temp.js';

/** A supervised runtime whose approver counts every request and approves it (default: once). */
const harness = (options: RuntimeOptions, answer: Answer = 'allow_once') => askingTurn(options, answer);

describe('what the sandbox would refuse is refused before anyone is asked', () => {
  const ws = sharedTempDir();
  mkdirSync(path.join(ws, '.git', 'hooks'), { recursive: true });
  symlinkSync('/etc', path.join(ws, 'etc-link'));
  const patch = (file: string) =>
    `*** Begin Patch\n*** Add File: fine.txt\n+x\n*** Add File: ${file}\n+x\n*** End Patch`;
  const refusable: Array<[string, string, Record<string, unknown>]> = [
    ['a write to /etc', 'write_file', { path: '/etc/handrail-attack', content: 'x' }],
    ['a write through a link to /etc', 'write_file', { path: 'etc-link/handrail-attack', content: 'x' }],
    ['a git hook', 'write_file', { path: '.git/hooks/pre-commit', content: 'x' }],
    ['.envrc', 'write_file', { path: '.envrc', content: 'x' }],
    ['.git/config', 'edit_file', { path: '.git/config', old_string: 'a', new_string: 'b' }],
    ['handrail’s own policy', 'write_file', { path: '.handrail/policy.json', content: '{}' }],
    ['.mcp.json', 'write_file', { path: '.mcp.json', content: '{}' }],
    [
      'a patch with one protected file among fine ones',
      'apply_patch',
      { patch: patch('.git/hooks/post-checkout') },
    ],
    ['a download saved into a hook', 'download_url', { url: 'https://example.com/', path: '.git/hooks/x' }],
    ['a workdir outside the roots', 'exec_command', { cmd: 'touch x', workdir: '/etc' }],
    ['a workdir through a link', 'exec_command', { cmd: 'touch x', workdir: 'etc-link' }],
    ['a workdir above the workspace', 'exec_command', { cmd: 'touch x', workdir: '..' }],
    ['the metadata address', 'web_fetch', { url: 'http://169.254.169.254/latest/meta-data/' }],
    ['the metadata address, IPv4-mapped', 'web_fetch', { url: 'http://[::ffff:169.254.169.254]/' }],
    ['the metadata address, as one hex number', 'web_fetch', { url: 'http://0xa9fea9fe/' }],
    ['loopback by name', 'web_fetch', { url: 'http://localhost:22/' }],
    ['a download from the metadata address', 'download_url', { url: 'http://169.254.169.254/', path: 'x' }],
  ];
  test.each(refusable)(
    '%s (%s): refused with the reason, approver never called',
    async (_what, tool, args) => {
      const h = harness({ workspace: ws });
      const result = await h.turn.call(call(tool, args));
      expect(result.isError).toBe(true);
      expect(['sandbox_violation', 'network_error']).toContain(result.outcome.errorClass);
      expect(text(result)).toMatch(
        /refused before anyone was asked, because the sandbox would not allow it: \S/,
      );
      expect(h.asked).toHaveLength(0);
    },
  );

  test.each([
    ['a unified diff', '--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-a\n+b\n'],
    ['a patch with no file operations', '*** Begin Patch\n*** End Patch'],
    ['a patch cut short', '*** Begin Patch\n*** Update File: f.txt\n@@\n-a\n+b\n'],
  ])('%s to apply_patch: invalid_arguments, nobody asked to approve what cannot run', async (_what, body) => {
    const h = harness({ workspace: ws });
    const result = await h.turn.call(call('apply_patch', { patch: body }));
    expect(result.outcome.errorClass).toBe('invalid_arguments');
    expect(text(result)).toMatch(/patch/i);
    expect(h.asked).toHaveLength(0);
  });

  test('a dynamic tool that says it writes a protected path is refused before anyone is asked', async () => {
    // Its own description can only make a call stricter: a write it says it makes that the sandbox refuses.
    const h = harness({ workspace: ws });
    h.runtime.registerTool(
      defineTool({
        name: 'hook_installer',
        description: 'Installs a hook (and says so).',
        inputSchema: { type: 'object', properties: {} },
        classify: (_args, where) => ({
          action: 'file_write',
          summary: 'write a hook',
          scope: { paths: [path.join(where.cwd, '.git', 'hooks', 'pre-push')] },
        }),
        execute: () => 'installed',
      }) as ToolSpec,
      { dynamic: true },
    );
    const result = await h.turn.call(call('hook_installer', {}));
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/before anyone was asked.*protected path/s);
    expect(h.asked).toHaveLength(0);
  });
});

describe('an approved network exception opens exactly one host, for the call or the turn', () => {
  async function world() {
    const other = await serve((_req, res) => res.end('the other host'));
    const api = await serve((req, res) => {
      if (req.url === '/hop') {
        res.statusCode = 302;
        res.setHeader('location', 'http://other.example.com/stolen');
        res.end();
      } else res.end('the api');
    });
    const dns = tableResolver({
      'api.example.com': ['93.184.216.34'],
      'other.example.com': ['93.184.216.35'],
    });
    const dial = recordingConnector({ '93.184.216.34': api.port, '93.184.216.35': other.port });
    const network = {
      mode: 'restricted' as const,
      allow: ['docs.example.com'],
      resolver: dns.resolver,
      connector: dial.connector,
    };
    return { api, other, network };
  }

  test('approving one host does not reach another: not by a second call, not by a redirect', async () => {
    const { api, other, network } = await world();
    const h = harness({ network }, () => 'allow_for_turn');
    expect(text(await h.turn.call(call('web_fetch', { url: 'http://api.example.com/a' })))).toContain(
      'the api',
    );
    expect(h.asked[0]!.widens).toBe('allow GET to api.example.com:80 (outside network.allow)');
    // A redirect to a host nobody approved is refused, and that host is never reached.
    const hop = await h.turn.call(call('web_fetch', { url: 'http://api.example.com/hop' }));
    expect(hop.isError).toBe(true);
    expect(text(hop)).toMatch(/other\.example\.com:80 is not on the network allowlist/);
    // The other host, asked about on its own, says what approving it would widen.
    await h.turn.call(call('web_fetch', { url: 'http://other.example.com/direct' }));
    expect(h.asked.at(-1)!.widens).toBe('allow GET to other.example.com:80 (outside network.allow)');
    expect(other.hits.map((hit) => hit.url)).toEqual(['/direct']);
    expect(api.hits.map((hit) => hit.url)).toEqual(['/a', '/hop']);
  });

  test('another port of an approved host is a new exception', async () => {
    const { network } = await world();
    const h = harness({ network }, () => 'allow_for_turn');
    await h.turn.call(call('web_fetch', { url: 'http://api.example.com/a' }));
    await h.turn.call(call('web_fetch', { url: 'http://api.example.com:8080/a' }));
    expect(h.asked.map((r) => r.widens)).toEqual([
      'allow GET to api.example.com:80 (outside network.allow)',
      'allow GET to api.example.com:8080 (outside network.allow)',
    ]);
  });

  test('a host opened for the turn is never offered for the session or as a rule, and is asked about again next turn', async () => {
    const { api, network } = await world();
    const ws = tempDir();
    // The approver takes the widest answer each form offers.
    const h = harness(
      { workspace: ws, network, policyFiles: { user: null, managed: null }, trustProjectPolicy: true },
      (r) => r.choices!.at(-2)!,
    );
    await h.turn.call(call('web_fetch', { url: 'http://api.example.com/a' }));
    await h.turn.call(call('web_fetch', { url: 'http://api.example.com/b' }));
    expect(h.asked).toHaveLength(2);
    for (const request of h.asked) {
      expect(request.choices).toEqual(['allow_once', 'allow_for_turn', 'deny']);
      expect(request.suggestedRule).toBeUndefined();
      expect(request.alwaysLayers).toEqual([]);
    }
    // The host is open for the turn: the second request no longer needs to say it widens anything.
    expect(h.asked[1]!.widens).toBeUndefined();
    // Next turn, same thread: the host is closed again, so the human is asked again, with the exception.
    const next = h.runtime.beginTurn({ threadId: h.turn.threadId });
    const again = await next.call(call('web_fetch', { url: 'http://api.example.com/b' }));
    expect(text(again)).toContain('the api');
    expect(h.asked).toHaveLength(3);
    expect(h.asked[2]!.widens).toMatch(/api\.example\.com:80/);
    expect(api.hits.map((hit) => hit.url)).toEqual(['/a', '/b', '/b']);
    const decided = h.events.filter(
      (e: HandrailEvent) => e.type === 'turn/permission/decided' && e.payload.behavior === 'allow',
    );
    expect(decided.every((e) => e.payload.cached === undefined)).toBe(true);
  });
});
