// A state folder a repository committed as a symbolic link (`.handrail -> /elsewhere`): `git clone` recreates
// it. A command is refused with the reason, and nothing — no placeholder registry, no view of the state
// folder — is made where the link points. Through the public API, with the real backends.
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools } from '../../../src/index.js';
import { createLandlockBackend } from '../../../src/sandbox/backends/index.js';
import { text } from '../../support/results.js';
import { call, makeRuntime } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { tempDir } from '../../support/temp.js';
import { ownedTempDir } from '../../support/users.js';

const landlockReady = createLandlockBackend().status().state !== 'unavailable';

describe('a state folder committed as a link', () => {
  for (const [sandbox, ready] of [
    ['bwrap', bwrapReady],
    ['landlock', landlockReady],
  ] as const) {
    test.skipIf(!ready)(
      `${sandbox}: the command is refused naming the link; nothing appears where it points`,
      async () => {
        const workspace = ownedTempDir('hr-linked-state-');
        const elsewhere = tempDir('hr-link-target-');
        symlinkSync(elsewhere, path.join(workspace, '.handrail'));
        const runtime = makeRuntime({ workspace, tools: builtinTools(), profile: 'full_access', sandbox });
        const result = await runtime
          .beginTurn()
          .call(call('exec_command', { cmd: 'echo ran; touch .envrc' }));
        expect(result.isError).toBe(true);
        expect(result.outcome.errorClass).toBe('permission_denied');
        expect(text(result)).toMatch(/\.handrail is a symbolic link.*Commands do not run until then/s);
        expect(text(result)).not.toContain('ran');
        await runtime.close();
        expect(readdirSync(elsewhere)).toEqual([]);
        expect(readdirSync(workspace)).toEqual(['.handrail']);
      },
    );

    test.skipIf(!ready)(
      `${sandbox}: .handrail/sandbox as a link gets no registry where it points`,
      async () => {
        const workspace = ownedTempDir('hr-linked-registry-');
        const elsewhere = tempDir('hr-link-target-');
        mkdirSync(path.join(workspace, '.handrail'));
        symlinkSync(elsewhere, path.join(workspace, '.handrail', 'sandbox'));
        const runtime = makeRuntime({ workspace, tools: builtinTools(), profile: 'full_access', sandbox });
        const result = await runtime.beginTurn().call(call('exec_command', { cmd: 'echo ran' }));
        expect(text(result)).toContain('ran');
        await runtime.close();
        expect(readdirSync(elsewhere)).toEqual([]);
      },
    );
  }
});
