import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS, type ToolSpec } from '../../types/index.js';
import { intentPaths } from '../shared/file-checks.js';
import { diffReplacements, formatCounts, formatDiff } from './diff-summary.js';
import { prepareEditArguments } from './edit/arguments.js';
import { readChecked, withWriteLock, writeChecked } from './edit/disk.js';
import { PASS_NOTES } from './edit/matchers.js';
import { type EditPlan, type EditRequest, planEdits } from './edit/plan.js';
import { describeStale } from './edit/stale.js';
import { decodeText, encodeEdited, type TextDoc, toLF, toLFFor } from './edit/text-encoding.js';
import { notFound } from './not-found.js';
import { indentationSignificant } from './text-fold.js';

/** Larger files are refused: edit_file holds the file, its text and the result in memory at once. */
const MAX_EDIT_BYTES = 64 * 1024 * 1024;
/** Diff lines shown; the summary line still counts every change. */
const MAX_DIFF_LINES = 1_000;

const DESCRIPTION = [
  'Edit a text file by replacing exact text. Each edit replaces old_text with new_text; old_text must match',
  'one place in the file as it is now (every edit matches the original file, not the result of the edits',
  'before it), so include enough surrounding lines to make it unique, or set replace_all to change every',
  'occurrence. Edits must not overlap; either all are applied or none. When old_text does not match exactly,',
  'matching is retried ignoring trailing whitespace, then indentation (new_text is re-indented to match;',
  'refused where that would change the nesting of an indentation-sensitive file such as Python or YAML),',
  'then Unicode punctuation, spaces and fullwidth forms; only the matched lines change. Returns a unified',
  'diff of the change.',
].join(' ');

const inputSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The file to edit, relative to the current directory or absolute.' },
    edits: {
      type: 'array',
      minItems: 1,
      description: 'The replacements, each matched against the original file.',
      items: {
        type: 'object',
        properties: {
          old_text: {
            type: 'string',
            minLength: 1,
            description: 'Text to find, copied exactly from the file.',
          },
          new_text: { type: 'string', description: 'Text to put in its place.' },
          replace_all: {
            type: 'boolean',
            description: 'Replace every occurrence instead of requiring one (default false).',
          },
        },
        required: ['old_text', 'new_text'],
        additionalProperties: false,
      },
    },
  },
  required: ['path', 'edits'],
  additionalProperties: false,
} as const;

interface EditArgs {
  path: string;
  edits: EditRequest[];
}

