// The sandbox is asked before the human: a call's paths, URL and working directory checked
// against the turn's file and network policy, so nobody approves what would be refused anyway. Only a
// refusal a human may lift comes back with `lift`: a host outside restricted mode's allowlist, which an
// approval opens for GET requests of that one call (or turn) — never the deny list or a private address —
// and a path outside the roots inside the owner's `approvableWrites`, which an approval opens for writing
// that one canonical path — never a protected or deny-read one.
import type { PermissionIntent, SandboxVerdict, ScopedException } from '../types/index.js';
import type { FileAccess } from './file-policy-types.js';
import { hostPort, type NetworkPolicy } from './network/policy.js';
import { NetworkRefusal } from './network/types.js';
import { parseTarget } from './network/url-check.js';
import { commandSizeProblem } from './process/shell.js';

export interface PrecheckPolicies {
  files: FileAccess;
  /** Absent when the runtime has no network policy for tools (no network tools). */
  network?: NetworkPolicy;
}

const OK: SandboxVerdict = { ok: true };

export async function precheckIntent(
  intent: PermissionIntent,
  policies: PrecheckPolicies,
): Promise<SandboxVerdict> {
  const scope = intent.scope;
  const paths = Array.isArray(scope.paths) ? scope.paths.filter((p) => typeof p === 'string') : [];
  switch (intent.action) {
    case 'file_read':
      return checkPaths(paths, 'read', policies.files);
    case 'file_write':
      return checkPaths(paths, 'write', policies.files);
    case 'network': {
      // A download also writes where it saves.
      const saved = await checkPaths(paths, 'write', policies.files);
      if ((!saved.ok && !saved.lift) || typeof scope.url !== 'string' || !policies.network) return saved;
      // web_search goes to the endpoint the operator configured, which its own client exempts from the
      // model-facing allowlist (search/http.ts); the query is what is asked about, not the host.
      if (scope.operation === 'web_search') return saved;
      return combine(await checkUrl(scope.url, policies.network, []), saved);
    }
    case 'shell_command': {
      // A line the kernel would refuse to start is refused before anyone is asked to approve it.
      const tooBig = typeof scope.command === 'string' ? commandSizeProblem(scope.command) : undefined;
      if (tooBig) return { ok: false, reason: tooBig, errorClass: 'invalid_arguments' };
      if (typeof scope.workdir !== 'string') return OK;
      const check = await policies.files.checkRead(scope.workdir, { kind: 'directory' });
      // A missing directory is the tool's to report (not_found); only a policy refusal stops the ask.
      return check.ok ? OK : { ok: false, reason: check.message, errorClass: 'sandbox_violation' };
    }
    default:
      return OK;
  }
}

/**
 * Every path checked; the first refusal nobody may lift wins. Paths a human may approve writing (outside the
 * roots, inside approvableWrites) are gathered into one lift, each checked as it would be once approved.
 */
async function checkPaths(
  paths: string[],
  access: 'read' | 'write',
  files: FileAccess,
): Promise<SandboxVerdict> {
  const approvable: string[] = [];
  let first: string | undefined;
  for (const p of paths) {
    const check =
      access === 'read'
        ? await files.checkRead(p, { kind: 'any' })
        : await files.checkWrite(p, { kind: 'any' });
    if (check.ok) continue;
    if (!check.approvable || !check.path)
      return { ok: false, reason: check.message, errorClass: 'sandbox_violation' };
    // Only a file is ever approved for writing there: a folder would be refused by the tool afterwards.
    const once = await files.forApprovedCall({ approved: [check.path] }).checkWrite(p, { kind: 'file' });
    if (!once.ok) return { ok: false, reason: once.message, errorClass: 'sandbox_violation' };
    if (!approvable.includes(check.path)) approvable.push(check.path);
    first ??= check.message;
  }
  if (approvable.length === 0) return OK;
  const exceptions: ScopedException[] = approvable.map((path) => ({ kind: 'file', path, access: 'write' }));
  return {
    ok: false,
    reason: first ?? 'the path is outside the roots',
    errorClass: 'sandbox_violation',
    lift: { widens: `allow writing ${listed(approvable)} (outside the roots)`, exceptions },
  };
}

/** Two verdicts of one call: a refusal nobody may lift wins; otherwise the lifts add up. */
function combine(a: SandboxVerdict, b: SandboxVerdict): SandboxVerdict {
  if (a.ok) return b;
  if (b.ok) return a;
  if (!a.lift) return a;
  if (!b.lift) return b;
  return {
    ...a,
    reason: `${a.reason.replace(/[.\s]+$/, '')}; ${b.reason}`,
    lift: {
      widens: `${a.lift.widens} and ${b.lift.widens}`,
      exceptions: [...a.lift.exceptions, ...b.lift.exceptions],
    },
  };
}

function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

async function checkUrl(
  url: string,
  network: NetworkPolicy,
  approved: readonly string[],
): Promise<SandboxVerdict> {
  try {
    // The whole check, DNS included: a name that resolves to a private address is refused now, not after
    // a human approved it. The tool checks again (and pins the address) when it connects.
    await network.check(url, { approved });
    return OK;
  } catch (error) {
    if (!(error instanceof NetworkRefusal)) throw error;
    if (error.reason === 'not_allowed') {
      // Only the allowlist may be widened, and only for this host and port: the rest of the check still runs
      // (deny list, addresses), so lifting it cannot open a private address.
      const target = parseTarget(url);
      const withApproval = await checkUrl(url, network, [...approved, hostPort(target)]);
      if (!withApproval.ok) return withApproval;
      return {
        ok: false,
        reason: error.message,
        errorClass: 'network_error',
        lift: {
          widens: `allow GET to ${hostPort(target)} (outside network.allow)`,
          exceptions: [{ kind: 'network', host: target.host, port: target.port, method: 'GET' }],
        },
      };
    }
    return { ok: false, reason: error.message, errorClass: 'network_error' };
  }
}
