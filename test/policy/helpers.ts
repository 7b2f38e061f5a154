// Helpers of the policy tests: real intents from the built-in tools' classify(), and policies loaded from
// objects.
import { classifyCall } from '../../src/core/permission.js';
import { loadPolicyLayers, type PolicyLayers } from '../../src/policy/policy-file/index.js';
import type { KnownTool, LayerName, PolicyObject } from '../../src/policy/rules/index.js';
import { builtinTools } from '../../src/tools/index.js';
import type { PermissionIntent } from '../../src/types/index.js';

const tools = new Map(builtinTools().map((t) => [t.name, t]));

/** The intent the pipeline would build for this call of a built-in tool. */
export function intentFor(tool: string, args: Record<string, unknown>, cwd: string): PermissionIntent {
  const spec = tools.get(tool);
  if (!spec) throw new Error(`no built-in tool ${tool}`);
  return classifyCall(spec, args, { workspace: cwd, cwd });
}

export const sh = (cmd: string, cwd = '/tmp') => intentFor('exec_command', { cmd }, cwd);

/** A web intent as the web tools describe it. */
export function webIntent(url: string, tool = 'web_fetch'): PermissionIntent {
  const u = new URL(url);
  return {
    action: 'network',
    summary: `GET ${url}`,
    scope: {
      tool,
      operation: tool,
      url,
      origin: u.origin,
      host: u.hostname,
      method: 'GET',
      payloadHash: 'x',
    },
  };
}

export function policy(
  workspace: string,
  layers: Partial<Record<LayerName, PolicyObject>>,
  extra: { home?: string; knownTools?: KnownTool[] } = {},
): PolicyLayers {
  return loadPolicyLayers({
    workspace,
    managed: layers.managed ?? null,
    project: layers.project ?? null,
    user: layers.user ?? null,
    session: layers.session ?? null,
    home: extra.home ?? workspace,
    ...(extra.knownTools ? { knownTools: extra.knownTools } : {}),
    // These tests are about matching: the project layer stands for any layer, so its allows count.
    trustProject: true,
  });
}
