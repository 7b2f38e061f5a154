import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  createRuntime,
  type HandrailEvent,
  type Runtime,
  type RuntimeOptions,
  type ToolResult,
} from '../../src/index.js';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A temporary directory removed after the test. */
export function tempDir(prefix = 'handrail-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A runtime in a temp workspace, closed after the test. */
export function makeRuntime(options: RuntimeOptions = {}): Runtime {
  const workspace = options.workspace ?? tempDir();
  const runtime = createRuntime({ profile: 'full_access', rateLimits: false, ...options, workspace });
  cleanups.push(() => runtime.close());
  return runtime;
}

/** Collect every event a runtime emits. */
export function collectEvents(runtime: Runtime): HandrailEvent[] {
  const events: HandrailEvent[] = [];
  runtime.events.on((event) => {
    events.push(event);
  });
  return events;
}

export function text(result: ToolResult): string {
  return result.content
    .map((part) => (part.type === 'text' ? part.text : `[image ${part.mimeType}]`))
    .join('\n');
}

/** Wait for deferred event delivery. */
export function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export const READ_FILE_SCHEMA = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to read.' },
    offset: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1 },
  },
  required: ['path'],
  additionalProperties: false,
} as const;
