import { describe, expect, it } from 'vitest';
import {
  clearBackendProbes,
  createBwrapBackend,
  probeBwrap,
  selectBackend,
} from '../../../src/sandbox/backends/index.js';
import { plan, run, workspace } from '../process/helpers.js';

const AUTO_TAIL =
  " Install bubblewrap (and allow unprivileged user namespaces), or use a kernel with Landlock (5.13 or later, handrail installed with a C compiler), or choose sandbox 'none' to run commands without one.";
const NO_LANDLOCK = { helperPath: '/nonexistent/handrail-landlock' };
const LANDLOCK_MISSING =
  ' Landlock: the Landlock helper is missing: /nonexistent/handrail-landlock does not exist (it is built when handrail is installed: run `npm rebuild handrail` with a C compiler present).';

describe('selectBackend', () => {
  it("'none' runs commands unsandboxed, and says so", async () => {
    const backend = await selectBackend('none');
    expect(backend.name).toBe('none');
    expect(backend.status()).toEqual({ state: 'ready', reason: 'Commands run without an OS sandbox.' });
    const r = await run(workspace(), 'echo hi', { backend });
    expect(r.exit).toMatchObject({ code: 0, unsandboxed: true });
  });

  it("'bwrap' is ready here once a probe ran a command in it", async () => {
    const backend = await selectBackend('bwrap');
    expect(backend.name).toBe('bwrap');
    expect(['ready', 'degraded']).toContain(backend.status().state);
    const r = await run(workspace(), 'echo hi', { backend });
    expect(r.exit).toMatchObject({ code: 0, unsandboxed: false });
  });

  it("'auto' picks bwrap when it works", async () => {
    const backend = await selectBackend('auto');
    expect(backend.name).toBe('bwrap');
    expect(backend.status().state).not.toBe('unavailable');
  });

  it("'auto' without a working bwrap or Landlock refuses every command and never falls back to none", async () => {
    const backend = await selectBackend('auto', {
      bwrap: { bwrapPath: '/nonexistent/bwrap' },
      landlock: NO_LANDLOCK,
    });
    const reason = `No OS sandbox is available, so commands are refused: bwrap is not an executable program at /nonexistent/bwrap.${LANDLOCK_MISSING}${AUTO_TAIL}`;
    expect(backend.name).toBe('bwrap');
    expect(backend.status()).toEqual({ state: 'unavailable', reason });
    expect(await plan(workspace(), { cmd: 'echo hi' }, { backend })).toEqual({
      ok: false,
      errorClass: 'permission_denied',
      message: reason,
    });
  });

  it("an explicit 'bwrap' that cannot run a command refuses with bwrap's reason", async () => {
    const backend = await selectBackend('bwrap', { bwrap: { bwrapPath: '/bin/false' } });
    expect(backend.status()).toEqual({
      state: 'unavailable',
      reason:
        'The bwrap sandbox this profile requires is unavailable, so commands are refused: a test command in bwrap failed (exit code 1).',
    });
  });

  it('an unknown choice is unavailable', async () => {
    const backend = await selectBackend('docker' as never);
    expect(backend.status()).toEqual({
      state: 'unavailable',
      reason: "Unknown sandbox \"docker\": choose 'auto', 'bwrap', 'landlock' or 'none'.",
    });
  });

  it('caches the probe per options', async () => {
    clearBackendProbes();
    const backend = createBwrapBackend();
    const first = probeBwrap(backend);
    expect(probeBwrap(backend)).toBe(first);
    const other = probeBwrap(backend, { tmpSizeBytes: 1 << 20 });
    expect(other).not.toBe(first);
    expect(await first).toEqual({});
    expect(await other).toEqual({});
  });

  it('a missing bwrap is unavailable before any probe', () => {
    const backend = createBwrapBackend({ bwrapPath: '' });
    expect(backend.status()).toEqual({
      state: 'unavailable',
      reason: 'bwrap is not installed (install the bubblewrap package).',
    });
  });
});
