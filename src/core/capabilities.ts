// The capabilities the runtime itself hands every turn, as typed declarations a tool lists in its
// `capabilities`, and the check that every capability a tool declared is there before it runs.
import type { FileAccess, FileLocks, FileVersions } from '../sandbox/index.js';
import type { CapabilityProvider, ScopedException } from '../types/index.js';
import { ToolError } from './errors.js';

/** What a turn exposes to request_tools: reveal lazy tool domains for the rest of the turn. */
export interface VisibilityControl {
  revealDomains(domains: string[]): {
    revealed: string[];
    alreadyVisible: string[];
    unavailable: string[];
  };
}

function runtimeOwned<K extends string, T>(key: K): CapabilityProvider<K, T> {
  return {
    key,
    owner: 'runtime',
    create() {
      throw new Error(`the "${key}" capability is the runtime's own; it is handed to turns, never created`);
    },
  };
}

/** The turn's file checker: every path a file tool touches goes through it. */
export const filesCapability = runtimeOwned<'files', FileAccess>('files');
/** What this turn has read of each file, so a write can refuse to clobber a file changed since. */
export const fileVersionsCapability = runtimeOwned<'fileVersions', FileVersions>('fileVersions');
/** Per-file write locks shared by every turn of the runtime. */
export const fileLocksCapability = runtimeOwned<'fileLocks', FileLocks>('fileLocks');
/** The turn's lazy tool domains (request_tools). */
export const visibilityCapability = runtimeOwned<'visibility', VisibilityControl>('visibility');

/** The file tools' three: `ctx.capabilities.files`, `.fileVersions` and `.fileLocks`. */
export const fileCapabilities = [filesCapability, fileVersionsCapability, fileLocksCapability] as const;

const RUNTIME_CAPABILITIES: ReadonlyMap<string, CapabilityProvider> = new Map(
  [filesCapability, fileVersionsCapability, fileLocksCapability, visibilityCapability].map((c) => [c.key, c]),
);

/** Whether a declared capability is one the runtime hands out itself (identity, not a claimed key). */
export function isRuntimeCapability(provider: CapabilityProvider): boolean {
  return RUNTIME_CAPABILITIES.get(provider.key) === provider;
}

/** A declaration that claims a runtime key without being the runtime's own: registration refuses it. */
export function claimsRuntimeKey(provider: CapabilityProvider): boolean {
  return RUNTIME_CAPABILITIES.has(provider.key) && !isRuntimeCapability(provider);
}

/**
 * What one tool sees: the runtime's own capabilities (every turn has them) and the providers it declared —
 * not another family's. A dynamic tool that declares nothing gets no shell to run commands the policy never
 * classified, and no network client.
 */
export function capabilitiesFor(
  declared: readonly CapabilityProvider[] | undefined,
  turn: Record<string, unknown>,
  approval: ApprovedCall = {},
): Record<string, unknown> {
  const visible: Record<string, unknown> = {};
  for (const key of RUNTIME_CAPABILITIES.keys()) if (key in turn) visible[key] = turn[key];
  for (const provider of declared ?? []) if (provider.key in turn) visible[provider.key] = turn[provider.key];
  // An allowed call's own file checker: the paths outside the roots a human approved (which it still refuses
  // unless the owner's approvableWrites covers them), and writes held to the paths the call was judged on.
  const approved = (approval.exceptions ?? []).flatMap((e) => (e.kind === 'file' ? [e.path] : []));
  const files = visible.files as FileAccess | undefined;
  if (files && (approved.length > 0 || approval.writesOnly)) {
    visible.files = files.forApprovedCall({
      approved,
      ...(approval.writesOnly ? { writesOnly: approval.writesOnly } : {}),
    });
  }
  return visible;
}

/** What a call's permission carries to its tool: sandbox exceptions, and the paths it was judged on. */
export interface ApprovedCall {
  exceptions?: readonly ScopedException[];
  /** Canonical paths the call was judged on (and a human shown): its writes must land on one of them. */
  writesOnly?: readonly string[];
}

/**
 * The runtime provides every declared capability, but a tool registered after a turn began (or a provider
 * whose turn value is missing) would otherwise meet `undefined` at run time: fail closed, as a result.
 */
export function assertCapabilities(
  toolName: string,
  declared: readonly CapabilityProvider[] | undefined,
  capabilities: Record<string, unknown>,
): void {
  const missing = (declared ?? []).map((c) => c.key).filter((key) => capabilities[key] === undefined);
  if (missing.length > 0) {
    throw new ToolError(
      'internal',
      `${toolName} needs the ${missing.join(', ')} capabilit${missing.length === 1 ? 'y' : 'ies'}, and this turn has none; start a new turn.`,
    );
  }
}
