// Each tool family owns its settings: shellTools({ sandbox, process, sessions }) and webTools({ search }) work
// without the runtime knowing those keys, today's createRuntime({ sandbox, webSearch }) shape still works,
// and what the runtime's profile imposes (read_only: no command network) holds whatever a family asks for.
import { describe, expect, test } from 'vitest';
import {
  builtinTools,
  createRuntime,
  downloadUrlTool,
  networkProvider,
  type Runtime,
  type RuntimeOptions,
  shellTools,
  UNSANDBOXED_NOTICE,
  webFetchTool,
  webTools,
} from '../../src/index.js';
import { onCleanup } from '../support/cleanup.js';
import { text } from '../support/results.js';
import { bwrapReady } from '../support/sandbox.js';
import { tempDir } from '../support/temp.js';

function runtime(options: RuntimeOptions) {
  const dir = tempDir('handrail-families-');
  const rt = createRuntime({ workspace: dir, store: false, profile: 'full_access', ...options });
  onCleanup(() => rt.close());
  return rt;
}

const run = async (rt: Runtime, cmd: string) =>
  text(await rt.beginTurn().call({ id: 'c', name: 'exec_command', arguments: { cmd } }));

describe('shell tools take their own settings', () => {
  test.runIf(bwrapReady)(
    "shellTools({ sandbox: 'none' }) runs unsandboxed although the runtime's default is auto",
    async () => {
      expect(await run(runtime({ tools: shellTools() }), 'echo hi')).not.toContain(UNSANDBOXED_NOTICE);
      const own = await run(runtime({ tools: shellTools({ sandbox: 'none' }) }), 'echo hi');
      expect(own).toContain(UNSANDBOXED_NOTICE);
      expect(own).toContain('hi');
      // builtinTools passes the family's settings through; today's runtime-level option still works too.
      expect(
        await run(runtime({ tools: builtinTools({ shell: { sandbox: 'none' } }) }), 'echo hi'),
      ).toContain(UNSANDBOXED_NOTICE);
      expect(await run(runtime({ tools: shellTools(), sandbox: 'none' }), 'echo hi')).toContain(
        UNSANDBOXED_NOTICE,
      );
    },
  );

  test('the sessions cap comes from the family', async () => {
    const rt = runtime({ tools: shellTools({ sandbox: 'none', sessions: { max: 1 } }) });
    const turn = rt.beginTurn();
    const first = await turn.call({
      id: 'a',
      name: 'exec_command',
      arguments: { cmd: 'sleep 5', yield_time_ms: 250 },
    });
    expect(text(first)).toMatch(/session/i);
    const second = await turn.call({
      id: 'b',
      name: 'exec_command',
      arguments: { cmd: 'sleep 5', yield_time_ms: 250 },
    });
    expect(second.isError).toBe(true);
    expect(text(second)).toMatch(/1 session/);
  });

  test.runIf(bwrapReady)(
    'under read_only the command network is off even when the family turns it on',
    async () => {
      const listInterfaces = 'cat /proc/net/dev';
      const interfaces = (result: string) =>
        [...(result.split('Output:')[1] ?? '').matchAll(/^\s*([\w.-]+):/gm)].map((m) => m[1]);
      const open = await run(runtime({ tools: shellTools({ process: { network: true } }) }), listInterfaces);
      const readOnly = await run(
        runtime({ tools: shellTools({ process: { network: true } }), profile: 'read_only' }),
        listInterfaces,
      );
      // With the network the host's interfaces are there; without it, only loopback.
      expect(interfaces(open).length).toBeGreaterThan(1);
      expect(interfaces(readOnly)).toEqual(['lo']);
    },
  );
});

describe('web tools take their own search backend', () => {
  const search = {
    provider: 'custom' as const,
    name: 'Index',
    search: async (query: string) => [{ title: `About ${query}`, url: 'https://i.example/', snippet: 'x' }],
  };

  test('webTools({ search }) offers web_search without the runtime option', async () => {
    expect(
      runtime({ tools: webTools() })
        .describeTools()
        .map((t) => t.name),
    ).not.toContain('web_search');
    const rt = runtime({ tools: webTools({ search }) });
    expect(rt.describeTools().map((t) => t.name)).toContain('web_search');
    const result = await rt.beginTurn().call({ id: 's', name: 'web_search', arguments: { query: 'cats' } });
    expect(text(result)).toContain('1. About cats');
    // Today's shape: the runtime's webSearch.
    expect(
      runtime({ tools: webTools(), webSearch: search })
        .describeTools()
        .map((t) => t.name),
    ).toContain('web_search');
  });

  test('two differently configured web families in one runtime are refused', () => {
    expect(() => runtime({ tools: [webFetchTool(networkProvider({ search })), downloadUrlTool()] })).toThrow(
      /capability "network" is already provided with other settings/,
    );
  });
});
