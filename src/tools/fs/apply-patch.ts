import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS, type ToolSpec } from '../../types/index.js';
import { intentPaths } from '../shared/file-checks.js';
import { commitChanges } from './patch/commit.js';
import { PatchSyntaxError, parsePatch } from './patch/parse.js';
import { computePlan, type SummaryLine } from './patch/plan.js';
import { PASS_NOTES } from './patch/refusals.js';
import { type ResolvedOp, resolveTargets, stillCurrent } from './patch/targets.js';
import type { ParsedPatch, PatchOp } from './patch/types.js';

const DESCRIPTION = `Apply a patch that adds, deletes, updates or moves files. All of it applies, or none of it does.
Format:
*** Begin Patch
*** Add File: path/new.txt
+every line of the new file, each starting with +
*** Delete File: path/old.txt
*** Update File: path/app.py
*** Move to: path/renamed.py   (optional)
@@ def handler():              (optional: the function or class the change is in; for a method
                               whose name recurs, two @@ lines: '@@ class Writer' then '@@ def close')
 context line (starts with a space)
-removed line
+added line
*** End of File                (optional: the chunk ends the file)
*** End Patch
Give about 3 lines of context around each change, copied exactly; chunks of one file go in file order. Each chunk must match one place only: when its lines recur in the file, add an @@ line or more context. Paths are relative to the current directory.`;

const FORMAT_HINT =
  "Send '*** Begin Patch', then '*** Add File: <path>' (lines starting with +), '*** Delete File: <path>' or '*** Update File: <path>' (@@ chunks of ' ', '-', '+' lines), then '*** End Patch'.";

/** apply_patch: the Codex patch format, checked and computed in full before anything is written. */
export function applyPatchTool(): ToolSpec {
  return defineTool({
    name: 'apply_patch',
    facets: BUILTIN_TOOL_FACETS.apply_patch,
    capabilities: fileCapabilities,
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        patch: { type: 'string', description: "The whole patch, from '*** Begin Patch' to '*** End Patch'." },
      },
      required: ['patch'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, title: 'Apply patch' },
    source: 'builtin',
    // Codex's own tool calls the argument `input`.
    prepareArguments: (args) => {
      const given = args as { patch?: unknown; input?: unknown };
      if (
        given &&
        typeof given === 'object' &&
        given.patch === undefined &&
        typeof given.input === 'string'
      ) {
        const { input, ...rest } = given;
        return { ...rest, patch: input };
      }
      return args;
    },
    classify: (args, { cwd }) => {
      // A patch that does not parse is refused here, before anyone is asked to approve it.
      const ops = parseOrRefuse(args.patch).ops;
      const given = ops.flatMap((op) =>
        op.kind === 'update' && op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path],
      );
      return {
        action: 'file_write',
        summary: summarize(ops),
        scope: { operation: 'apply_patch', paths: [...new Set(intentPaths(cwd, given))] },
      };
    },
    async execute(args, ctx) {
      const { files, fileVersions: versions, fileLocks: locks } = ctx.capabilities;
      const parsed = parseOrRefuse(args.patch);
      const checked = await withNothingChanged(() => resolveTargets(parsed.ops, files));
      const paths = canonicalPaths(checked);
      return locks.withLocks(paths, async () => {
        // A patch that ran while this one waited for the locks may have replaced the files: check again.
        const resolved = (await stillCurrent(checked))
          ? checked
          : await withNothingChanged(() => resolveTargets(parsed.ops, files));
        if (canonicalPaths(resolved).some((p) => !paths.includes(p))) {
          const message =
            'apply_patch: the paths of the patch resolved differently while it waited for another edit; no file was changed.';
          throw new ToolError('conflict', message, { hint: 'Retry the patch.' });
        }
        const plan = await withNothingChanged(() => computePlan(resolved, { files, versions }));
        if (ctx.signal.aborted) {
          throw new ToolError('cancelled', 'apply_patch was cancelled before writing; no file was changed.');
        }
        const committed = await commitChanges(plan.changes);
        for (const file of committed) {
          if (file.stat) versions.record(file.canonical, file.stat);
          else versions.forget(file.canonical);
        }
        return {
          content: successText(plan.summary),
          details: {
            files: plan.summary.map((line) =>
              line.hunks
                ? { status: line.letter, path: line.path, hunks: line.hunks }
                : { status: line.letter, path: line.path },
            ),
          },
        };
      });
    },
  });
}

function canonicalPaths(resolved: readonly ResolvedOp[]): string[] {
  return resolved.flatMap((r) => (r.dest ? [r.source.canonical, r.dest.canonical] : [r.source.canonical]));
}

/**
 * Success text as Codex prints it: added, then modified, then deleted files. Then, for each update with a
 * hunk that matched only in a lenient pass, which pass (in edit_file's words), so the model can check it.
 */
function successText(summary: readonly SummaryLine[]): string {
  const lines = new Set<string>();
  for (const letter of ['A', 'M', 'D'] as const) {
    for (const line of summary) if (line.letter === letter) lines.add(`${letter} ${line.path}`);
  }
  const notes = summary.flatMap((line) => {
    const lenient = (line.hunks ?? []).flatMap(({ hunk, line: at, pass, reindented }) => {
      if (pass === 'exact') return [];
      const note = `hunk ${hunk} ${PASS_NOTES[pass]} at line ${at}`;
      return [reindented ? `${note}, added lines re-indented to match the file` : note];
    });
    return lenient.length > 0 ? [`(${line.path}: ${lenient.join('; ')})`] : [];
  });
  return `Success. Updated the following files:\n${[...lines, ...notes].join('\n')}`;
}

/** Failures before the first write say that nothing was written: with Codex, models learned to doubt it. */
async function withNothingChanged<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ToolError) {
      const opts: ConstructorParameters<typeof ToolError>[2] = { cause: error };
      if (error.hint !== undefined) opts.hint = error.hint;
      if (error.status !== undefined) opts.status = error.status;
      if (error.details !== undefined) opts.details = error.details;
      throw new ToolError(error.errorClass, `${error.message}\nNo files were changed.`, opts);
    }
    throw error;
  }
}

/** The parsed patch, or the invalid_arguments error the model reads (a syntax error, no file operations). */
function parseOrRefuse(patch: string): ParsedPatch {
  let parsed: ParsedPatch;
  try {
    parsed = parsePatch(patch);
  } catch (error) {
    if (!(error instanceof PatchSyntaxError)) throw error;
    throw new ToolError('invalid_arguments', error.message, { hint: FORMAT_HINT });
  }
  if (parsed.ops.length === 0) {
    throw new ToolError(
      'invalid_arguments',
      "Invalid patch: it has no file operations between '*** Begin Patch' and '*** End Patch'.",
      { hint: FORMAT_HINT },
    );
  }
  return parsed;
}

function summarize(ops: readonly PatchOp[]): string {
  if (ops.length === 0) return 'apply a patch';
  const shown = ops.slice(0, 3).map((op) => {
    if (op.kind === 'add') return `add ${op.path}`;
    if (op.kind === 'delete') return `delete ${op.path}`;
    return op.moveTo !== undefined ? `update ${op.path} → ${op.moveTo}` : `update ${op.path}`;
  });
  const more = ops.length > 3 ? ` and ${ops.length - 3} more` : '';
  return `apply_patch: ${shown.join(', ')}${more}`;
}
