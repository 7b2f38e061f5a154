// One measurement in a fresh process, so peak RSS belongs to this operation alone.
// Usage: node read-file-child.js <handrail|readFileSync|idle> <workspace> <file> <offset>
import { readFileSync } from 'node:fs';
import { createRuntime } from 'handrail';
import { builtinTools } from 'handrail/tools';

const [mode, workspace, file, offsetText] = process.argv.slice(2);
const offset = Number(offsetText);
const started = performance.now();
let lines = 0;
if (mode === 'handrail') {
  const runtime = createRuntime({ workspace, tools: builtinTools().filter((t) => t.name === 'read_file') });
  const result = await runtime
    .beginTurn()
    .call({ id: 'r', name: 'read_file', arguments: { path: file, offset, limit: 2000 } });
  if (result.isError) throw new Error(result.content[0].text);
  lines = result.content[0].text.split('\n').length;
  await runtime.close();
} else if (mode === 'readFileSync') {
  // What a naive read tool does: load the file, split it, slice the page.
  const all = readFileSync(`${workspace}/${file}`, 'utf8').split('\n');
  lines = all.slice(offset - 1, offset - 1 + 2000).length;
}
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, maxRssKiB: process.resourceUsage().maxRSS, lines }));
