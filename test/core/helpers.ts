// Helpers of the core tests. The shared ones live in test/support/.

// test/sandbox/{file-policy,git-config,network/tls}.test.ts import tempDir from here.

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
