import type { Repair } from '../schema/index.js';
import type { ToolResult } from '../types/index.js';
import { isPlainObject } from './argument-checks.js';
import { outcomeFor } from './errors.js';
import type { ResultPatch } from './hooks.js';
import { evidenceFor, type ProjectionInfo } from './project-result.js';
import { outcomeOf, toContent } from './tool-return.js';

/** Preview of raw arguments for the started event: objects by reference, long strings cut. */
const EVENT_ARGUMENT_PREVIEW = 4096;

/** Apply an afterToolCall hook's partial result. */
export function applyPatch(result: ToolResult, patch: ResultPatch): ToolResult {
  const next: ToolResult = { ...result };
  if (patch.content !== undefined) next.content = toContent(patch.content);
  if (patch.details !== undefined) next.details = patch.details;
  if (patch.terminate !== undefined) next.terminate = patch.terminate;
  if (patch.isError !== undefined && patch.isError !== result.isError) {
    next.isError = patch.isError;
    next.outcome = outcomeOf(patch.isError, patch.outcome);
  } else if (patch.outcome) {
    next.outcome = next.isError
      ? outcomeFor(patch.outcome.errorClass ?? result.outcome.errorClass ?? 'tool_error', patch.outcome)
      : outcomeOf(false, patch.outcome);
  }
  return next;
}

/** Pipeline facts go beside the tool's own details: repairs, projection and recovery evidence. */
export function attachDetails(
  result: ToolResult,
  repairs: Repair[],
  projection: ProjectionInfo | undefined,
): void {
  if (repairs.length === 0 && !projection && !result.isError) return;
  const details: Record<string, unknown> = isPlainObject(result.details)
    ? { ...result.details }
    : result.details === undefined
      ? {}
      : { value: result.details };
  if (repairs.length > 0) details.repairs = repairs;
  if (projection) details.projection = projection;
  if (result.isError) details.evidence = evidenceFor(result);
  result.details = details;
}

/** The timeline's view of a result: what the completed event carries. */
export function timelineView(
  result: ToolResult,
  durationMs: number,
  repairs: Repair[],
  projection: ProjectionInfo | undefined,
): Record<string, unknown> {
  const first = result.content.find((part) => part.type === 'text');
  const view: Record<string, unknown> = {
    name: result.name,
    status: result.outcome.status,
    isError: result.isError,
    durationMs: Math.round(durationMs * 1000) / 1000,
    preview: first?.type === 'text' ? first.text.slice(0, 500) : '',
  };
  if (result.outcome.errorClass) view.errorClass = result.outcome.errorClass;
  if (repairs.length > 0) view.repairs = repairs.length;
  if (projection) view.projection = projection;
  if (result.isError && result.details) view.evidence = result.details.evidence;
  if (result.terminate) view.terminate = true;
  return view;
}

export function previewArguments(raw: unknown): string | undefined {
  // Serialized now, so the timeline keeps what was asked even if the tool later mutates its arguments, and
  // bounded, so a subscriber that falls behind holds kilobytes per event rather than megabytes.
  let text: string | undefined;
  if (typeof raw === 'string') text = raw;
  else if (raw !== undefined) {
    try {
      text = JSON.stringify(raw);
    } catch {
      text = '(arguments that cannot be serialized)';
    }
  }
  if (text !== undefined && text.length > EVENT_ARGUMENT_PREVIEW) {
    return `${text.slice(0, EVENT_ARGUMENT_PREVIEW)}… (${text.length} characters)`;
  }
  return text;
}
