import type { NetworkConfig, PermissionIntent, RuntimeOptions, ToolResult } from '../../../src/index.js';
import { allowAllEvaluator, builtinTools } from '../../../src/index.js';
import { recordingConnector, tableResolver } from '../../sandbox/network/helpers.js';
import { makeRuntime } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

export { serve } from '../../sandbox/network/helpers.js';

/** A runtime with builtinTools(), an injected resolver and the recording dialer, one turn, every intent kept. */
export function webRuntime(
  opts: {
    network?: NetworkConfig;
    table?: Record<string, string[]>;
    remap?: Record<string, number>;
    runtime?: Omit<RuntimeOptions, 'network'>;
  } = {},
) {
  const dns = tableResolver(opts.table ?? {});
  const dial = recordingConnector(opts.remap ?? {});
  const intents: PermissionIntent[] = [];
  const workspace = opts.runtime?.workspace ?? tempDir('handrail-web-');
  const runtime = makeRuntime({
    workspace,
    tools: builtinTools(),
    permission: {
      evaluate(intent, ctx) {
        intents.push(intent);
        return allowAllEvaluator.evaluate(intent, ctx);
      },
    },
    ...opts.runtime,
    network: { resolver: dns.resolver, connector: dial.connector, ...opts.network },
  });
  const turn = runtime.beginTurn();
  let n = 0;
  const call = (name: string, args: unknown): Promise<ToolResult> =>
    turn.call({ id: `w${++n}`, name, arguments: args });
  return { runtime, turn, call, workspace, dns, dial, intents };
}
