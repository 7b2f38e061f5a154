import type { fileCapabilities } from '../../core/index.js';
import { ToolError } from '../../core/index.js';
import { type FileAccess, type FileCheck, type FileDenied } from '../../sandbox/index.js';
import type { CapabilitiesOf } from '../../types/index.js';
/** `ctx.capabilities` of a tool that declares `fileCapabilities`: files, fileVersions and fileLocks. */
export type FileCapabilities = CapabilitiesOf<typeof fileCapabilities>;
/** A policy denial as the error a tool throws (class `sandbox_violation`). */
export declare function denial(check: FileDenied): ToolError;
/** Check a path, throwing the denial; the common case for tools. */
export declare function mustRead(files: FileAccess, requested: string, kind?: 'file' | 'directory' | 'any'): Promise<import("../../sandbox/file-policy-types.js").FileAllowed>;
export declare function mustWrite(files: FileAccess, requested: string): Promise<import("../../sandbox/file-policy-types.js").FileAllowed>;
/** Narrow a FileCheck to allowed or throw its denial. */
export declare function allowed(check: FileCheck): import("../../sandbox/file-policy-types.js").FileAllowed;
/** Canonical paths for a permission intent, computed synchronously before any I/O. */
export declare function intentPaths(cwd: string, paths: string[]): string[];
