// Pipeline overhead: a no-op tool with a 5-field schema through turn.call, with events subscribed,
// against calling the same execute function directly, measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime, defineTool } from 'handrail';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    offset: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1 },
    recursive: { type: 'boolean' },
    mode: { type: 'string', enum: ['text', 'json'] },
  },
  required: ['path'],
  additionalProperties: false,
};
const execute = () => 'ok';

function stats(samples) {
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function measure(label, fn, iterations) {
  for (let i = 0; i < Math.min(20_000, iterations); i++) await fn(i); // warm up the JIT and caches
  const samples = new Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  return { label, ...stats(samples) };
}

export async function benchPipeline({ iterations = 50_000 } = {}) {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-'));
  const runtime = createRuntime({
    stateDir,
    tools: [
      defineTool({
        name: 'noop',
        description: 'Does nothing.',
        inputSchema: schema,
        annotations: { readOnlyHint: true },
        execute,
      }),
    ],
  });
  let seen = 0;
  runtime.events.on(() => {
    seen++;
  });
  const turn = runtime.beginTurn({ threadId: 'bench', turnId: 'bench' });
  const args = { path: 'src/index.ts', offset: 1, limit: 100, recursive: false, mode: 'text' };
  const argsJson = JSON.stringify(args);

  const direct = await measure('direct execute() call (baseline)', async () => execute(args), iterations);
  const object = await measure(
    'turn.call, object arguments',
    (i) => turn.call({ id: `o${i}`, name: 'noop', arguments: args }),
    iterations,
  );
  const json = await measure(
    'turn.call, JSON-string arguments',
    (i) => turn.call({ id: `j${i}`, name: 'noop', arguments: argsJson }),
    iterations,
  );
  await turn.end();
  await runtime.close();
  rmSync(stateDir, { recursive: true, force: true });
  if (seen === 0) throw new Error('events were not delivered');
  return { direct, object, json, eventsDelivered: seen };
}
