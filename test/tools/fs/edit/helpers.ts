import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeOptions, ToolResult } from '../../../../src/index.js';
import { editFileTool } from '../../../../src/tools/fs/edit-file.js';
import { writeFileTool } from '../../../../src/tools/fs/write-file.js';
import { makeRuntime } from '../../../support/runtime.js';
import { tempDir } from '../../../support/temp.js';

/** A temp workspace with files, a runtime with edit_file and write_file, and one turn. */
export function workspace(files: Record<string, string | Buffer> = {}, options: RuntimeOptions = {}) {
  const dir = options.workspace ?? tempDir('handrail-edit-');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  const runtime = makeRuntime({ ...options, workspace: dir, tools: [editFileTool(), writeFileTool()] });
  const turn = runtime.beginTurn();
  let n = 0;
  const call = (name: string, args: unknown): Promise<ToolResult> =>
    turn.call({ id: `c${++n}`, name, arguments: args });
  return {
    dir,
    runtime,
    turn,
    file: (name: string) => path.join(dir, name),
    edit: (args: unknown) => call('edit_file', args),
    write: (args: unknown) => call('write_file', args),
    read: (name: string) => readFileSync(path.join(dir, name), 'utf8'),
    bytes: (name: string) => readFileSync(path.join(dir, name)),
  };
}