/** The edit_file tool: exact-then-lenient replacement, all or nothing, under the file's lock. */
export function editFileTool(): ToolSpec {
  return defineTool({
    name: 'edit_file',
    facets: BUILTIN_TOOL_FACETS.edit_file,
    capabilities: fileCapabilities,
    description: DESCRIPTION,
    inputSchema,
    source: 'builtin',
    annotations: { title: 'Edit file', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    prepareArguments: prepareEditArguments,
    classify: (args, { cwd }) => {
      const count = Array.isArray(args.edits) ? args.edits.length : 0;
      return {
        action: 'file_write',
        summary: `Edit ${String(args.path)} (${count} edit${count === 1 ? '' : 's'})`,
        scope: { operation: 'edit_file', paths: intentPaths(cwd, [args.path]) },
      };
    },
    async execute(raw, ctx) {
      const args = raw as EditArgs;
      const caps = ctx.capabilities;
      refuseNoOps(args.edits);
      return withWriteLock(caps, args.path, async (check) => {
        if (!check.stat) throw await notFound(caps.files, check.path, 'File');
        const { data, stat } = await readChecked(check, MAX_EDIT_BYTES, 'edit_file');
        // A file changed since this turn read it is refused, but only after looking: the refusal says
        // where old_text stands in the file as it is now.
        const change = caps.fileVersions.changedSince(check.path, stat);
        const decoded = decodeText(data);
        if ('problem' in decoded) {
          if (change) throw describeStale(check.display, change);
          throw new ToolError(
            'tool_error',
            `Cannot edit ${check.display}: ${decoded.problem}. edit_file edits UTF-8 text only.`,
            {
              hint: 'Do not retry edit_file on this file.',
            },
          );
        }
        const { doc } = decoded;
        const edits = asDocText(doc, args.edits);
        const significant = indentationSignificant(check.path, doc.text);
        if (change) {
          const plan = () => planEdits(doc.text, edits, check.display, { significant });
          throw describeStale(check.display, change, { text: doc.text, plan });
        }
        const plan = planEdits(doc.text, edits, check.display, { significant });
        if (plan.replacements.every((r) => doc.text.slice(r.start, r.end) === r.text)) {
          throw new ToolError(
            'tool_error',
            `The edits leave ${check.display} unchanged: new_text equals the text it would replace.`,
            {
              hint: 'Check new_text; nothing was written.',
            },
          );
        }
        const output = encodeEdited(doc, plan.replacements);
        if (ctx.signal.aborted)
          throw new ToolError('cancelled', `edit_file was cancelled; ${check.display} was not changed.`);
        const written = await writeChecked(check, output, { expect: stat });
        caps.fileVersions.record(check.path, written.stat);

        const diff = diffReplacements(doc.text, plan.replacements);
        const summary = `Edited ${check.display}: ${countEdits(plan)}, ${formatCounts(diff)} lines${notes(plan)}.`;
        return {
          content: `${summary}\n${formatDiff(args.path, diff, MAX_DIFF_LINES)}`,
          details: {
            path: check.path,
            edits: plan.edits.map(({ index, pass, count, shifted, restyled }) => ({
              index,
              pass,
              replacements: count,
              reindented: shifted,
              ...(restyled ? { restyled } : {}),
            })),
            added: diff.added,
            removed: diff.removed,
            bytes: output.length,
          },
        };
      });
    },
  });
}

/** The edits with their line endings as the decoded file has them (LF; a lone-CR file's CRs too). */
function asDocText(doc: TextDoc, edits: EditRequest[]): EditRequest[] {
  return edits.map((edit) => ({
    ...edit,
    old_text: toLFFor(doc, edit.old_text),
    new_text: toLFFor(doc, edit.new_text),
  }));
}

/** old_text equal to new_text is a mistake worth naming before the file is even read. */
function refuseNoOps(edits: EditRequest[]): void {
  edits.forEach((edit, i) => {
    if (toLF(edit.old_text) === toLF(edit.new_text)) {
      const label = edits.length > 1 ? `edits[${i}]: ` : '';
      throw new ToolError(
        'invalid_arguments',
        `${label}old_text and new_text are the same, so this edit would change nothing.`,
        {
          hint: 'Put the changed text in new_text.',
        },
      );
    }
  });
}

function countEdits(plan: EditPlan): string {
  const n = plan.edits.length;
  const edits = `${n} edit${n === 1 ? '' : 's'}`;
  return plan.replacements.length > n ? `${edits} (${plan.replacements.length} replacements)` : edits;
}

/** Which edits needed a lenient pass, e.g. ` (matched ignoring indentation; new_text re-indented to match)`. */
function notes(plan: EditPlan): string {
  const many = plan.edits.length > 1;
  const list = plan.edits
    .filter((e) => e.pass !== 'exact' || e.shifted || e.restyled)
    .map((e) => {
      const prefix = many ? `edits[${e.index}] ` : '';
      const notes: string[] = [];
      if (e.pass !== 'exact') notes.push(PASS_NOTES[e.pass]);
      if (e.pass === 'exact' && e.shifted)
        notes.push("new_text's later lines re-indented to the matched line's indentation");
      else if (e.shifted) notes.push('new_text re-indented to match the file');
      if (e.restyled) notes.push("new_text's indentation written in the file's style (tabs or spaces)");
      return prefix + notes.join(', ');
    });
  return list.length > 0 ? ` (${list.join('; ')})` : '';
}
